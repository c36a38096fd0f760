import type { IncomingMessage } from 'node:http';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidSession } from '@/server/session-check';

// server/session-check.ts: the check before Next that lets a back-office post be large. Tokens are
// made by Auth.js's own `encode`, as a sign-in makes them (salt = the cookie's name).

const SECRET = 'unit-test-secret-0123456789abcdef0123456789';
const NAME = 'authjs.session-token';
const request = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;
const token = (claims: Record<string, unknown>, options: { secret?: string; salt?: string; maxAge?: number } = {}) =>
  encode({ token: claims, secret: options.secret ?? SECRET, salt: options.salt ?? NAME, maxAge: options.maxAge });
const session = { sub: '1', sessionToken: 'abc' };

let saved: string | undefined;
beforeAll(() => {
  saved = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = SECRET;
});
afterAll(() => {
  if (saved === undefined) delete process.env.AUTH_SECRET;
  else process.env.AUTH_SECRET = saved;
});

describe('hasValidSession', () => {
  it("accepts Auth.js's session cookie under either name, among other cookies, and split in chunks", async () => {
    expect(await hasValidSession(request(`NEXT_LOCALE=ar; ${NAME}=${await token(session)}`))).toBe(true);
    const secure = `__Secure-${NAME}`;
    expect(await hasValidSession(request(`${secure}=${await token(session, { salt: secure })}`))).toBe(true);
    const whole = await token(session);
    const [a, b] = [whole.slice(0, 100), whole.slice(100)];
    expect(await hasValidSession(request(`${NAME}.1=${b}; x=y; ${NAME}.0=${a}`))).toBe(true);
  });

  it('refuses no cookie, a present but forged, edited, foreign, mis-salted or expired one, and one naming no session', async () => {
    const good = await token(session);
    const edited = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const [label, cookie] of [
      ['none', undefined],
      ['other cookies', 'NEXT_LOCALE=ar'],
      ['empty', `${NAME}=`],
      ['forged', `${NAME}=not-a-token`],
      ['edited', `${NAME}=${edited}`],
      ['another secret', `${NAME}=${await token(session, { secret: 'another-secret-0123456789abcdef01234567' })}`],
      ['salted for the other name', `${NAME}=${await token(session, { salt: `__Secure-${NAME}` })}`],
      ['expired', `${NAME}=${await token(session, { maxAge: -60 })}`],
      ['no session token', `${NAME}=${await token({ sub: '1' })}`],
    ] as const)
      expect([label, await hasValidSession(request(cookie))]).toEqual([label, false]);
  });

  it('refuses every cookie when AUTH_SECRET is not set', async () => {
    const cookie = `${NAME}=${await token(session)}`;
    delete process.env.AUTH_SECRET;
    try {
      expect(await hasValidSession(request(cookie))).toBe(false);
    } finally {
      process.env.AUTH_SECRET = SECRET;
    }
  });
});
