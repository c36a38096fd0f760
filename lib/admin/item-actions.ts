'use server';

// The content areas' actions (lib/admin/areas.ts): save and delete an item, move a slide. Each passes
// the one guard first, then calls the entity write path that /api uses; errors come back as codes.
import { redirect as redirectTo } from 'next/navigation';
import { type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import * as crud from '@/lib/entities/crud';
import { z } from 'zod';
import { redirect } from '@/lib/i18n/navigation';
import { localePath } from '@/lib/pages';
import { parseId } from '@/lib/entities/ids';
import { moveSlide as moveSlideInOrder, moveSlideTo as moveSlideToPlace } from '@/lib/entities/slides/order';
import { AppError } from '@/lib/errors';
import { routing } from '@/lib/i18n/routing';
import { sentVersion, VERSION_FIELD } from '@/lib/entities/version';
import { argsOf, formArgs, formLocale, idArg, runAction, type ActionResult } from '@/lib/admin/action-kit';
import { isScripted } from '@/lib/http/scripted-form';
import { entityOf } from '@/lib/entities/registry';
import { adminPath, AREAS, formInput, ITEM_AREA_FIELD, ITEM_ID_FIELD, REMOVE_DOCUMENT_SUFFIX, type AreaKey } from '@/lib/admin/areas';
import { typedValues } from '@/lib/admin/conflict';
import { formValues } from '@/lib/admin/server';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

const areaArg = z.enum(Object.keys(AREAS) as [AreaKey, ...AreaKey[]]);

/**
 * The item a form is about: its hidden `itemArea` and `itemId` (blank for a new one). Hidden
 * fields, not bound arguments: a Server Function bound in a Client Component never finishes a post
 * without scripts under useActionState (vercel/next.js#98045). Checked as arguments are: an odd
 * area or id is a bad request.
 */
function itemOf(form: FormData, { existing }: { existing: boolean }): { area: AreaKey; id: number | null } {
  const area = areaArg.safeParse(form.get(ITEM_AREA_FIELD));
  const rawId = form.get(ITEM_ID_FIELD);
  const blank = rawId === null || rawId === '';
  const id = blank ? null : parseId(rawId);
  if (!area.success || (!blank && id === null) || (existing && id === null)) throw new AppError(400, 'badRequest');
  return { area: area.data, id };
}

/** The area a posted form names, to answer on its list (null when it names none). */
function namedArea(form: FormData): AreaKey | null {
  const area = areaArg.safeParse(form.get(ITEM_AREA_FIELD));
  return area.success ? area.data : null;
}

const sentFile = (value: FormDataEntryValue | null) => (value instanceof File && value.size > 0 ? value : null);

/** The form's fields as the schema reads them, and its files: the image, the document or the order to drop it. */
function fieldsOf(key: AreaKey, form: FormData): { raw: Record<string, unknown>; files: crud.Uploads } {
  const { fields } = AREAS[key];
  const document = fields.find((field) => field.kind === 'document');
  return {
    raw: formInput(fields, form),
    files: {
      image: fields.some((field) => field.kind === 'image') ? sentFile(form.get('image')) : null,
      ...(document
        ? { document: sentFile(form.get(document.name)), removeDocument: form.get(`${document.name}${REMOVE_DOCUMENT_SUFFIX}`) === '1' }
        : {}),
    },
  };
}

/**
 * The item form's action (a content area's create, or an item's update): `itemArea`, `itemId`
 * (blank to create) and the fields. An update carries the version its form was read at (hidden
 * `version`); over a newer one it is refused (409 `staleVersion`) and the answer holds the item as
 * saved now, for the form to show what changed and re-apply on. Called by the form's script
 * (after its confirmation dialog) it answers in place; posted by the browser, saved goes to the
 * list saying so, refused comes back with the errors and what was typed.
 */
export async function saveItem(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  // Which item the form was about, once its fields passed the checks.
  let target: { area: AreaKey; id: number | null } | null = null;
  const result = await run('content', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const item = itemOf(data, { existing: false });
    target = item;
    const { raw, files } = fieldsOf(item.area, data);
    const who = await whoOfAction(user);
    if (item.id === null) return void (await crud.create(entityOf(item.area), raw, files, who));
    await crud.update(entityOf(item.area), item.id, raw, files, who, sentVersion(data.get(VERSION_FIELD)));
  });
  const saved = target as { area: AreaKey; id: number | null } | null;
  const answer = result.ok || result.error !== 'staleVersion' || !saved?.id ? result : await withConflict(result, saved.area, saved.id);
  if (!(form instanceof FormData) || isScripted(form)) return answer;
  if (answer.ok) {
    const list = saved ? `${adminPath.list(AREAS[saved.area])}?saved=${saved.id === null ? 'created' : 'updated'}` : '/Admin';
    redirectTo(localePath(formLocale(form), list));
  }
  const area = namedArea(form);
  return { ...answer, values: area ? typedValues(AREAS[area].fields, form) : undefined };
}

