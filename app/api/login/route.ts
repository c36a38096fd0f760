import { verifyLogin } from '@/lib/entities/user';
import { checkApiCode } from '@/lib/entities/user/two-factor';
import { openSignIn } from '@/lib/entities/user/sign-in-log';
import { AppError } from '@/lib/errors';
import { errorMessage } from '@/lib/i18n/messages';
import { preferredLocale } from '@/lib/http/accept-language';
import { usersApi } from '@/lib/legacy/resources';
import { handle, json, preflight, readBody, refuse, SMALL_BODY_LIMIT } from '@/lib/legacy/http';
import { clientIp } from '@/lib/auth/client-address';
import { legacyUser } from '@/lib/legacy/serializer';

export const OPTIONS = (request: Request) => preflight(request);

export async function POST(request: Request) {
  return handle(
    request,
    async () => {
      const { fields } = await readBody(request, SMALL_BODY_LIMIT);
      // The old client is cross-origin and sends no cookies: its trusted clients are known addresses.
      const address = clientIp(request);
      const { user, twoFactor } = await verifyLogin(fields, { address });
      // An account with two-factor sign-in (docs/accounts.md, "Two-factor sign-in"): the code
      // comes as the extra field `code`. Accounts without it sign in exactly as before.
      let how = {};
      if (twoFactor) {
        try {
          how = await checkApiCode(user, fields.code, { address });
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 401) throw error;
          // The old `{message}` shape, and a flag a client that knows about codes can read.
          const message = errorMessage(error.code, preferredLocale(request.headers.get('accept-language')));
          return json(request, { message, two_factor_required: true }, 401);
        }
      }
      const token = await openSignIn(user, how, 'api', { address, userAgent: request.headers.get('user-agent') });
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
