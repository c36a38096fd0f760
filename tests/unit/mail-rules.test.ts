import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '@/lib/mail/outbox';
import { parseRecipients } from '@/lib/mail/notify';

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
