import { getLocale, getTranslations } from 'next-intl/server';
import { getContacts } from '@/lib/content/public';
import { Link } from '@/lib/i18n/navigation';
import { mainOffice } from '@/lib/offices';
import { PUBLIC_PAGES } from '@/lib/pages';
import { getBrand } from '@/lib/settings/brand';
import { Logo } from './logo';
import { SocialIcon } from './social-icon';

const linkClass = 'inline-flex items-center gap-2 underline-offset-4 hover:underline';

export async function SiteFooter() {
  const locale = await getLocale();
  const [t, tc, tn, brand, contacts] = await Promise.all([
    getTranslations('footer'),
    getTranslations('contact'),
    getTranslations('nav'),
    getBrand(locale),
    getContacts(locale),
  ]);
  // The main office (lib/offices.ts mainOffice): its phone, e-mail, address and social links.
  const office = mainOffice(contacts);
  // pb-24 below 640 px: the floating WhatsApp and mail buttons sit over the bottom corner, so the
  // last line of the footer stays above them (components/site/floating-room.ts says how much).
  return (
    <footer
      className="border-t border-zinc-200 pt-8 pb-24 text-sm text-zinc-700 sm:pb-6 dark:border-zinc-800 dark:text-zinc-300"
      data-testid="site-footer"
    >
      <div className="mx-auto grid max-w-5xl gap-8 px-4 sm:grid-cols-2">
        <div className="grid content-start gap-3" data-testid="footer-office">
          <div className="text-zinc-900 dark:text-white">
            <Logo box="h-9 w-36" />
          </div>
          {office && (
            <>
              {office.officeName && <p className="font-bold text-zinc-900 dark:text-white">{office.officeName}</p>}
              {office.phone && (
                <a href={`tel:${office.phone.replace(/[^+\d]/g, '')}`} className={linkClass} data-testid="footer-phone">
                  <SocialIcon kind="phone" className="size-4" />
                  <span dir="ltr">{office.phone}</span>
                </a>
              )}
              {office.email && (
                <a href={`mailto:${office.email}`} className={`${linkClass} break-all`} data-testid="footer-email">
                  <SocialIcon kind="email" className="size-4" />
                  <span dir="ltr">{office.email}</span>
                </a>
              )}
              {office.address && (
                <p className="flex gap-2 whitespace-pre-line" data-testid="footer-address">
                  <SocialIcon kind="pin" className="mt-0.5 size-4 shrink-0" />
                  <span>{office.address}</span>
                </p>
              )}
              {office.links.length > 0 && (
                <ul className="flex flex-wrap gap-2" data-testid="footer-social">
                  {office.links.map((link) => (
                    <li key={link.kind}>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={tc('opensInNewTab', { network: tc(link.kind) })}
                        title={tc(link.kind)}
                        className="grid size-11 place-items-center rounded-full bg-zinc-100 hover:bg-brand hover:text-black dark:bg-zinc-900"
                      >
                        <SocialIcon kind={link.kind} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
        <nav aria-label={t('pages')}>
          <ul className="grid grid-cols-2 gap-1" data-testid="footer-pages">
            {PUBLIC_PAGES.map((page) => (
              <li key={page.path}>
                <Link href={page.path} className="inline-flex min-h-11 items-center font-semibold underline-offset-4 hover:underline">
                  {tn(page.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* Both languages on purpose: the spec's footer line is bilingual. Each half carries its
          language, so a screen reader reads it with the right voice; each half wraps whole (a phone
          split "All rights | … | reserved" across lines in Arabic). */}
      <p className="mt-6 px-4 text-center" data-testid="footer-rights">
        {t('rights', { year: new Date().getFullYear() })} {brand.name} |{' '}
        <span lang="ar" dir="rtl" className="whitespace-nowrap">
          {t('rightsArabic')}
        </span>{' '}
        |{' '}
        <span lang="en" dir="ltr" className="whitespace-nowrap">
          {t('rightsEnglish')}
        </span>
      </p>
    </footer>
  );
}
