// Seeds the test database with the demo company (same code as `npm start`).
const { db } = await import('@/lib/db/client');
const { seedIfEmpty } = await import('@/lib/db/seed');
await seedIfEmpty(db);
await db.$disconnect();
export {};
