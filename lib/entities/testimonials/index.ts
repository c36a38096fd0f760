import 'server-only';
import { defineEntity, imageUrl } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import type { Client, Testimonial } from '@/lib/generated/prisma/client';
import type { DbClient } from '@/lib/db/types';
import { testimonialsMeta } from './meta';
import { pagePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

export type TestimonialWithClient = Testimonial & { client: Client };

/** The project with this page address, now or as a former one (its current slug), or null. */
async function projectOf(db: DbClient, slug: string): Promise<string | null> {
  const project = await db.event.findFirst({
    where: { OR: [{ slug }, { oldSlugs: { some: { slug } } }] },
    select: { slug: true },
  });
  return project?.slug ?? null;
}

// A client's words (issue 37 item 2). The public reads (lib/content/testimonials.ts) are bounded
// per place: Home's newest, a project's own, a service's; `view` is the quote as those show it.
export const testimonials = defineEntity<TestimonialWithClient>()(testimonialsMeta, {
  table: 'testimonials',
  delegate: (client) => client.testimonial,
  include: { client: true },
  orderBy: { id: 'desc' },
  // Their names and logos are a client's; the project's name is read with them.
  dependsOn: ['clients', 'events', 'services'],
  sitePath: () => pagePath('home'),
  card: (t, l, image) => ({
    id: t.id,
    image,
    title: localized(t, 'person', l),
    subtitle: [localized(t, 'role', l), localized(t.client, 'name', l)].filter(Boolean).join(' - '),
    text: localized(t, 'quote', l),
  }),
  view: (t, l, image) => ({
    id: t.id,
    quote: localized(t, 'quote', l),
    person: localized(t, 'person', l),
    role: localized(t, 'role', l),
    photo: image,
    client: { name: localized(t.client, 'name', l), logo: imageUrl(clients, t.client.logo) },
    projectSlug: t.projectSlug,
  }),
  async check(input, db) {
    const errors: Record<string, string[]> = {};
    if (!(await db.client.count({ where: { id: input.clientId } }))) errors.clientId = ['clientMissing'];
    if (input.projectSlug && !(await projectOf(db, input.projectSlug))) errors.projectSlug = ['projectMissing'];
    return Object.keys(errors).length ? errors : null;
  },
  /** A project named by a former address is stored by its current one; services that are gone are dropped. */
  async prepare(input, db) {
    const projectSlug = input.projectSlug ? ((await projectOf(db, input.projectSlug)) ?? '') : '';
    const services = input.serviceIds.length
      ? (await db.service.findMany({ where: { id: { in: input.serviceIds } }, select: { id: true } })).map((s) => s.id)
      : [];
    return { ...input, projectSlug, serviceIds: input.serviceIds.filter((s) => services.includes(s)) };
  },
});
