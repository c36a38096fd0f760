import type { IncomingMessage as Req } from 'node:http';
import { decode } from 'next-auth/jwt';

// Whether a request carries a valid Auth.js session, checked before Next reads its body (server/main.ts: only a
// signed-in person's POST to the back office may carry more than SMALL_BODY_LIMIT). Auth.js's session cookie is
// an encrypted JWT (JWE, A256CBC-HS512, its key derived from AUTH_SECRET with the cookie's name as salt): decoding
// it with Auth.js's own `decode` proves AUTH_SECRET made it (authenticated encryption, so a forged or edited cookie
// fails) and that it has not expired, without the database: 1.6-3.1 ms valid, 0.8-1.8 ms forged on the shared
// 2-core machine at load average 10 (docs/measurements.md), the decode auth() does on every back-office request.
// What it does not prove is that its api_tokens row still stands (lib/auth/auth.ts): a cookie signed out or
// revoked within its 7 days still passes here, and the action's own guard refuses it once the body is read (held
// to the large-body places and the per-address cap meanwhile). A database look-up per POST before Next was judged
// not worth it: a second pool in this process (PGlite serves one connection), its cost on every back-office POST.

/** The cookie names Auth.js gives the session (`__Secure-` on https); each is also the salt of its key. */
const NAMES = ['authjs.session-token', '__Secure-authjs.session-token'];

/** Auth.js splits a cookie over 4 KB into `name.0`, `name.1`…: the value of `name`, joined back in order. */
function cookieValue(header: string, name: string): string | undefined {
  const parts: [number, string][] = [];
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (key === name) return value;
    const chunk = key.startsWith(`${name}.`) ? key.slice(name.length + 1) : '';
    if (/^\d{1,2}$/.test(chunk)) parts.push([Number(chunk), value]);
  }
  return parts.length
    ? parts
        .sort(([a], [b]) => a - b)
        .map(([, value]) => value)
        .join('')
    : undefined;
}

/** True when the request's session cookie was made with AUTH_SECRET, is unexpired and names a session. */
export async function hasValidSession(req: Req): Promise<boolean> {
  const header = req.headers.cookie;
  const secret = process.env.AUTH_SECRET;
  if (!header || !secret) return false;
  for (const name of NAMES) {
    const token = cookieValue(header, name);
    if (!token) continue;
    try {
      const payload = await decode({ token, secret, salt: name });
      if (typeof payload?.sessionToken === 'string') return true;
    } catch {
      // Not one of ours (forged, edited, made with another secret) or expired.
    }
  }
  return false;
}
