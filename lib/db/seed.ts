import { readFile } from 'node:fs/promises';
import { FALLBACK_SLUG, freeSlug, slugify } from '@/lib/slug';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { uploads, newFileName } from '@/lib/uploads/store';
import { type UploadFolder } from '@/lib/uploads/store-contract';
import demo from './demo/content.json';
import { STARTUP_TRANSACTION } from './startup-transaction';

// Demo content for an empty database: a bilingual (English + Arabic) 7Stars Events site.
// The content is data (demo/content.json); its images are committed files (demo/images, drawn by
// scripts/make-demo-images.ts), copied into the uploads store under fresh stored names.

type Log = (line: string) => void;

const IMAGES = new URL('./demo/images/', import.meta.url);

/** Advisory lock key ("7STARS" as a number) held while seeding. */
const SEED_LOCK_KEY = 7_057_864_182;

interface Stored {
  folder: UploadFolder;
  name: string;
}

type ContentTables = Pick<PrismaClient, 'slide' | 'client' | 'event' | 'service' | 'teamMember' | 'contact' | 'siteSettings'>;

/** No content at all, and the demo never removed (`npm run demo:remove`): an empty site after that is the staff's choice. */
async function isEmpty(db: ContentTables) {
  const removed = await db.siteSettings.count({ where: { id: 1, demoRemovedAt: { not: null } } });
  if (removed) return false;
  const counts = await Promise.all([
    db.slide.count(),
    db.client.count(),
    db.event.count(),
    db.service.count(),
    db.teamMember.count(),
    db.contact.count(),
  ]);
  return counts.every((n) => n === 0);
}

/** Copies every demo image into the store; returns the stored name of each demo file. */
async function storeImages(written: Stored[]): Promise<Map<string, string>> {
  const files: [UploadFolder, string][] = [
    ...demo.slides.map((s): [UploadFolder, string] => ['slides', s.image]),
    ...demo.clients.map((c): [UploadFolder, string] => ['clients', c.logo]),
    ...demo.events.map((e): [UploadFolder, string] => ['events', e.image]),
    ...demo.services.map((s): [UploadFolder, string] => ['services', s.image]),
    ...demo.team.map((t): [UploadFolder, string] => ['team', t.image]),
    ['contacts', demo.contact.logo],
    ...demo.certifications.map((c): [UploadFolder, string] => ['certifications', c.logo]),
  ];
  const stored = new Map<string, string>();
  // Every copy is awaited before a failure is reported, so no file is still being written during clean-up.
  const results = await Promise.allSettled(
    files.map(async ([folder, file]) => {
      const name = newFileName(file.slice(file.lastIndexOf('.') + 1));
      await uploads.put(folder, name, await readFile(new URL(file, IMAGES)));
      written.push({ folder, name });
      stored.set(file, name);
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return stored;
}

/**
 * Fills a completely empty database (no slides, clients, events, services, team members or
 * contacts, and the demo not removed before) with the 7Stars Events demo and returns true;
 * otherwise changes nothing and returns false.
 */
export async function seedIfEmpty(db: PrismaClient, log: Log = () => {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;

  const started = Date.now();
  const written: Stored[] = [];
  try {
    const stored = await storeImages(written);
    const image = (file: string) => {
      const name = stored.get(file);
      if (!name) throw new Error(`seed: demo image ${file} was not stored`);
      return name;
    };

    const seeded = await db.$transaction(async (tx) => {
      // Serialise concurrent seeders, then check again: content may have been added meanwhile.
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})) AS l`;
      if (!(await isEmpty(tx))) return false;

      await tx.slide.createMany({ data: demo.slides.map((s, sortOrder) => ({ image: image(s.image), sortOrder })) });

      const clientIds: number[] = [];
      for (const { logo, ...client } of demo.clients) {
        clientIds.push((await tx.client.create({ data: { ...client, logo: image(logo) }, select: { id: true } })).id);
      }

      const serviceIds: number[] = [];
      const serviceSlugs = new Set<string>();
      for (const service of demo.services) {
        // A page each, its address from the English title (the write path's rule, lib/entities/slugs.ts).
        const slug = freeSlug(slugify(service.titleEn) || 'service', serviceSlugs);
        serviceSlugs.add(slug);
        serviceIds.push((await tx.service.create({ data: { ...service, slug, image: image(service.image) }, select: { id: true } })).id);
      }

      // The demo's projects: a page each (slug from the name), the city from the end of the
      // place, two or three services each, the first two featured on Home.
      const slugs = new Set<string>();
      const eventSlugs: string[] = [];
      await tx.event.createMany({
        data: demo.events.map(({ client, date, image: file, ...event }, i) => {
          const clientId = clientIds[client];
          if (clientId === undefined) throw new Error(`seed: event ${event.nameEn} has no client`);
          const slug = freeSlug(slugify(event.nameEn) || FALLBACK_SLUG, slugs);
          slugs.add(slug);
          eventSlugs.push(slug);
          const services = [i, i + 2, i + 3].filter((_, k) => k < 2 + (i % 2)).map((n) => serviceIds[n % serviceIds.length]!);
          return {
            ...event,
            slug,
            cityEn: event.locationEn.split(',').at(-1)?.trim() ?? '',
            cityAr: event.locationAr.split('،').at(-1)?.trim() ?? '',
            serviceIds: services,
            featured: i < 2,
            featuredOrder: i + 1,
            date: new Date(`${date}T00:00:00Z`),
            clientId,
            image: image(file),
          };
        }),
      });
      await tx.teamMember.createMany({ data: demo.team.map((t) => ({ ...t, image: image(t.image) })) });
      // A few clients' words, each about one of the demo's projects and naming its services.
      await tx.testimonial.createMany({
        data: demo.testimonials.map(({ client, project, services, ...testimonial }) => ({
          ...testimonial,
          clientId: clientIds[client]!,
          projectSlug: eventSlugs[project] ?? '',
          serviceIds: services.map((n) => serviceIds[n]!),
        })),
      });
      await tx.certification.createMany({
        data: demo.certifications.map(({ logo, expiresOn, ...certification }) => ({
          ...certification,
          expiresOn: expiresOn ? new Date(`${expiresOn}T00:00:00Z`) : null,
          logo: image(logo),
        })),
      });
      await tx.contact.create({ data: { ...demo.contact, logo: image(demo.contact.logo) } });
      return true;
    }, STARTUP_TRANSACTION);

    if (!seeded) {
      await removeAll(written);
      return false;
    }
    log(
      `seed: added ${demo.slides.length} slides, ${demo.clients.length} clients, ${demo.events.length} events, ` +
        `${demo.services.length} services, ${demo.team.length} team members, ${demo.testimonials.length} testimonials, ${demo.certifications.length} certifications and 1 contact in ${Date.now() - started} ms`,
    );
    return true;
  } catch (error) {
    await removeAll(written);
    throw error;
  }
}

async function removeAll(written: Stored[]) {
  await Promise.all(written.map((f) => uploads.remove(f.folder, f.name).catch(() => undefined)));
}
