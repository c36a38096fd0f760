import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { RedirectsScreen } from '@/components/admin/redirects-screen';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { notFoundPage, redirectPage } from '@/lib/redirects/read';

// /Admin/Redirects (issue 37): Admins and Mini Admins. Read live (the counts move). Two lists, each
// a page at a time: `?page=` the redirects', `?missing=` the 404 monitor's (past the last: the last).
export const generateMetadata = screenMetadata((t) => t('redirects.title'));

const pageOf = (value: unknown) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1);

/** A list's page, read again at its last page when the one asked for is past it. */
async function within<T extends { pages: number }>(asked: number, read: (page: number) => Promise<T>): Promise<[number, T]> {
  const first = await read(asked);
  return asked > first.pages ? [first.pages, await read(first.pages)] : [asked, first];
}

export default async function RedirectsPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'content')) return <ForbiddenNotice />;
  const query = await searchParams;
  const [[page, redirects], [missingPage, missing]] = await Promise.all([
    within(pageOf(query.page), redirectPage),
    within(pageOf(query.missing), notFoundPage),
  ]);
  const failed = typeof query.failed === 'string' && /^[a-zA-Z]{1,40}$/.test(query.failed) ? query.failed : undefined;
  return (
    <RedirectsScreen
      locale={locale}
      redirects={redirects}
      page={page}
      missing={missing}
      missingPage={missingPage}
      notice={{ saved: typeof query.saved === 'string', deleted: query.deleted === '1', failed }}
    />
  );
}
