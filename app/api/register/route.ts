import { register } from '@/lib/entities/user';
import { errorMessage } from '@/lib/i18n/messages';
import { usersApi } from '@/lib/legacy/resources';
import { handle, json, preflight, readBody, refuse, SMALL_BODY_LIMIT } from '@/lib/legacy/http';
import { clientIp } from '@/lib/auth/client-address';
import { fromLegacy, legacyUser } from '@/lib/legacy/serializer';

export const OPTIONS = (request: Request) => preflight(request);

// No token is returned: a pending account has nothing to use one for. The old client then
// stores "undefined" and its /Admin guard sends the person to /LogIn. Over the sign-up limits:
// 429 `{message}` with Retry-After (lib/legacy/http.ts maps it, CORS included).
export async function POST(request: Request) {
  return handle(
    request,
    async () => {
      const { fields } = await readBody(request, SMALL_BODY_LIMIT);
      const user = await register(fromLegacy(legacyUser, fields), { address: clientIp(request) });
      return json(request, { message: errorMessage('awaitingApproval'), user: legacyUser.toJson(user) }, 201);
    },
    usersApi,
  );
}

// Methods this path does not answer get a JSON 405 with CORS (lib/legacy/http.ts).
export const GET = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
