// The back office's addresses (English paths; lib/pages.ts localePath adds /ar): one table, with
// no import, so the mail, the pages and the menu name them alike without pulling in the screens.

/** What a content area's addresses are made of (its segments in lib/admin/areas.ts). */
interface AreaSegments {
  list: string;
  create: string;
  edit: string;
}

export const adminPath = {
  activity: '/Admin/Activity',
  backups: '/Admin/Backups',
  /** Redirects and the 404 monitor (issue 37): the list, a new one (`?from=` filled in) and one to change. */
  redirects: '/Admin/Redirects',
  newRedirect: (from?: string) => `/Admin/Redirects/New${from ? `?from=${encodeURIComponent(from)}` : ''}`,
  redirect: (id: number) => `/Admin/Redirects/${id}`,
  /** Search and sharing of the fixed pages (issue 37): the list, one page's form. */
  seo: '/Admin/Seo',
  seoPage: (page: string) => `/Admin/Seo/${page}`,
  /** One archive's single-use link (app/[locale]/Admin/Backups/Download/[token]/route.ts). */
  backupDownload: (token: string) => `/Admin/Backups/Download/${token}`,
  inquiries: '/Admin/Inquiries',
  inquiry: (id: number) => `/Admin/Inquiry/${id}`,
  /** The CSV of the inbox's current filter (app/[locale]/Admin/InquiriesExport/route.ts). */
  inquiriesExport: '/Admin/InquiriesExport',
  list: (area: AreaSegments) => `/Admin/${area.list}`,
  create: (area: AreaSegments) => `/Admin/${area.create}`,
  edit: (area: AreaSegments, id: number) => `/Admin/${area.edit}/${id}`,
};
