// A route handler's Content-Length, through the production server.
//
// Next 16 drops a route handler's Content-Length on its way out (next/dist/server/send-response.js:
// the body may have been decoded on the way in), and streams the body chunked. A route that knows
// its body's exact length (a backup archive's download, where a cut-off file must be seen as one)
// states it under this header instead; server/forward.ts `relay` sends it on as Content-Length and
// never passes the header itself. Served any other way (plain `next start`), the answer is chunked.

export const DECLARED_LENGTH_HEADER = 'x-sevenstars-content-length';

/**
 * Answer headers (a flat name/value list) with the declared length made the Content-Length, when
 * it is a length and the answer has none of its own; the declaring header is dropped either way.
 */
export function declaredLength(raw: string[]): string[] {
  let declared: string | undefined;
  let own = false;
  const rest: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === DECLARED_LENGTH_HEADER) declared = raw[i + 1];
    else {
      if (name === 'content-length') own = true;
      rest.push(raw[i]!, raw[i + 1]!);
    }
  }
  return declared !== undefined && /^\d{1,15}$/.test(declared) && !own ? [...rest, 'Content-Length', declared] : rest;
}
