import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCookieAfterSignIn, deviceCookieFrom, trustedDevice } from '@/lib/auth/device-cookie';

describe('device cookie', () => {
  const saved = process.env.AUTH_SECRET;
  beforeEach(() => {
    process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = saved;
  });

  it('names the account it was earned for, and only that one', () => {
    const value = deviceCookieAfterSignIn(null, 'owner@example.test')!;
    const nonce = trustedDevice(value, 'owner@example.test');
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(trustedDevice(value, 'other@example.test')).toBeNull();
    expect(value).not.toContain('owner');
  });

  it('keeps the nonce across sign-ins and holds several accounts, the latest first (at most 4)', () => {
    let value = deviceCookieAfterSignIn(null, 'a@example.test')!;
    const nonceA = trustedDevice(value, 'a@example.test');
    for (const email of ['b@example.test', 'c@example.test', 'd@example.test']) value = deviceCookieAfterSignIn(value, email)!;
    value = deviceCookieAfterSignIn(value, 'a@example.test')!;
    expect(trustedDevice(value, 'a@example.test')).toBe(nonceA);
    expect(value.split('~')).toHaveLength(4);
    value = deviceCookieAfterSignIn(value, 'e@example.test')!;
    expect(value.split('~')).toHaveLength(4);
    expect(trustedDevice(value, 'e@example.test')).not.toBeNull();
    expect(trustedDevice(value, 'a@example.test')).toBe(nonceA);
    expect(trustedDevice(value, 'b@example.test')).toBeNull(); // the oldest went
  });

  it('a changed character, another secret or no secret: no trust', () => {
    const value = deviceCookieAfterSignIn(null, 'owner@example.test')!;
    const [account, nonce, signature] = value.split('.');
    expect(trustedDevice(`${account}.${nonce}x.${signature}`, 'owner@example.test')).toBeNull();
    expect(
      trustedDevice(`${account}.${nonce}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`, 'owner@example.test'),
    ).toBeNull();
    process.env.AUTH_SECRET = 'another-secret-another-secret-xx';
    expect(trustedDevice(value, 'owner@example.test')).toBeNull();
    delete process.env.AUTH_SECRET;
    expect(trustedDevice(value, 'owner@example.test')).toBeNull();
    expect(deviceCookieAfterSignIn(null, 'owner@example.test')).toBeNull();
  });

  it('is read from the Cookie header by name', () => {
    const h = new Headers({ cookie: 'a=1; sevenstars-device=abc.def.ghi; b=2' });
    expect(deviceCookieFrom(h)).toBe('abc.def.ghi');
    expect(deviceCookieFrom(new Headers({ cookie: 'xsevenstars-device=1' }))).toBeNull();
  });
});