/** A stale save's refusal with the item as saved now. */
async function withConflict(result: ActionResult & { ok: false }, area: AreaKey, id: number): Promise<ActionResult> {
  const now = await formValues(AREAS[area], id);
  return {
    ok: false,
    error: result.error,
    status: 409,
    ...(now?.version ? { conflict: { version: now.version, values: now.values } } : {}),
  };
}

/**
 * An item's delete (`itemArea`, `itemId`), from the list's confirmation: the dialog's script
 * answers in place; without scripts (the list's own confirmation at `?confirmDelete=<id>`,
 * components/admin/item-list.tsx) the list again, saying deleted (`?saved=deleted`) or why not
 * (`?deleteError=<code>`).
 */
export async function deleteItem(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await run('content', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const { area, id } = itemOf(data, { existing: true });
    await crud.remove(entityOf(area), id!, await whoOfAction(user));
  });
  if (!(form instanceof FormData) || isScripted(form)) return result;
  const area = namedArea(form);
  const query = result.ok ? '?saved=deleted' : `?deleteError=${encodeURIComponent(result.error)}`;
  redirectTo(localePath(formLocale(form), `${area ? adminPath.list(AREAS[area]) : '/Admin'}${query}`));
}

const moveSlideArgs = z.tuple([z.instanceof(FormData)]);

/**
 * Move up / Move down on the slide list: a plain form's action (works without scripts, and by
 * keyboard as any button does). Answers by going back to the list, the moved slide named in the
 * URL so its card can say so; a refusal is named there too.
 */
export async function moveSlide(form: FormData): Promise<void> {
  const result = await run('content', async (user) => {
    const [data] = argsOf(moveSlideArgs, [form]);
    const id = parseId(data.get('id'));
    const direction = data.get('direction');
    if (!id || (direction !== 'up' && direction !== 'down')) throw new AppError(400, 'badRequest');
    await moveSlideInOrder(id, direction, await whoOfAction(user));
  });
  const id = form instanceof FormData ? parseId(form.get('id')) : null;
  const query = result.ok ? (id ? `?moved=${id}` : '') : `?moveError=${encodeURIComponent(result.error)}`;
  redirect({
    href: `${adminPath.list(AREAS.slides)}${query}`,
    locale: form instanceof FormData ? formLocale(form) : routing.defaultLocale,
  });
}

// A position is a place in a list of slides: 1 up to a bound no list reaches (past its end is its end).
const moveSlideToArgs = z.tuple([idArg, z.number().int().min(1).max(1_000_000)]);

/**
 * Drag and drop on the slide list: the slide to `position` (1-based) in the home page's order.
 * Called from the list's script, which then shows the list as saved and announces the move.
 */
export async function moveSlideTo(id: number, position: number): Promise<ActionResult> {
  return run('content', async (user) => {
    const [slideId, place] = argsOf(moveSlideToArgs, [id, position]);
    await moveSlideToPlace(slideId, place, await whoOfAction(user));
  });
}
