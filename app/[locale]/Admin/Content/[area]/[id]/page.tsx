import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { BackToList } from '@/components/admin/back-to-list';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { ItemForm } from '@/components/admin/item-form';
import { areaOf } from '@/lib/admin/content-screen';
import { imageLimits, screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { fieldOptions, formValues } from '@/lib/admin/server';
import { parseId } from '@/lib/entities/ids';
import { can } from '@/lib/auth/permissions';
import { runtimeKey } from '@/lib/i18n/keys';
import { localePath } from '@/lib/pages';

// A content area's item (/Admin/Team/5, /Admin/EditSlider/3, …: lib/admin/rewrites.ts).
type Props = ScreenProps<{ area: string; id: string }>;

export const generateMetadata = screenMetadata<{ area: string }>((t, { area }) => t(runtimeKey(`areas.${areaOf(area).key}.editHeading`)));

export default async function AreaEditPage({ params }: Props) {
  const { locale, area: key, id: rawId } = await params;
  const user = await screenUser(locale);
  const area = areaOf(key);
  if (!can(user, area.meta.permission)) return <ForbiddenNotice />;
  const id = parseId(rawId);
  if (!id) notFound();
  const [t, ta, current, options] = await Promise.all([
    getTranslations('admin'),
    getTranslations(`admin.areas.${area.key}`),
    formValues(area, id),
    fieldOptions(area, locale),
  ]);
  if (!current) {
    // Deleted, or never was: this screen's own "not found", with the way back to its list.
    return (
      <section>
        <BackToList area={area} />
        <p role="alert" className="text-lg font-semibold" data-testid="not-found">
          {t('notFound')}
        </p>
      </section>
    );
  }
  return (
    <section>
      <BackToList area={area} />
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-3xl font-extrabold">{ta('editHeading')}</h1>
        {/* The page the item is seen on, in this language, in a tab of its own (the form stays as typed). */}
        {current.sitePath && (
          <a
            href={localePath(locale, current.sitePath)}
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold underline"
            data-testid="view-on-site"
          >
            {t('viewOnSite')}
          </a>
        )}
      </div>
      <ItemForm
        areaKey={area.key}
        id={id}
        initial={current.values}
        version={current.version}
        image={current.image}
        documentUrl={current.document}
        options={options}
        imageLimits={imageLimits()}
      />
    </section>
  );
}
