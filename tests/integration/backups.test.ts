import { mkdtempSync, readFileSync, rmSync, statSync, copyFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { generateIdentity } from 'age-encryption';
import { rowCounts } from '@/lib/backups/database';
import { readArchive, writeArchive, readWhole } from '@/lib/backups/archive';
import { MANIFEST_ENTRY, MANIFEST_SUM_ENTRY, type Manifest } from '@/lib/backups/manifest';
import { call } from '../helpers/api';
import { PASSWORD } from '../helpers/db';
import { sessionCookie } from '../helpers/actions';
import { adminSql, ownDatabase } from '../helpers/own-database';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { TestSmtpServer } from '../helpers/smtp';
import { adminIn, fillSite, folderSums, listing, manifestOf, manifestSums, prismaOn, runCommand, type Filled } from '../helpers/backups';

// Issue 33 on PostgreSQL, as an operator meets it: `npm run backup` while the site is written to,
// then data deleted and changed, then `npm run restore` into a fresh database and uploads folder,
// and a server on the restored copy: every row count and file checksum as in the manifest, a
// project page and its image byte for byte, nothing of the old sessions, tokens or unsent mail.

const AUTH_SECRET = 'backup-test-secret-0123456789abcdef';
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `sevenstars-${prefix}-`));

const source = ownDatabase('backup_src');
let db: PrismaClient;
let server: SpawnedServer;
let uploads = '';
let backups = '';
let adminEmail = '';
let token = '';
let cookie = '';
let filled: Filled;
let archive = '';
const acked: { id: number; at: number }[] = [];
let backupStarted = 0;

const env = () => ({ DATABASE_URL: source.url, UPLOADS_DIR: uploads, BACKUP_DIR: backups, AUTH_SECRET, BACKUP_AGE_KEY: '' });

