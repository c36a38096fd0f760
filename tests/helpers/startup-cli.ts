// One instance's start-up writes, exactly as `npm start` makes them (scripts/start.ts): the seed
// and the Admin from ADMIN_EMAIL/ADMIN_PASSWORD under the start-up lock. Prints the result as JSON.
const { db } = await import('@/lib/db/client');
const { startupWrites, withStartupLock } = await import('@/lib/db/bootstrap');
const admin =
  process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD ? { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD } : null;
const result = await withStartupLock(process.env.DATABASE_URL!, () => startupWrites(db, admin));
// What the lock decides (the seed's duration and a set-up link are each instance's own).
console.log(JSON.stringify({ seeded: result.seeded, admin: result.admin }));
await db.$disconnect();
export {};
