'use server';

import { refresh } from 'next/cache';
import { headers } from 'next/headers';
import { redirect as redirectTo } from 'next/navigation';
import { z } from 'zod';
import { argsOf, formLocale, idArg, runAction, type ActionResult } from '@/lib/admin/action-kit';
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
import { PLAIN_LEAD_FORM_FIELD, PLAIN_LEAD_FORMS, PLAIN_LEAD_ID_FIELD, PLAIN_NOTE_ID_FIELD, type PlainLeadForm } from './constants';

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
  if (result.ok && form.get('js') !== '1') {
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

const statusArgs = z.tuple([idArg, z.enum(STATUSES)]);
const noteArgs = z.tuple([idArg, z.string()]);
const deleteArgs = z.tuple([idArg]);
/** A note: the rule of every multi-line text field (trimmed, 1 to 5,000 characters, no control characters). */
const noteText = requiredText(5000, { multiline: true });

async function inbox(body: (user: CurrentUser | null) => Promise<void>): Promise<ActionResult> {
  const result = await runAction('inbox action', 'content', body);
  // The menu's unread count and the lists are server-rendered: the screen is drawn again.
  if (result.ok) refresh();
  return result;
}

export async function saveInquiryStatus(id: number, status: string): Promise<ActionResult> {
  return inbox(async (user) => {
    const [inquiryId, value] = argsOf(statusArgs, [id, status]);
    await setInquiryStatus(inquiryId, value, await whoOfAction(user));
  });
}

export async function addNote(id: number, text: string): Promise<ActionResult> {
  return inbox(async () => {
    const [inquiryId, raw] = argsOf(noteArgs, [id, text]);
    const checked = noteText.safeParse(raw);
    if (!checked.success) throw new AppError(422, 'invalid', { text: [checked.error.issues[0]?.message ?? 'invalid'] });
    const note = checked.data;
    const user = await requireSessionUser('content');
    await addInquiryNote(inquiryId, user, note, await whoOfAction(user));
  });
}

/**
 * Marks a lead unread. The screen is not drawn again here: drawing the lead's page would open,
 * and so read, it again. The button loads the list instead.
 */
export async function markUnread(id: number): Promise<ActionResult> {
  return runAction('inbox action', 'content', async (user) => {
    const [inquiryId] = argsOf(deleteArgs, [id]);
    await markInquiryUnread(inquiryId, await whoOfAction(user));
  });
}

// Nobody: null; a follow-up day: "YYYY-MM-DD" or "" for none.
const assignArgs = z.tuple([idArg, idArg.nullable(), z.string().max(10)]);

/** Gives a lead to a staff member (or nobody) with a follow-up day ("" for none). */
export async function assignLead(id: number, assigneeId: number | null, followUp: string): Promise<ActionResult> {
  return inbox(async (user) => {
    const [inquiryId, assignee, day] = argsOf(assignArgs, [id, assigneeId, followUp]);
    if (day !== '' && !isCalendarDate(day)) throw new AppError(422, 'invalid', { followUp: ['invalidDate'] });
    await assignInquiry(inquiryId, assignee, day || null, await whoOfAction(user));
  });
}

/** Its author rewrites a note (anyone else: 403). */
export async function editNote(noteId: number, text: string): Promise<ActionResult> {
  return inbox(async (user) => {
    const [id, raw] = argsOf(noteArgs, [noteId, text]);
    const checked = noteText.safeParse(raw);
    if (!checked.success) throw new AppError(422, 'invalid', { text: [checked.error.issues[0]?.message ?? 'invalid'] });
    const author = user ?? (await requireSessionUser('content'));
    await editInquiryNote(id, author.id, checked.data, await whoOfAction(author));
  });
}

/** Its author deletes a note (anyone else: 403). */
export async function deleteNote(noteId: number): Promise<ActionResult> {
  return inbox(async (user) => {
    const [id] = argsOf(deleteArgs, [noteId]);
    const author = user ?? (await requireSessionUser('content'));
    await deleteInquiryNote(id, author.id, await whoOfAction(author));
  });
}

export async function deleteInquiry(id: number): Promise<ActionResult> {
  return inbox(async (user) => {
    const [inquiryId] = argsOf(deleteArgs, [id]);
    await removeInquiry(inquiryId, await whoOfAction(user));
  });
}

/**
 * The lead's forms sent without scripts (a native post): status, new note, assignment, a note's
 * edit or delete, the lead's delete. Saved or refused, the lead's page again (the inbox after a
 * delete), saying which (`?saved=` / `?failed=`). The scripted forms call
 * the actions above themselves and answer with a toast; these go through the same actions, so
 * the same guard and checks. Which form and lead: its hidden fields (not bound arguments, see
 * saveItemPlain).
 */
export async function leadFormPlain(form: FormData): Promise<void> {
  const data = form instanceof FormData ? form : new FormData();
  const field = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const kind = PLAIN_LEAD_FORMS.find((name) => name === field(PLAIN_LEAD_FORM_FIELD));
  const id = Number(field(PLAIN_LEAD_ID_FIELD));
  const assignee = Number(field('assignee'));
  const noteId = Number(field(PLAIN_NOTE_ID_FIELD));
  const send: Record<PlainLeadForm, () => Promise<ActionResult>> = {
    status: () => saveInquiryStatus(id, field('status')),
    note: () => addNote(id, field('text')),
    assign: () => assignLead(id, field('assignee') ? assignee : null, field('followUp')),
    editNote: () => editNote(noteId, field('text')),
    deleteNote: () => deleteNote(noteId),
    delete: () => deleteInquiry(id),
  };
  const result = kind ? await send[kind]() : { ok: false };
  // A deleted lead has no page: the inbox says so.
  const back =
    kind === 'delete' && result.ok
      ? `${adminPath.inquiries}?saved=delete`
      : kind && Number.isSafeInteger(id) && id > 0
        ? `${adminPath.inquiry(id)}?${result.ok ? 'saved' : 'failed'}=${kind}`
        : adminPath.inquiries;
  redirectTo(localePath(formLocale(data), back));
}
