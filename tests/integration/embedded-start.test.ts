import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's run command with no DATABASE_URL: PGlite starts, migrations and the seed run,
// and the site answers. (The build already exists, so this measures the start itself.)
describe('zero-setup start on the embedded database', () => {
  it('serves / and /api/home with 200', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-data-'));
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-smoke-uploads-'));
    const port = String(3200 + (process.pid % 100));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, UPLOADS_DIR: uploadsDir, PORT: port };
    delete env.DATABASE_URL;
    const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const started = Date.now();
    try {
      let home = 0;
      let api: unknown = null;
      while (Date.now() - started < 150_000) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/home`);
          if (res.status === 200) {
            api = await res.json();
            home = (await fetch(`http://127.0.0.1:${port}/`)).status;
            break;
          }
        } catch {}
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(home, output).toBe(200);
      expect(Array.isArray(api) && (api as unknown[][])[0]!.length).toBeGreaterThanOrEqual(8);
      console.log(`embedded start: first 200 after ${Date.now() - started} ms`);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      await new Promise((r) => setTimeout(r, 1000));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
