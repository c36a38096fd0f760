import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import type { CertificationView } from '@/lib/content/certifications';
import { formatWhen } from '@/lib/i18n/dates';

/**
 * The company's certifications and awards (issue 37 item 2: Home and About): each logo, its name,
 * who issued it, until when it is valid and its certificate when there is one. Server-rendered, no
 * script; nothing when there are none.
 */
export async function Certifications({
  items,
  locale,
  className = '',
}: {
  items: CertificationView[];
  locale: string;
  className?: string;
}) {
  if (!items.length) return null;
  const [t, common] = await Promise.all([getTranslations('proof'), getTranslations('common')]);
  return (
    <section aria-labelledby="certifications-heading" className={className} data-testid="certifications">
      <h2 id="certifications-heading" className="mb-8 text-center text-3xl font-extrabold">
        {t('certificationsHeading')}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex items-center gap-4 rounded-2xl bg-zinc-100 p-4 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
            data-testid="certification"
          >
            {item.logo && (
              <StaticImage
                src={item.logo}
                alt={common('clientLogo', { name: item.name })}
                width={64}
                height={64}
                className="size-16 shrink-0 rounded-lg bg-white object-contain p-1"
              />
            )}
            <div className="min-w-0">
              <p className="font-bold wrap-anywhere" data-testid="certification-name">
                {item.name}
              </p>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('certificationIssuer', { issuer: item.issuer })}</p>
              {item.expiresOn && (
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {t('certificationValid', { date: formatWhen(new Date(`${item.expiresOn}T00:00:00Z`), locale, 'day') })}
                </p>
              )}
              {item.pdf && (
                <a
                  href={item.pdf}
                  target="_blank"
                  rel="noopener"
                  className="text-sm font-semibold text-brand-strong underline underline-offset-2 dark:text-brand"
                  data-testid="certification-pdf"
                >
                  {t('certificationPdf')}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
