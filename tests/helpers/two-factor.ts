import { expect } from 'vitest';
import { generate } from 'otplib';
import { invoke, invokeWith, sessionCookie } from './actions';
import { BASE } from './api';
import { PASSWORD } from './db';

// Two-factor sign-in as a person does it, over HTTP: enrolment through the account page's actions
// (codes computed here from the key it shows, as an authenticator app would), then the password
// step and the code step of signing in.

export const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};
export const cookieNamed = (setCookie: string[], name: string) =>
  setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith(`${name}=`));
const now = () => Math.floor(Date.now() / 1000);
/** The code an app shows `offset` seconds from now (30: the next step, still accepted, and later than any used so far). */
export const codeAt = (key: string, offset = 0) => generate({ secret: key, epoch: now() + offset });
export const RECOVERY = /\b[A-Z2-9]{5}-[A-Z2-9]{5}\b/g;

/** The key /Admin/Account shows while enrolment waits for its code (groups of four, spaces removed). */
export async function shownKey(cookie: string): Promise<string> {
  const html = await (await fetch(`${BASE}/Admin/Account`, { headers: { Cookie: cookie } })).text();
  const key = /data-testid="two-factor-key"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1];
  expect(key, 'the account page shows the key').toBeTruthy();
  expect(html).toMatch(
    /data-testid="two-factor-qr"[^>]*src="data:image\/svg\+xml;base64,|src="data:image\/svg\+xml;base64,[^"]+"[^>]*data-testid="two-factor-qr"/,
  );
  return key!.replace(/ /g, '');
}

/** Enrols `email` through the account page's actions; returns the key and the ten recovery codes. */
export async function enrol(email: string): Promise<{ key: string; codes: string[]; cookie: string }> {
  const cookie = await sessionCookie(email);
  expect((await invoke('startTwoFactor', [null, form({})], cookie, '/Admin/Account')).text).toContain('"ok":true');
  const key = await shownKey(cookie);
  // A wrong code does not turn it on.
  const wrong = await invoke('confirmTwoFactor', [null, form({ code: await codeAt(key, -3600) })], cookie, '/Admin/Account');
  expect(wrong.text).toContain('"invalidCode"');
  const confirmed = await invoke('confirmTwoFactor', [null, form({ code: await codeAt(key) })], cookie, '/Admin/Account');
  expect(confirmed.text).toContain('"ok":true');
  const codes = [...new Set(confirmed.text.match(RECOVERY) ?? [])];
  expect(codes).toHaveLength(10);
  return { key, codes, cookie };
}

/** The password step: no session, a second-step cookie instead. */
export async function passwordStep(email: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await invokeWith('login', [null, form({ email, password: PASSWORD, js: '1' })], { page: '/LogIn', headers });
  expect(res.text).toContain('"error":"twoFactorRequired"');
  expect(cookieNamed(res.setCookie, 'authjs.session-token')).toBeUndefined();
  const step = cookieNamed(res.setCookie, 'sevenstars-second-step');
  expect(step).toBeTruthy();
  return step!;
}

export const codeStep = (stepCookie: string, code: string, headers: Record<string, string> = {}) =>
  invokeWith('loginWithCode', [null, form({ code, js: '1' })], { cookie: stepCookie, page: '/LogIn/Code', headers });
