import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import { pageMetadata } from '@/lib/seo';
import { getBrand } from '@/lib/settings/brand';
import { KeyFigures } from '@/components/site/key-figures';
import { Certifications } from '@/components/site/certifications';
import { getCertifications } from '@/lib/content/certifications';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'about');
}

export default async function AboutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, meta, brand, certifications] = await Promise.all([
    getTranslations('about'),
    getTranslations('meta'),
    getBrand(locale),
    getCertifications(locale),
  ]);
  // The About text set in the settings replaces the demo's heading and paragraphs (the heading
  // names the demo's founding year); the page's own title heads it then.
  return (
    <>
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold leading-tight text-brand-strong dark:text-brand">
            {brand.about ? meta('about.title') : t('heading')}
          </h1>
          {(brand.about ?? [t('p1'), t('p2')]).map((paragraph, i) => (
            <p key={i} className={`${i ? 'mt-4' : 'mt-6'} text-lg leading-relaxed whitespace-pre-line`} data-testid="about-paragraph">
              {paragraph}
            </p>
          ))}
        </div>
        {/* The picture set in the settings, else the demo brand's (lib/settings/brand.ts). */}
        <div className="relative aspect-[4/3] overflow-hidden rounded-2xl" data-testid="about-image">
          <StaticImage
            src={brand.aboutImage}
            alt={t('imageAlt')}
            fill
            priority
            sizes="(min-width: 768px) 50vw, 100vw"
            className="object-cover"
          />
        </div>
      </div>
      <KeyFigures figures={brand.figures} className="mx-auto max-w-6xl px-4 pb-14" />
      <Certifications items={certifications} locale={locale} className="mx-auto max-w-6xl px-4 pb-14" />
    </>
  );
}
