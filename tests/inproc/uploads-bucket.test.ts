import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUploads } from '@/lib/uploads/migrate';
import { createS3Store } from '@/lib/uploads/s3-store';
import { STORE_FOLDERS } from '@/lib/uploads/store-contract';
import { testDb } from '../helpers/db';
import { startFakeS3 } from '../helpers/fake-s3';
import { listDir, uploadScenarios, type Driver } from './uploads-scenarios';

// Uploads on a bucket, in-process: the one list of upload scenarios
// (tests/inproc/uploads-scenarios.ts; what each covers: tests/inproc/uploads.test.ts) with the
// store on a bucket of a fake S3 (s3rver, a process of its own), the seeded images copied into it
// first as `npm run uploads:migrate` does; then that the copy was made and that nothing the
// scenarios stored went to the local folder. The store is chosen once per process, on its first
// use (lib/uploads/store.ts): the bucket's settings are set here, before anything stores or reads a
// file. The image optimiser, the public /sliderimges/... addresses, a bucket server's start-up sweep
// and an outage of the store seen through the server are tests/integration/uploads.test.ts. The
// database is this file's own: nothing is put back.

const s3 = await startFakeS3();
// S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the SDK's credentials (lib/config.ts).
for (const [name, value] of Object.entries(s3.env)) process.env[name] = value;

/** This file's own uploads folder: the seeded images the bucket is filled from, and nothing else. */
const localDir = process.env.UPLOADS_DIR!;
const localFiles = () => Object.fromEntries(STORE_FOLDERS.map((folder) => [folder, listDir(localDir, folder)]));
let localBefore: Record<string, string[]> = {};
let migrated = { copied: 0, skipped: 0, ignored: 0 };

const bucket: Driver = {
  label: 'S3 bucket',
  stored: async (folder) => (await s3.keys(`${folder}/`)).map((key) => key.slice(folder.length + 1)),
};

beforeAll(async () => {
  // The seeded images, copied into the bucket the way `npm run uploads:migrate` does.
  const target = createS3Store({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, prefix: '' });
  migrated = (await migrateUploads(localDir, target)).total;
  target.client.destroy();
  localBefore = localFiles();
}, 60_000);
afterAll(async () => {
  await s3.close();
  await testDb.$disconnect();
});

uploadScenarios(bucket);

describe('the S3 bucket driver only', () => {
  // The bucket server's own UPLOADS_DIR staying empty is the HTTP tier's half.
  it('the seeded images were copied into the bucket (uploads:migrate), and nothing was written to local disk (in-process half: the scenarios above)', async () => {
    expect(migrated.copied).toBeGreaterThan(0);
    expect(migrated.skipped).toBe(0);
    // Not a file added or removed in the local folder while the scenarios stored theirs.
    expect(localFiles()).toEqual(localBefore);
    // The scenarios' uploads above are in the bucket, not in the local folder.
    const inBucket = await bucket.stored('slides');
    const inLocal = new Set(listDir(localDir, 'slides'));
    const onlyInBucket = inBucket.filter((name) => !inLocal.has(name));
    expect(onlyInBucket.length).toBeGreaterThanOrEqual(5); // the phone photo, the three animated images, the four formats
  });
});
