import { issueToken } from '@/lib/auth/tokens';
import { verifyLogin } from '@/lib/entities/user';
import { usersApi } from '@/lib/legacy/resources';
import { clientIp, handle, json, preflight, readBody, refuse, SMALL_BODY_LIMIT } from '@/lib/legacy/http';
import { legacyUser } from '@/lib/legacy/serializer';

export const OPTIONS = (request: Request) => preflight(request);

export async function POST(request: Request) {
  return handle(
    request,
    async () => {
      const { fields } = await readBody(request, SMALL_BODY_LIMIT);
      // The old client is cross-origin and sends no cookies: its trusted clients are known addresses.
      const address = clientIp(request);
      const { user } = await verifyLogin(fields, { address });
      const token = await issueToken(user.id, 'api', { address, userAgent: request.headers.get('user-agent') });
      const legacy = legacyUser.toJson(user);
      return json(request, { token, is_admin: legacy.is_admin, mine_admin: legacy.mine_admin, user: legacy });
    },
    usersApi,
  );
}

// Methods this path does not answer get a JSON 405 with CORS (lib/legacy/http.ts).
export const GET = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
