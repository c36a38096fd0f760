import { expect } from 'vitest';
import { invokeAction, type InvokeOptions } from '#test-transport';
import { BASE } from './base';
import { PASSWORD } from './db';

// Server actions called as a form's script or a crafted request calls them. How a call reaches the
// action is the tier's transport (`#test-transport`, set per Vitest project in vitest.config.ts):
// over HTTP to the test server (tests/helpers/transport-http.ts), or the action called as a
// function in a request of its own (tests/helpers/transport-in-process.ts). The answer has one
// shape in both, so a test reads the same either way.

/** Any JSON value (odd arguments included) or a FormData. */
export type Arg = unknown;

/** A form field's value as a test writes it (a number or null as its text, null as blank). */
type FieldValue = string | number | null | Blob;

/**
 * A form as a page's own script sends it to its action: marked `js` (answered in place, never
 * redirected: lib/http/scripted-form.ts), with `fields` set over `base`'s.
 */
export function scripted(fields: Record<string, FieldValue> = {}, base = new FormData()): FormData {
  const form = new FormData();
  for (const [key, value] of base.entries()) form.append(key, value);
  for (const [key, value] of Object.entries(fields)) form.set(key, value instanceof Blob ? value : value === null ? '' : String(value));
  form.set('js', '1');
  return form;
}

/** A `(prevState, formData)` action's arguments as the scripted form calls it: no state, then the form. */
export const formCall = (fields: Record<string, FieldValue> = {}, base?: FormData): Arg[] => [null, scripted(fields, base)];
/** The item form's and the item delete's call: the area and item (null: a new one) in their hidden fields. */
export const itemCall = (area: string, id: number | null, base?: FormData): Arg[] => formCall({ itemArea: area, itemId: id }, base);
/** A lead form's call: the lead in its hidden field, then the form's own fields. */
export const leadCall = (leadId: number, fields: Record<string, FieldValue> = {}): Arg[] => formCall({ leadId, ...fields });
/** A Users screen form's call: the account in its hidden field, the role boxes ticked ("1") or not sent. */
export const userCall = (userId: number, fields: Record<string, FieldValue> = {}): Arg[] => formCall({ userId, ...fields });

export type { InvokeOptions } from '#test-transport';
export { screenOf } from '#test-transport';

/** Calls the action `name` with `args` (see the transport for what is sent and read). */
export const invokeWith = (name: string, args: Arg[], options: InvokeOptions = {}) => invokeAction(name, args, options);

/** `page`: another page that uses the action (default: its form's screen, `screenOf`). */
export const invoke = (name: string, args: Arg[], cookie = '', page?: string, base = BASE) =>
  invokeWith(name, args, { cookie, page, base });

/** A real session: the login action, as the sign-in form calls it (on `base`, the test server by default). */
export async function sessionCookie(email: string, base = BASE): Promise<string> {
  const form = new FormData();
  form.append('email', email);
  form.append('password', PASSWORD);
  form.append('js', '1'); // as the scripted form sends it: an answer, not a redirect
  const res = await invoke('login', [null, form], '', '/LogIn', base);
  expect(res.result).toEqual({ ok: true, next: '/Admin' });
  const cookie = res.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('authjs.session-token='));
  expect(cookie).toBeTruthy();
  return cookie!;
}
