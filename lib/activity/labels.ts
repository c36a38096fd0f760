import type { getTranslations } from 'next-intl/server';
import { runtimeKey } from '@/lib/i18n/keys';

type Translate = Awaited<ReturnType<typeof getTranslations>>;

/** What the activity log calls an entity (`team`, `users`, `settings`…): its menu entry, else its key. */
export function entityLabel(t: Translate, entity: string): string {
  const key = runtimeKey(`admin.menu.${entity}`);
  return t.has(key) ? t(key) : entity;
}
