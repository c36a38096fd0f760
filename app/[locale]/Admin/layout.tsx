import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminNav, type MenuItem } from '@/components/admin/admin-nav';
import { LogoutButton } from '@/components/admin/logout-button';
import { BrandBar } from '@/components/site/brand-bar';
import { AppToaster } from '@/components/ui/app-toaster';
import { InboxIcon } from '@/components/ui/icons';
import { ScopedIntlProvider } from '@/components/ui/scoped-intl-provider';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { MENU, adminPath, adminSlug, resolveAdminRoute } from '@/lib/admin/areas';
import { WANTED_PATH_HEADER } from '@/lib/auth/return-path';
import { sessionUser } from '@/lib/auth/guard';
import { can, isPending } from '@/lib/auth/permissions';
import { redirectToSignIn } from '@/lib/auth/sign-in-redirect';
import { unreadInquiryCount } from '@/lib/inquiries';
import { pendingUserCount } from '@/lib/entities/user';
import { AdminLink, AdminNavigation, AdminScreen } from '@/components/admin/admin-link';
import { UnsavedChanges } from '@/components/admin/unsaved-changes';
import { brandedTitle } from '@/lib/seo';

// Every back-office screen is the signed-in person's, read live: rendered per request, never
// prerendered (the locale layout's static params and revalidate would make each static screen ISR).
export const dynamic = 'force-dynamic';

// `auth`: the password fields of /Admin/Account share the sign-in pages' words.
const CLIENT_NAMESPACES = ['admin', 'auth', 'validation', 'errors', 'nav', 'common'] as const;

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin' });
  return { title: await brandedTitle(locale, t('metaTitle')), robots: { index: false, follow: false } };
}

export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The guard decides (routing config never does): no valid session, or a revoked one, means sign
  // in, and back to this page after.
  const user = await sessionUser();
  if (!user) return redirectToSignIn(locale);
  // An unknown back-office path: HTTP 404 here, before the page's answer has begun (a 200).
  const slug = adminSlug((await headers()).get(WANTED_PATH_HEADER));
  if (slug && !resolveAdminRoute(slug)) notFound();
  const t = await getTranslations('admin');
  const items: MenuItem[] = MENU.map((area) => ({
    key: area.key,
    href: adminPath.list(area),
    prefixes: [adminPath.list(area), adminPath.create(area), `/Admin/${area.edit}`],
  }));
  if (can(user, 'content') && !isPending(user)) {
    // Read live on every render of the back office (inquiries are never cached).
    const unread = await unreadInquiryCount();
    items.push({
      key: 'inquiries',
      href: adminPath.inquiries,
      prefixes: [adminPath.inquiries, '/Admin/Inquiry'],
      badge: { count: unread, label: t('inquiries.unread', { count: unread }) },
    });
    items.push(
      { key: 'seo', href: adminPath.seo, prefixes: [adminPath.seo] },
      { key: 'redirects', href: adminPath.redirects, prefixes: [adminPath.redirects] },
    );
  }
  // Users, the company-level settings (brand, where quote requests are mailed), the activity log
  // and the backups: Admins only.
  if (can(user, 'users')) {
    const pending = await pendingUserCount();
    items.push(
      {
        key: 'users',
        href: '/Admin/Users',
        prefixes: ['/Admin/Users'],
        badge: { count: pending, label: t('users.pendingCount', { count: pending }) },
      },
      { key: 'settings', href: '/Admin/Settings', prefixes: ['/Admin/Settings'] },
      { key: 'activity', href: adminPath.activity, prefixes: [adminPath.activity] },
      { key: 'backups', href: adminPath.backups, prefixes: [adminPath.backups] },
    );
  }
  const inbox = items.find((item) => item.key === 'inquiries');
  return (
    <ScopedIntlProvider namespaces={CLIENT_NAMESPACES}>
      <AdminNavigation>
        <UnsavedChanges>
          {/* Phones (768 px or less): one 56 px bar (logo, language, section switcher, unread inquiries)
          above the content, and the account's links after it; the aside's boxes are laid out by
          the page's column there (display: contents). Wider: the side column as before. */}
          <div className="flex min-h-svh flex-col min-[769px]:grid min-[769px]:grid-cols-[16rem_1fr]">
            {/* Scrolls by itself when its menu is taller than the screen (15 entries for an Admin
              since issue 37): the account's links at its foot stay reachable on a short screen. */}
            <aside className="contents min-[769px]:sticky min-[769px]:top-0 min-[769px]:flex min-[769px]:h-svh min-[769px]:flex-col min-[769px]:overflow-y-auto min-[769px]:gap-4 min-[769px]:border-e min-[769px]:border-zinc-200 min-[769px]:bg-zinc-100 min-[769px]:p-4 dark:min-[769px]:border-zinc-800 dark:min-[769px]:bg-zinc-900">
              <div
                data-sticky-top
                className="sticky top-0 z-40 order-first flex h-14 items-center gap-1.5 border-b border-zinc-200 bg-zinc-100 px-2 min-[769px]:static min-[769px]:order-none min-[769px]:contents dark:border-zinc-800 dark:bg-zinc-900"
                data-testid="admin-top-bar"
              >
                <BrandBar
                  home="/Admin"
                  logo={{ box: 'h-6 w-20 min-[769px]:h-9 min-[769px]:w-36', className: 'h-6 w-auto min-[769px]:h-9' }}
                  className="shrink-0"
                />
                <AdminNav items={items} />
                {inbox?.badge && (
                  <AdminLink
                    href={inbox.href}
                    className="relative grid size-10 shrink-0 place-items-center rounded-full border border-zinc-300 min-[769px]:hidden dark:border-zinc-700"
                    data-testid="shell-inbox"
                  >
                    <InboxIcon />
                    {/* Named by its content, not aria-label: a label must hold the visible count as shown, and the
                      plural's words ("one unread inquiry", "1,234") do not (axe: label-content-name-mismatch). */}
                    <span className="sr-only">{`${t('menu.inquiries')} (${inbox.badge.label})`}</span>
                    {inbox.badge.count > 0 && (
                      <span
                        aria-hidden="true"
                        className="absolute -end-1.5 -top-1.5 inline-grid min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white"
                        data-testid="shell-inbox-count"
                      >
                        {inbox.badge.count}
                      </span>
                    )}
                  </AdminLink>
                )}
              </div>
              <div className="order-last flex flex-col gap-2 border-t border-zinc-200 bg-zinc-100 p-4 min-[769px]:order-none min-[769px]:mt-auto min-[769px]:border-0 min-[769px]:bg-transparent min-[769px]:p-0 dark:border-zinc-800 dark:bg-zinc-900">
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {t('signedInAs', { name: user.name })} ·{' '}
                  <AdminLink href="/Admin/Account" className="font-semibold underline" data-testid="account-link">
                    {t('account.nav')}
                  </AdminLink>
                </p>
                <AdminLink href="/" className="btn-secondary">
                  {t('viewSite')}
                </AdminLink>
                <LogoutButton />
              </div>
            </aside>
            <main id="main" className="flex-1 p-4 min-[769px]:p-8">
              <AdminScreen>{children}</AdminScreen>
            </main>
          </div>
        </UnsavedChanges>
      </AdminNavigation>
      <AppToaster locale={locale} />
    </ScopedIntlProvider>
  );
}
