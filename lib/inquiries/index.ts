import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, isLocale, refuseUnlessValid, unwrap, type CachedRead } from '@/lib/cache';
import { z } from 'zod';
import { db } from '@/lib/db/client';
import * as crud from '@/lib/entities/crud';
import { changedFields, recordActivity, type Who } from '@/lib/activity';
import { isCalendarDate, text } from '@/lib/entities/fields';
import { services } from '@/lib/entities/services';
import type { Prisma } from '@/lib/generated/prisma/client';
import { notifyNewInquiry, notifyVisitor } from '@/lib/mail/notify';
import { AppError, forbidden, notFound } from '@/lib/errors';
import type { DbClient } from '@/lib/db/types';
import { inquiryReference, isoDay, referenceId } from './format';
import { dubaiToday, EVENT_TYPES, STATUSES, type EventType, type InquiryStatus, type QuoteInput } from './schema';
import { localized } from '@/lib/entities/bilingual';

// Quote requests: the public form's store and the back office's inbox. Inquiries are private:
// nothing here is cached or expires a public page; the back office reads them live, so the
// unread count is current on every render.

export interface ServiceOption {
  /** What is stored: the service's English title at the time. */
  value: string;
  label: string;
}

/** The services, in the page's language: the form's "services needed" and the inbox's filter (cached with the services). */
async function readServiceOptions(locale: string, ...extra: unknown[]): Promise<CachedRead<ServiceOption[]>> {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale));
  cacheTag(services.key);
  return cachedRead(async () => (await crud.list(services)).map((s) => ({ value: s.titleEn, label: localized(s, 'title', locale) })));
}

export const serviceOptions = async (locale: string) => unwrap(await readServiceOptions(locale));

/** True when every title (each once) names a current service by its English title. */
export async function areKnownServices(titles: string[]): Promise<boolean> {
  if (titles.length === 0) return true;
  return (await db.service.count({ where: { titleEn: { in: titles } } })) === titles.length;
}

/**
 * Stores a request and queues its mails (staff, and the visitor's confirmation) in one
 * transaction: a stored request always gets them. Answers the visitor's reference.
 */
export async function createInquiry(input: QuoteInput, locale: string): Promise<string> {
  return db.$transaction(async (tx) => {
    const inquiry = await tx.inquiry.create({
      data: {
        name: input.name,
        phone: input.phone,
        email: input.email,
        eventType: input.eventType,
        services: input.services,
        eventDate: input.eventDate ? new Date(`${input.eventDate}T00:00:00Z`) : null,
        city: input.city,
        guests: input.guests,
        budget: input.budget,
        message: input.message,
        locale,
        // The schema refuses a request without consent, so a stored one was given it now.
        consentedAt: new Date(),
      },
    });
    await notifyNewInquiry(inquiry.id, tx);
    await notifyVisitor(inquiry.id, tx);
    return inquiryReference(inquiry.id, inquiry.createdAt);
  });
}

// ---- The inbox -------------------------------------------------------------------------------

/** The inbox's filter as it arrives in the address bar; a value that does not parse is ignored. */
export interface InquiryFilter {
  status?: InquiryStatus;
  /** UAE calendar days, inclusive. */
  from?: string;
  to?: string;
  q?: string;
  /** "My leads": assigned to the person looking. */
  mine?: boolean;
  /** "Due today": a follow-up day of today or earlier (an overdue lead is due too). */
  due?: boolean;
  /** An event type key. */
  type?: EventType;
  /** A service's English title. */
  service?: string;
}

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const day = z.string().refine(isCalendarDate);
// The rule of every single-line text field (no control characters or lone surrogates).
const search = text().trim().min(1).max(100);

/** Reads the filter from search params; a value that does not parse is left out, never an error. */
export function parseInquiryFilter(params: Record<string, unknown>): InquiryFilter {
  const filter: InquiryFilter = {};
  const status = z.enum(STATUSES).safeParse(one(params.status));
  if (status.success) filter.status = status.data;
  const from = day.safeParse(one(params.from));
  if (from.success) filter.from = from.data;
  const to = day.safeParse(one(params.to));
  if (to.success) filter.to = to.data;
  const q = search.safeParse(one(params.q));
  if (q.success) filter.q = q.data;
  if (one(params.mine) === '1') filter.mine = true;
  if (one(params.due) === '1') filter.due = true;
  const type = z.enum(EVENT_TYPES).safeParse(one(params.type));
  if (type.success) filter.type = type.data;
  const service = search.safeParse(one(params.service));
  if (service.success) filter.service = service.data;
  return filter;
}

/** The filter as a query string (for the CSV link and the form), keys in a fixed order. */
export function filterQuery(filter: InquiryFilter): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'from', 'to', 'q', 'type', 'service'] as const) if (filter[key]) params.set(key, filter[key]);
  for (const key of ['mine', 'due'] as const) if (filter[key]) params.set(key, '1');
  const query = params.toString();
  return query ? `?${query}` : '';
}

