'use server';

import { refresh } from 'next/cache';
import { headers } from 'next/headers';
import { redirect as redirectTo } from 'next/navigation';
import { z } from 'zod';
import { argsOf, formArgs, formId, formLocale, idArg, runAction, type ActionResult } from '@/lib/admin/action-kit';
import { parseId } from '@/lib/entities/ids';
import { adminPath } from '@/lib/admin/areas';
import { localePath } from '@/lib/pages';
import { whoOfAction } from '@/lib/activity/who';
import { clientAddress } from '@/lib/auth/client-address';
import { requireSessionUser, type CurrentUser } from '@/lib/auth/guard';
import { hit, refund, reset, take } from '@/lib/auth/rate-limit';
import { config } from '@/lib/config';
import { isDbFault } from '@/lib/db/faults';
import { isCalendarDate, requiredText } from '@/lib/entities/fields';
import { AppError } from '@/lib/errors';
import { redirect } from '@/lib/i18n/navigation';
import { checkFillToken, fillTokenUse, issueFillToken } from './fill-token';
import {
  addInquiryNote,
  assignInquiry,
  createInquiry,
  deleteInquiryNote,
  editInquiryNote,
  areKnownServices,
  markInquiryUnread,
  removeInquiry,
  setInquiryStatus,
} from './index';
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
import { LEAD_ID_FIELD, NOTE_ID_FIELD, type LeadForm } from './constants';
import { isScripted } from '@/lib/http/scripted-form';

// The quote form's actions (public) and the inbox's (Admins and Mini Admins). Server actions are
// public endpoints: every argument is checked with zod before anything else, and the inbox's pass
// the one guard first.

/** The caller's address, as the rate limits count it: a fill-time token is good for this one only. */
async function callerAddress(): Promise<string> {
  return clientAddress(await headers(), config.trustProxyHops);
}

/** A fill-time token: the form asks for one when a visitor first focuses it (fill-token.ts). */
export async function startQuote(): Promise<string> {
  return issueFillToken(await callerAddress());
}

/** What was typed, sent back so a page re-rendered without scripts keeps it. */
function typed(form: FormData): Partial<Record<QuoteField, string>> {
  const values = quoteValues(form);
  const out: Partial<Record<QuoteField, string>> = {};
  for (const f of QUOTE_FIELDS) {
    const value = f === 'services' ? values.services.join('\n') : values[f];
    if (value !== undefined) out[f] = value.slice(0, 5000);
  }
  return out;
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
  if (result.ok && !isScripted(form)) {
    redirect({ href: { pathname: '/ContactUs/Thanks', query: { ref: result.reference } }, locale: formLocale(form) });
  }
  return result;
}

async function store(form: FormData): Promise<QuoteResult> {
  const values = typed(form);
  // A field people never see: whoever filled it is a program. Told in words all the same (a
  // person whose browser filled it by mistake learns what to do), nothing counted or stored.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== '') return { ok: false, status: 400, error: 'refused', values };

  const address = await callerAddress();
  const posted = form.get(STARTED_FIELD);
  const started = checkFillToken(posted, address);
  // Every refusal carries the token the next try needs: a fresh one when the post had none (or a
  // forged or expired one, or one given to another address), else the same one (the wait counts
  // from when it was issued). Without scripts the re-rendered form only has what this answer says.
  const token = started === 'missing' ? issueFillToken(address) : String(posted);
  const checked = validateQuote(quoteValues(form), dubaiToday());
  if (!checked.ok) return { ok: false, status: 422, error: 'invalid', fieldErrors: checked.errors, values, token };
  try {
    if (!(await areKnownServices(checked.data.services))) {
      return { ok: false, status: 422, error: 'invalid', fieldErrors: { services: 'invalidChoice' }, values, token };
    }
    if (started === 'missing') return { ok: false, status: 400, error: 'confirm', values, token };
    if (started === 'tooFast') return { ok: false, status: 400, error: 'tooFast', values, token };

    const key = `quote:${address}`;
    if ((await hit(key, config.quoteRate.windowSeconds)) > config.quoteRate.perAddress) {
      return { ok: false, status: 429, error: 'tooManyRequests', values, token };
    }
    // One stored request per token: the first post to count it wins (an atomic upsert, so two at
    // once cannot both be first); any other is answered like a post without a token.
    const use = fillTokenUse(token);
    if ((await take(use.key, use.seconds)).count > 1) {
      await refund(key);
      return { ok: false, status: 400, error: 'confirm', values, token: issueFillToken(address) };
    }
    try {
      return { ok: true, reference: await createInquiry(checked.data, formLocale(form)) };
    } catch (error) {
      // Not stored: neither the try nor the token counts.
      await Promise.all([refund(key), reset(use.key)]).catch(() => undefined);
      throw error;
    }
  } catch (error) {
    if (isDbFault(error)) return { ok: false, status: 503, error: 'unavailable', values, token };
    console.error('[quote] unexpected error', error);
    return { ok: false, status: 500, error: 'server', values, token };
  }
}

