import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedHolder, startEmbeddedDatabase } from '@/lib/db/embedded';
import { rowCounts } from '@/lib/backups/database';
import { call } from '../helpers/api';
import { sessionCookie } from '../helpers/actions';
import { PASSWORD } from '../helpers/db';
import { TestSmtpServer } from '../helpers/smtp';
import { fillSite, folderSums, manifestOf, manifestSums, prismaOn, runCommand } from '../helpers/backups';

// Issue 33 on the embedded database, as `npm install && npm start` users have it: `npm run backup`
// while `npm start` holds the database (the running server makes the archive: its process holds
// PGlite) and a write loop runs, then `npm run restore` into a new DATA_DIR and uploads folder,
// and `npm start` on the restored copy.

const AUTH_SECRET = 'embedded-backup-test-secret';
const ADMIN = { email: 'embedded-backup-admin@example.test', password: PASSWORD };
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `sevenstars-${prefix}-`));
const dirs: string[] = [];
const started: ChildProcess[] = [];

async function npmStart(env: Record<string, string>, port: number): Promise<{ base: string; child: ChildProcess; output: () => string }> {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SHUTDOWN_DELAY_SECONDS: '0',
    SITE_URL: `http://127.0.0.1:${port}`,
  };
  delete full.DATABASE_URL;
  const child = spawn('npm', ['start'], { env: full, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    const ok = await fetch(`${base}/api/home`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { base, child, output: () => output };
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // As docker stop does: SIGTERM to the npm process alone.
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

afterAll(async () => {
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('backups on the embedded database', () => {
  it(
    'backs up a running npm start while it is written to, and restores into a new data folder that npm start serves',
    { timeout: 600_000 },
    async () => {
      const data = tmp('emb-data');
      const uploads = tmp('emb-uploads');
      const backups = tmp('emb-backups');
      const data2 = tmp('emb-data2');
      const uploads2 = tmp('emb-uploads2');
      dirs.push(data, uploads, backups, data2, uploads2);
      const port = 3240 + (process.pid % 20);
      const env = {
        DATA_DIR: data,
        UPLOADS_DIR: uploads,
        BACKUP_DIR: backups,
        AUTH_SECRET,
        BACKUP_CRON: 'off',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      };
      const site = await npmStart(env, port);
      const holder = embeddedHolder(data);
      expect(holder).not.toBeNull();
      const db = prismaOn(holder!.url);
      const login = await call('/api/login', { base: site.base, form: { email: ADMIN.email, password: ADMIN.password } });
      expect(login.status).toBe(200);
      const token = login.data.token as string;
      const cookie = await sessionCookie(ADMIN.email, site.base);
      const filled = await fillSite(db, site.base, token);

      // A write loop on its own connection while the backup runs.
      const writer = new pg.Client({ connectionString: holder!.url });
      await writer.connect();
      const acked: { id: number; at: number }[] = [];
      let writing = true;
      const loop = (async () => {
        for (let i = 0; writing && i < 5_000; i++) {
          const { rows } = await writer.query<{ id: number }>(
            "INSERT INTO clients (name_en, name_ar, updated_at) VALUES ($1, 'عميل', now()) RETURNING id",
            [`Loop ${i}`],
          );
          acked.push({ id: rows[0]!.id, at: Date.now() });
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const backupStarted = Date.now();
      const backup = await runCommand('backup', [], { DATABASE_URL: undefined, DATA_DIR: data, BACKUP_DIR: backups, AUTH_SECRET });
      writing = false;
      await loop;
      await writer.end();
      expect(backup.code, backup.stderr + backup.stdout).toBe(0);
      expect(backup.stdout).toContain('the running server holds the embedded database: it makes the archive');
      const archive = backup.last;
      expect(path.dirname(archive)).toBe(path.resolve(backups));
      const manifest = await manifestOf(archive);
      expect(manifest.database.kind).toBe('embedded');
      expect(manifest.database.format).toBe('sql');
      expect(manifest.database.tables.events).toBeGreaterThanOrEqual(8 + 50);
      expect(manifest.database.tables.inquiry_notes).toBeGreaterThanOrEqual(filled.notes);
      expect(manifestSums(manifest)).toEqual(folderSums(uploads));
      // The run is on record, verified.
      const run = await db.backupRun.findFirstOrThrow({ where: { file: path.basename(archive) } });
      expect(run.trigger).toBe('cli');
      expect(run.verifiedAt).not.toBeNull();

      // After the backup: deleted and changed.
      const gone = filled.projects.slice(0, 3);
      for (const p of gone) expect((await call(`/api/event/${p.id}`, { base: site.base, token, method: 'DELETE' })).status).toBe(200);
      await db.$disconnect();
      await stop(site.child);
      expect(embeddedHolder(data)).toBeNull();

      // The restore into a new data folder and uploads folder.
      const restore = await runCommand('restore', [archive], {
        DATABASE_URL: undefined,
        DATA_DIR: data2,
        UPLOADS_DIR: uploads2,
        AUTH_SECRET,
      });
      expect(restore.code, restore.stderr + restore.stdout).toBe(0);
      const database = await startEmbeddedDatabase(data2);
      try {
        const counts = await rowCounts(database.url);
        for (const [table, rows] of Object.entries(manifest.database.tables)) {
          if (table === 'api_tokens' || table === 'rate_limits') expect(counts[table], table).toBe(0);
          else if (table === 'activity_log') expect(counts[table], table).toBe(rows + 1);
          else expect(counts[table], table).toBe(rows);
        }
        const restored = prismaOn(database.url);
        const before = acked.filter((w) => w.at < backupStarted).map((w) => w.id);
        expect(before.length).toBeGreaterThan(5);
        expect(await restored.client.count({ where: { id: { in: before } } })).toBe(before.length);
        expect(await restored.event.count({ where: { id: { in: gone.map((p) => p.id) } } })).toBe(3);
        await restored.$disconnect();
      } finally {
        await database.stop();
      }
      expect(folderSums(uploads2)).toEqual(manifestSums(manifest));

      // npm start on the restored copy, with mail: a page and its image, old token and session refused, no old mail sent.
      const smtp = new TestSmtpServer();
      await smtp.start();
      try {
        const again = await npmStart(
          {
            DATA_DIR: data2,
            UPLOADS_DIR: uploads2,
            BACKUP_DIR: backups,
            AUTH_SECRET,
            BACKUP_CRON: 'off',
            SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
            MAIL_FROM: 'Site <site@example.test>',
          },
          port + 1,
        );
        const project = gone[0]!;
        const page = await fetch(`${again.base}/Projects/${project.slug}`);
        expect(page.status).toBe(200);
        const image = Buffer.from(await (await fetch(`${again.base}/contactimges/${project.image}`)).arrayBuffer());
        expect(createHash('sha256').update(image).digest('hex')).toBe(manifestSums(manifest).get(`uploads/events/${project.image}`));
        expect(image.equals(readFileSync(path.join(uploads, 'trash-events', project.image)))).toBe(true);
        expect((await call('/api/user', { base: again.base, token })).status).toBe(401);
        const admin = await fetch(`${again.base}/Admin`, { headers: { Cookie: cookie }, redirect: 'manual' });
        expect(admin.headers.get('location') ?? '').toContain('/LogIn');
        await new Promise((resolve) => setTimeout(resolve, 7_000));
        expect(smtp.received.filter((m) => m.parsed.subject === 'Held unsent')).toEqual([]);
        await stop(again.child);
      } finally {
        await smtp.stop();
      }
    },
  );
});
