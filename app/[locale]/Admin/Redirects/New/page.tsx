import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { RedirectForm } from '@/components/admin/redirect-form';
import { adminPath } from '@/lib/admin/paths';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { REDIRECT_LIMITS } from '@/lib/redirects/rules';

// A new redirect; `?from=` (the 404 monitor's "Make a redirect") fills in its source. Only shown
// in the field, never followed: what is saved is checked by the write path.
export const generateMetadata = screenMetadata((t) => t('redirects.newTitle'));

export default async function NewRedirectPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'content')) return <ForbiddenNotice />;
  const t = await getTranslations('admin');
  const given = (await searchParams).from;
  const from = typeof given === 'string' ? given.slice(0, REDIRECT_LIMITS.pathChars) : '';
  return (
    <div className="grid gap-4">
      <AdminLink href={adminPath.redirects} className="text-sm font-semibold underline">
        {t('backToList')}
      </AdminLink>
      <h1 className="text-2xl font-bold">{t('redirects.newTitle')}</h1>
      <RedirectForm from={from} to="" status={301} />
    </div>
  );
}