// ---- The inbox -------------------------------------------------------------------------------

/** A note: the rule of every multi-line text field (trimmed, 1 to 5,000 characters, no control characters). */
const noteText = requiredText(5000, { multiline: true });

async function inbox(body: (user: CurrentUser | null) => Promise<void>): Promise<ActionResult> {
  const result = await runAction('inbox action', 'content', body);
  // The menu's unread count and the lists are server-rendered: the screen is drawn again.
  if (result.ok) refresh();
  return result;
}

/** A form's text field; a file or nothing in its place is no form of ours. */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  if (typeof value !== 'string') throw new AppError(400, 'badRequest');
  return value;
}

/** A note's text as the rule has it, or 422 under `text`. */
function noteOf(form: FormData): string {
  const checked = noteText.safeParse(textOf(form, 'text'));
  if (!checked.success) throw new AppError(422, 'invalid', { text: [checked.error.issues[0]?.message ?? 'invalid'] });
  return checked.data;
}

/**
 * A lead form's answer: to its script, the result (a toast); posted by the browser, the lead's
 * page again saying saved or failed (`?saved=<form>` / `?failed=<form>`), the inbox after a delete.
 */
function leadAnswer(form: FormData, kind: LeadForm, result: ActionResult): ActionResult {
  if (!(form instanceof FormData) || isScripted(form)) return result;
  const id = parseId(form.get(LEAD_ID_FIELD));
  const back =
    kind === 'delete' && result.ok
      ? `${adminPath.inquiries}?saved=delete`
      : id
        ? `${adminPath.inquiry(id)}?${result.ok ? 'saved' : 'failed'}=${kind}`
        : adminPath.inquiries;
  redirectTo(localePath(formLocale(form), back));
}

/** The lead's status form (`leadId`, `status`). */
export async function saveInquiryStatus(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await inbox(async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const status = STATUSES.find((value) => value === data.get('status'));
    if (!status) throw new AppError(400, 'badRequest');
    await setInquiryStatus(formId(data, LEAD_ID_FIELD), status, await whoOfAction(user));
  });
  return leadAnswer(form, 'status', result);
}

/** The lead's new note (`leadId`, `text`). */
export async function addNote(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await inbox(async () => {
    const [data] = argsOf(formArgs, [form]);
    const id = formId(data, LEAD_ID_FIELD);
    const note = noteOf(data);
    const user = await requireSessionUser('content');
    await addInquiryNote(id, user, note, await whoOfAction(user));
  });
  return leadAnswer(form, 'note', result);
}

/**
 * Marks a lead unread (a button with scripts, not a form). The screen is not drawn again here:
 * drawing the lead's page would open, and so read, it again. The button loads the list instead.
 */
export async function markUnread(id: number): Promise<ActionResult> {
  return runAction('inbox action', 'content', async (user) => {
    const [inquiryId] = argsOf(z.tuple([idArg]), [id]);
    await markInquiryUnread(inquiryId, await whoOfAction(user));
  });
}

/** A follow-up day as the form sends it: "YYYY-MM-DD", or "" for none. */
const FOLLOW_UP_LENGTH = 10;

/** The lead's assignment form (`leadId`, `assignee`: a staff member's id or "" for nobody, `followUp`: a day or ""). */
export async function assignLead(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await inbox(async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const id = formId(data, LEAD_ID_FIELD);
    const assignee = textOf(data, 'assignee') === '' ? null : formId(data, 'assignee');
    const day = textOf(data, 'followUp');
    if (day.length > FOLLOW_UP_LENGTH) throw new AppError(400, 'badRequest');
    if (day !== '' && !isCalendarDate(day)) throw new AppError(422, 'invalid', { followUp: ['invalidDate'] });
    await assignInquiry(id, assignee, day || null, await whoOfAction(user));
  });
  return leadAnswer(form, 'assign', result);
}

/** Its author rewrites a note (`leadId`, `noteId`, `text`; anyone else: 403). */
export async function editNote(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await inbox(async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const id = formId(data, NOTE_ID_FIELD);
    const text = noteOf(data);
    const author = user ?? (await requireSessionUser('content'));
    await editInquiryNote(id, author.id, text, await whoOfAction(author));
  });
  return leadAnswer(form, 'editNote', result);
}

/** Its author deletes a note (`leadId`, `noteId`; anyone else: 403). */
export async function deleteNote(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await inbox(async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const id = formId(data, NOTE_ID_FIELD);
    const author = user ?? (await requireSessionUser('content'));
    await deleteInquiryNote(id, author.id, await whoOfAction(author));
  });
  return leadAnswer(form, 'deleteNote', result);
}

/** The lead's delete (`leadId`), from its confirmation. */
export async function deleteInquiry(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await inbox(async (user) => {
    const [data] = argsOf(formArgs, [form]);
    await removeInquiry(formId(data, LEAD_ID_FIELD), await whoOfAction(user));
  });
  return leadAnswer(form, 'delete', result);
}
