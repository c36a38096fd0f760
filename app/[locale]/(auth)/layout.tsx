import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { BrandBar } from '@/components/site/brand-bar';
import { AppToaster } from '@/components/ui/app-toaster';
import { ScopedIntlProvider } from '@/components/ui/scoped-intl-provider';

const CLIENT_NAMESPACES = ['auth', 'validation', 'errors', 'nav', 'common'] as const;

export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ScopedIntlProvider namespaces={CLIENT_NAMESPACES}>
      <div className="grid min-h-svh place-items-center bg-zinc-100 px-4 py-10 dark:bg-zinc-950">
        <div className="w-full max-w-md">
          <BrandBar className="mb-6" />
          <main id="main" className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
            {children}
          </main>
        </div>
      </div>
      <AppToaster locale={locale} />
    </ScopedIntlProvider>
  );
}
