import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { deleteItem } from '@/lib/admin/item-actions';
import type { AreaDef } from '@/lib/admin/areas';
import { adminPath, CONFIRM_DELETE_ID, ITEM_AREA_FIELD, ITEM_ID_FIELD } from '@/lib/admin/areas';
import type { AdminCard } from '@/lib/admin/server';
import { AdminLink } from '@/components/admin/admin-link';
import { SocialIcon } from '@/components/site/social-icon';
import { localePath } from '@/lib/pages';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { DeleteButton } from './delete-button';
import { PlainDeleteConfirm } from './plain-delete-confirm';
import { DragHandle } from './drag-handle';
import { OrderButtons } from './order-buttons';
import { REORDER_ITEM_CLASS } from './reorder-marks';
import { deleteReason } from '@/lib/admin/notices';
import { SlideOrder } from './slide-order';

/** The cards' list: slides in order are dragged by the client leaf around it, others stay plain. */
function ListOf({
  reorderable,
  ids,
  className,
  children,
}: {
  reorderable: boolean;
  ids: number[];
  className: string;
  children: ReactNode;
}) {
  return reorderable ? (
    <SlideOrder ids={ids} className={className}>
      {children}
    </SlideOrder>
  ) : (
    <ul className={className} data-testid="item-list">
      {children}
    </ul>
  );
}

/** The list's own query words that say what just happened: not carried into its links. */
const TRANSIENT = new Set(['saved', 'moved', 'moveError', 'confirmDelete', 'deleteError']);

/** The list's address as shown now (search, filters, page), with `extra` set. */
function listHref(area: AreaDef, query: Record<string, string | string[] | undefined>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string' && !TRANSIENT.has(key)) params.set(key, value);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `${adminPath.list(area)}${search ? `?${search}` : ''}`;
}

