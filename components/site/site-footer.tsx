import { getTranslations } from 'next-intl/server';

export async function SiteFooter() {
  const t = await getTranslations('footer');
  // Below 640 px the floating mail button sits over the bottom corner: keep the line above it.
  return (
    <footer className="border-t border-zinc-200 pt-6 pb-24 text-center text-sm text-zinc-700 sm:pb-6 dark:border-zinc-800 dark:text-zinc-300">
      {/* Both languages on purpose: the spec's footer line is bilingual. Each half carries its
          language, so a screen reader reads it with the right voice. */}
      <p>
        {t('rights', { year: new Date().getFullYear() })} |{' '}
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
