// A project's address segment (/Projects/{slug}). One rule, shared by the write path and the
// migration that gave existing events theirs (prisma/migrations/20261128000000_portfolio): lower
// case ASCII letters and digits joined by single dashes. Latin accents fold to their letter first
// ("Café" -> "cafe"); anything else (Arabic included) separates words.

/** The longest slug kept. */
export const SLUG_MAX = 80;

/** The slug used when a name has no Latin letters or digits at all. */
export const FALLBACK_SLUG = 'project';

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** True for a string that is its own slug (what a URL segment must be to name a project). */
export const isSlug = (value: string): boolean => value.length > 0 && value.length <= SLUG_MAX && slugify(value) === value;

/** `base`, or `base-2`, `base-3`… : the first that `taken` does not hold. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
