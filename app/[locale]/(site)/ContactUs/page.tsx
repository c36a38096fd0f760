import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MapEmbed } from '@/components/site/map-embed';
import { QuoteSection } from '@/components/site/quote-section';
import { SocialIcon } from '@/components/site/social-icon';
import { config } from '@/lib/config';
import { getContacts } from '@/lib/content/public';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'contact');
}

export default async function ContactPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, contacts] = await Promise.all([getTranslations('contact'), getContacts(locale)]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <header className="mb-10 text-center">
        <h1 className="text-4xl font-extrabold">{t('title')}</h1>
        <p className="mt-3 text-lg text-zinc-700 dark:text-zinc-300">{t('subtitle')}</p>
      </header>
      {contacts.length === 0 ? (
        // The spec keeps this sentence in English in both languages; we translate it.
        <p className="text-center text-zinc-700 dark:text-zinc-300" data-testid="contacts-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="grid gap-6" data-testid="contacts">
          {contacts.map((contact) => (
            <li key={contact.id} className="rounded-2xl bg-zinc-100 p-6 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
              <dl className="grid gap-4 sm:grid-cols-2">
                {contact.email && (
                  <div>
                    <dt className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">{t('email')}</dt>
                    <dd>
                      <a
                        href={`mailto:${contact.email}`}
                        className="inline-flex items-center gap-2 text-lg font-bold underline-offset-4 hover:underline"
                      >
                        <SocialIcon kind="email" />
                        <span dir="ltr">{contact.email}</span>
                      </a>
                    </dd>
                  </div>
                )}
                {contact.phone && (
                  <div>
                    <dt className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">{t('phone')}</dt>
                    <dd>
                      <a
                        href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}
                        className="inline-flex items-center gap-2 text-lg font-bold underline-offset-4 hover:underline"
                      >
                        <SocialIcon kind="phone" />
                        <span dir="ltr">{contact.phone}</span>
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
              {contact.links.length > 0 && (
                <ul className="mt-6 flex flex-wrap gap-3">
                  {contact.links.map((link) => (
                    <li key={link.kind}>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('opensInNewTab', { network: t(link.kind) })}
                        title={t(link.kind)}
                        data-testid={`social-${link.kind}`}
                        className="grid size-11 place-items-center rounded-full bg-zinc-900 text-white hover:bg-brand hover:text-black dark:bg-zinc-100 dark:text-zinc-900"
                      >
                        <SocialIcon kind={link.kind} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <QuoteSection locale={locale} />
      <section aria-labelledby="map-heading" className="mt-14">
        <h2 id="map-heading" className="mb-6 text-center text-3xl font-extrabold">
          {t('mapTitle')}
        </h2>
        <MapEmbed src={config.mapEmbedUrl} title={t('mapFrameTitle')} placeholder={t('mapLoading')} />
        <p className="mt-4 text-center">
          <a
            href={config.mapLinkUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-strong underline underline-offset-4 hover:no-underline dark:text-brand"
            data-testid="map-link"
          >
            {t('mapOpen')}
          </a>
        </p>
      </section>
    </div>
  );
}
