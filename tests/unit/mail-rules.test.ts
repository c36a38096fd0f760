import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '@/lib/mail/outbox';
import { parseRecipients, registrationsWindow } from '@/lib/mail/notify';

describe('mail outbox back-off', () => {
  it('doubles from 5 s and stays at 10 minutes, never giving up', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(retryDelaySeconds)).toEqual([5, 10, 20, 40, 80, 160, 320, 600, 600, 600]);
  });
});

describe('inquiry recipients', () => {
  it('takes commas, semicolons and white space, drops invalid addresses and repeats', () => {
    expect(parseRecipients(' A@Example.test, b@example.test;c@example.test\nnot-mail  a@example.test ')).toEqual([
      'a@example.test',
      'b@example.test',
      'c@example.test',
    ]);
    expect(parseRecipients('')).toEqual([]);
  });
});

describe('the sign-up digest window', () => {
  it('keys a window by its start in UTC and makes it due when the window ends', () => {
    expect(registrationsWindow(0, 900)).toEqual({ dedupeKey: 'registrations:1970-01-01T00:00:00.000Z', dueAtEpochSeconds: 900 });
    // 08:44:59 is in the 08:30 window of 15 minutes, due at 08:45; the next window is 08:45's.
    const slot = Math.floor(Date.parse('2026-11-27T08:44:59Z') / 1000 / 900);
    expect(registrationsWindow(slot, 900)).toEqual({
      dedupeKey: 'registrations:2026-11-27T08:30:00.000Z',
      dueAtEpochSeconds: Date.parse('2026-11-27T08:45:00Z') / 1000,
    });
    expect(registrationsWindow(slot + 1, 900).dedupeKey).toBe('registrations:2026-11-27T08:45:00.000Z');
  });
});
