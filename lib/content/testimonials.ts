import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, isLocale, refuseUnlessValid, unwrap } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { localized } from '@/lib/entities/bilingual';
import { rowImageUrl } from '@/lib/entities/define';
import { parseId } from '@/lib/entities/ids';
import { testimonials } from '@/lib/entities/testimonials';
import { projectPath } from '@/lib/pages';
import { isSlug } from '@/lib/slug';

// Testimonials as the public pages show them (issue 37 item 2): Home's newest, a project's own,
// those naming a service. Each place shows at most TESTIMONIALS_SHOWN, read as that many rows
// (and one read of their projects' names), whatever the table holds. Cached per language and
// place under the tags of everything they show (testimonials, clients, projects, services).

/** The most testimonials one page shows (Home, a project, a service). */
export const TESTIMONIALS_SHOWN = 6;

type View = ReturnType<typeof testimonials.view>;
export type TestimonialView = Omit<View, 'projectSlug'> & {
  /** The project it is about, when that project is published: its name and page. */
  project: { name: string; path: string } | null;
};

export type TestimonialPlace = { kind: 'home' } | { kind: 'project'; slug: string } | { kind: 'service'; id: number };

const isPlace = (place: unknown): place is TestimonialPlace => {
  if (!place || typeof place !== 'object') return false;
  const { kind, slug, id } = place as Record<string, unknown>;
  const keys = Object.keys(place).length;
  if (kind === 'home') return keys === 1;
  if (kind === 'project') return keys === 2 && typeof slug === 'string' && isSlug(slug);
  return kind === 'service' && keys === 2 && typeof id === 'number' && parseId(id) === id;
};

const whereOf = (place: TestimonialPlace) =>
  place.kind === 'project' ? { projectSlug: place.slug } : place.kind === 'service' ? { serviceIds: { has: place.id } } : {};

async function readTestimonials(locale: string, place: TestimonialPlace, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale) && isPlace(place));
  cacheTag(testimonials.key, ...(testimonials.dependsOn ?? []));
  return cachedRead(async (): Promise<TestimonialView[]> => {
    const rows = await db.testimonial.findMany({
      where: whereOf(place),
      include: { client: true },
      orderBy: { id: 'desc' },
      take: TESTIMONIALS_SHOWN,
    });
    const slugs = [...new Set(rows.map((row) => row.projectSlug).filter(Boolean))];
    const projects = slugs.length
      ? await db.event.findMany({ where: { slug: { in: slugs }, published: true }, select: { slug: true, nameEn: true, nameAr: true } })
      : [];
    const names = new Map(projects.map((project) => [project.slug, localized(project, 'name', locale)]));
    return rows.map((row) => {
      const { projectSlug, ...view } = testimonials.view(row, locale, rowImageUrl(testimonials, row));
      const name = names.get(projectSlug);
      return { ...view, project: name ? { name, path: projectPath(projectSlug) } : null };
    });
  });
}

/** The testimonials a place shows, newest first (at most TESTIMONIALS_SHOWN). */
export const getTestimonials = async (locale: string, place: TestimonialPlace) => unwrap(await readTestimonials(locale, place));
