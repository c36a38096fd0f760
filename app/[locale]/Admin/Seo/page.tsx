import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { adminPath } from '@/lib/admin/paths';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { allPageSeo } from '@/lib/settings/page-seo';

// /Admin/Seo (issue 37): each fixed page, whether staff set its search and sharing (in each
// language) or it keeps its defaults, and a link to its form. Admins and Mini Admins.
export const generateMetadata = screenMetadata((t) => t('seo.title'));

export default async function SeoPage({ params }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'content')) return <ForbiddenNotice />;
  const t = await getTranslations('admin.seo');
  const rows = await allPageSeo();
  const state = (set: boolean) => (set ? t('custom') : t('default'));
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="max-w-3xl text-zinc-700 dark:text-zinc-300">{t('intro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="seo-pages">
        {rows.map((row) => (
          <li
            key={row.page}
            className="grid gap-1 rounded-xl bg-white p-4 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
            data-testid="seo-page"
          >
            <p className="font-bold">{t(`pages.${row.page}`)}</p>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {t('language.en')}: {state(Boolean(row.titleEn || row.descriptionEn))} · {t('language.ar')}:{' '}
              {state(Boolean(row.titleAr || row.descriptionAr))} · {row.image ? t('ownImage') : t('noImage')}
            </p>
            <p>
              <AdminLink href={adminPath.seoPage(row.page)} className="font-semibold underline" data-testid={`seo-edit-${row.page}`}>
                {t('edit')}
              </AdminLink>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
