// npm run projects:generate -- [--count 1000] [--gallery 100]
// Generated projects for measurements against DATABASE_URL (lib/db/generate-projects.ts says what
// they hold). Writes expire the page caches on the next write through the product.
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { count: { type: 'string' }, gallery: { type: 'string' } } });
const count = Number(values.count ?? 1000);
const gallery = Number(values.gallery ?? 100);
if (!process.env.DATABASE_URL || !Number.isInteger(count) || count < 1 || count > 100_000 || !Number.isInteger(gallery) || gallery < 1) {
  console.error('usage: DATABASE_URL=… npm run projects:generate -- [--count 1000] [--gallery 100]');
  process.exit(2);
}
const { migrate } = await import('@/lib/db/migrate');
await migrate(process.env.DATABASE_URL);
const { db } = await import('@/lib/db/client');
const { generateProjects } = await import('@/lib/db/generate-projects');
try {
  const slug = await generateProjects(db, { count, gallery });
  console.log(`Generated ${count} projects; /Projects/${slug} has a gallery of ${gallery} photos.`);
} finally {
  await db.$disconnect();
}
