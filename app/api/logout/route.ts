import { bearerToken } from '@/lib/auth/guard';
import { findToken, revokeToken } from '@/lib/auth/tokens';
import { handle, json, preflight, refuse } from '@/lib/legacy/http';

export const OPTIONS = (request: Request) => preflight(request);

// Revokes the presented token. An unknown or already revoked token is answered 200 too:
// the caller is logged out either way, and the old client only recovers on a 2xx.
export async function POST(request: Request) {
  return handle(request, async () => {
    const token = await findToken(bearerToken(request), 'api');
    if (token) await revokeToken(token.id);
    return json(request, { message: 'logged out' });
  });
}

// Methods this path does not answer get a JSON 405 with CORS (lib/legacy/http.ts).
export const GET = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
