import 'server-only';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { AppError } from '@/lib/errors';
import { issueToken } from '@/lib/auth/tokens';
import { verifyLogin } from '@/lib/entities/user';
import { clientIp } from '@/lib/legacy/http';

// Auth.js (credentials) for the admin. The JWT only carries a server-side session token (a row in
// api_tokens, kind "session"); the guard checks that row and the user's current flags on every
// request, so logout, demotion and deletion take effect at once. No role is trusted from the JWT.

class SignInRefused extends CredentialsSignin {
  constructor(code: string) {
    super(code);
    this.code = code;
  }
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
        try {
          const user = await verifyLogin({ email: credentials.email, password: credentials.password }, clientIp(request));
          return { id: String(user.id), name: user.name, email: user.email, sessionToken: await issueToken(user.id, 'session') };
        } catch (error) {
          if (error instanceof AppError) throw new SignInRefused(error.code);
          throw error;
        }
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
