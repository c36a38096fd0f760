import * as activityActions from '@/lib/activity/actions';
import { screenUser } from '@/lib/admin/screen';
import { sessionUser } from '@/lib/auth/guard';
import { twoFactorStatus } from '@/lib/entities/user/two-factor';
import * as accountActions from '@/lib/admin/account-actions';
import * as itemActions from '@/lib/admin/item-actions';
import * as userActions from '@/lib/admin/user-actions';
import * as authActions from '@/lib/auth/actions';
import * as backupActions from '@/lib/backups/actions';
import * as inquiryActions from '@/lib/inquiries/actions';
import * as redirectActions from '@/lib/redirects/actions';
import * as settingsActions from '@/lib/settings/actions';
import { routing } from '@/lib/i18n/routing';
import { screenOfAction, type ADMIN_ACTION_FILES } from './action-screens';
import { BASE, freshIp } from './base';
import { NavigationSignal } from './next-navigation-double';
import { withRequest } from './next-request-double';

// The in-process tier's transport (tests/inproc; tests/helpers/actions.ts, tests/helpers/api.ts):
// no build, no server. An action is called as the function it is, inside a request of its own
// (its headers, cookies and after() work: tests/helpers/next-request-double.ts); a request goes to
// the route handler its path names (app/**/route.ts, matched as Next matches folders). What Next
// itself does around them (decoding an action's body, the proxy, the body limits, the Origin
// check) is the HTTP tier's to show.

type Arg = unknown;
type Action = (...args: unknown[]) => Promise<unknown>;

const MODULES: Record<(typeof ADMIN_ACTION_FILES)[number] | 'lib/inquiries/actions.ts', Record<string, unknown>> = {
  'lib/admin/item-actions.ts': itemActions,
  'lib/admin/user-actions.ts': userActions,
  'lib/admin/account-actions.ts': accountActions,
  'lib/settings/actions.ts': settingsActions,
  'lib/activity/actions.ts': activityActions,
  'lib/auth/actions.ts': authActions,
  'lib/backups/actions.ts': backupActions,
  'lib/redirects/actions.ts': redirectActions,
  'lib/inquiries/actions.ts': inquiryActions,
};

function findAction(name: string): { action: Action; file: string } {
  for (const [file, exports] of Object.entries(MODULES)) {
    const action = exports[name];
    if (typeof action === 'function') return { action: action as Action, file };
  }
  throw new Error(`no action ${name} in the action files`);
}

export const screenOf = (name: string): string => screenOfAction(name, findAction(name).file);

export interface InvokeOptions {
  cookie?: string;
  page?: string;
  base?: string;
  headers?: Record<string, string>;
}

/** The answer's text, for a test that reads it as text (the HTTP tier's is React's Flight rows; here its JSON). */
const asSent = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** A request's headers as Next's server hands them on: with its host and X-Forwarded-Proto (Auth.js names its cookies by it). */
function asNextHandsOn(headers: Headers): Headers {
  const handed = new Headers(headers);
  if (!handed.has('host')) handed.set('host', new URL(BASE).host);
  if (!handed.has('x-forwarded-proto')) handed.set('x-forwarded-proto', new URL(BASE).protocol.slice(0, -1));
  return handed;
}

/** Calls the action as a function in a request of its own, with the headers a scripted post sends. */
export async function invokeAction(name: string, args: Arg[], options: InvokeOptions = {}) {
  if (options.base && options.base !== BASE) throw new Error('another server is the HTTP tier’s (tests/integration)');
  const { action } = findAction(name);
  const page = options.page ?? screenOf(name);
  const headers = asNextHandsOn(
    new Headers({
      Accept: 'text/x-component',
      Origin: BASE,
      'X-Forwarded-For': freshIp(),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    }),
  );
  const { outcome, setCookie } = await withRequest(`${BASE}${page}`, headers, () => action(...args));
  const base = { setCookie, requestId: '' };
  if ('value' in outcome) {
    // A copy, as the answer crosses to the browser: Flight, like structuredClone, keeps dates,
    // maps and undefined, and shares nothing with the server's objects.
    const result = outcome.value === undefined ? null : structuredClone(outcome.value);
    return { ...base, status: 200, text: asSent(outcome.value), result, redirect: '' };
  }
  const signal = outcome.thrown;
  if (signal instanceof NavigationSignal && signal.kind === 'redirect')
    return { ...base, status: 303, text: '', result: null, redirect: signal.url };
  if (signal instanceof NavigationSignal) return { ...base, status: signal.status, text: '', result: null, redirect: '' };
  // Next answers an action that threw with a 500 (its digest only); the error is the test's to read.
  console.error(`[in-process] ${name} threw`, signal);
  return { ...base, status: 500, text: '', result: null, redirect: '' };
}

// The route handlers, matched by folder as Next does: a static segment over `[param]` over `[...rest]`.
const ROUTES = import.meta.glob<Record<string, unknown>>('/app/**/route.ts');

