import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { sessionCookie } from '../helpers/actions';
import { ownDatabase } from '../helpers/own-database';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { TestSmtpServer } from '../helpers/smtp';
import { adminIn, prismaOn } from '../helpers/backups';

// Backups by themselves (issue 33): two instances on one database with a schedule make exactly
// one archive per slot, each verified by a restore, the retention rules applied; the dashboard
// says so. Then a backup that cannot be written fails, shows on the dashboard and mails the
// Admins once. The slots are 20 s apart (a six-field cron) instead of a minute, to keep it short.

const EVERY = '*/20 * * * * *';
const own = ownDatabase('backup_sched');
let db: PrismaClient;
let uploads = '';
let backups = '';
let adminEmail = '';
const servers: SpawnedServer[] = [];

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

beforeAll(async () => {
  await own.create();
  uploads = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-sched-uploads-'));
  backups = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-sched-backups-'));
  execFileSync('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], {
    env: { ...process.env, DATABASE_URL: own.url, UPLOADS_DIR: uploads },
    stdio: 'ignore',
  });
  db = prismaOn(own.url);
  adminEmail = (await adminIn(db)).email;
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGTERM')));
  await db?.$disconnect();
  await own.drop();
  for (const dir of [uploads, backups]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('scheduled backups on two instances', () => {
  it(
    'one archive per slot across both, each verified; retention keeps one a day; the dashboard says so',
    { timeout: 240_000 },
    async () => {
      const env = {
        DATABASE_URL: own.url,
        UPLOADS_DIR: uploads,
        BACKUP_DIR: backups,
        BACKUP_CRON: EVERY,
        BACKUP_KEEP_DAILY: '1',
        BACKUP_KEEP_WEEKLY: '0',
        BACKUP_KEEP_MONTHLY: '0',
        AUTH_SECRET: 'schedule-test-secret',
        LOG_LEVEL: 'warn',
      };
      // One after the other: each takes the next free port.
      const a = await spawnServer(env);
      const b = await spawnServer(env);
      servers.push(a, b);
      // Three slots finished and verified.
      const runs = await until('three verified scheduled runs', 180_000, async () => {
        const found = await db.backupRun.findMany({ where: { trigger: 'schedule', verifiedAt: { not: null } }, orderBy: { id: 'asc' } });
        return found.length >= 3 ? found : null;
      });
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
      servers.length = 0;
      const all = await db.backupRun.findMany({ where: { trigger: 'schedule' }, orderBy: { id: 'asc' } });
      // One row per slot (the unique key), each slot 20 s after the one before, every run done and verified.
      const slots = all.map((r) => r.slot!);
      expect(new Set(slots).size).toBe(slots.length);
      for (const run of all.filter((r) => r.status !== 'running')) {
        expect(run.status, run.error ?? '').toBe('ok');
        expect(run.verifyError).toBeNull();
        expect(new Date(run.slot!).getUTCSeconds() % 20).toBe(0);
        expect(new Date(run.slot!).getUTCMilliseconds()).toBe(0);
      }
      // Both instances' logs together made exactly one archive per slot.
      const made = (a.output() + b.output()).match(/\[backup\] run \d+: \S+\.tar \(/g) ?? [];
      expect(made.length).toBe(all.filter((r) => r.file).length);
      // Retention (one a day): only the newest archive is left; the others are marked pruned.
      const left = readdirSync(backups).filter((n) => n.endsWith('.tar'));
      const newest = all.filter((r) => r.file).at(-1)!;
      expect(left).toEqual([newest.file]);
      expect(runs.slice(0, -1).every((r) => r.file !== newest.file)).toBe(true);
      const pruned = await db.backupRun.count({ where: { trigger: 'schedule', prunedAt: { not: null } } });
      expect(pruned).toBe(all.filter((r) => r.file).length - 1);
      expect(readdirSync(backups).filter((n) => n.startsWith('.partial-'))).toEqual([]);

      // The dashboard, in both languages.
      const server = await spawnServer({ ...env, BACKUP_CRON: 'off' });
      servers.push(server);
      const cookie = await sessionCookie(adminEmail, server.base);
      for (const [prefix, words] of [
        ['', en],
        ['/ar', ar],
      ] as const) {
        const html = await (await fetch(`${server.base}${prefix}/Admin`, { headers: { Cookie: cookie } })).text();
        expect(html.includes('data-testid="backup-status"'), `${prefix}/Admin shows the backup line`).toBe(true);
        expect(
          html.includes(`>${(words.admin.menu as Record<string, string>).backups}<`),
          `${prefix}/Admin has the Backups menu entry`,
        ).toBe(true);
      }
      await server.kill('SIGTERM');
      servers.length = 0;
    },
  );

  it('a backup that cannot be written fails, shows on the dashboard, and mails the Admins once', { timeout: 180_000 }, async () => {
    const smtp = new TestSmtpServer();
    await smtp.start();
    const blocker = path.join(backups, 'not-a-folder');
    writeFileSync(blocker, 'a file where BACKUP_DIR should be');
    const before = await db.backupRun.count();
    try {
      const server = await spawnServer({
        DATABASE_URL: own.url,
        UPLOADS_DIR: uploads,
        BACKUP_DIR: path.join(blocker, 'backups'),
        BACKUP_CRON: EVERY,
        AUTH_SECRET: 'schedule-test-secret',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Site <site@example.test>',
      });
      servers.push(server);
      const failed = await until('two failed runs', 120_000, async () => {
        const found = await db.backupRun.findMany({ where: { id: { gt: before }, status: 'failed' }, orderBy: { id: 'asc' } });
        return found.length >= 2 ? found : null;
      });
      expect(failed[0]!.error).toMatch(/cannot be written|ENOTDIR|not a directory/i);
      // Both failures in one UAE day: one mail, to the Admin, in both languages.
      await until('the alarm mail', 30_000, async () => smtp.received.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const alarms = smtp.received.filter((m) => m.parsed.subject === `${en.mail.backup.subjectFailed} | ${ar.mail.backup.subjectFailed}`);
      expect(alarms.length).toBe(1);
      expect(alarms[0]!.rcptTo).toContain(adminEmail);
      expect(alarms[0]!.parsed.text).toContain(failed[0]!.error!.slice(0, 40));
      // The dashboard names the failure.
      const cookie = await sessionCookie(adminEmail, server.base);
      const html = await (await fetch(`${server.base}/Admin`, { headers: { Cookie: cookie } })).text();
      expect(html.includes('data-testid="backup-status"'), 'the dashboard shows the backup line').toBe(true);
      expect(
        /data-testid="backup-last">Last backup failed at [^<]+: <bdi dir="ltr"[^>]*>/.test(html),
        'the dashboard says the last backup failed, and why',
      ).toBe(true);
    } finally {
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
      servers.length = 0;
      await smtp.stop();
    }
  });
});
