import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OfficeJsonLd } from '@/components/site/json-ld';
import { MapEmbed } from '@/components/site/map-embed';
import { QuoteSection } from '@/components/site/quote-section';
import { SocialIcon } from '@/components/site/social-icon';
import { getContacts } from '@/lib/content/public';
import { officeMap } from '@/lib/offices';
import { localizedUrl, pageMetadata } from '@/lib/seo';
import { whatsappUrl } from '@/lib/whatsapp';
import { getBrand } from '@/lib/settings/brand';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'contact');
}

const linkClass = 'inline-flex items-center gap-2 text-lg font-bold underline-offset-4 hover:underline';
const termClass = 'text-sm font-semibold text-zinc-700 dark:text-zinc-300';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className={termClass}>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default async function ContactPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, brand, tw, contacts] = await Promise.all([
    getTranslations('contact'),
    getBrand(locale),
    getTranslations('whatsapp'),
    getContacts(locale),
  ]);
  // The company's name from the settings (the demo's when none is set).
  const company = brand.name;
  const chatMessage = tw('message', { company });
  const pageUrl = localizedUrl(locale, '/ContactUs');
  // Each office with its map; no contact at all still shows the default map, as the spec's page did.
  const offices = contacts.map((contact) => ({ contact, map: officeMap(contact.mapPlace), name: contact.officeName || company }));
  const maps = offices.length
    ? offices.map(({ contact, map }) => ({ id: contact.id, title: contact.officeName, map }))
    : [{ id: 0, title: '', map: officeMap('') }];
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <header className="mb-10 text-center">
        <h1 className="text-4xl font-extrabold">{t('title')}</h1>
        <p className="mt-3 text-lg text-zinc-700 dark:text-zinc-300">{t('subtitle')}</p>
      </header>
      {offices.length === 0 ? (
        // The spec keeps this sentence in English in both languages; we translate it.
        <p className="text-center text-zinc-700 dark:text-zinc-300" data-testid="contacts-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="grid gap-6" data-testid="contacts">
          {offices.map(({ contact, map, name }) => {
            const chat = contact.whatsapp ? whatsappUrl(contact.whatsapp, chatMessage) : null;
            return (
              <li
                key={contact.id}
                className="rounded-2xl bg-zinc-100 p-6 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
                data-testid="office"
              >
                <OfficeJsonLd name={contact.officeName ? `${company} – ${contact.officeName}` : company} url={pageUrl} office={contact} />
                {contact.officeName && (
                  <h2 className="mb-4 text-2xl font-extrabold" data-testid="office-name">
                    {contact.officeName}
                  </h2>
                )}
                <dl className="grid gap-4 sm:grid-cols-2">
                  {contact.email && (
                    <Detail term={t('email')}>
                      <a href={`mailto:${contact.email}`} className={linkClass}>
                        <SocialIcon kind="email" />
                        <span dir="ltr">{contact.email}</span>
                      </a>
                    </Detail>
                  )}
                  {contact.phone && (
                    <Detail term={t('phone')}>
                      <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                        <SocialIcon kind="phone" />
                        <span dir="ltr">{contact.phone}</span>
                      </a>
                    </Detail>
                  )}
                  {chat && (
                    <Detail term={t('office.whatsapp')}>
                      <a
                        href={chat}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('office.whatsappLink', { number: contact.whatsapp })}
                        className={linkClass}
                        data-testid="office-whatsapp"
                      >
                        <SocialIcon kind="whatsapp" />
                        <span dir="ltr">{contact.whatsapp}</span>
                      </a>
                    </Detail>
                  )}
                  {contact.address && (
                    <Detail term={t('office.address')}>
                      <p className="flex gap-2 whitespace-pre-line" data-testid="office-address">
                        <SocialIcon kind="pin" className="mt-1 size-5 shrink-0" />
                        <span>{contact.address}</span>
                      </p>
                    </Detail>
                  )}
                  {contact.hours && (
                    <Detail term={t('office.hours')}>
                      <p className="flex gap-2 whitespace-pre-line" data-testid="office-hours">
                        <SocialIcon kind="clock" className="mt-1 size-5 shrink-0" />
                        <span>{contact.hours}</span>
                      </p>
                    </Detail>
                  )}
                </dl>
                {map.directionsUrl && (
                  <p className="mt-6">
                    <a
                      href={map.directionsUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('office.directionsLabel', { office: name })}
                      className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand px-5 font-bold text-black hover:bg-brand-strong hover:text-white"
                      data-testid="office-directions"
                    >
                      <SocialIcon kind="directions" />
                      {t('office.directions')}
                    </a>
                  </p>
                )}
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
            );
          })}
        </ul>
      )}
      <QuoteSection locale={locale} />
      <section aria-labelledby="map-heading" className="mt-14">
        <h2 id="map-heading" className="mb-6 text-center text-3xl font-extrabold">
          {t('mapTitle')}
        </h2>
        <div className="grid gap-10">
          {maps.map(({ id, title, map }) => (
            <div key={id} data-testid="office-map">
              {title && <h3 className="mb-4 text-center text-xl font-bold">{title}</h3>}
              <MapEmbed
                src={map.embedUrl}
                title={title ? t('office.mapFrameTitle', { office: title }) : t('mapFrameTitle')}
                placeholder={t('mapLoading')}
              />
              <p className="mt-4 text-center">
                <a
                  href={map.openUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-strong underline underline-offset-4 hover:no-underline dark:text-brand"
                  data-testid="map-link"
                >
                  {t('mapOpen')}
                </a>
              </p>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
