import { getTranslations } from 'next-intl/server';

export async function SiteFooter() {
  const t = await getTranslations('footer');
  return (
    <footer className="border-t border-zinc-200 py-6 text-center text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
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