/** The one list screen: heading, create button, empty state, and a grid of up to 3 columns. */
export async function ItemList({
  area,
  cards,
  locale,
  query = {},
  toolbar,
  footer,
  filtered = false,
  moved,
  saved,
}: {
  area: AreaDef;
  cards: (AdminCard & { draft?: boolean; featured?: boolean; main?: boolean })[];
  locale: string;
  /**
   * The page's query: kept in the links a delete without scripts follows, and read for its
   * confirmation (`confirmDelete=<id>`) and refusal (`deleteError=<code>`).
   */
  query?: Record<string, string | string[] | undefined>;
  /** Above the cards: the search and filters of a long list. */
  toolbar?: ReactNode;
  /** Below them: its pages. */
  footer?: ReactNode;
  /** The list is a search's result: an empty one says so instead of "add one". */
  filtered?: boolean;
  /** After a Move up / Move down (a plain form, so also without scripts): which slide, or a refusal. */
  moved?: { id: number | null; failed: boolean };
  /** After a save sent without scripts (the scripted form says it in a toast): what was done. */
  saved?: 'created' | 'updated' | 'deleted';
}) {
  const t = await getTranslations(`admin.areas.${area.key}`);
  const ta = await getTranslations('admin');
  const te = await getTranslations('errors');
  const titleOf = (card: AdminCard, index: number) =>
    area.numbered ? t('itemTitle', { number: index + 1, total: cards.length }) : card.title;
  const confirming = cards.findIndex((card) => String(card.id) === query.confirmDelete);
  const deleteError = typeof query.deleteError === 'string' ? query.deleteError : undefined;
  // Reordering means the whole list: not on a searched one.
  const reorderable = area.numbered && !filtered;
  const listClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3';
  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script: where focus goes once a deleted card leaves the list. */}
        <h1 tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
          {t('title')}
        </h1>
        <AdminLink href={adminPath.create(area)} className="btn-primary" data-testid="create-link">
          {t('createButton')}
        </AdminLink>
      </div>
      {toolbar}
      {saved && (
        <p role="status" className="mb-4 font-semibold" data-testid="saved-notice">
          {t(saved)}
        </p>
      )}
      {deleteError && (
        <p role="alert" className="mb-4 font-semibold text-red-700 dark:text-red-400" data-testid="delete-notice">
          {deleteReason(deleteError) ? te(deleteReason(deleteError)!) : t('deleteFailed')}
        </p>
      )}
      {confirming >= 0 && (
        // Delete without scripts: the card's Delete led here; the scripted one asks in a dialog.
        <PlainDeleteConfirm
          name={<bdi dir={area.ltrCard ? 'ltr' : undefined}>{titleOf(cards[confirming]!, confirming)}</bdi>}
          text={t('deleteConfirmText')}
          action={deleteItem}
          fields={{ locale, [ITEM_AREA_FIELD]: area.key, [ITEM_ID_FIELD]: cards[confirming]!.id }}
          cancelHref={listHref(area, query)}
        />
      )}
      {moved?.failed ? (
        <p role="alert" className="mb-4 font-semibold text-red-700 dark:text-red-400" data-testid="move-notice">
          {ta('slideMoveFailed')}
        </p>
      ) : (
        moved?.id &&
        cards.some((card) => card.id === moved.id) && (
          <p role="status" className="mb-4 font-semibold" data-testid="move-notice">
            {ta('slideMovedTo', { to: cards.findIndex((card) => card.id === moved.id) + 1, total: cards.length })}
          </p>
        )
      )}
      {cards.length === 0 && filtered ? (
        <p className="rounded-2xl border border-dashed border-zinc-400 p-10 text-center text-lg font-semibold" data-testid="empty-state">
          {ta('noMatches')}
        </p>
      ) : cards.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-400 p-10 text-center" data-testid="empty-state">
          <p className="text-lg font-semibold">{t('empty')}</p>
          {t.has('emptyHint') && <p className="mt-2 text-zinc-700 dark:text-zinc-300">{t('emptyHint')}</p>}
        </div>
      ) : (
        // On a phone each card is a row (a small picture beside the name and the buttons), so a
        // screen shows several; wider, a grid of cards with the picture on top.
        <ListOf reorderable={reorderable} ids={cards.map((card) => card.id)} className={listClass}>
          {cards.map((card, index) => (
            <li
              key={card.id}
              className={`flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200 sm:flex-col dark:bg-zinc-900 dark:ring-zinc-800 ${reorderable ? REORDER_ITEM_CLASS : ''}`}
              data-testid="item-card"
            >
              <div className="relative w-20 shrink-0 bg-zinc-200 sm:aspect-video sm:w-auto dark:bg-zinc-800">
                {!card.image && area.initials && <InitialsAvatar name={card.title} />}
                {card.image && (
                  <Image
                    src={card.image}
                    alt=""
                    fill
                    sizes="(min-width: 1280px) 30vw, (min-width: 640px) 45vw, 80px"
                    className={area.logo ? 'object-contain p-4' : 'object-cover'}
                  />
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-2 sm:p-4">
                <div className="flex items-center justify-between gap-2">
                  <h2
                    id={`item-${card.id}-title`}
                    className="min-w-0 text-base font-bold wrap-anywhere sm:text-lg"
                    data-testid="item-title"
                  >
                    {/* Slides have no name: their picture and their place in the home page's order say which. */}
                    {area.numbered ? titleOf(card, index) : <bdi dir={area.ltrCard ? 'ltr' : undefined}>{card.title}</bdi>}
                  </h2>
                  {/* The grip beside the place it changes. */}
                  {reorderable && <DragHandle label={ta('dragSlide', { number: index + 1 })} testId="drag-handle" />}
                </div>
                {card.main && (
                  <div data-testid="main-office">
                    <p className="text-xs font-bold uppercase">
                      <span className="rounded bg-brand px-2 py-0.5 text-zinc-950" data-testid="main-office-badge">
                        {t('mainOffice')}
                      </span>
                    </p>
                    <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300" data-testid="main-office-hint">
                      {t('mainOfficeHint')}
                    </p>
                  </div>
                )}
                {(card.draft || card.featured) && (
                  <p className="flex gap-2 text-xs font-bold uppercase">
                    {card.draft && (
                      <span className="rounded bg-zinc-200 px-2 py-0.5 text-zinc-900" data-testid="draft-badge">
                        {ta('draft')}
                      </span>
                    )}
                    {card.featured && <span className="rounded bg-brand px-2 py-0.5 text-zinc-950">{ta('featured')}</span>}
                  </p>
                )}
                {card.subtitle && (
                  <p className="text-sm font-semibold wrap-anywhere text-zinc-700 dark:text-zinc-300">
                    <bdi dir={area.ltrCard ? 'ltr' : undefined}>{card.subtitle}</bdi>
                  </p>
                )}
                {card.text && <p className="line-clamp-3 text-sm max-sm:hidden text-zinc-700 dark:text-zinc-300">{card.text}</p>}
                {card.links && card.links.length > 0 && (
                  <ul className="flex flex-wrap gap-2 max-sm:hidden">
                    {card.links.map((link) => (
                      <li key={link.kind}>
                        <a
                          href={link.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1 text-sm font-semibold underline"
                        >
                          <SocialIcon kind={link.kind} className="size-4" />
                          {t(`fields.${link.kind}Url`)} — {t('viewProfile')}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="mt-auto flex flex-wrap gap-2 pt-1 sm:pt-3">
                  {reorderable && <OrderButtons id={card.id} index={index} count={cards.length} describedBy={`item-${card.id}-title`} />}
                  <AdminLink
                    href={adminPath.edit(area, card.id)}
                    className="btn-secondary max-sm:px-3 max-sm:py-1.5 max-sm:text-sm"
                    data-testid="edit-link"
                    aria-describedby={`item-${card.id}-title`}
                  >
                    {t.has('editButton') ? t('editButton') : ta('viewDetails')}
                  </AdminLink>
                  <DeleteButton
                    target={area.key}
                    id={card.id}
                    title={ta('deleteTitle')}
                    text={t('deleteConfirmText')}
                    success={t('deleted')}
                    failure={t('deleteFailed')}
                    label={t.has('deleteButton') ? t('deleteButton') : undefined}
                    failureMs={area.errorToastMs}
                    describedBy={`item-${card.id}-title`}
                    // A plain link (before scripts run), so the locale is written in.
                    confirmHref={`${localePath(locale, listHref(area, query, { confirmDelete: String(card.id) }))}#${CONFIRM_DELETE_ID}`}
                  />
                </div>
              </div>
            </li>
          ))}
        </ListOf>
      )}
      {footer}
    </section>
  );
}
