import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import demo from '@/lib/db/demo/content.json';
import { startEmbeddedDatabase } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { ownDatabase } from '../helpers/own-database';
import { adminIn, prismaOn, runCommand } from '../helpers/backups';

// Issue 35, item 5: `npm run demo:remove` takes the demo company out, leaving the settings, the
// accounts and whatever staff made or edited (the rule: lib/db/demo-remove.ts), says so in counts,
// removes nothing the second time, and the next start does not seed the demo back. On PostgreSQL
// (DATABASE_URL) and on the embedded database, held by a running process or not.

const execFileAsync = promisify(execFile);
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `sevenstars-${prefix}-`));
// Not synchronous: the embedded database below is served by this very process, whose event loop
// must keep running while the seed talks to it.
const seed = async (env: Record<string, string>) => {
  await execFileAsync('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], { env: { ...process.env, ...env } });
};
const lines = (stdout: string) => stdout.trim().split('\n');

async function contentCounts(db: PrismaClient) {
  return {
    events: await db.event.count(),
    clients: await db.client.count(),
    services: await db.service.count(),
    team: await db.teamMember.count(),
    slides: await db.slide.count(),
    contacts: await db.contact.count(),
    testimonials: await db.testimonial.count(),
    certifications: await db.certification.count(),
  };
}

const KEPT_LINE = '[demo:remove] the settings, the accounts, the quote requests and everything added or edited in the back office are kept';

describe('npm run demo:remove on PostgreSQL', () => {
  const own = ownDatabase('demo_remove');
  let db: PrismaClient;
  let uploads = '';
  let env: Record<string, string> = {};

  beforeAll(async () => {
    await own.create();
    uploads = tmp('demo-remove-uploads');
    env = { DATABASE_URL: own.url, UPLOADS_DIR: uploads };
    await seed(env);
    db = prismaOn(own.url);
  }, 120_000);

  afterAll(async () => {
    await db?.$disconnect();
    await own.drop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it(
    'removes the demo, keeps the settings, the accounts, a staff project with what it uses and an edited item',
    { timeout: 240_000 },
    async () => {
      expect(await contentCounts(db)).toEqual({
        events: 8,
        clients: 6,
        services: 6,
        team: 6,
        slides: 4,
        contacts: 1,
        testimonials: 3,
        certifications: 3,
      });
      const admin = await adminIn(db);
      await db.siteSettings.create({ data: { id: 1, companyNameEn: 'Staff Events LLC', companyNameAr: 'فعاليات الطاقم' } });
      const client = await db.client.findFirstOrThrow({ where: { nameEn: demo.clients[0]!.nameEn } });
      const service = await db.service.findFirstOrThrow({ where: { titleEn: demo.services[0]!.titleEn } });
      const staffProject = await db.event.create({
        data: {
          nameEn: 'Staff Wedding Gala',
          locationEn: 'Dubai',
          locationAr: 'دبي',
          cost: 1000,
          clientId: client.id,
          serviceIds: [service.id],
          slug: 'staff-wedding-gala',
          image: 'staff-photo.jpg',
        },
      });
      // A demo team member a staff member corrected: theirs now.
      const edited = await db.teamMember.findFirstOrThrow({ where: { nameEn: demo.team[0]!.nameEn } });
      await db.teamMember.update({ where: { id: edited.id }, data: { jobTitleEn: 'Head of Production' } });

      const first = await runCommand('demo:remove', [], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(lines(first.stdout)).toEqual([
        '[demo:remove] removed 3 testimonials, 8 projects, 5 clients, 5 services, 5 team members, 4 slides, 1 contact card, 3 certifications and awards',
        '[demo:remove] kept 1 client and 1 service of the demo: projects of yours use them',
        KEPT_LINE,
      ]);
      expect(await contentCounts(db)).toEqual({
        events: 1,
        clients: 1,
        services: 1,
        team: 1,
        slides: 0,
        contacts: 0,
        testimonials: 0,
        certifications: 0,
      });
      expect(await db.event.findUniqueOrThrow({ where: { id: staffProject.id } })).toMatchObject({
        nameEn: 'Staff Wedding Gala',
        clientId: client.id,
        serviceIds: [service.id],
      });
      expect((await db.client.findFirstOrThrow()).id).toBe(client.id);
      expect((await db.service.findFirstOrThrow()).id).toBe(service.id);
      expect(await db.teamMember.findFirstOrThrow()).toMatchObject({ id: edited.id, jobTitleEn: 'Head of Production' });
      // Settings and accounts as they were.
      expect(await db.user.count()).toBe(1);
      expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ email: admin.email, isAdmin: true });
      const settings = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
      expect(settings).toMatchObject({ companyNameEn: 'Staff Events LLC', companyNameAr: 'فعاليات الطاقم' });
      expect(settings.demoRemovedAt).toBeInstanceOf(Date);
      // Each removal is a delete entry of the log (restorable), and its files went to the trash.
      const entries = await db.activityLog.findMany({ where: { kind: 'delete' }, select: { entity: true, address: true, actorId: true } });
      // 3 + 8 + 5 + 5 + 5 + 4 + 1 + 3, as the first line counts them.
      expect(entries).toHaveLength(34);
      expect(new Set(entries.map((e) => `${e.address} ${e.actorId}`))).toEqual(new Set(['npm run demo:remove null']));
      expect(readdirSync(path.join(uploads, 'trash-events'))).toHaveLength(8);
      expect(readdirSync(path.join(uploads, 'trash-slides'))).toHaveLength(4);
      expect(readdirSync(path.join(uploads, 'slides'))).toHaveLength(0);
      expect(readdirSync(path.join(uploads, 'team'))).toHaveLength(1);

      // Again: nothing left to remove, nothing changed.
      const second = await runCommand('demo:remove', [], env);
      expect(second.code).toBe(0);
      expect(lines(second.stdout)).toEqual([
        '[demo:remove] nothing to remove: no demo content is left as the seed wrote it',
        '[demo:remove] kept 1 client and 1 service of the demo: projects of yours use them',
        KEPT_LINE,
      ]);
      expect(await contentCounts(db)).toEqual({
        events: 1,
        clients: 1,
        services: 1,
        team: 1,
        slides: 0,
        contacts: 0,
        testimonials: 0,
        certifications: 0,
      });
      expect(await db.activityLog.count({ where: { kind: 'delete' } })).toBe(34);

      // Staff then empty the site themselves: the next start's seed leaves it empty.
      await db.event.deleteMany();
      await db.client.deleteMany();
      await db.service.deleteMany();
      await db.teamMember.deleteMany();
      await seed(env);
      expect(await contentCounts(db)).toEqual({
        events: 0,
        clients: 0,
        services: 0,
        team: 0,
        slides: 0,
        contacts: 0,
        testimonials: 0,
        certifications: 0,
      });
    },
  );
});

describe('npm run demo:remove on the embedded database', () => {
  let dataDir = '';
  let uploads = '';

  afterAll(() => {
    for (const dir of [dataDir, uploads]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('works through the running process that holds it, and on its files when none does', { timeout: 300_000 }, async () => {
    dataDir = tmp('demo-remove-data');
    uploads = tmp('demo-remove-embedded-uploads');
    // This process holds the database, as `npm start` would.
    const database = await startEmbeddedDatabase(dataDir);
    const db = prismaOn(database.url);
    try {
      await migrate(database.url);
      await seed({ DATABASE_URL: database.url, UPLOADS_DIR: uploads });
      const env = { DATABASE_URL: undefined, DATA_DIR: dataDir, UPLOADS_DIR: uploads };
      const held = await runCommand('demo:remove', [], env);
      expect(held.code).toBe(0);
      expect(lines(held.stdout)).toEqual([
        `[demo:remove] the running server (process ${process.pid}) holds the embedded database: working through its connection`,
        '[demo:remove] removed 3 testimonials, 8 projects, 6 clients, 6 services, 6 team members, 4 slides, 1 contact card, 3 certifications and awards',
        KEPT_LINE,
      ]);
      expect(await contentCounts(db)).toEqual({
        events: 0,
        clients: 0,
        services: 0,
        team: 0,
        slides: 0,
        contacts: 0,
        testimonials: 0,
        certifications: 0,
      });
      expect(await db.user.count()).toBe(0);
    } finally {
      await db.$disconnect();
      await database.stop();
    }
    const alone = await runCommand('demo:remove', [], { DATABASE_URL: undefined, DATA_DIR: dataDir, UPLOADS_DIR: uploads });
    expect(alone.code).toBe(0);
    expect(lines(alone.stdout)).toEqual(['[demo:remove] nothing to remove: no demo content is left as the seed wrote it', KEPT_LINE]);
  });
});
