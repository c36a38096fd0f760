// `next/navigation` for the in-process tier (tests/inproc), as server code meets it: the calls that
// end a request (server code uses no other; the hooks are the browser's). In Next they throw an
// error its server turns into a redirect or an error page (its shape is Next's own business); here
// they throw a signal the transport reads (tests/helpers/transport-in-process.ts). next-intl's and
// Auth.js's `redirect` reach this one too.

export class NavigationSignal extends Error {
  constructor(
    readonly kind: 'redirect' | 'notFound' | 'forbidden' | 'unauthorized',
    readonly url = '',
    readonly status = 303,
  ) {
    super(`${kind} ${url}`.trim());
  }
}

export function redirect(url: string): never {
  throw new NavigationSignal('redirect', url);
}

export function permanentRedirect(url: string): never {
  throw new NavigationSignal('redirect', url, 308);
}

export function notFound(): never {
  throw new NavigationSignal('notFound', '', 404);
}

export function forbidden(): never {
  throw new NavigationSignal('forbidden', '', 403);
}

export function unauthorized(): never {
  throw new NavigationSignal('unauthorized', '', 401);
}
