import { expect } from 'vitest';
import { generate } from 'otplib';
import { invoke, invokeWith, sessionCookie } from './actions';
import { shownEnrolment } from '#test-transport';
import { PASSWORD } from './db';

// Two-factor sign-in as a person does it, in either tier: enrolment through the account screen's
// actions (codes computed here from the key it shows, as an authenticator app would), then the
// password step and the code step of signing in.

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

/** The key the account screen shows while enrolment waits for its code (spaces removed), with its QR code. */
export async function shownKey(cookie: string): Promise<string> {
  const shown = await shownEnrolment(cookie);
  expect(shown.key, 'the account screen shows the key').toMatch(/^[A-Z2-7 ]+$/);
  expect(shown.qr, 'the account screen shows the QR code').toBe(true);
  return shown.key!.replace(/ /g, '');
}

/** Enrols `email` through the account screen's actions; returns the key and the ten recovery codes. */
export async function enrol(email: string): Promise<{ key: string; codes: string[]; cookie: string }> {
  const cookie = await sessionCookie(email);
  expect((await invoke('startTwoFactor', [null, form({})], cookie, '/Admin/Account')).result).toEqual({ ok: true });
  const key = await shownKey(cookie);
  // A wrong code does not turn it on.
  const wrong = await invoke('confirmTwoFactor', [null, form({ code: await codeAt(key, -3600) })], cookie, '/Admin/Account');
  expect(wrong.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { code: ['invalidCode'] } });
  const confirmed = await invoke('confirmTwoFactor', [null, form({ code: await codeAt(key) })], cookie, '/Admin/Account');
  const codes = [...new Set(confirmed.text.match(RECOVERY) ?? [])];
  expect(confirmed.result).toEqual({ ok: true, recoveryCodes: codes });
  expect(codes).toHaveLength(10);
  return { key, codes, cookie };
}

/** The password step: no session, a second-step cookie instead. */
export async function passwordStep(email: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await invokeWith('login', [null, form({ email, password: PASSWORD, js: '1' })], { page: '/LogIn', headers });
  expect(res.result).toEqual({ ok: false, error: 'twoFactorRequired', values: { email } });
  expect(cookieNamed(res.setCookie, 'authjs.session-token')).toBeUndefined();
  const step = cookieNamed(res.setCookie, 'sevenstars-second-step');
  expect(step).toBeTruthy();
  return step!;
}

export const codeStep = (stepCookie: string, code: string, headers: Record<string, string> = {}) =>
  invokeWith('loginWithCode', [null, form({ code, js: '1' })], { cookie: stepCookie, page: '/LogIn/Code', headers });
