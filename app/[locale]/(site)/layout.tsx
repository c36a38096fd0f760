import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LanguageSpinner } from '@/components/site/language-spinner';
import { FloatingClearance } from '@/components/site/floating-clearance';
import { MailButton } from '@/components/site/mail-button';
import { SearchProvider } from '@/components/site/search-context';
import { SearchOverlay } from '@/components/site/search-overlay';
import { SiteFooter } from '@/components/site/site-footer';
import { SiteHeader } from '@/components/site/site-header';
import { WhatsappButton } from '@/components/site/whatsapp-button';
import { ScopedIntlProvider } from '@/components/ui/scoped-intl-provider';

// Only the namespaces the public client components use are sent to the browser.
const CLIENT_NAMESPACES = ['nav', 'common', 'home'] as const;

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('nav');
  return (
    <ScopedIntlProvider namespaces={CLIENT_NAMESPACES}>
      <SearchProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-brand focus:px-4 focus:py-2 focus:text-black"
        >
          {t('skipToContent')}
        </a>
        {/* At least a screen tall, so on a short page the footer sits at the bottom, not mid-screen. */}
        <div className="flex min-h-svh flex-col">
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
        </div>
        <WhatsappButton locale={locale} />
        <MailButton />
        <FloatingClearance />
        <SearchOverlay />
        <LanguageSpinner />
      </SearchProvider>
    </ScopedIntlProvider>
  );
}
