import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { rowCounts } from '@/lib/backups/database';
import { call } from '../helpers/api';
import { PASSWORD } from '../helpers/db';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { adminSql, ownDatabase } from '../helpers/own-database';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { adminIn, fillSite, manifestOf, manifestSums, prismaOn, runCommand } from '../helpers/backups';

// Issue 33 with the uploads in a bucket (s3rver as the S3 stand-in): the archive takes every
// object, its copy goes to a backup bucket of its own, and the restore puts every object into an
// empty bucket, where a server on the restored database serves them byte for byte.

const AUTH_SECRET = 'backup-s3-test-secret';
const source = ownDatabase('backup_s3_src');
const target = ownDatabase('backup_s3_dst');
let uploads: FakeS3;
let copies: FakeS3;
let restoredUploads: FakeS3;
let db: PrismaClient;
let server: SpawnedServer | undefined;
let backups = '';

async function objectSums(bucket: FakeS3): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const key of await bucket.keys()) {
    const object = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
    const data = Buffer.from(await object.Body!.transformToByteArray());
    sums.set(`uploads/${key}`, createHash('sha256').update(data).digest('hex'));
  }
  return sums;
}

beforeAll(async () => {
  [uploads, copies, restoredUploads] = [
    await startFakeS3('site-uploads'),
    await startFakeS3('site-backups'),
    await startFakeS3('new-uploads'),
  ];
  await source.create();
  await adminSql(`CREATE DATABASE "${new URL(target.url).pathname.slice(1)}"`);
  backups = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-s3-backups-'));
  execFileSync('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], {
    env: { ...process.env, DATABASE_URL: source.url, ...uploads.env },
    stdio: 'ignore',
  });
  db = prismaOn(source.url);
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  await db?.$disconnect();
  await source.drop();
  await target.drop();
  for (const bucket of [uploads, copies, restoredUploads]) await bucket?.close();
  if (backups) rmSync(backups, { recursive: true, force: true });
});

describe('backups with the uploads in a bucket', () => {
  it(
    'archives every object, copies the archive to the backup bucket, and restores into an empty bucket',
    { timeout: 400_000 },
    async () => {
      server = await spawnServer({ DATABASE_URL: source.url, ...uploads.env, AUTH_SECRET, LOG_LEVEL: 'warn', BACKUP_CRON: 'off' });
      const admin = await adminIn(db);
      const login = await call('/api/login', { base: server.base, form: { email: admin.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      const filled = await fillSite(db, server.base, login.data.token);
      await server.kill('SIGTERM');
      server = undefined;

      const backup = await runCommand('backup', [], {
        DATABASE_URL: source.url,
        ...uploads.env,
        AUTH_SECRET,
        BACKUP_DIR: backups,
        BACKUP_S3_BUCKET: copies.bucket,
        BACKUP_S3_ENDPOINT: copies.endpoint,
        BACKUP_S3_FORCE_PATH_STYLE: '1',
        BACKUP_S3_PREFIX: 'nightly',
      });
      expect(backup.code, backup.stderr + backup.stdout).toBe(0);
      expect(backup.stdout).toContain(`copied to the bucket ${copies.bucket}`);
      const manifest = await manifestOf(backup.last);
      expect(manifest.uploads.store).toBe('s3');
      expect(manifestSums(manifest)).toEqual(await objectSums(uploads));
      expect(manifest.uploads.count).toBeGreaterThanOrEqual(31 + 50);
      expect(await copies.keys()).toEqual([`nightly/${path.basename(backup.last)}`]);

      const restore = await runCommand('restore', [backup.last], { DATABASE_URL: target.url, ...restoredUploads.env, AUTH_SECRET });
      expect(restore.code, restore.stderr + restore.stdout).toBe(0);
      expect(restore.stdout).toContain(`and ${manifest.uploads.count} files (${manifest.uploads.bytes} bytes), each as in the manifest`);
      expect(await objectSums(restoredUploads)).toEqual(manifestSums(manifest));
      const counts = await rowCounts(target.url);
      expect(counts.events).toBe(manifest.database.tables.events);
      expect(counts.inquiry_notes).toBe(manifest.database.tables.inquiry_notes);
      expect(manifest.database.tables.inquiry_notes).toBeGreaterThanOrEqual(filled.notes);

      server = await spawnServer({ DATABASE_URL: target.url, ...restoredUploads.env, AUTH_SECRET, LOG_LEVEL: 'warn', BACKUP_CRON: 'off' });
      const project = filled.projects[7]!;
      expect((await fetch(`${server.base}/Projects/${project.slug}`)).status).toBe(200);
      const image = Buffer.from(await (await fetch(`${server.base}/contactimges/${project.image}`)).arrayBuffer());
      expect(createHash('sha256').update(image).digest('hex')).toBe(manifestSums(manifest).get(`uploads/events/${project.image}`));
      // A second restore into the now full bucket is refused.
      const again = await runCommand('restore', [backup.last], { DATABASE_URL: target.url, ...restoredUploads.env, AUTH_SECRET });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('The target is not empty');
    },
  );
});
