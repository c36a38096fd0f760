// npm run admin:create -- --email E --password P [--name N]
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.password) {
  console.error('usage: npm run admin:create -- --email E --password P [--name N]');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set. With the embedded database, start the product with ADMIN_EMAIL and ADMIN_PASSWORD instead.');
  process.exit(2);
}
const { migrate } = await import('@/lib/db/migrate');
await migrate(process.env.DATABASE_URL);
const { ensureAdmin } = await import('@/lib/entities/user');
const { db } = await import('@/lib/db/client');
try {
  const admin = await ensureAdmin(values.email, values.password, values.name);
  console.log(`Admin ready: ${admin.email} (id ${admin.id})`);
} catch (error) {
  console.error('Could not create the Admin:', (error as { fieldErrors?: unknown }).fieldErrors ?? error);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
