import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFromReadableStream } from 'react-server-dom-webpack/client.edge';
import { ADMIN_ACTION_FILES, screenOfAction } from './action-screens';
import { BASE, freshIp } from './base';

type Arg = unknown;

// The HTTP tier's transport (tests/helpers/actions.ts, tests/helpers/api.ts): actions posted to
// the test server with the ids in the build's manifest (the only place ids are), requests fetched.

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
/** The screen to post an action through (its form's page). */
export const screenOf = (name: string): string =>
  screenOfAction(name, Object.values(manifest.node).find((v) => v.exportedName === name)?.filename);

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
 * The consumer manifest's module map, for the page that follows an action that refreshed the screen
 * (its client components are references to the browser's bundles): any module resolves, with no
 * chunk to load, and is never required (only the return value is read).
 */
const ANY_CLIENT_MODULE = new Proxy({}, { get: (_map, id) => ({ '*': { id, chunks: [], name: '*' } }) });

/**
 * What the action returned, decoded from its answer by React's own Flight client (the format the
 * browser reads: long strings in rows of their own, `undefined`, dates). Next's answer to an action
 * is `{ a: <the return value>, … }` at its root. Null when it holds none (a redirect, a refusal
 * before the action ran, a page).
 */
export async function actionResult(text: string): Promise<unknown> {
  try {
    const root: unknown = await createFromReadableStream(new Response(text).body!, {
      serverConsumerManifest: { moduleMap: ANY_CLIENT_MODULE, moduleLoading: null, serverModuleMap: null },
    });
    const answer = root && typeof root === 'object' && 'a' in root ? await root.a : undefined;
    return answer === undefined ? null : answer;
  } catch {
    return null;
  }
}

export interface InvokeOptions {
  cookie?: string;
  page?: string;
  base?: string;
  headers?: Record<string, string>;
}

/** Posts the action over HTTP to its form's screen (or `page`), as a crafted request or the form's script would. */
export async function invokeAction(name: string, args: Arg[], options: InvokeOptions = {}) {
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
    result: await actionResult(text),
    setCookie: res.headers.getSetCookie(),
    requestId: res.headers.get('x-request-id') ?? '',
    /** Where an action that redirects sends the caller (Next's header for a scripted call). */
    redirect: res.headers.get('x-action-redirect') ?? res.headers.get('location') ?? '',
  };
}

/** A request to the test server (or the server its URL names). */
export const send = (request: Request): Promise<Response> => fetch(request);

/** Whether a session cookie still opens the back office: its account screen answers (a dead one is sent to sign in). */
export async function backOfficeOpens(cookie: string): Promise<boolean> {
  const res = await fetch(`${BASE}/Admin/Account`, { headers: { Cookie: cookie }, redirect: 'manual' });
  if (res.status === 200) return true;
  if (res.status === 307 && /\/LogIn\b/.test(res.headers.get('location') ?? '')) return false;
  throw new Error(`/Admin/Account answered ${res.status}`);
}

/** What the account screen shows while enrolment waits for its code: the key (groups of four) and whether its QR code is there. */
export async function shownEnrolment(cookie: string): Promise<{ key: string | undefined; qr: boolean }> {
  const html = await (await fetch(`${BASE}/Admin/Account`, { headers: { Cookie: cookie } })).text();
  return {
    key: /data-testid="two-factor-key"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1],
    qr: /data-testid="two-factor-qr"[^>]*src="data:image\/svg\+xml;base64,|src="data:image\/svg\+xml;base64,[^"]+"[^>]*data-testid="two-factor-qr"/.test(
      html,
    ),
  };
}
