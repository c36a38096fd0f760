import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'about');
}

export default async function AboutPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('about');
  return (
    <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2">
      <div>
        <h1 className="text-4xl font-extrabold leading-tight text-brand-strong dark:text-brand">{t('heading')}</h1>
        <p className="mt-6 text-lg leading-relaxed">{t('p1')}</p>
        <p className="mt-4 text-lg leading-relaxed">{t('p2')}</p>
      </div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl">
        <StaticImage
          src="/brand/about.jpg"
          alt={t('imageAlt')}
          fill
          priority
          sizes="(min-width: 768px) 50vw, 100vw"
          className="object-cover"
        />
      </div>
    </div>
  );
}
