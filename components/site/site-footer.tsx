import { getLocale, getTranslations } from 'next-intl/server';
import { getBrand } from '@/lib/settings/brand';
import { Logo } from './logo';

export async function SiteFooter() {
  const [t, brand] = await Promise.all([getTranslations('footer'), getLocale().then(getBrand)]);
  // Below 640 px the floating mail button sits over the bottom corner: keep the line above it.
  return (
    <footer className="border-t border-zinc-200 pt-6 pb-24 text-center text-sm text-zinc-700 sm:pb-6 dark:border-zinc-800 dark:text-zinc-300">
      {/* Both languages on purpose: the spec's footer line is bilingual. Each half carries its
          language, so a screen reader reads it with the right voice. */}
      <div className="mb-3 flex justify-center text-zinc-900 dark:text-white">
        <Logo box="h-9 w-36" center />
      </div>
      <p>
        {t('rights', { year: new Date().getFullYear() })} {brand.name} |{' '}
        <span lang="ar" dir="rtl">
          {t('rightsArabic')}
        </span>{' '}
        |{' '}
        <span lang="en" dir="ltr">
          {t('rightsEnglish')}
        </span>
      </p>
    </footer>
  );
}
