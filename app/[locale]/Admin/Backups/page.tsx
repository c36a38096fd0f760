import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BackupsScreen } from '@/components/admin/backups-screen';
import { sessionUser } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { redirectToSignIn } from '@/lib/auth/sign-in-redirect';
import { listRuns } from '@/lib/backups/status';
import { mustEnrol } from '@/lib/entities/user/two-factor';
import { redirect } from '@/lib/i18n/navigation';
import { brandedTitle } from '@/lib/seo';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';

// /Admin/Backups (issue 33): a route of its own (this static segment wins over the catch-all,
// which sends the path's other letter cases here), so it has its own title. The same checks as
// every back-office screen: the layout's sign-in and 404, then here the two-factor enrolment and
// Admins only (a Mini Admin or a pending account gets the screen's "forbidden"). It reads the
// session cookie and the runs, live: rendered per request.
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.backups' });
  return { title: await brandedTitle(locale, t('title')), robots: { index: false, follow: false } };
}

/** `?page=` as a page number (1 when absent or odd; past the last, the last). */
function pageOf(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

export default async function BackupsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Checked here too, not only in the layout: a client-side navigation re-renders the page but keeps the layout.
  const user = await sessionUser();
  if (!user) return redirectToSignIn(locale);
  if (await mustEnrol(user)) return redirect({ href: '/Admin/Account', locale });
  if (!can(user, 'users')) return <ForbiddenNotice />;
  let page = pageOf((await searchParams).page);
  let listing = await listRuns(page);
  if (page > listing.pages) {
    page = listing.pages;
    listing = await listRuns(page);
  }
  return <BackupsScreen locale={locale} listing={listing} page={page} />;
}
