import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { PlainDeleteConfirm } from '@/components/admin/plain-delete-confirm';
import { RedirectForm } from '@/components/admin/redirect-form';
import { adminPath } from '@/lib/admin/paths';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { parseId } from '@/lib/entities/ids';
import { localePath } from '@/lib/pages';
import { deleteRedirectForm } from '@/lib/redirects/actions';
import { findRedirect } from '@/lib/redirects/read';

// One redirect to change (its version goes with the form: a save over someone else's is refused,
// never silently overwritten) or delete (`?confirmDelete=1`: a plain confirmation, no script needed).
export const generateMetadata = screenMetadata((t) => t('redirects.editTitle'));

export default async function RedirectPage({ params, searchParams }: ScreenProps<{ id: string }>) {
  const { locale, id: rawId } = await params;
  if (!can(await screenUser(locale), 'content')) return <ForbiddenNotice />;
  const id = parseId(rawId);
  const row = id === null ? null : await findRedirect(id);
  if (!row) notFound();
  const t = await getTranslations('admin');
  const confirming = (await searchParams).confirmDelete === '1';
  const here = adminPath.redirect(row.id);
  return (
    <div className="grid gap-4">
      <AdminLink href={adminPath.redirects} className="text-sm font-semibold underline">
        {t('backToList')}
      </AdminLink>
      <h1 className="text-2xl font-bold">{t('redirects.editTitle')}</h1>
      {confirming && (
        <PlainDeleteConfirm
          name={<span dir="ltr">{row.fromPath}</span>}
          text={t('redirects.deleteConfirm', { from: row.fromPath })}
          action={deleteRedirectForm}
          fields={{ id: row.id, locale }}
          cancelHref={here}
        />
      )}
      <RedirectForm id={row.id} version={row.updatedAt.toISOString()} from={row.fromPath} to={row.toUrl} status={row.status} />
      {!confirming && (
        <p>
          {/* A whole page load (the same screen with its confirmation), as without scripts. */}
          <a href={localePath(locale, `${here}?confirmDelete=1`)} className="btn-danger inline-block" data-testid="redirect-delete">
            {t('redirects.delete')}
          </a>
        </p>
      )}
    </div>
  );
}
