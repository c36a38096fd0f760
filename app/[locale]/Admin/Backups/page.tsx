import { BackupsScreen } from '@/components/admin/backups-screen';
import { can } from '@/lib/auth/permissions';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { listRuns } from '@/lib/backups/status';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';

// /Admin/Backups (issue 33): Admins only (a Mini Admin or a pending account gets the screen's
// "forbidden"). It reads the session cookie and the runs, live (the layout renders per request).

export const generateMetadata = screenMetadata((t) => t('backups.title'));

/** `?page=` as a page number (1 when absent or odd; past the last, the last). */
function pageOf(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

export default async function BackupsPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'users')) return <ForbiddenNotice />;
  let page = pageOf((await searchParams).page);
  let listing = await listRuns(page);
  if (page > listing.pages) {
    page = listing.pages;
    listing = await listRuns(page);
  }
  return <BackupsScreen locale={locale} listing={listing} page={page} />;
}
