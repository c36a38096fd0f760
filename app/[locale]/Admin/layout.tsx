import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminNav, type MenuItem } from '@/components/admin/admin-nav';
import { LogoutButton } from '@/components/admin/logout-button';
import { BrandBar } from '@/components/site/brand-bar';
import { AppToaster } from '@/components/ui/app-toaster';
import { ScopedIntlProvider } from '@/components/ui/scoped-intl-provider';
import { MENU, adminPath } from '@/lib/admin/areas';
import { can, isPending, sessionUser } from '@/lib/auth/guard';
import { redirectToSignIn } from '@/lib/auth/sign-in-redirect';
import { unreadInquiryCount } from '@/lib/inquiries';
import { pendingUserCount } from '@/lib/entities/user';
import { Link } from '@/lib/i18n/navigation';
import { brandedTitle } from '@/lib/seo';

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
  }
  // Users, and the company-level settings (brand, where quote requests are mailed): Admins only.
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
    );
  }
  return (
    <ScopedIntlProvider namespaces={CLIENT_NAMESPACES}>
      <div className="min-h-svh min-[769px]:grid min-[769px]:grid-cols-[16rem_1fr]">
        <aside className="flex flex-col gap-4 border-b border-zinc-200 bg-zinc-100 p-4 min-[769px]:sticky min-[769px]:top-0 min-[769px]:h-svh min-[769px]:border-b-0 min-[769px]:border-e dark:border-zinc-800 dark:bg-zinc-900">
          <BrandBar home="/Admin" />
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('signedInAs', { name: user.name })} ·{' '}
            <Link href="/Admin/Account" className="font-semibold underline" data-testid="account-link">
              {t('account.nav')}
            </Link>
          </p>
          <AdminNav items={items} />
          <div className="mt-auto flex flex-col gap-2">
            <Link href="/" className="btn-secondary">
              {t('viewSite')}
            </Link>
            <LogoutButton />
          </div>
        </aside>
        <main id="main" className="p-4 min-[769px]:p-8">
          {children}
        </main>
      </div>
      <AppToaster locale={locale} />
    </ScopedIntlProvider>
  );
}
