// The quote requests tests' answer shape, expected stored answer, form post and row reads, used by both tiers (tests/inproc and tests/integration quote-requests.test.ts).
import { expect } from 'vitest';
import { invokeWith } from './actions';
import { testDb } from './db';
import { quoteForm } from './quote';

/** The quote form action's answer, as far as the tests read it. */
export interface Answer {
  ok: boolean;
  status?: number;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  token?: string;
}

/** A stored request's answer: ok, with the visitor's reference (issue 27). */
export const stored = { ok: true, reference: expect.stringMatching(/^Q-\d{4}-\d{6,}$/) };

/** The quote form's action called as the form on `page` posts `fields`, from the address `ip`. */
export const submitQuote = (fields: Record<string, string | string[]>, ip: string, page: string) =>
  invokeWith('submitQuote', [null, quoteForm(fields)], { page, headers: { 'X-Forwarded-For': ip } });

export const rowsNamed = (name: string) => testDb.inquiry.findMany({ where: { name } });

/** A fill-time token and the address it was given to. */
export interface Issued {
  ip: string;
  token: string;
}
