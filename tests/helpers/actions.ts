import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { BASE, freshIp } from './api';
import { PASSWORD } from './db';

// Server actions called directly over HTTP, as a crafted request would call them. Action ids
// come from the build's manifest.

const manifest = JSON.parse(readFileSync(path.resolve('.next/server/server-reference-manifest.json'), 'utf8')) as {
  node: Record<string, { filename: string; exportedName: string }>;
};

/** The action ids of one source file, by exported name. */
export const actionsIn = (filename: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(manifest.node)
      .filter(([, v]) => v.filename === filename)
      .map(([id, v]) => [v.exportedName, id]),
  );
/** The back office's and the sign-in pages' action files (filed by feature, issue 36). */
export const ADMIN_ACTION_FILES = [
  'lib/admin/item-actions.ts',
  'lib/admin/user-actions.ts',
  'lib/admin/account-actions.ts',
  'lib/settings/actions.ts',
  'lib/activity/actions.ts',
  'lib/auth/actions.ts',
  'lib/backups/actions.ts',
] as const;
/**
 * The screen each action's form is on, as staff and visitors meet it: an action is posted through
 * it (Next finds an action only through a page that uses it, and each back-office screen is a
 * route of its own with its own actions). A file's screen, then the actions whose form is elsewhere.
 */
const SCREEN_OF_FILE: Record<(typeof ADMIN_ACTION_FILES)[number] | 'lib/inquiries/actions.ts', string> = {
  'lib/admin/item-actions.ts': '/Admin/CreateTeam',
  'lib/admin/user-actions.ts': '/Admin/Users',
  'lib/admin/account-actions.ts': '/Admin/Account',
  'lib/settings/actions.ts': '/Admin/Settings',
  'lib/activity/actions.ts': '/Admin/Activity',
  'lib/auth/actions.ts': '/LogIn',
  'lib/backups/actions.ts': '/Admin/Backups',
  // A lead's screen (its id need not exist: the action runs, the screen says "not found").
  'lib/inquiries/actions.ts': '/Admin/Inquiry/1',
};
const SCREEN_OF_ACTION: Record<string, string> = {
  deleteItem: '/Admin/Teams',
  moveSlide: '/Admin/Slider',
  moveSlideTo: '/Admin/Slider',
  loginWithCode: '/LogIn/Code',
  register: '/SignUp',
  logout: '/Admin',
  endSession: '/Admin',
  requestPasswordReset: '/ForgotPassword',
  resetPasswordWithLink: '/ResetPassword',
  acceptInvite: '/Invitation',
  createFirstAdmin: '/Setup',
  startQuote: '/ContactUs',
  submitQuote: '/ContactUs',
};

/** The screen to post an action through (its form's page). */
export function screenOf(name: string): string {
  if (Object.hasOwn(SCREEN_OF_ACTION, name)) return SCREEN_OF_ACTION[name]!;
  const file = Object.values(manifest.node).find((v) => v.exportedName === name)?.filename;
  const screen = file && Object.hasOwn(SCREEN_OF_FILE, file) ? SCREEN_OF_FILE[file as keyof typeof SCREEN_OF_FILE] : undefined;
  if (!screen) throw new Error(`no screen known for the action ${name}`);
  return screen;
}

/** Their action ids by exported name (a name is one action: two files exporting it fail here). */
export const ACTIONS: Record<string, string> = ADMIN_ACTION_FILES.reduce<Record<string, string>>((all, file) => {
  for (const [name, id] of Object.entries(actionsIn(file))) {
    if (Object.hasOwn(all, name)) throw new Error(`two action files export ${name}`);
    all[name] = id;
  }
  return all;
}, {});
/** The quote form's and the inbox's actions (issue 19). */
export const INQUIRY_ACTIONS = actionsIn('lib/inquiries/actions.ts');

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

/** Encodes arguments the way React's client does: JSON, with FormData as "$K<n>" plus parts named "_<n>_<field>". */
export function encode(args: Arg[]): { body: BodyInit; type?: string } {
  const forms = args.filter((a): a is FormData => a instanceof FormData);
  if (!forms.length) return { body: JSON.stringify(args), type: 'text/plain;charset=UTF-8' };
  const body = new FormData();
  let ref = 0;
  const root = args.map((a) => {
    if (!(a instanceof FormData)) return a;
    ref += 1;
    for (const [k, v] of a.entries()) body.append(`_${ref}_${k}`, v);
    return `$K${ref}`;
  });
  body.append('0', JSON.stringify(root));
  return { body };
}

/**
 * The action's return value out of its answer (React's flight rows, one `<hex id>:<JSON>` a line):
 * row 0 names the row holding it (`"a":"$@<id>"`). React's "$undefined" (a property set to
 * undefined) is left out, as JSON would leave it. Null when there is none.
 */
export function actionResult(text: string): unknown {
  const rows = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && /^[0-9a-f]+$/.test(line.slice(0, colon))) rows.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const parse = (raw: string | undefined): unknown => {
    if (raw === undefined || !/^[[{"\dtfn-]/.test(raw)) return undefined;
    try {
      return JSON.parse(raw, (_key, value: unknown) => (value === '$undefined' ? undefined : value));
    } catch {
      return undefined;
    }
  };
  const root = parse(rows.get('0')) as { a?: unknown } | undefined;
  const ref = typeof root?.a === 'string' && root.a.startsWith('$@') ? root.a.slice(2) : null;
  const result = ref === null ? undefined : parse(rows.get(ref));
  return result === undefined ? null : result;
}

export interface InvokeOptions {
  cookie?: string;
  page?: string;
  base?: string;
  headers?: Record<string, string>;
}

export async function invokeWith(name: string, args: Arg[], options: InvokeOptions = {}) {
  const base = options.base ?? BASE;
  const id = ACTIONS[name] ?? INQUIRY_ACTIONS[name];
  if (!id) throw new Error(`no action ${name} in the manifest`);
  const { body, type } = encode(args);
  const headers: Record<string, string> = {
    'Next-Action': id,
    Accept: 'text/x-component',
    Origin: base,
    'X-Forwarded-For': freshIp(),
    ...(type ? { 'Content-Type': type } : {}),
    ...(options.cookie ? { Cookie: options.cookie } : {}),
    ...options.headers,
  };
  const res = await fetch(`${base}${options.page ?? screenOf(name)}`, { method: 'POST', headers, body, redirect: 'manual' });
  const text = await res.text();
  return {
    status: res.status,
    text,
    /** What the action returned, parsed (null when the answer holds none: a redirect, a refusal before the action). */
    result: actionResult(text),
    setCookie: res.headers.getSetCookie(),
    requestId: res.headers.get('x-request-id') ?? '',
    /** Where an action that redirects sends the caller (Next's header for a scripted call). */
    redirect: res.headers.get('x-action-redirect') ?? res.headers.get('location') ?? '',
  };
}

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
  expect(res.text).toContain('"ok":true');
  const cookie = res.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('authjs.session-token='));
  expect(cookie).toBeTruthy();
  return cookie!;
}
