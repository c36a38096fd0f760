import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { SeoForm } from '@/components/admin/seo-form';
import { adminPath } from '@/lib/admin/paths';
import { imageLimits, screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { pagePath } from '@/lib/pages';
import { localizedUrl } from '@/lib/seo';
import { getBrand } from '@/lib/settings/brand';
import { allPageSeo } from '@/lib/settings/page-seo';
import { isSeoPage } from '@/lib/settings/page-seo-schema';
import { DEFAULT_IMAGES, siteImageUrl } from '@/lib/settings/paths';

// One fixed page's search and sharing. The defaults shown (faded in the fields, and in the
// previews while a field is empty) are what the page says without them: messages/*.json's
// words with the brand, the site's share picture (lib/seo.ts pageMetadata).
export const generateMetadata = screenMetadata((t) => t('seo.title'));

export default async function SeoPageForm({ params, searchParams }: ScreenProps<{ page: string }>) {
  const { locale, page } = await params;
  if (!can(await screenUser(locale), 'content')) return <ForbiddenNotice />;
  if (!isSeoPage(page)) notFound();
  const row = (await allPageSeo()).find((r) => r.page === page)!;
  const t = await getTranslations('admin');
  const defaults = async (language: 'en' | 'ar') => {
    const [meta, brand] = await Promise.all([getTranslations({ locale: language, namespace: 'meta' }), getBrand(language)]);
    return {
      title: meta(page === 'home' ? 'homeTitleFormat' : 'titleFormat', { page: meta(`${page}.title`), site: brand.titleName }),
      description: (page === 'home' && brand.description) || meta(`${page}.description`),
      image: brand.socialImage ?? DEFAULT_IMAGES.socialImage,
    };
  };
  const [en, ar] = await Promise.all([defaults('en'), defaults('ar')]);
  const saved = (await searchParams).saved === '1';
  return (
    <div className="grid gap-4">
      <AdminLink href={adminPath.seo} className="text-sm font-semibold underline">
        {t('backToList')}
      </AdminLink>
      <h1 className="text-2xl font-bold">{t('seo.pageTitle', { page: t(`seo.pages.${page}`) })}</h1>
      {saved && (
        <p role="status" className="font-semibold" data-testid="seo-saved">
          {t('seo.saved')}
        </p>
      )}
      <SeoForm
        page={page}
        version={row.updatedAt ?? 'none'}
        values={{ titleEn: row.titleEn, titleAr: row.titleAr, descriptionEn: row.descriptionEn, descriptionAr: row.descriptionAr }}
        defaults={{ titleEn: en.title, titleAr: ar.title, descriptionEn: en.description, descriptionAr: ar.description }}
        urls={{ en: localizedUrl('en', pagePath(page)), ar: localizedUrl('ar', pagePath(page)) }}
        image={row.image ? siteImageUrl(row.image) : en.image}
        customImage={Boolean(row.image)}
        limits={imageLimits()}
      />
    </div>
  );
}
