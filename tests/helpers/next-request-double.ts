import { AsyncLocalStorage } from 'node:async_hooks';
import { NextRequest, NextResponse } from 'next/server.js';

// The request a server action runs in, for the in-process tier (tests/inproc), where no Next
// server gives `headers()`, `cookies()` and `after()` their context (outside it Next's own throw).
// The tier's config points `next/headers` here and `next/server`'s `after` at `afterTasks`; a call
// (tests/helpers/in-process-actions.ts) runs the action inside `withRequest`. The cookies are
// Next's own public classes (a NextRequest's and a NextResponse's), so reads, writes and the
// Set-Cookie lines are Next's; a cookie set during the action is read back as the set value, as
// in Next.

interface RequestScope {
  request: NextRequest;
  response: NextResponse;
  /** Work the action handed to `after()`: run once it has answered. */
  after: Array<() => unknown>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

function scope(): RequestScope {
  const current = scopes.getStore();
  if (!current) throw new Error('headers() or cookies() outside an in-process request (tests/helpers/in-process-actions.ts)');
  return current;
}

/**
 * Runs `body` as the request to `url` with these headers (its body is the caller's to hand on);
 * answers what it returned or threw and the Set-Cookie lines, once the after() work is done.
 */
export async function withRequest<T>(
  url: string,
  headers: Headers,
  body: () => Promise<T>,
): Promise<{ outcome: { value: T } | { thrown: unknown }; setCookie: string[] }> {
  const current: RequestScope = { request: new NextRequest(url, { headers }), response: new NextResponse(), after: [] };
  const outcome = await scopes.run(current, async () => {
    try {
      return { value: await body() };
    } catch (thrown) {
      return { thrown };
    }
  });
  // As Next does: after the answer, each task in its turn, a failure logged, never the answer's.
  for (const task of current.after) {
    try {
      await scopes.run(current, task);
    } catch (error) {
      console.error('[after] task failed', error);
    }
  }
  return { outcome, setCookie: current.response.headers.getSetCookie() };
}

export async function headers(): Promise<Headers> {
  return new Headers(scope().request.headers);
}

export async function cookies() {
  const { request, response } = scope();
  const sent = () => new Map(response.cookies.getAll().map((cookie) => [cookie.name, cookie]));
  const jar = {
    get(name: string) {
      const set = sent().get(name);
      if (set) return set.value === '' && set.expires !== undefined ? undefined : set;
      return request.cookies.get(name);
    },
    getAll() {
      const set = sent();
      return [...request.cookies.getAll().filter((c) => !set.has(c.name)), ...set.values()].filter((c) => c.value !== '');
    },
    has(name: string) {
      return jar.get(name) !== undefined;
    },
    set(...args: Parameters<typeof response.cookies.set>) {
      response.cookies.set(...args);
      return jar;
    },
    delete(name: string) {
      response.cookies.delete(name);
      return jar;
    },
  };
  return jar;
}

export function draftMode(): never {
  throw new Error('draftMode() is not used by the product');
}

/** `after()` of `next/server` in the tier: queued in the request, run after its answer. */
export function after(task: Promise<unknown> | (() => unknown)): void {
  scope().after.push(typeof task === 'function' ? task : () => task);
}
