import { getTranslations } from 'next-intl/server';
import { BackToList } from '@/components/admin/back-to-list';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { ItemForm } from '@/components/admin/item-form';
import { areaOf } from '@/lib/admin/content-screen';
import { imageLimits, screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { fieldOptions } from '@/lib/admin/server';
import { can } from '@/lib/auth/permissions';
import { runtimeKey } from '@/lib/i18n/keys';

// A content area's new item (/Admin/CreateTeam, /Admin/CreateEvent, …: lib/admin/rewrites.ts).
type Props = ScreenProps<{ area: string }>;

export const generateMetadata = screenMetadata<{ area: string }>((t, { area }) => t(runtimeKey(`areas.${areaOf(area).key}.createHeading`)));

export default async function AreaCreatePage({ params }: Props) {
  const { locale, area: key } = await params;
  const user = await screenUser(locale);
  const area = areaOf(key);
  if (!can(user, area.meta.permission)) return <ForbiddenNotice />;
  const [ta, options] = await Promise.all([getTranslations(`admin.areas.${area.key}`), fieldOptions(area, locale)]);
  return (
    <section>
      <BackToList area={area} />
      <h1 className="mb-6 text-3xl font-extrabold">{ta('createHeading')}</h1>
      {area.fields.some((field) => field.optionsFrom && !options[field.name]?.length) && (
        <p role="alert" className="mb-4 font-semibold">
          {ta('noClients')}
        </p>
      )}
      <ItemForm areaKey={area.key} options={options} imageLimits={imageLimits()} />
    </section>
  );
}
