import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { RedirectsScreen } from '@/components/admin/redirects-screen';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { listRedirects, notFoundPage } from '@/lib/redirects/read';

// /Admin/Redirects (issue 37): Admins and Mini Admins. Read live (the counts move).
export const generateMetadata = screenMetadata((t) => t('redirects.title'));

const pageOf = (value: unknown) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1);

export default async function RedirectsPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'content')) return <ForbiddenNotice />;
  const query = await searchParams;
  let page = pageOf(query.page);
  const [redirects, first] = await Promise.all([listRedirects(), notFoundPage(page)]);
  let missing = first;
  if (page > missing.pages) {
    page = missing.pages;
    missing = await notFoundPage(page);
  }
  const failed = typeof query.failed === 'string' && /^[a-zA-Z]{1,40}$/.test(query.failed) ? query.failed : undefined;
  return (
    <RedirectsScreen
      locale={locale}
      redirects={redirects}
      missing={missing}
      page={page}
      notice={{ saved: typeof query.saved === 'string', deleted: query.deleted === '1', failed }}
    />
  );
}
