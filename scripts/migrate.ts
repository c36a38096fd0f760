// npm run db:migrate: applies prisma/migrations to DATABASE_URL with the project's runner.
import { migrate } from '@/lib/db/migrate';

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const result = await migrate(process.env.DATABASE_URL, undefined, (line) => console.log(line));
console.log(`${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