// A UAE day starts at 00:00 +04:00 (no daylight saving).
const dubaiMidnight = (date: string) => new Date(`${date}T00:00:00+04:00`);
const nextDay = (date: Date) => new Date(date.getTime() + 24 * 60 * 60 * 1000);

/**
 * The digits of a search that is a phone number, as stored numbers hold them: phones are kept as
 * the visitor typed them ("+971 50 123 4567"), and staff type them their own way ("050 1234567",
 * "00971501234567"). An international "00" or a national "0" in front is dropped. Null when the
 * search is not a phone number (letters, or fewer than 3 digits).
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^[\d\s()+./-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '').replace(/^00?/, '');
  return digits.length >= 3 ? digits : null;
}

/** Inquiries whose phone holds these digits, whatever the spaces, dashes and brackets around them. */
async function idsByPhoneDigits(digits: string): Promise<number[]> {
  // `digits` holds only 0-9, so it cannot carry a LIKE wildcard.
  const rows = await db.$queryRaw<
    { id: number }[]
  >`SELECT id FROM inquiries WHERE regexp_replace(phone, '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`;
  return rows.map((row) => row.id);
}

/** `viewer`: the signed-in staff member's id, for "my leads". */
async function where(filter: InquiryFilter, viewer: number | null): Promise<Prisma.InquiryWhereInput> {
  const and: Prisma.InquiryWhereInput[] = [];
  // "My leads" for nobody signed in matches nothing (never everyone's).
  if (filter.mine) and.push({ assigneeId: viewer ?? -1 });
  if (filter.due) and.push({ followUp: { lte: new Date(`${dubaiToday()}T00:00:00Z`) } });
  if (filter.type) and.push({ eventType: filter.type });
  // A request sent before services were asked for stored the service as its event type.
  if (filter.service) and.push({ OR: [{ services: { has: filter.service } }, { eventType: filter.service }] });
  if (filter.status) and.push({ status: filter.status });
  if (filter.from) and.push({ createdAt: { gte: dubaiMidnight(filter.from) } });
  if (filter.to) and.push({ createdAt: { lt: nextDay(dubaiMidnight(filter.to)) } });
  if (filter.q) {
    const q = filter.q;
    const or: Prisma.InquiryWhereInput[] = [
      { name: { contains: q, mode: 'insensitive' } },
      { email: { contains: q, mode: 'insensitive' } },
      { phone: { contains: q } },
    ];
    const reference = referenceId(q);
    if (reference) or.push({ id: reference });
    const digits = phoneSearchDigits(q);
    if (digits) or.push({ id: { in: await idsByPhoneDigits(digits) } });
    and.push({ OR: or });
  }
  return { AND: and };
}

export const INBOX_PAGE_SIZE = 200;

/** `viewer`: who is looking (for "my leads"). */
export async function listInquiries(filter: InquiryFilter, take: number | undefined = INBOX_PAGE_SIZE, viewer: number | null = null) {
  return db.inquiry.findMany({
    where: await where(filter, viewer),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    include: { assignee: { select: { name: true } } },
  });
}

export async function countInquiries(filter: InquiryFilter, viewer: number | null = null) {
  return db.inquiry.count({ where: await where(filter, viewer) });
}

