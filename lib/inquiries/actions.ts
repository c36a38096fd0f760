'use server';

import { hasLocale } from 'next-intl';
import { refresh } from 'next/cache';
import { headers } from 'next/headers';
import { z } from 'zod';
import type { ActionResult } from '@/lib/admin/actions';
import { clientAddress } from '@/lib/auth/client-address';
import { requireSessionUser } from '@/lib/auth/guard';
import { hit, refund } from '@/lib/auth/rate-limit';
import { config } from '@/lib/config';
import { isDbFault } from '@/lib/db/faults';
import { parseId } from '@/lib/entities/ids';
import { isCleanText } from '@/lib/entities/fields';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { checkFillToken, issueFillToken } from './fill-token';
import { addInquiryNote, createInquiry, isKnownEventType, removeInquiry, setInquiryStatus } from './index';
import {
  dubaiToday,
  HONEYPOT_FIELD,
  QUOTE_FIELDS,
  quoteValues,
  STARTED_FIELD,
  STATUSES,
  validateQuote,
  type QuoteField,
  type QuoteResult,
} from './schema';

// The quote form's actions (public) and the inbox's (Admins and Mini Admins). Server actions are
// public endpoints: every argument is checked with zod before anything else, and the inbox's pass
// the one guard first.

/** A fill-time token: the form asks for one when a visitor first focuses it (fill-token.ts). */
export async function startQuote(): Promise<string> {
  return issueFillToken();
}

const localeOf = (form: FormData) => {
  const locale = form.get('locale');
  return hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
};

/** What was typed, sent back so a page re-rendered without scripts keeps it. */
function typed(form: FormData): Partial<Record<QuoteField, string>> {
  const values = quoteValues(form);
  return Object.fromEntries(QUOTE_FIELDS.flatMap((f) => (values[f] === undefined ? [] : [[f, values[f]!.slice(0, 5000)]])));
}

/**
 * The quote form's action, in both of its ways in (like the sign-in form): with scripts the form
 * calls it itself (and sets `js`) and shows the thank-you in place; posted by the browser it
 * redirects to the thank-you page on success, and otherwise its answer is the state the
 * re-rendered page shows. A refused request stores nothing.
 */
export async function submitQuote(_previous: QuoteResult | null, form: FormData): Promise<QuoteResult> {
  if (!(form instanceof FormData)) return { ok: false, status: 400, error: 'badRequest' };
  const result = await store(form);
  if (result.ok && form.get('js') !== '1') redirect({ href: '/ContactUs/Thanks', locale: localeOf(form) });
  return result;
}

async function store(form: FormData): Promise<QuoteResult> {
  const values = typed(form);
  // A field people never see: whoever filled it is a program. Told in words all the same (a
  // person whose browser filled it by mistake learns what to do), nothing counted or stored.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== '') return { ok: false, status: 400, error: 'refused', values };

  const started = checkFillToken(form.get(STARTED_FIELD));
  // A post without a good token gets one now, whatever else is wrong, so the next try can pass.
  const token = started === 'missing' ? issueFillToken() : undefined;
  const checked = validateQuote(quoteValues(form), dubaiToday());
  if (!checked.ok) return { ok: false, status: 422, error: 'invalid', fieldErrors: checked.errors, values, token };
  try {
    if (!(await isKnownEventType(checked.data.eventType))) {
      return { ok: false, status: 422, error: 'invalid', fieldErrors: { eventType: 'invalidChoice' }, values, token };
    }
    if (started === 'missing') return { ok: false, status: 400, error: 'confirm', values, token };
    // The same token comes back: the wait counts from when it was issued.
    if (started === 'tooFast') return { ok: false, status: 400, error: 'tooFast', values, token: String(form.get(STARTED_FIELD)) };

    const key = `quote:${clientAddress(await headers(), config.trustProxyHops)}`;
    if ((await hit(key, config.quoteRate.windowSeconds)) > config.quoteRate.perAddress) {
      return { ok: false, status: 429, error: 'tooManyRequests', values };
    }
    try {
      await createInquiry(checked.data, localeOf(form));
    } catch (error) {
      await refund(key).catch(() => undefined); // not stored: the try does not count
      throw error;
    }
    return { ok: true };
  } catch (error) {
    if (isDbFault(error)) return { ok: false, status: 503, error: 'unavailable', values };
    console.error('[quote] unexpected error', error);
    return { ok: false, status: 500, error: 'server', values };
  }
}

// ---- The inbox -------------------------------------------------------------------------------

const idArg = z.number().refine((v) => parseId(v) !== null);
const statusArgs = z.tuple([idArg, z.enum(STATUSES)]);
const noteArgs = z.tuple([idArg, z.string()]);
const deleteArgs = z.tuple([idArg]);

function argsOf<T>(schema: z.ZodType<T>, args: unknown[]): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new AppError(400, 'badRequest');
  return parsed.data;
}

async function inbox(body: () => Promise<void>): Promise<ActionResult> {
  try {
    await requireSessionUser('content');
    await body();
    // The menu's unread count and the lists are server-rendered: the screen is drawn again.
    refresh();
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.code, fieldErrors: error.fieldErrors };
    if (isDbFault(error)) return { ok: false, error: 'unavailable' };
    console.error('[inbox action] unexpected error', error);
    return { ok: false, error: 'server' };
  }
}

export async function saveInquiryStatus(id: number, status: string): Promise<ActionResult> {
  return inbox(async () => {
    const [inquiryId, value] = argsOf(statusArgs, [id, status]);
    await setInquiryStatus(inquiryId, value);
  });
}

export async function addNote(id: number, text: string): Promise<ActionResult> {
  return inbox(async () => {
    const [inquiryId, raw] = argsOf(noteArgs, [id, text]);
    const note = raw.trim();
    if (!note) throw new AppError(422, 'invalid', { text: ['required'] });
    if (note.length > 5000) throw new AppError(422, 'invalid', { text: ['tooLong'] });
    if (!isCleanText(note, { multiline: true })) throw new AppError(422, 'invalid', { text: ['invalidCharacters'] });
    const user = await requireSessionUser('content');
    await addInquiryNote(inquiryId, user, note);
  });
}

export async function deleteInquiry(id: number): Promise<ActionResult> {
  return inbox(async () => {
    const [inquiryId] = argsOf(deleteArgs, [id]);
    await removeInquiry(inquiryId);
  });
}
