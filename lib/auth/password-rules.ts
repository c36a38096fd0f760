import 'server-only';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { z } from 'zod';
import { invalid } from '@/lib/errors';

// The one password rule (docs/accounts.md, "Staff accounts"), the same at sign-up, reset,
// change and invitation: 8 to 200 characters, and not guessable by zxcvbn (a kept library that
// knows the common passwords, names, keyboard walks, dates and l33t spellings) at score 3 or more
// ("safely unguessable: moderate protection from an offline attack"). What the person typed as
// their name and e-mail counts as guessable too, so "Sara Events 2026" does not pass for Sara.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** How much of a password zxcvbn looks at (its cost grows fast with length). */
const CHECKED_LENGTH = 64;
/** zxcvbn's 0–4 scale. */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  // Built on first use: the dictionaries are a few MB in memory, and most requests never need them.
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    // Bounded work (measured here: a 200-character password took 13 s with the defaults). Past 64
    // characters a password is long enough whatever it is; 16 l33t substitutions still see P@ssw0rd.
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: 16,
  });
  return checker;
}

/** The words of the person's own that a password must not lean on: each name part and the name run together, the e-mail's parts. */
function personalWords(inputs: (string | undefined)[]): string[] {
  return inputs
    .flatMap((value) => {
      const words = (value ?? '').toLowerCase().split(/[\s@._+-]+/);
      return [...words, words.join('')];
    })
    .filter((word) => word.length >= 3)
    .slice(0, 20);
}

/** True when the password is long enough to check and zxcvbn scores it MIN_SCORE or more. */
export function isStrongPassword(password: string, inputs: (string | undefined)[] = []): boolean {
  return zxcvbn().check(password, personalWords(inputs)).score >= MIN_SCORE;
}

/** The password field of every form that sets one: its length (strength is `assertStrongPassword`, after admission). */
export const newPassword = () =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required', abort: true })
    .min(PASSWORD_MIN, { error: 'passwordTooShort' })
    .max(PASSWORD_MAX, { error: 'tooLong' });

/** The confirmation field's check, for schemas with `password` and `passwordConfirmation`. */
export const confirmed = (value: { password: string; passwordConfirmation: string }) => value.password === value.passwordConfirmation;
export const CONFIRMATION_ISSUE = { error: 'passwordMismatch', path: ['passwordConfirmation'] };

/**
 * Throws 422 `passwordWeak` on `password` unless it is strong. Costs up to a few hundred ms of
 * CPU, so every caller runs it only after the request was admitted: an anonymous sign-up after
 * its rate limits, a reset or an invitation once its link is known good, a change after its count.
 */
export function assertStrongPassword(password: string, inputs: (string | undefined)[]): void {
  if (!isStrongPassword(password, inputs)) throw invalid({ password: ['passwordWeak'] });
}