type Segment = { kind: 'static'; name: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };
const routeTable = Object.keys(ROUTES).map((file) => {
  const folders = file
    .replace(/^\/app\//, '')
    .replace(/\/?route\.ts$/, '')
    .split('/')
    .filter(Boolean)
    // Next's groups `(name)` are not in the URL.
    .filter((folder) => !/^\(.*\)$/.test(folder));
  const segments: Segment[] = folders.map((folder) => {
    const rest = /^\[\.\.\.(.+)\]$/.exec(folder);
    if (rest) return { kind: 'rest', name: rest[1]! };
    const param = /^\[(.+)\]$/.exec(folder);
    if (param) return { kind: 'param', name: param[1]! };
    return { kind: 'static', name: folder };
  });
  return { file, segments };
});

const RANK = { static: 0, param: 1, rest: 2 } as const;

function match(pathname: string): { file: string; params: Record<string, string | string[]> } | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const found = routeTable
    .map(({ file, segments }) => {
      const params: Record<string, string | string[]> = {};
      for (const [i, segment] of segments.entries()) {
        if (segment.kind === 'rest') {
          if (i >= parts.length) return null;
          params[segment.name] = parts.slice(i);
          return { file, params, segments };
        }
        const part = parts[i];
        if (part === undefined) return null;
        if (segment.kind === 'static' && segment.name !== part) return null;
        if (segment.kind === 'param') params[segment.name] = part;
      }
      return segments.length === parts.length ? { file, params, segments } : null;
    })
    .filter((candidate) => candidate !== null)
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
        const order = RANK[a.segments[i]!.kind] - RANK[b.segments[i]!.kind];
        if (order) return order;
      }
      return a.segments.length - b.segments.length;
    });
  const best = found[0];
  return best ? { file: best.file, params: best.params } : null;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** A request answered by the route handler its path names (404 when none does, 405 for a method it lacks). */
export async function send(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin !== new URL(BASE).origin) throw new Error('another server is the HTTP tier’s (tests/integration)');
  // A page's address without a language is English's (next.config.ts rewrites it under /en).
  const route = match(url.pathname) ?? match(`/${routing.defaultLocale}${url.pathname}`);
  if (!route) return new Response('Not Found', { status: 404 });
  const handlers = await ROUTES[route.file]!();
  const handler = handlers[request.method] as Handler | undefined;
  if (!handler) return new Response(null, { status: 405 });
  // In the request's own scope (a back-office route reads the session through next/headers);
  // what it set with cookies() goes out on its answer, as Next sends it.
  const { outcome, setCookie } = await withRequest(request.url, asNextHandsOn(request.headers), () =>
    handler(request, { params: Promise.resolve(route.params) }),
  );
  if ('thrown' in outcome) {
    if (outcome.thrown instanceof NavigationSignal && outcome.thrown.kind === 'redirect')
      return new Response(null, { status: outcome.thrown.status === 308 ? 308 : 307, headers: { Location: outcome.thrown.url } });
    if (outcome.thrown instanceof NavigationSignal) return new Response(null, { status: outcome.thrown.status });
    console.error(`[in-process] ${request.method} ${url.pathname} threw`, outcome.thrown);
    return new Response('Internal Server Error', { status: 500 });
  }
  const response = outcome.value;
  if (setCookie.length) for (const line of setCookie) response.headers.append('Set-Cookie', line);
  return response;
}

/** In a request with this session cookie, as a back-office screen is asked for. */
const asScreen = <T>(cookie: string, body: () => Promise<T>) =>
  withRequest(`${BASE}/en/Admin/Account`, asNextHandsOn(new Headers({ Cookie: cookie })), body);

/**
 * Whether a session cookie still opens the back office: the check every back-office screen starts
 * with (`screenUser`, lib/admin/screen.ts, as /Admin/Account calls it); a dead one is sent to sign in.
 */
export async function backOfficeOpens(cookie: string): Promise<boolean> {
  const { outcome } = await asScreen(cookie, () => screenUser('en', { enrolling: true }));
  if ('value' in outcome) return true;
  if (outcome.thrown instanceof NavigationSignal && outcome.thrown.kind === 'redirect' && /\/LogIn\b/.test(outcome.thrown.url))
    return false;
  throw outcome.thrown;
}

/** What the account screen shows while enrolment waits for its code: what it reads to show them (`twoFactorStatus`). */
export async function shownEnrolment(cookie: string): Promise<{ key: string | undefined; qr: boolean }> {
  const { outcome } = await asScreen(cookie, async () => {
    const user = await sessionUser();
    return user ? twoFactorStatus(user.id) : null;
  });
  if ('thrown' in outcome) throw outcome.thrown;
  const shown = outcome.value;
  return shown?.state === 'pending'
    ? { key: shown.key, qr: shown.qr.startsWith('data:image/svg+xml;base64,') }
    : { key: undefined, qr: false };
}
