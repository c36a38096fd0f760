import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { BASE, freshIp } from './api';
import { PASSWORD } from './db';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';

// Server actions called directly over HTTP, as a crafted request would call them. Action ids
// come from the build's manifest.

const manifest = JSON.parse(readFileSync(path.resolve('.next/server/server-reference-manifest.json'), 'utf8')) as {
  node: Record<string, { filename: string; exportedName: string; workers: Record<string, unknown> }>;
};
/**
 * The address of a page the manifest names as one an action is registered on (Next finds an
 * action only through a page that uses it: a route per screen registers each screen's own), or
 * null for a route, a catch-all or a page needing a real slug. The content areas' generic screens
 * are reached by their team addresses (lib/admin/rewrites.ts); an id is 1 (the screen's own "not
 * found" where it is none: the action runs all the same).
 */
function pageAddress(worker: string): string | null {
  if (!worker.endsWith('/page')) return null;
  const route = worker
    .replace(/^app\/\[locale\]/, '')
    .replace(/\/page$/, '')
    .replace(/\/\([^)]+\)/g, '');
  const team = ADMIN_SEGMENTS.team;
  const content = /^\/Admin\/Content\/\[area\](\/Create|\/\[id\])?$/.exec(route);
  if (content) return `/Admin/${content[1] === '/Create' ? team.create : content[1] ? `${team.edit}/1` : team.list}`;
  const address = route.replace(/\[id\]/g, '1');
  return address.includes('[') ? null : address || '/';
}

/** The pages an action can be called through, as addresses. */
function pagesOf(id: string): string[] {
  return Object.keys(manifest.node[id]?.workers ?? {}).flatMap((worker) => pageAddress(worker) ?? []);
}

/** The page to post an action through: the one asked for when the action is registered there, else one it is. */
export function actionPage(id: string, wanted: string): string {
  const pages = pagesOf(id);
  return pages.includes(wanted) ? wanted : (pages[0] ?? wanted);
}

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
  const res = await fetch(`${base}${actionPage(id, options.page ?? '/Admin')}`, { method: 'POST', headers, body, redirect: 'manual' });
  return {
    status: res.status,
    text: await res.text(),
    setCookie: res.headers.getSetCookie(),
    requestId: res.headers.get('x-request-id') ?? '',
    /** Where an action that redirects sends the caller (Next's header for a scripted call). */
    redirect: res.headers.get('x-action-redirect') ?? res.headers.get('location') ?? '',
  };
}

export const invoke = (name: string, args: Arg[], cookie = '', page = '/Admin', base = BASE) =>
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
