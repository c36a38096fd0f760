// `npm run demo:remove`: takes the demo company out (its projects, clients, services, team, slides
// and contact card), leaving the settings, the accounts, the quote requests and everything staff
// added or edited (the rule: lib/db/demo-remove.ts). Says what it removed in counts; running it
// again removes nothing. On DATABASE_URL, else the embedded database in DATA_DIR (through the
// running server's connection while `npm start` holds it). Each removal is logged and restorable
// from /Admin/Activity; pages a running server has cached show the change within their minute.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { embeddedHolder, startEmbeddedDatabase } from '@/lib/db/embedded';

const say = (line: string) => console.log(`[demo:remove] ${line}`);

const NAMES: Record<string, [string, string]> = {
  testimonials: ['testimonial', 'testimonials'],
  events: ['project', 'projects'],
  clients: ['client', 'clients'],
  services: ['service', 'services'],
  team: ['team member', 'team members'],
  slides: ['slide', 'slides'],
  contacts: ['contact card', 'contact cards'],
  certifications: ['certification or award', 'certifications and awards'],
};

const counted = (n: number, key: string) => `${n} ${NAMES[key]![n === 1 ? 0 : 1]}`;

async function main() {
  const dataDir = process.env.DATA_DIR || 'data';
  let stopDatabase = async () => {};
  if (!process.env.DATABASE_URL) {
    const holder = embeddedHolder(dataDir);
    if (holder) {
      say(`the running server (process ${holder.pid}) holds the embedded database: working through its connection`);
      process.env.DATABASE_URL = holder.url;
    } else {
      const files = path.resolve(dataDir, 'pglite');
      if (!existsSync(files) || readdirSync(files).length === 0)
        throw new Error(`there is no embedded database in ${path.resolve(dataDir)} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
      const database = await startEmbeddedDatabase(dataDir);
      process.env.DATABASE_URL = database.url;
      stopDatabase = database.stop;
    }
    process.env.DB_POOL_MAX = '1';
  }
  try {
    const { migrate } = await import('@/lib/db/migrate');
    await migrate(process.env.DATABASE_URL!);
    const { removeDemoContent } = await import('@/lib/db/demo-remove');
    const { db } = await import('@/lib/db/client');
    try {
      // Nobody is signed in: the log shows the command as where the deletes came from.
      const { removed, keptInUse } = await removeDemoContent({ actor: null, address: 'npm run demo:remove' }, { expireCaches: false });
      const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
      say(
        total
          ? `removed ${Object.entries(removed)
              .map(([key, n]) => counted(n, key))
              .join(', ')}`
          : 'nothing to remove: no demo content is left as the seed wrote it',
      );
      if (keptInUse.clients || keptInUse.services)
        say(
          `kept ${counted(keptInUse.clients, 'clients')} and ${counted(keptInUse.services, 'services')} of the demo: projects of yours use them`,
        );
      say('the settings, the accounts, the quote requests and everything added or edited in the back office are kept');
    } finally {
      await db.$disconnect();
    }
  } finally {
    await stopDatabase();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[demo:remove] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
