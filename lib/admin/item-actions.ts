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
import { argsOf, formLocale, idArg, runAction, type ActionResult } from '@/lib/admin/action-kit';
import { entityOf } from '@/lib/entities/registry';
import { adminPath, AREAS, formInput, PLAIN_AREA_FIELD, PLAIN_ID_FIELD, typedValues, type AreaKey } from '@/lib/admin/areas';
import { formValues } from '@/lib/admin/server';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

const areaArg = z.enum(Object.keys(AREAS) as [AreaKey, ...AreaKey[]]);
const saveItemArgs = z.tuple([areaArg, idArg.nullable(), z.instanceof(FormData)]);
const deleteItemArgs = z.tuple([areaArg, idArg]);

function fieldsOf(key: AreaKey, form: FormData): { raw: Record<string, unknown>; image: File | null } {
  const value = form.get('image');
  const hasImage = AREAS[key].fields.some((field) => field.kind === 'image');
  return { raw: formInput(AREAS[key].fields, form), image: hasImage && value instanceof File && value.size > 0 ? value : null };
}

/**
 * Create (id null) or update an item of a content area. An update carries the version its form
 * was read at (hidden field `version`); over a newer one it is refused (409 `staleVersion`) and
 * the answer holds the item as saved now, for the form to show what changed and re-apply on.
 */
export async function saveItem(areaKey: AreaKey, id: number | null, form: FormData): Promise<ActionResult> {
  // Which item an update was about, once its arguments passed the checks.
  const target: { area?: AreaKey; id?: number } = {};
  const result = await run('content', async (user) => {
    const [area, itemId, data] = argsOf(saveItemArgs, [areaKey, id, form]);
    const { raw, image } = fieldsOf(area, data);
    const who = await whoOfAction(user);
    if (itemId === null) return void (await crud.create(entityOf(area), raw, image, who));
    Object.assign(target, { area, id: itemId });
    await crud.update(entityOf(area), itemId, raw, image, who, sentVersion(data.get(VERSION_FIELD)));
  });
  if (result.ok || result.error !== 'staleVersion' || !target.area || !target.id) return result;
  const now = await formValues(AREAS[target.area], target.id);
  return {
    ok: false,
    error: result.error,
    status: 409,
    ...(now?.version ? { conflict: { version: now.version, values: now.values } } : {}),
  };
}

/**
 * The item form sent without scripts (a native post, no confirmation dialog to show): saved, the
 * list says so; refused, the form comes back with its errors and what was typed (the scripted
 * form calls saveItem itself and never posts here). The area and the item come as the form's
 * hidden `area` and `id` fields, not bound to the action: a Server Function bound in a Client
 * Component never finishes a post without scripts under useActionState (vercel/next.js#98045).
 * saveItem checks them as it checks bound arguments.
 */
export async function saveItemPlain(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const data = form instanceof FormData ? form : new FormData();
  const areaKey = data.get(PLAIN_AREA_FIELD) as AreaKey;
  const rawId = data.get(PLAIN_ID_FIELD);
  const id = rawId === '' || rawId === null ? null : Number(rawId);
  const result = await saveItem(areaKey, id, form);
  if (!result.ok) {
    const area = typeof areaKey === 'string' && Object.hasOwn(AREAS, areaKey) ? AREAS[areaKey] : null;
    const values = area ? typedValues(area.fields, data) : undefined;
    // The newer values of a refused stale save are the scripted form's to show beside one's own.
    return { ok: false, error: result.error, status: result.status, fieldErrors: result.fieldErrors, values };
  }
  redirectTo(localePath(formLocale(data), `${adminPath.list(AREAS[areaKey])}?saved=${id === null ? 'created' : 'updated'}`));
}

export async function deleteItem(areaKey: AreaKey, id: number): Promise<ActionResult> {
  return run('content', async (user) => {
    const [area, itemId] = argsOf(deleteItemArgs, [areaKey, id]);
    await crud.remove(entityOf(area), itemId, await whoOfAction(user));
  });
}

/**
 * Delete, from the confirmation a list shows without scripts (its Delete is then a link to
 * `?confirmDelete=<id>`, components/admin/item-list.tsx): a plain form's action, answered by the
 * list again, saying it was deleted (`?saved=deleted`) or why not (`?deleteError=<code>`).
 */
export async function deleteItemPlain(form: FormData): Promise<void> {
  const data = form instanceof FormData ? form : new FormData();
  const areaKey = data.get(PLAIN_AREA_FIELD);
  const area = typeof areaKey === 'string' && Object.hasOwn(AREAS, areaKey) ? AREAS[areaKey as AreaKey] : null;
  const result = await deleteItem(areaKey as AreaKey, parseId(data.get(PLAIN_ID_FIELD)) ?? 0);
  const query = result.ok ? '?saved=deleted' : `?deleteError=${encodeURIComponent(result.error)}`;
  redirectTo(localePath(formLocale(data), `${area ? adminPath.list(area) : '/Admin'}${query}`));
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
