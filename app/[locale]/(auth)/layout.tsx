import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { LanguageToggle } from '@/components/site/language-toggle';
import { Logo } from '@/components/site/logo';
import { ThemeToggle } from '@/components/site/theme-toggle';
import { Link } from '@/lib/i18n/navigation';

const CLIENT_NAMESPACES = ['auth', 'validation', 'errors', 'nav'] as const;

export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]))}>
      <div className="grid min-h-svh place-items-center bg-zinc-100 px-4 py-10 dark:bg-zinc-950">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center justify-between">
            <Link href="/" className="text-zinc-900 dark:text-white">
              <Logo />
            </Link>
            <div className="flex gap-2">
              <LanguageToggle />
              <ThemeToggle />
            </div>
          </div>
          <main id="main" className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
            {children}
          </main>
        </div>
      </div>
    </NextIntlClientProvider>
  );
}
