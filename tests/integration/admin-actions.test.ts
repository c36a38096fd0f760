import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, sessionCookie } from '../helpers/actions';
import { ADMIN_ACTION_FILES } from '../helpers/action-screens';
import { ACTIONS } from '../helpers/transport-http';
import { BASE } from '../helpers/api';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// The admin server actions' guard, the parts that need the built server; the guard itself (every
// action refused for anonymous and pending callers and Mini Admins for Users, nothing changed,
// the same calls succeeding for the right role, logout) is tests/inproc/admin-actions.test.ts.
// Here: the build's manifest holds every exported action (ids exist only there); the backups
// download link's route (app/[locale]/Admin/Backups/Download/[token]) with a session (in-process,
// a route handler reads no session yet: the helper `send` lacks the X-Forwarded-Proto header Next
// adds, which Auth.js reads), the Content-Length the server in front sends, and the Backups
// screen's form posted without scripts (Next decodes a plain form's action); and the login action
// on a production server started without AUTH_SECRET (a spawned process).

const cookies: Record<'anonymous' | 'pending' | 'mini' | 'admin' | 'otherAdmin', string> = {
  anonymous: '',
  pending: '',
  mini: '',
  admin: '',
  otherAdmin: '',
};
let adminId = 0;

beforeAll(async () => {
  const admin = await makeUser('admin');
  adminId = admin.id;
  cookies.admin = await sessionCookie(admin.email);
  cookies.otherAdmin = await sessionCookie((await makeUser('admin')).email);
  const mini = await makeUser('mini');
  cookies.mini = await sessionCookie(mini.email);
  // A session that was valid until the user went back to pending (flags changed in the database).
  const pending = await makeUser('mini');
  cookies.pending = await sessionCookie(pending.email);
  await testDb.user.update({ where: { id: pending.id }, data: { isMiniAdmin: false } });
});
afterAll(() => testDb.$disconnect());

const withFields = (form: FormData, fields: Record<string, string>) => {
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

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
  const BACKUPS = '/Admin/Backups';
  const dir = path.resolve(process.env.BACKUP_DIR || 'backups');
  const name = `test-download-${process.pid}-${Date.now()}.tar`;
  const bytes = randomBytes(5000);
  let runId = 0;
  const form = (fields: Record<string, string>) => withFields(new FormData(), fields);
  /** The single-use link the action answered with. */
  const linkOf = (answer: { result: unknown }) => (answer.result as { url?: string } | null)?.url ?? '';
  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${BASE}${url}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: 'manual' });

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
    const finishedAt = new Date();
    runId = (
      await testDb.backupRun.create({
        data: {
          trigger: 'cli',
          status: 'ok',
          file: name,
          size: BigInt(bytes.length),
          rows: 1,
          files: 0,
          startedAt: finishedAt,
          finishedAt,
        },
      })
    ).id;
  });
  afterAll(async () => {
    // Its links go with it (on delete cascade).
    await testDb.backupRun.deleteMany({ where: { id: runId } });
    rmSync(path.join(dir, name), { force: true });
  });

  for (const [who, code] of [
    ['anonymous', 'unauthenticated'],
    ['pending', 'awaitingApproval'],
    ['mini', 'forbidden'],
  ] as const) {
    // The actions' refusals (nothing made) are the in-process tier's half.
    it(`Back up now and Download refuse ${who} callers (${code}), with or without scripts; nothing is made (server half: the link's route)`, async () => {
      // The link's route: the same guard (a well-formed token, so only the session decides).
      const res = await get(`/Admin/Backups/Download/${'A'.repeat(43)}`, cookies[who]);
      expect(res.status).toBe(who === 'anonymous' ? 401 : 403);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect((await res.json()).message).toBeTruthy();
    });
  }

  // Whole here: the link's route with a session, and the Content-Length the server in front sends
  // (the route hands the length on under a header of its own).
  it("an Admin's link opens the archive once, for that Admin alone; then 410 in the link's language", async () => {
    const made = await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', js: '1' })], cookies.admin, BACKUPS);
    expect(made.result).toEqual({ ok: true, url: expect.stringMatching(/^\/Admin\/Backups\/Download\/[\w-]{43}$/) });
    const url = linkOf(made);
    expect(url).toMatch(/^\/Admin\/Backups\/Download\/[\w-]{43}$/);
    // Anyone else, even another Admin, and nobody signed in: refused, and the link stays unspent.
    expect((await get(url, cookies.otherAdmin)).status).toBe(410);
    expect((await get(url, cookies.mini)).status).toBe(403);
    expect((await get(url, '')).status).toBe(401);

    const res = await get(url, cookies.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const entries = await testDb.activityLog.findMany({ where: { kind: 'backupDownloaded', entityId: runId } });
    expect(entries.map((e) => [e.actorId, e.entity, e.detail])).toEqual([[adminId, 'backups', name]]);

    const again = await get(url, cookies.admin);
    expect(again.status).toBe(410);
    expect(again.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await again.text()).trim()).toBe(en.admin.backups.downloadLink.expired);

    // In Arabic: the link under /ar, and its refusal in Arabic.
    const arabic = linkOf(
      await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'ar', js: '1' })], cookies.admin, BACKUPS),
    );
    expect(arabic).toMatch(/^\/ar\/Admin\/Backups\/Download\/[\w-]{43}$/);
    expect((await get(arabic, cookies.admin)).status).toBe(200);
    const gone = await get(arabic, cookies.admin);
    expect(gone.status).toBe(410);
    expect((await gone.text()).trim()).toBe(ar.admin.backups.downloadLink.expired);
  });

  it('posted without scripts the action redirects to the link, which still opens (the redirect never spends it)', async () => {
    // As a browser without scripts posts it: the screen's own form, its hidden fields as rendered (React's action
    // reference among them), a plain multipart POST without Next's action header; the browser then GETs the 303's target.
    const screen = await (await get(BACKUPS, cookies.admin)).text();
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
      headers: { Cookie: cookies.admin, Origin: BASE },
      body: posted,
      redirect: 'manual',
    });
    expect(plain.status).toBe(303);
    const url = plain.headers.get('location') ?? '';
    expect(url).toMatch(/^\/Admin\/Backups\/Download\/[\w-]{43}$/);
    const res = await get(url, cookies.admin);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  // Unknown and removed archives, refused by the action, are the in-process tier's half.
  it("a link past its five minutes, an odd token, an unknown or removed archive: refused (server half: a link past its time and odd tokens, by the link's route)", async () => {
    const url = linkOf(await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', js: '1' })], cookies.admin, BACKUPS));
    const token = url.split('/').at(-1)!;
    await testDb.backupLink.update({
      where: { tokenHash: createHash('sha256').update(token).digest('hex') },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await get(url, cookies.admin)).status).toBe(410);
    for (const odd of ['x', 'A'.repeat(44), `${'A'.repeat(42)}.`])
      expect((await get(`/Admin/Backups/Download/${odd}`, cookies.admin)).status).toBe(410);
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
