import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, sessionCookie } from '../helpers/actions';
import { ADMIN_ACTION_FILES } from '../helpers/action-screens';
import { ACTIONS } from '../helpers/transport-http';
import { BASE } from '../helpers/api';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { archiveName, BACKUPS, finishedRun, linkOf, withFields } from '../helpers/admin-actions-fixtures';

// The admin server actions' guard, the parts that need the built server; the guard itself (every
// action refused for anonymous and pending callers and Mini Admins for Users, nothing changed,
// the same calls succeeding for the right role, logout) and the backups download link's route
// (app/[locale]/Admin/Backups/Download/[token]: refusals, once for its Admin, past its time, odd
// tokens) are tests/inproc/admin-actions.test.ts. Here: the build's manifest holds every exported
// action (ids exist only there); the Content-Length the server in front sends for an archive (the
// route hands it on under a header of its own, server/forward.ts makes it the Content-Length);
// the Backups screen's form posted without scripts (a rendered page, and Next decodes a plain
// form's action); and the login action on a production server started without AUTH_SECRET (a
// spawned process).

let adminCookie = '';

beforeAll(async () => {
  adminCookie = await sessionCookie((await makeUser('admin')).email);
});
afterAll(() => testDb.$disconnect());

describe('admin server actions are guarded on the server', () => {
  it('the manifest has every exported action', () => {
    const exported = ADMIN_ACTION_FILES.flatMap((file) =>
      [...readFileSync(path.resolve(file), 'utf8').matchAll(/export async function (\w+)/g)].map((m) => m[1]),
    ).sort();
    expect(exported.length).toBeGreaterThan(30); // the files were found and read
    expect(Object.keys(ACTIONS).sort()).toEqual(exported);
  });
});

// Issue 33: "Back up now" and Download (lib/backups/actions.ts) and the download link's route
// (app/[locale]/Admin/Backups/Download/[token]) are the Admins'. The archive here is a small file
// in the test server's BACKUP_DIR (scripts/test.ts) under a finished run of its own: no real
// backup runs (the e2e spec makes those), and a requested run is never left for the server's runner.
describe('backups: Admins only, a download link once, for its Admin, for minutes', () => {
  const dir = path.resolve(process.env.BACKUP_DIR || 'backups');
  const name = archiveName();
  const bytes = randomBytes(5000);
  let runId = 0;
  const form = (fields: Record<string, string>) => withFields(new FormData(), fields);
  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${BASE}${url}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: 'manual' });

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
    runId = await finishedRun(name, bytes.length);
  });
  afterAll(async () => {
    // Its links go with it (on delete cascade).
    await testDb.backupRun.deleteMany({ where: { id: runId } });
    rmSync(path.join(dir, name), { force: true });
  });

  // The rest of the link's route (who may open it, once, in the link's language) is the in-process tier's half.
  it("an Admin's link opens the archive once, for that Admin alone; then 410 in the link's language (server half: the Content-Length the server in front sends)", async () => {
    const made = await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', js: '1' })], adminCookie, BACKUPS);
    expect(made.result).toEqual({ ok: true, url: expect.stringMatching(/^\/Admin\/Backups\/Download\/[\w-]{43}$/) });
    const url = linkOf(made);
    const res = await get(url, adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('posted without scripts the action redirects to the link, which still opens (the redirect never spends it)', async () => {
    // As a browser without scripts posts it: the screen's own form, its hidden fields as rendered (React's action
    // reference among them), a plain multipart POST without Next's action header; the browser then GETs the 303's target.
    const screen = await (await get(BACKUPS, adminCookie)).text();
    const forms = screen.match(/<form\b[\s\S]*?<\/form>/g) ?? [];
    const download = forms.find((html) => html.includes('data-testid="backup-download"') && html.includes(`name="run" value="${runId}"`));
    expect(download).toBeTruthy();
    const unescape = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const posted = new FormData();
    for (const input of download!.match(/<input\b[^>]*>/g) ?? []) {
      const name = /\bname="([^"]*)"/.exec(input)?.[1];
      if (name !== undefined) posted.append(unescape(name), unescape(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? ''));
    }
    expect(posted.get('js')).toBeNull();
    const plain = await fetch(`${BASE}${BACKUPS}`, {
      method: 'POST',
      headers: { Cookie: adminCookie, Origin: BASE },
      body: posted,
      redirect: 'manual',
    });
    expect(plain.status).toBe(303);
    const url = plain.headers.get('location') ?? '';
    expect(url).toMatch(/^\/Admin\/Backups\/Download\/[\w-]{43}$/);
    const res = await get(url, adminCookie);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('sign-in without AUTH_SECRET', () => {
  // Auth.js cannot sign a session without the secret, but signIn() still returns normally; the
  // form must say so instead of "signed in". The production server, started without the secret.
  it('the login action answers a server error and sets no session', { timeout: 90_000 }, async () => {
    const user = await makeUser('admin');
    const port = Number(new URL(BASE).port) + 7;
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1' };
    delete env.AUTH_SECRET;
    const child = spawn(process.execPath, ['dist/server.mjs'], { env, stdio: 'ignore', detached: true });
    try {
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`${base}/api/home`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error('server without AUTH_SECRET did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
      const form = new FormData();
      form.append('email', user.email);
      form.append('password', PASSWORD);
      form.append('js', '1');
      const res = await invoke('login', [null, form], '', '/LogIn', base);
      expect(res.result).toEqual({ ok: false, error: 'server', values: { email: user.email } });
      expect(res.setCookie.some((c) => c.startsWith('authjs.session-token='))).toBe(false);
      expect(await testDb.apiToken.count({ where: { userId: user.id, kind: 'session' } })).toBe(0);
      // The same credentials sign in on the configured server (the refusal is the secret's doing).
      await sessionCookie(user.email);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }
  });
});