beforeAll(async () => {
  await source.create();
  uploads = tmp('backup-src-uploads');
  backups = tmp('backup-archives');
  db = prismaOn(source.url);
  execFileSync('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], {
    env: { ...process.env, DATABASE_URL: source.url, UPLOADS_DIR: uploads },
    stdio: 'ignore',
  });
  server = await spawnServer({ DATABASE_URL: source.url, UPLOADS_DIR: uploads, AUTH_SECRET, LOG_LEVEL: 'warn', BACKUP_CRON: 'off' });
  adminEmail = (await adminIn(db)).email;
  const res = await call('/api/login', { base: server.base, form: { email: adminEmail, password: PASSWORD } });
  expect(res.status).toBe(200);
  token = res.data.token;
  cookie = await sessionCookie(adminEmail, server.base);
  filled = await fillSite(db, server.base, token);
}, 300_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  await db?.$disconnect();
  await source.drop();
  for (const dir of [uploads, backups]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup on PostgreSQL', () => {
  it('makes one archive while a write loop runs; every write acknowledged before it started is in it', { timeout: 300_000 }, async () => {
    const writer = new pg.Client({ connectionString: source.url });
    await writer.connect();
    let writing = true;
    const loop = (async () => {
      for (let i = 0; writing && i < 20_000; i++) {
        const { rows } = await writer.query<{ id: number }>(
          "INSERT INTO clients (name_en, name_ar, updated_at) VALUES ($1, 'عميل', now()) RETURNING id",
          [`Loop client ${i}`],
        );
        acked.push({ id: rows[0]!.id, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    backupStarted = Date.now();
    const result = await runCommand('backup', [], env());
    writing = false;
    await loop;
    await writer.end();
    expect(result.code, result.stderr + result.stdout).toBe(0);
    archive = result.last;
    expect(path.dirname(archive)).toBe(path.resolve(backups));
    expect(path.basename(archive)).toMatch(/^sevenstars-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar$/);
    expect(result.stdout).toContain('verified: restored into a throw-away database');
    // Nothing but the archive: no partial file or folder left beside it.
    expect(readdirSync(backups)).toEqual([path.basename(archive)]);
    const manifest = await manifestOf(archive);
    expect(manifest.database.kind).toBe('postgresql');
    expect(manifest.database.format).toBe('custom');
    expect(manifest.database.lastMigration).toBe(manifest.database.migrations.at(-1));
    expect(manifest.product.name).toBe('sevenstars-events');
    // Every table, and the archive's files exactly the uploads folder's at the time.
    const tables = await rowCounts(source.url);
    expect(Object.keys(manifest.database.tables).sort()).toEqual(Object.keys(tables).sort());
    expect(manifest.database.tables.events).toBeGreaterThanOrEqual(8 + 50);
    expect(manifest.database.tables.inquiry_notes).toBeGreaterThanOrEqual(filled.notes);
    expect(manifest.database.tables.activity_log).toBeGreaterThanOrEqual(50);
    const sums = folderSums(uploads);
    expect(manifestSums(manifest)).toEqual(sums);
    expect(manifest.uploads.count).toBe(sums.size);
    // The secrets stay out: AUTH_SECRET is only checked through an HMAC.
    expect(readFileSync(archive).includes(Buffer.from(AUTH_SECRET))).toBe(false);
    expect(manifest.secrets.authSecretCheck).toMatch(/^[0-9a-f]{32}$/);
    expect(acked.filter((w) => w.at < backupStarted).length).toBeGreaterThan(10);
  });

  it(
    'restores into a fresh database and uploads folder: counts, checksums, a page and its image, and nothing of the old sessions, links or mail',
    { timeout: 300_000 },
    async () => {
      expect(archive).not.toBe('');
      // After the backup: deleted and changed.
      const gone = filled.projects.slice(0, 5);
      for (const p of gone) expect((await call(`/api/event/${p.id}`, { base: server.base, token, method: 'DELETE' })).status).toBe(200);
      await db.siteSettings.upsert({
        where: { id: 1 },
        create: { companyNameEn: 'Changed after' },
        update: { companyNameEn: 'Changed after' },
      });
      await db.inquiry.deleteMany({});

      const target = ownDatabase('backup_dst');
      const name = new URL(target.url).pathname.slice(1);
      await adminSql(`CREATE DATABASE "${name}"`);
      const targetUploads = tmp('backup-dst-uploads');
      const smtp = new TestSmtpServer();
      await smtp.start();
      let restored: SpawnedServer | undefined;
      const targetDb = prismaOn(target.url);
      try {
        const manifest = await manifestOf(archive);
        const result = await runCommand('restore', [archive], {
          DATABASE_URL: target.url,
          UPLOADS_DIR: targetUploads,
          AUTH_SECRET,
          BACKUP_AGE_KEY: '',
        });
        expect(result.code, result.stderr + result.stdout).toBe(0);
        expect(result.stdout).toContain(
          `${manifest.database.rows} rows in ${Object.keys(manifest.database.tables).length} tables and ${manifest.uploads.count} files (${manifest.uploads.bytes} bytes), each as in the manifest`,
        );
        // Every table as the manifest says, but for what the restore ends on purpose.
        const counts = await rowCounts(target.url);
        for (const [table, rows] of Object.entries(manifest.database.tables)) {
          if (table === 'api_tokens' || table === 'rate_limits') expect(counts[table], table).toBe(0);
          else if (table === 'activity_log') expect(counts[table], table).toBe(rows + 1);
          else expect(counts[table], table).toBe(rows);
        }
        expect(manifest.database.tables.api_tokens).toBeGreaterThanOrEqual(2);
        expect(folderSums(targetUploads)).toEqual(manifestSums(manifest));
        // Every write the loop saw acknowledged before the backup started is there.
        const before = acked.filter((w) => w.at < backupStarted).map((w) => w.id);
        const present = await targetDb.client.findMany({ where: { id: { in: before } }, select: { id: true } });
        expect(present.length).toBe(before.length);
        // What was deleted and changed after the backup is back as it was.
        expect(await targetDb.event.count({ where: { id: { in: gone.map((p) => p.id) } } })).toBe(5);
        expect((await targetDb.siteSettings.findUnique({ where: { id: 1 } }))?.companyNameEn ?? '').not.toBe('Changed after');
        expect(await targetDb.inquiry.count()).toBe(manifest.database.tables.inquiries);
        // The restore is in the activity log; every link is spent; the unsent mail is marked, not sent.
        const entry = await targetDb.activityLog.findFirstOrThrow({ where: { kind: 'backupRestored' } });
        expect(entry.entity).toBe('backups');
        expect(await targetDb.accountLink.count({ where: { usedAt: null } })).toBe(0);
        const unsent = await targetDb.mailOutbox.findMany({ where: { subject: 'Held unsent' } });
        expect(unsent.length).toBe(1);
        expect(unsent[0]!.sentAt).not.toBeNull();
        expect(unsent[0]!.lastError).toBe(`not sent: restored from the backup of ${manifest.createdAt}, which held it unsent`);

        // A server on the restored copy, with mail on: the page and its image byte for byte.
        restored = await spawnServer({
          DATABASE_URL: target.url,
          UPLOADS_DIR: targetUploads,
          AUTH_SECRET,
          LOG_LEVEL: 'warn',
          BACKUP_CRON: 'off',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'Site <site@example.test>',
        });
        const project = gone[0]!;
        const page = await fetch(`${restored.base}/Projects/${project.slug}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain(project.image.replace(/\.[a-z]+$/, ''));
        const image = await fetch(`${restored.base}/contactimges/${project.image}`);
        expect(image.status).toBe(200);
        // The project was deleted after the backup: its image waits in the source's trash, byte for byte what is served again.
        const served = Buffer.from(await image.arrayBuffer());
        expect(served.equals(readFileSync(path.join(uploads, 'trash-events', project.image)))).toBe(true);
        expect(createHash('sha256').update(served).digest('hex')).toBe(manifestSums(manifest).get(`uploads/events/${project.image}`));
        // The API token and the browser session from before the backup are refused.
        expect((await call('/api/user', { base: restored.base, token })).status).toBe(401);
        const admin = await fetch(`${restored.base}/Admin`, { headers: { Cookie: cookie }, redirect: 'manual' });
        expect(admin.status).toBeGreaterThanOrEqual(300);
        expect(admin.status).toBeLessThan(400);
        expect(admin.headers.get('location') ?? '').toContain('/LogIn');
        // The mail the archive held unsent never leaves (the worker runs at start and every 5 s).
        await new Promise((resolve) => setTimeout(resolve, 7_000));
        expect(smtp.received.filter((m) => m.parsed.subject === 'Held unsent')).toEqual([]);
      } finally {
        await restored?.kill('SIGTERM');
        await smtp.stop();
        await targetDb.$disconnect();
        await target.drop();
        rmSync(targetUploads, { recursive: true, force: true });
      }
    },
  );
});

describe('bad input: a clear one-line refusal, exit 1, the target unchanged', () => {
  const target = ownDatabase('backup_bad');
  let targetUploads = '';
  let scratch = '';
  const restoreEnv = () => ({ DATABASE_URL: target.url, UPLOADS_DIR: targetUploads, AUTH_SECRET, BACKUP_AGE_KEY: '' });
  const unchanged = async () => {
    expect(Object.keys(await rowCounts(target.url))).toEqual([]);
    expect(listing(targetUploads)).toEqual([]);
  };
  const refused = async (file: string, message: string | RegExp, extra: Record<string, string> = {}) => {
    const result = await runCommand('restore', [file], { ...restoreEnv(), ...extra });
    expect(result.code, result.stdout).toBe(1);
    const line =
      result.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('[restore] failed: '))
        .at(-1) ?? result.stderr;
    if (typeof message === 'string') expect(line).toBe(`[restore] failed: ${message}`);
    else expect(line).toMatch(message);
    await unchanged();
  };
  beforeAll(async () => {
    await adminSql(`CREATE DATABASE "${new URL(target.url).pathname.slice(1)}"`);
    targetUploads = tmp('backup-bad-uploads');
    scratch = tmp('backup-bad');
  });
  afterAll(async () => {
    await target.drop();
    rmSync(targetUploads, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('a truncated archive, one with a byte changed anywhere, a foreign file', { timeout: 300_000 }, async () => {
    const bytes = readFileSync(archive);
    const cut = path.join(scratch, 'cut.tar');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(cut, 'The archive is incomplete (its end is missing): it was cut short while being copied or written.');
    // Bytes in the dump, in a tar header, in an image, in the padding between entries, in the manifest, at the very end.
    // The dump is the first entry: its data starts after one 512-byte header, and tar pads it to 512 bytes.
    const dumpSize = (await manifestOf(archive)).database.size;
    const padding = 512 + dumpSize;
    expect(dumpSize % 512).not.toBe(0);
    const positions = [
      600,
      padding,
      padding + ((512 - (dumpSize % 512)) >> 1),
      Math.floor(bytes.length / 2),
      bytes.length - 3_000,
      bytes.length - 20,
    ];
    for (const at of positions) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x20;
      const file = path.join(scratch, `changed-${at}.tar`);
      writeFileSync(file, changed);
      await refused(file, /^\[restore\] failed: The archive is (damaged|incomplete)/);
    }
    const foreign = path.join(scratch, 'holiday.jpg');
    writeFileSync(foreign, Buffer.alloc(4096, 7));
    await refused(foreign, 'holiday.jpg is not a backup archive of this site (neither a tar nor an age file).');
    await refused(path.join(scratch, 'missing.tar'), `No such file: ${path.join(scratch, 'missing.tar')}`);
  });

  it('an encrypted archive: no key, the wrong key; the right key restores', { timeout: 300_000 }, async () => {
    const key = await generateIdentity();
    const made = await runCommand('backup', ['--no-verify'], { ...env(), BACKUP_AGE_KEY: key, BACKUP_DIR: scratch });
    expect(made.code, made.stderr).toBe(0);
    expect(made.last).toMatch(/\.tar\.age$/);
    expect(readFileSync(made.last).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    await refused(made.last, 'The archive is encrypted: set BACKUP_AGE_KEY to the key it was made with.');
    await refused(made.last, 'The archive is encrypted for another key: set BACKUP_AGE_KEY to the key it was made with.', {
      BACKUP_AGE_KEY: await generateIdentity(),
    });
    const changed = Buffer.from(readFileSync(made.last));
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 1;
    writeFileSync(path.join(scratch, 'changed.tar.age'), changed);
    await refused(path.join(scratch, 'changed.tar.age'), /^\[restore\] failed: The archive is damaged or was altered \(decryption failed/, {
      BACKUP_AGE_KEY: key,
    });
    const ok = await runCommand('restore', [made.last], { ...restoreEnv(), BACKUP_AGE_KEY: key });
    expect(ok.code, ok.stderr).toBe(0);
    // Back to empty for the next checks.
    const wipe = new pg.Client({ connectionString: target.url });
    await wipe.connect();
    await wipe.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await wipe.end();
    rmSync(targetUploads, { recursive: true, force: true });
    await unchanged();
  });

  it('an archive from a newer schema, and one whose two-factor secrets need another AUTH_SECRET', { timeout: 300_000 }, async () => {
    // The real archive's entries under a manifest that names a migration this code does not know.
    const rewrite = async (file: string, change: (m: Manifest) => Manifest) => {
      const entries: { name: string; data: Buffer }[] = [];
      let manifest: Manifest | undefined;
      await readArchive(archive, '', async (entry) => {
        const data = await readWhole(entry.stream, 2 ** 30);
        if (entry.name === MANIFEST_ENTRY) manifest = JSON.parse(data.toString()) as Manifest;
        else if (entry.name !== MANIFEST_SUM_ENTRY) entries.push({ name: entry.name, data });
      });
      await writeArchive(file, { ageKey: '', mtime: new Date() }, async (writer) => {
        for (const entry of entries) await writer.addBuffer(entry.name, entry.data);
        return change(manifest!);
      });
    };
    const newer = path.join(scratch, 'newer.tar');
    await rewrite(newer, (m) => ({
      ...m,
      database: { ...m.database, migrations: [...m.database.migrations, '29991231000000_from_the_future'] },
    }));
    await refused(
      newer,
      /^\[restore\] failed: The archive comes from a newer version of the site \(its migration 29991231000000_from_the_future is unknown here\): update the code first/,
    );
    const twoFactor = path.join(scratch, 'two-factor.tar');
    await rewrite(twoFactor, (m) => ({ ...m, secrets: { ...m.secrets, twoFactorAccounts: 2 } }));
    await refused(
      twoFactor,
      /^\[restore\] failed: 2 account\(s\) in the archive use two-factor sign-in, and their secrets need the AUTH_SECRET the archive was made with, which is not this one: set AUTH_SECRET/,
      { AUTH_SECRET: 'another-secret-entirely' },
    );
  });

  it('a target that is not empty: refused without --force, replaced with --force (saying what)', { timeout: 300_000 }, async () => {
    const first = await runCommand('restore', [archive], restoreEnv());
    expect(first.code, first.stderr).toBe(0);
    const before = await rowCounts(target.url);
    const again = await runCommand('restore', [archive], restoreEnv());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /\[restore\] failed: The target is not empty: the database holds \d+ table\(s\) with \d+ row\(s\) and the uploads store \(.+\) \d+ file\(s\)\. Restore into an empty database and uploads store, or run again with --force to replace them\./,
    );
    expect(await rowCounts(target.url)).toEqual(before);
    const forced = await runCommand('restore', [archive, '--force'], restoreEnv());
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(
      /--force: replacing what the target holds \(the database holds \d+ table\(s\) with \d+ row\(s\) and the uploads store/,
    );
    const wipe = new pg.Client({ connectionString: target.url });
    await wipe.connect();
    await wipe.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await wipe.end();
    rmSync(targetUploads, { recursive: true, force: true });
  });

  it('an unreachable bucket: the uploads store to restore into, and the copy of a backup', { timeout: 300_000 }, async () => {
    const nobody = 'http://127.0.0.1:9';
    const s3 = { S3_BUCKET: 'nowhere', S3_ENDPOINT: nobody, S3_FORCE_PATH_STYLE: '1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' };
    await refused(
      archive,
      /^\[restore\] failed: The uploads store \(bucket nowhere\) cannot be reached \(.+\): nothing was changed\.$/,
      s3,
    );
    const copy = await runCommand('backup', ['--no-verify'], {
      ...env(),
      BACKUP_DIR: path.join(scratch, 'with-bucket'),
      BACKUP_S3_BUCKET: 'nowhere',
      BACKUP_S3_ENDPOINT: nobody,
      BACKUP_S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
    });
    expect(copy.code).toBe(1);
    expect(copy.stderr).toMatch(
      /^\[backup\] failed: The backup bucket nowhere cannot be reached \(copy: .+\)\. The archive is kept here: .+\.tar$/m,
    );
  });

  it('a pg_dump older than the server: refused with what to do, nothing written', { timeout: 120_000 }, async () => {
    // A pg_dump that says it is version 14 (the server is newer): the check comes before any dump.
    const bin = path.join(scratch, 'old-client');
    execFileSync('mkdir', ['-p', bin]);
    writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 14.11"\n', { mode: 0o755 });
    const dir = path.join(scratch, 'old-client-backups');
    const result = await runCommand('backup', ['--no-verify'], { ...env(), BACKUP_DIR: dir, BACKUP_PG_BIN: bin });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^\[backup\] failed: pg_dump 14 \(.+\/pg_dump\) cannot read this database server \(PostgreSQL \d+\): install the PostgreSQL \d+ client .+ set BACKUP_PG_BIN .+docker compose exec app1 npm run backup.+Nothing was written\.$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a full disk: no archive under a final name, nothing partial left', { timeout: 120_000 }, async () => {
    const full = path.join(scratch, 'full');
    execFileSync('mkdir', ['-p', full]);
    let mounted = false;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', full]);
      mounted = true;
      const result = await runCommand('backup', ['--no-verify'], { ...env(), BACKUP_DIR: full });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n').at(-1)).toBe(
        `[backup] failed: No space left in ${full}: free some space (or point BACKUP_DIR elsewhere) and run it again; nothing was kept of this run.`,
      );
      expect(readdirSync(full)).toEqual([]);
      // An unwritable folder says so too.
      const locked = path.join(scratch, 'locked');
      writeFileSync(locked, 'a file where the folder should be');
      const blocked = await runCommand('backup', ['--no-verify'], { ...env(), BACKUP_DIR: path.join(locked, 'backups') });
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toMatch(/^\[backup\] failed: /m);
    } finally {
      if (mounted) execFileSync('umount', [full]);
    }
    expect(existsSync(archive) && statSync(archive).size > 0).toBe(true);
    copyFileSync(archive, path.join(scratch, 'still-readable.tar'));
  });
});