/** Who a lead can be given to: the staff (Admins and Mini Admins), by name. */
export async function staffMembers(): Promise<{ id: number; name: string }[]> {
  return db.user.findMany({
    where: { OR: [{ isAdmin: true }, { isMiniAdmin: true }] },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

export async function unreadInquiryCount(): Promise<number> {
  return db.inquiry.count({ where: { readAt: null } });
}

/** The inquiry with its notes (oldest first); opening it marks it read. `justRead`: this call did. */
export async function openInquiry(id: number) {
  const marked = await db.inquiry.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
  const inquiry = await db.inquiry.findUnique({
    where: { id },
    include: { notes: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }, assignee: { select: { name: true } } },
  });
  return inquiry ? { inquiry, justRead: marked.count > 0 } : null;
}

// The inbox's writes, each with its activity-log entry in the same transaction (lib/activity).

export async function setInquiryStatus(id: number, status: InquiryStatus, who: Who) {
  await db.$transaction(async (tx) => {
    // Locked: the status logged as "before" is the one this write replaced.
    const [current] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM inquiries WHERE id = ${id} FOR UPDATE`;
    if (!current) throw notFound();
    await tx.inquiry.update({ where: { id }, data: { status } });
    const changes = changedFields(current, { status }, ['status']);
    if (Object.keys(changes).length) await recordActivity(tx, { ...who, kind: 'update', entity: 'inquiries', entityId: id, changes });
  });
}

export async function addInquiryNote(id: number, author: { id: number; name: string }, text: string, who: Who) {
  await db.$transaction(async (tx) => {
    if (!(await tx.inquiry.count({ where: { id } }))) throw notFound();
    await tx.inquiryNote.create({ data: { inquiryId: id, authorId: author.id, authorName: author.name, text } });
    // Logged on the inquiry it annotates.
    await recordActivity(tx, {
      ...who,
      kind: 'update',
      entity: 'inquiries',
      entityId: id,
      changes: { note: { before: null, after: text } },
    });
  });
}

/** Marks a lead unread again (the person who opened it will handle it later, or someone else). */
export async function markInquiryUnread(id: number, who: Who) {
  await db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ read_at: Date | null }[]>`SELECT read_at FROM inquiries WHERE id = ${id} FOR UPDATE`;
    if (!current) throw notFound();
    if (current.read_at === null) return;
    await tx.inquiry.update({ where: { id }, data: { readAt: null } });
    await recordActivity(tx, {
      ...who,
      kind: 'update',
      entity: 'inquiries',
      entityId: id,
      changes: { readAt: { before: current.read_at.toISOString(), after: null } },
    });
  });
}

/** Gives a lead to a staff member (or nobody) with a follow-up day (or none). */
export async function assignInquiry(id: number, assigneeId: number | null, followUp: string | null, who: Who) {
  await db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ assignee_id: number | null; follow_up: Date | null }[]>`
      SELECT assignee_id, follow_up FROM inquiries WHERE id = ${id} FOR UPDATE`;
    if (!current) throw notFound();
    if (assigneeId !== null) {
      const staff = await tx.user.count({ where: { id: assigneeId, OR: [{ isAdmin: true }, { isMiniAdmin: true }] } });
      if (!staff) throw new AppError(422, 'invalid', { assignee: ['notStaff'] });
    }
    await tx.inquiry.update({
      where: { id },
      data: { assigneeId, followUp: followUp ? new Date(`${followUp}T00:00:00Z`) : null },
    });
    const changes = changedFields(
      { assigneeId: current.assignee_id, followUp: isoDay(current.follow_up) || null },
      { assigneeId, followUp },
      ['assigneeId', 'followUp'],
    );
    if (Object.keys(changes).length) await recordActivity(tx, { ...who, kind: 'update', entity: 'inquiries', entityId: id, changes });
  });
}

/** The note `noteId` of its author `authorId`, locked; another's note is refused (403), a missing one 404. */
async function ownNote(tx: DbClient, noteId: number, authorId: number) {
  const [note] = await tx.$queryRaw<{ inquiry_id: number; author_id: number | null; text: string }[]>`
    SELECT inquiry_id, author_id, text FROM inquiry_notes WHERE id = ${noteId} FOR UPDATE`;
  if (!note) throw notFound();
  if (note.author_id !== authorId) throw forbidden();
  return note;
}

/** Its author rewrites a note; the log keeps what it said before. */
export async function editInquiryNote(noteId: number, authorId: number, text: string, who: Who) {
  await db.$transaction(async (tx) => {
    const note = await ownNote(tx, noteId, authorId);
    if (note.text === text) return;
    await tx.inquiryNote.update({ where: { id: noteId }, data: { text, updatedAt: new Date() } });
    await recordActivity(tx, {
      ...who,
      kind: 'update',
      entity: 'inquiries',
      entityId: note.inquiry_id,
      changes: { note: { before: note.text, after: text } },
    });
  });
}

/** Its author deletes a note; the log keeps its text. */
export async function deleteInquiryNote(noteId: number, authorId: number, who: Who) {
  await db.$transaction(async (tx) => {
    const note = await ownNote(tx, noteId, authorId);
    await tx.inquiryNote.delete({ where: { id: noteId } });
    await recordActivity(tx, {
      ...who,
      kind: 'update',
      entity: 'inquiries',
      entityId: note.inquiry_id,
      changes: { note: { before: note.text, after: null } },
    });
  });
}

export async function removeInquiry(id: number, who: Who) {
  await db.$transaction(async (tx) => {
    const current = await tx.inquiry.findUnique({ where: { id } });
    if (!current) throw notFound();
    await tx.inquiry.delete({ where: { id } }); // its notes cascade
    const fields = ['name', 'phone', 'email', 'eventType', 'services', 'eventDate', 'city', 'guests', 'budget', 'message', 'status'];
    await recordActivity(tx, { ...who, kind: 'delete', entity: 'inquiries', entityId: id, changes: changedFields(current, null, fields) });
  });
}

/** Every inquiry the filter matches, newest first, with its notes (the CSV export). */
export async function exportInquiries(filter: InquiryFilter, viewer: number | null = null) {
  return db.inquiry.findMany({
    where: await where(filter, viewer),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { notes: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }, assignee: { select: { name: true } } },
  });
}
