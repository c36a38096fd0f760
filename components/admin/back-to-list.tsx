import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { adminPath, type AreaDef } from '@/lib/admin/areas';

/** The content screens' way back to their area's list. */
export async function BackToList({ area }: { area: AreaDef }) {
  const t = await getTranslations('admin');
  return (
    <AdminLink href={adminPath.list(area)} className="mb-4 inline-block text-sm font-semibold underline">
      {t('backToList')}
    </AdminLink>
  );
}
