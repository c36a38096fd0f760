import { expect } from 'vitest';
import { invokeWith } from './actions';
import { BASE, freshIp } from './api';

// The quote form as its page calls it: the fill-time token (startQuote) and the form data the
// submit action receives, every field present as the browser sends it.

/** A fill-time token from `base` for the address `ip`; the form may be posted with it, once and from that address, 3 s later at the earliest. */
export async function startQuoteToken(ip = freshIp(), base = BASE): Promise<string> {
  const res = await invokeWith('startQuote', [], { base, page: '/ContactUs', headers: { 'X-Forwarded-For': ip } });
  expect(res.status).toBe(200);
  const token = /"(\d{13}\.[\w-]{22}\.[\w-]{43})"/.exec(res.text)?.[1];
  expect(token, res.text).toBeTruthy();
  return token!;
}

/** The form's fields, empty unless given (a phone, Dubai, "other" and the consent box ticked stand in for the required ones); a list: one part per value (the services ticked). */
export function quoteForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  const all: Record<string, string | string[]> = {
    locale: 'en',
    js: '1',
    name: '',
    phone: '+971 50 123 4567',
    email: '',
    eventType: 'other',
    eventDate: '',
    city: 'dubai',
    guests: '',
    budget: '',
    message: '',
    consent: '1',
    website: '',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return form;
}
