import { getLocale, getTranslations } from 'next-intl/server';
import { moveSlide } from '@/lib/admin/item-actions';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/icons';

/**
 * Move up / Move down for one slide: two plain forms, so they work without scripts and by keyboard
 * (the accessible way to reorder; no drag needed). The first cannot go up, the last not down.
 */
export async function OrderButtons({ id, index, count, describedBy }: { id: number; index: number; count: number; describedBy: string }) {
  const t = await getTranslations('admin');
  const locale = await getLocale();
  const button = (direction: 'up' | 'down', disabled: boolean) => (
    <form action={moveSlide}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <input type="hidden" name="locale" value={locale} />
      <button
        type="submit"
        disabled={disabled}
        className="btn-secondary px-3"
        aria-describedby={describedBy}
        data-testid={direction === 'up' ? 'move-up' : 'move-down'}
      >
        {direction === 'up' ? <ArrowUpIcon /> : <ArrowDownIcon />}
        <span className="max-sm:sr-only">{direction === 'up' ? t('moveUp') : t('moveDown')}</span>
      </button>
    </form>
  );
  return (
    <div className="flex gap-2">
      {button('up', index === 0)}
      {button('down', index === count - 1)}
    </div>
  );
}
