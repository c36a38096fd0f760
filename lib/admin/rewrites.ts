// The back office's addresses as the spec spells them, rewritten to the routes that serve them
// (next.config.ts, before the canonical segments' rewrites). Derived from the registry: each
// content area's three addresses go to its generic screens under its key, and each bespoke
// screen's folder is reached in any letter case (the old links use /Admin/users, /admin/Teams).
// Rewrite sources match case-insensitively; the destination names the folder's own spelling.
// Relative imports of import-free files only: next.config.ts loads this (next.js#74140).
import { ADMIN_SEGMENTS } from '../entities/segments';

/** The bespoke screens' folders under app/[locale]/Admin (each a page of its own). */
export const ADMIN_SCREEN_FOLDERS = [
  'Users',
  'Settings',
  'Account',
  'Activity',
  'Backups',
  'Inquiries',
  'Inquiry',
  'Redirects',
  'Seo',
] as const;

/** The internal segment of the content areas' generic screens (never an address staff type). */
export const CONTENT_SEGMENT = 'Content';

interface Rewrite {
  source: string;
  destination: string;
}

export function adminRewrites(): Rewrite[] {
  const locales = [
    ['', '/en'],
    ['/ar', '/ar'],
  ] as const;
  return locales.flatMap(([from, to]) => [
    ...Object.entries(ADMIN_SEGMENTS).flatMap(([key, admin]) => [
      { source: `${from}/Admin/${admin.list}`, destination: `${to}/Admin/${CONTENT_SEGMENT}/${key}` },
      { source: `${from}/Admin/${admin.create}`, destination: `${to}/Admin/${CONTENT_SEGMENT}/${key}/Create` },
      { source: `${from}/Admin/${admin.edit}/:id`, destination: `${to}/Admin/${CONTENT_SEGMENT}/${key}/:id` },
    ]),
    ...ADMIN_SCREEN_FOLDERS.map((folder) => ({ source: `${from}/Admin/${folder}/:rest*`, destination: `${to}/Admin/${folder}/:rest*` })),
  ]);
}
