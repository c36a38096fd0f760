// npm run uploads:migrate: copies the uploads folder (UPLOADS_DIR) into the bucket (S3_BUCKET and
// the other S3_* settings, credentials from the AWS SDK's default chain). Safe to run again.
import path from 'node:path';
import { config } from '@/lib/config';
import { migrateUploads } from '@/lib/uploads/migrate';
import { createS3Store } from '@/lib/uploads/s3-store';

if (!config.s3.bucket) {
  console.error('S3_BUCKET is not set: set it (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as needed) to say where to copy to.');
  process.exit(2);
}
const source = path.resolve(config.uploadsDir);
const store = createS3Store();
const where = `${store.settings.endpoint ?? 'AWS'} bucket ${store.settings.bucket}${store.settings.prefix ? ` under ${store.settings.prefix}` : ''}`;
console.log(`Copying ${source} to ${where}`);
try {
  await store.ready();
  const { total } = await migrateUploads(source, store, (line) => console.log(`  ${line}`));
  console.log(`Done: ${total.copied} copied, ${total.skipped} already there, ${total.ignored} ignored.`);
} catch (error) {
  // A store fault arrives as the 503 `unavailable` error; what the SDK said is its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  console.error('Migration stopped (run it again to continue):', error instanceof Error ? `${error.message}${cause}` : error);
  process.exitCode = 1;
} finally {
  store.client.destroy();
}
