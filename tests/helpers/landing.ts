// What a visit to a page gets: the redirect's target or the page's own language (first-visit language tests).

/** Where a first visit to `path` lands: the redirect's target, or the page's own language. */
export async function landing(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  const body = await res.text();
  return {
    status: res.status,
    location: res.headers.get('location'),
    lang: /<html[^>]* lang="([a-z]+)"/.exec(body)?.[1] ?? null,
    vary: res.headers.get('vary') ?? '',
    replayed: res.headers.get('x-page-replay') === '1',
  };
}
