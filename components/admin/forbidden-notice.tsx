import { getTranslations } from 'next-intl/server';

/** What a back-office screen shows someone whose role does not open it (the one wording, everywhere). */
export async function ForbiddenNotice() {
  const t = await getTranslations('admin');
  return (
    <p role="alert" className="text-lg font-semibold" data-testid="forbidden">
      {t('forbidden')}
    </p>
  );
}
