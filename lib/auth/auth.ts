import 'server-only';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { AppError } from '@/lib/errors';
import { verifyLogin, type LoginResult } from '@/lib/entities/user';
import { openSignIn } from '@/lib/entities/user/sign-in-log';
import { completeSecondStep, SECOND_STEP_COOKIE, startSecondStep } from '@/lib/entities/user/two-factor';
import { LINK_LIFETIME_MS } from '@/lib/auth/account-links';
import { clientIp } from '@/lib/auth/client-address';
import { cookies } from 'next/headers';
import { config } from '@/lib/config';
import { DEVICE_COOKIE, deviceCookieFrom } from '@/lib/auth/device-cookie';

// Auth.js (credentials) for the admin. The JWT only carries a server-side session token (a row in
// api_tokens, kind "session"); the guard checks that row and the user's current flags on every
// request, so logout, demotion and deletion take effect at once. No role is trusted from the JWT.

class SignInRefused extends CredentialsSignin {
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

// HttpOnly: no script needs it. Lax: sent on the sign-in form's own POST. Secure when the site is.
function deviceCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.siteUrl.startsWith('https://'),
    maxAge: config.loginRate.trustedDays * 24 * 60 * 60,
  };
}

// The second-step cookie: only the sign-in actions read it, on their own POSTs (Lax), for as long
// as the token it holds is good.
function secondStepCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.siteUrl.startsWith('https://'),
    maxAge: LINK_LIFETIME_MS['second-step'] / 1000,
  };
}

declare module 'next-auth' {
  interface User {
    sessionToken?: string;
  }
  interface Session {
    sessionToken?: string;
  }
}

export const { auth, signIn, signOut } = NextAuth({
  trustHost: true,
  // A refused sign-in (wrong password, pending account, rate limit) is an answer, not an error.
  logger: {
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error('[auth]', error);
    },
  },
  secret: process.env.AUTH_SECRET,
  session: { strategy: 'jwt', maxAge: 60 * 60 * 24 * 7 },
  pages: { signIn: '/LogIn' },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(credentials, request) {
        return refusalsAsAnswers(async () => {
          const client = { address: clientIp(request), device: deviceCookieFrom(request.headers) };
          const result = await verifyLogin({ email: credentials.email, password: credentials.password }, client);
          if (result.twoFactor) {
            // The right password, but no session until the code: the code step (/LogIn/Code) is tied
            // to this browser by a one-time token in an HttpOnly cookie.
            (await cookies()).set(SECOND_STEP_COOKIE, await startSecondStep(result.user), secondStepCookieOptions());
            throw new AppError(401, 'twoFactorRequired');
          }
          return openSession(result, client.address, request);
        });
      },
    }),
    // The code step of an account with two-factor sign-in (lib/entities/user/two-factor.ts).
    Credentials({
      id: 'two-factor',
      credentials: { code: {} },
      async authorize(credentials, request) {
        return refusalsAsAnswers(async () => {
          const client = { address: clientIp(request), device: deviceCookieFrom(request.headers) };
          const store = await cookies();
          const result = await completeSecondStep(store.get(SECOND_STEP_COOKIE)?.value, credentials.code, client);
          store.delete(SECOND_STEP_COOKIE);
          return openSession(result, client.address, request);
        });
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.sessionToken) token.sessionToken = user.sessionToken;
      return token;
    },
    session({ session, token }) {
      if (typeof token.sessionToken === 'string') session.sessionToken = token.sessionToken;
      return session;
    },
  },
});

async function refusalsAsAnswers<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof AppError) throw new SignInRefused(error.code);
    throw error;
  }
}

/**
 * A signed-in person's session: a row in api_tokens. Only the sign-in actions call authorize
 * (there is no Auth.js route), so Next's cookie store is the action's response: the browser keeps
 * its device cookie for the next sign-in.
 */
async function openSession({ user, device, recoveryCode }: LoginResult, address: string, request: Request) {
  const sessionToken = await openSignIn(user, { recoveryCode }, 'session', { address, userAgent: request.headers.get('user-agent') });
  if (device) (await cookies()).set(DEVICE_COOKIE, device, deviceCookieOptions());
  return { id: String(user.id), name: user.name, email: user.email, sessionToken };
}
