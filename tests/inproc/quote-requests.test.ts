import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formCall, invokeWith, leadCall, sessionCookie } from '../helpers/actions';
import { send } from '#test-transport';
import { BASE, freshIp } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { startQuoteToken } from '../helpers/quote';
import { rowsNamed, stored, submitQuote, type Answer, type Issued } from '../helpers/quote-requests-fixtures';
import type { Prisma } from '@/lib/generated/prisma/client';
import { inquiryReference } from '@/lib/inquiries/format';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// The quote form's action as the form (or a bot) calls it, and the inbox's actions, in-process:
// the actions called as functions in a request of their own, on this file's own database. Each
// refusal is checked for its exact answer and for storing nothing. Every inquiry this file adds
// carries a name starting with PREFIX and is deleted at the end. What needs the real server stays
// in tests/integration/quote-requests.test.ts: the build manifest's list of the file's actions,
// one token replayed by 20 posts at once (a race on real PostgreSQL; here the database serves one
// connection at a time), and the CSV export (its route reads the session only with the
// X-Forwarded-Proto that Next's server adds to every request, which the in-process `send` does not).

const PREFIX = `qr-${process.pid}-${Date.now()}`;
const named = (suffix: string) => `${PREFIX}-${suffix}`;

const startToken = (ip = freshIp()) => startQuoteToken(ip);

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function post(fields: Record<string, string | string[]>, ip = freshIp(), page = '/ContactUs') {
  const res = await submitQuote({ name: named('x'), ...fields }, ip, page);
  expect(res.status).toBe(200); // an action's answer is a 200 whatever it says
  return { answer: res.result as Answer };
}

// A token is good once and from the address it was given to: each test that stores takes its
// own pairs, all issued here so one wait of the minimum fill time (3 s, counted from the issue)
// serves them all. `shared` is only ever refused, so it is never spent. Fresh addresses: `shared`,
// the stored post, the rate limit's other address, the budget (and a spare).
const pool: Issued[] = [];
/** A pair from the pool; `ip` for tokens of an address already drawn. */
const issued = (ip?: string): Issued => {
  const at = pool.findIndex((p) => ip === undefined || p.ip === ip);
  if (at < 0) throw new Error(`no token left for ${ip ?? 'a fresh address'}`);
  return pool.splice(at, 1)[0]!;
};
let shared: Issued = { ip: '', token: '' };
const RATE_IP = freshIp();
beforeAll(async () => {
  for (let i = 0; i < 5; i++) {
    const ip = freshIp();
    pool.push({ ip, token: await startToken(ip) });
  }
  for (let i = 0; i < 6; i++) pool.push({ ip: RATE_IP, token: await startToken(RATE_IP) });
  shared = issued();
  await new Promise((r) => setTimeout(r, 3_100));
});
afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { name: { startsWith: PREFIX } } });
  await testDb.$disconnect();
});

describe('the quote form action', () => {
  it('a successful post stores exactly the values sent, unread and new', async () => {
    const [service, second] = await testDb.service.findMany({ orderBy: { id: 'asc' }, take: 2 });
    if (!service || !second) throw new Error('the demo content has at least two services');
    const name = named('stored');
    const date = inAWeek();
    const before = Date.now();
    const mine = issued();
    const { answer } = await post(
      {
        locale: 'ar',
        started: mine.token,
        name: `  ${name} `,
        phone: '+971 4 555 0101',
        email: 'Visitor@Example.com',
        eventType: 'wedding',
        // Several services; one ticked twice is stored once.
        services: [service.titleEn, second.titleEn, service.titleEn],
        eventDate: date,
        city: 'abu-dhabi',
        guests: '250',
        budget: '50k-100k',
        message: 'سطر أول\r\nsecond line, "quoted"',
      },
      mine.ip,
      '/ar/ContactUs',
    );
    expect(answer).toEqual(stored);
    const rows = await rowsNamed(name);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect({ ...row, id: 0, createdAt: null, updatedAt: null, consentedAt: null }).toEqual({
      id: 0,
      name,
      phone: '+971 4 555 0101',
      email: 'Visitor@Example.com',
      eventType: 'wedding',
      services: [service.titleEn, second.titleEn],
      eventDate: new Date(`${date}T00:00:00Z`),
      city: 'abu-dhabi',
      guests: 250,
      budget: '50k-100k',
      message: 'سطر أول\nsecond line, "quoted"',
      locale: 'ar',
      status: 'new',
      readAt: null,
      assigneeId: null,
      followUp: null,
      createdAt: null,
      updatedAt: null,
      consentedAt: null,
    });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The consent box was ticked (the helper's default): its time is the post's (issue 27).
    expect(row.consentedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.consentedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - row.consentedAt!.getTime()).toBeLessThan(60_000);
    // The visitor's reference names this row (issue 27).
    expect(answer).toEqual({ ok: true, reference: inquiryReference(row.id, row.createdAt) });
  });

  it('without the consent box ticked (absent, empty or another value): 422 with its words in both languages, nothing stored, the token kept', async () => {
    expect(en.quote.errors.consentRequired).toBe('Tick the box to agree, so that we may use your details to answer you.');
    expect(ar.quote.errors.consentRequired).toBe('ضع علامة في المربع للموافقة، حتى نتمكن من استخدام بياناتك للرد عليك.');
    for (const locale of ['en', 'ar'] as const) {
      // No field at all (a form from before the consent line, or a bot), an empty one, "on".
      for (const consent of [[], '', 'on']) {
        const name = named(`no-consent-${locale}-${String(consent) || 'none'}`);
        const { answer } = await post(
          { started: shared.token, locale, name, consent },
          shared.ip,
          locale === 'ar' ? '/ar/ContactUs' : '/ContactUs',
        );
        expect(answer).toMatchObject({
          ok: false,
          status: 422,
          error: 'invalid',
          fieldErrors: { consent: 'consentRequired' },
          token: shared.token,
        });
        // What was typed comes back, the box unticked, for a page re-rendered without scripts.
        expect(answer.values?.name).toBe(name);
        expect(answer.values?.consent).toBe(typeof consent === 'string' ? consent : undefined);
        expect(await rowsNamed(name)).toHaveLength(0);
      }
    }
  });

  it('the honeypot refuses with 400 "refused" and stores nothing', async () => {
    const name = named('honeypot');
    const { answer } = await post({ started: shared.token, name, website: 'http://spam.example' }, shared.ip);
    expect(answer.ok).toBe(false);
    expect(answer.status).toBe(400);
    expect(answer.error).toBe('refused');
    expect(answer.token).toBeUndefined();
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it('the fill time: no token asks to confirm (with a token), a fresh one is too fast, a forged one is no token; nothing stored', async () => {
    const name = named('fill');
    const ip = freshIp();
    const none = await post({ name }, ip);
    expect([none.answer.status, none.answer.error]).toEqual([400, 'confirm']);
    expect(none.answer.token).toMatch(/^\d{13}\.[\w-]{22}\.[\w-]{43}$/);
    expect(none.answer.values?.name).toBe(name);

    const fresh = await startToken(ip);
    const quick = await post({ name, started: fresh }, ip);
    expect([quick.answer.status, quick.answer.error, quick.answer.token]).toEqual([400, 'tooFast', fresh]);

    const [, nonce, mac] = shared.token.split('.');
    const forged = `${Date.now() - 60_000}.${nonce}.${'A'.repeat(43)}`;
    const bad = await post({ name, started: forged }, shared.ip);
    expect([bad.answer.status, bad.answer.error]).toEqual([400, 'confirm']);
    const old = await post({ name, started: `${Date.now() - 60_000}.${nonce}.${mac}` }, shared.ip);
    expect(old.answer.error).toBe('confirm');
    expect(await rowsNamed(name)).toHaveLength(0);

    // The token handed back with "confirm" works once the fill time has passed.
    await new Promise((r) => setTimeout(r, 3_100));
    const again = await post({ name, started: none.answer.token! }, ip);
    expect(again.answer).toEqual(stored);
    expect(await rowsNamed(name)).toHaveLength(1);
  });

  it('the rate limit: the 6th request from one address in the hour is a 429 and is not stored', async () => {
    const ip = RATE_IP;
    const name = named('rate');
    for (let i = 0; i < 5; i++) expect((await post({ started: issued(ip).token, name }, ip)).answer).toEqual(stored);
    const last = issued(ip).token;
    const sixth = await post({ started: last, name, message: 'sixth' }, ip);
    // The refusal hands the token back unspent: it is good again once the hour is over.
    expect([sixth.answer.status, sixth.answer.error, sixth.answer.token]).toEqual([429, 'tooManyRequests', last]);
    expect(await rowsNamed(name)).toHaveLength(5);
    expect(await testDb.inquiry.count({ where: { name, message: 'sixth' } })).toBe(0);
    // Another address is not affected.
    const other = issued();
    expect((await post({ started: other.token, name }, other.ip)).answer).toEqual(stored);
  });

  it('refusals not stored do not spend the address budget (invalid input, honeypot, fill time)', async () => {
    const { ip, token } = issued();
    const name = named('budget');
    for (let i = 0; i < 6; i++) {
      await post({ started: token, name, city: 'paris' }, ip);
      await post({ started: token, name, website: 'x' }, ip);
      await post({ name }, ip);
    }
    expect((await post({ started: token, name }, ip)).answer).toEqual(stored);
  });

  const yesterday = new Date(Date.now() - 36 * 3600 * 1000).toISOString().slice(0, 10);
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    [
      'nothing at all',
      { name: '', phone: '', email: '', eventType: '', city: '' },
      { name: 'required', phone: 'phoneOrEmail', email: 'phoneOrEmail', eventType: 'required', city: 'required' },
    ],
    ['a bad email and phone', { phone: '12', email: 'not-an-email' }, { phone: 'invalidPhone', email: 'invalidEmail' }],
    ['a past date', { eventDate: yesterday }, { eventDate: 'datePast' }],
    ['a date that is no day', { eventDate: '2031-02-30' }, { eventDate: 'invalidDate' }],
    ['a date far ahead', { eventDate: '2099-01-01' }, { eventDate: 'dateTooFar' }],
    ['zero guests', { guests: '0' }, { guests: 'guestsInvalid' }],
    ['negative guests', { guests: '-5' }, { guests: 'guestsInvalid' }],
    ['guests as 1e3', { guests: '1e3' }, { guests: 'guestsInvalid' }],
    ['too many guests', { guests: '100001' }, { guests: 'guestsInvalid' }],
    ['a city off the list', { city: 'paris' }, { city: 'invalidChoice' }],
    ['a budget off the list', { budget: '1m' }, { budget: 'invalidChoice' }],
    ['an event type off the list', { eventType: 'Space launch' }, { eventType: 'invalidChoice' }],
    ['a service the company does not offer', { services: 'Space launch' }, { services: 'invalidChoice' }],
    ['a NUL in the name', { name: 'a\u0000b' }, { name: 'invalidCharacters' }],
    ['a right-to-left override in the name', { name: 'Invoice \u202Efdp.exe' }, { name: 'invalidCharacters' }],
    ['a direction isolate in the message', { message: 'a \u2067b\u2069 c' }, { message: 'invalidCharacters' }],
    ['a very long message', { message: 'x'.repeat(5001) }, { message: 'tooLong' }],
  ];
  for (const locale of ['en', 'ar']) {
    for (const [label, fields, expected] of cases) {
      it(`${label} (${locale}): 422 "invalid" with the exact field codes, nothing stored`, async () => {
        const name = fields.name === undefined ? named(`bad-${label}`) : fields.name;
        const { answer } = await post(
          { started: shared.token, locale, ...fields, name },
          shared.ip,
          locale === 'ar' ? '/ar/ContactUs' : '/ContactUs',
        );
        expect(answer.ok).toBe(false);
        expect(answer.status).toBe(422);
        expect(answer.error).toBe('invalid');
        expect(answer.fieldErrors).toEqual(expected);
        // The good token comes back, so a form re-rendered without scripts can post again at once.
        expect(answer.token).toBe(shared.token);
        // (A NUL cannot be searched for in PostgreSQL text; that post was refused before any write.)
        if (!name.includes('\u0000')) expect(await rowsNamed(name)).toHaveLength(0);
      });
    }
  }

  it('calls that are no form are a 400 "badRequest", never a 5xx', async () => {
    for (const args of [[null, 'name=x'], [null, { name: 'x' }], [null, 5], []]) {
      const res = await invokeWith('submitQuote', args, { page: '/ContactUs' });
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ ok: false, status: 400, error: 'badRequest' });
    }
  });

  it('every code the action can answer has words in both languages', async () => {
    const { readFileSync } = await import('node:fs');
    for (const locale of ['en', 'ar']) {
      const quote = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')).quote;
      for (const code of ['invalid', 'confirm', 'tooFast', 'refused', 'tooManyRequests', 'badRequest', 'unavailable', 'server']) {
        expect(typeof quote.refused[code], `${locale} refused.${code}`).toBe('string');
      }
      for (const code of new Set(cases.flatMap(([, , e]) => Object.values(e)))) {
        expect(typeof quote.errors[code], `${locale} errors.${code}`).toBe('string');
      }
    }
  });
});

/** A Mini Admin's session that was valid until the user went back to pending (flags changed in the database). */
async function pendingSession() {
  const user = await makeUser('mini');
  const cookie = await sessionCookie(user.email);
  await testDb.user.update({ where: { id: user.id }, data: { isMiniAdmin: false } });
  return { id: user.id, cookie };
}

/** The inbox's test lead (a phone and message that look like spreadsheet formulas), with `extra` set. */
const inboxInquiry = (extra: Partial<Prisma.InquiryCreateInput> = {}) =>
  testDb.inquiry.create({
    data: {
      name: named('inbox'),
      phone: '=1+2',
      email: 'inbox@example.test',
      eventType: 'other',
      city: 'sharjah',
      message: '@SUM(A1) "hi"\nline 2',
      consentedAt: new Date('2026-01-05T08:30:00Z'),
      ...extra,
    },
  });

describe('the inbox', () => {
  let admin = '';
  let mini = '';
  let pending = '';
  let id = 0;
  beforeAll(async () => {
    admin = await sessionCookie((await makeUser('admin')).email);
    const miniUser = await makeUser('mini');
    mini = await sessionCookie(miniUser.email);
    pending = (await pendingSession()).cookie;
    id = (await inboxInquiry()).id;
  });

  const act = async (name: string, args: unknown[], cookie: string) => {
    const res = await invokeWith(name, args, { cookie });
    expect(res.status).toBe(200);
    return res.result;
  };

  it('anonymous and pending callers are refused and change nothing', async () => {
    const before = await testDb.inquiry.findUniqueOrThrow({ where: { id }, include: { notes: true } });
    for (const [cookie, code] of [
      ['', 'unauthenticated'],
      [pending, 'awaitingApproval'],
    ] as const) {
      expect(await act('saveInquiryStatus', leadCall(id, { status: 'won' }), cookie)).toEqual({ ok: false, error: code });
      expect(await act('addNote', leadCall(id, { text: 'x' }), cookie)).toEqual({ ok: false, error: code });
      expect(await act('deleteInquiry', leadCall(id), cookie)).toEqual({ ok: false, error: code });
      // The lead's forms posted by the browser (no `js`) go to the same actions, which answer with
      // the lead's page, saying it failed.
      for (const [name, kind, fields] of [
        ['saveInquiryStatus', 'status', { status: 'won' }],
        ['addNote', 'note', { text: 'x' }],
        ['assignLead', 'assign', { assignee: '', followUp: '2031-01-01' }],
        ['deleteInquiry', 'delete', {}],
      ] as const) {
        const form = new FormData();
        for (const [field, value] of Object.entries({ leadId: String(id), ...fields })) form.append(field, value);
        const res = await invokeWith(name, [null, form], { cookie, page: `/Admin/Inquiry/${id}` });
        expect(res.status).toBeLessThan(500);
        expect(res.redirect).toContain(`/Admin/Inquiry/${id}?failed=${kind}`);
      }
    }
    expect(await testDb.inquiry.findUniqueOrThrow({ where: { id }, include: { notes: true } })).toEqual(before);
  });

  it('bad arguments are a 400 "badRequest" and change nothing', async () => {
    const before = await testDb.inquiry.findUniqueOrThrow({ where: { id } });
    expect(await act('saveInquiryStatus', leadCall(id, { status: 'archived' }), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('saveInquiryStatus', formCall({ leadId: id }), mini)).toEqual({ ok: false, error: 'badRequest' });
    // A lead id that cannot be one, and the arguments of no form (the old bound call among them).
    for (const leadId of ['abc', '01', '-1', '1e3', '', String(2 ** 31)])
      expect(await act('saveInquiryStatus', formCall({ leadId, status: 'won' }), mini)).toEqual({ ok: false, error: 'badRequest' });
    for (const args of [[id, 'won'], [null, 'x'], [], [null, null]])
      expect(await act('saveInquiryStatus', args, mini)).toEqual({ ok: false, error: 'badRequest' });
    // A note's text that is a file, or no text at all.
    expect(await act('addNote', leadCall(id, { text: new Blob(['x']) }), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('addNote', leadCall(id), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('deleteInquiry', leadCall(2 ** 31), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('addNote', leadCall(id, { text: '   ' }), mini)).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { text: ['required'] },
    });
    expect(await act('saveInquiryStatus', leadCall(2 ** 31 - 1, { status: 'won' }), mini)).toEqual({ ok: false, error: 'notFound' });
    expect(await testDb.inquiry.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it('a Mini Admin saves the status and a note (author and time kept)', async () => {
    expect(await act('saveInquiryStatus', leadCall(id, { status: 'quoted' }), mini)).toEqual({ ok: true });
    expect(await act('addNote', leadCall(id, { text: '  Called back, sending a quote.  ' }), mini)).toEqual({ ok: true });
    const row = await testDb.inquiry.findUniqueOrThrow({ where: { id }, include: { notes: true } });
    expect(row.status).toBe('quoted');
    expect(row.notes.map((n) => [n.text, n.authorName])).toEqual([['Called back, sending a quote.', 'Test mini']]);
  });

  it('an Admin deletes it', async () => {
    expect(await act('deleteInquiry', leadCall(id), admin)).toEqual({ ok: true });
    expect(await testDb.inquiry.count({ where: { id } })).toBe(0);
    expect(await act('deleteInquiry', leadCall(id), admin)).toEqual({ ok: false, error: 'notFound' });
  });
});

// Issue 27, Leads: the new inbox actions behind the one guard; bad input a 4xx that changes nothing;
// a note is edited or deleted by its author only, each change in the activity log.
describe('leads: assignment, follow-up, unread, own notes', () => {
  let admin = '';
  let mini = '';
  let pending = '';
  let miniId = 0;
  let pendingId = 0;
  let id = 0;
  let noteId = 0;
  beforeAll(async () => {
    admin = await sessionCookie((await makeUser('admin')).email);
    const miniUser = await makeUser('mini');
    miniId = miniUser.id;
    mini = await sessionCookie(miniUser.email);
    ({ id: pendingId, cookie: pending } = await pendingSession());
    const row = await testDb.inquiry.create({
      data: { name: named('lead'), phone: '+971 50 111 2222', eventType: 'other', city: 'dubai', readAt: new Date() },
    });
    id = row.id;
    const note = await testDb.inquiryNote.create({
      data: { inquiryId: id, authorId: miniId, authorName: 'Test mini', text: 'First call' },
    });
    noteId = note.id;
  });

  const act = async (name: string, args: unknown[], cookie: string) => {
    const res = await invokeWith(name, args, { cookie });
    expect(res.status).toBe(200);
    return res.result;
  };
  const snapshot = () => testDb.inquiry.findUniqueOrThrow({ where: { id }, include: { notes: true } });
  const logged = () => testDb.activityLog.count({ where: { entity: 'inquiries', entityId: id } });

  it('anonymous and pending callers are refused and change nothing', async () => {
    const before = await snapshot();
    const entries = await logged();
    for (const [cookie, code] of [
      ['', 'unauthenticated'],
      [pending, 'awaitingApproval'],
    ] as const) {
      expect(await act('assignLead', leadCall(id, { assignee: miniId, followUp: '2030-01-02' }), cookie)).toEqual({
        ok: false,
        error: code,
      });
      expect(await act('markUnread', [id], cookie)).toEqual({ ok: false, error: code });
      expect(await act('editNote', leadCall(id, { noteId, text: 'changed' }), cookie)).toEqual({ ok: false, error: code });
      expect(await act('deleteNote', leadCall(id, { noteId }), cookie)).toEqual({ ok: false, error: code });
    }
    expect(await snapshot()).toEqual(before);
    expect(await logged()).toBe(entries);
  });

  it('bad input is a 4xx code and changes nothing', async () => {
    const before = await snapshot();
    const entries = await logged();
    expect(await act('assignLead', leadCall(id, { assignee: 'x', followUp: '' }), mini)).toEqual({ ok: false, error: 'badRequest' });
    // No follow-up field at all, or one longer than a day: no form of ours.
    expect(await act('assignLead', leadCall(id, { assignee: miniId }), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('assignLead', leadCall(id, { assignee: miniId, followUp: '2030-01-02T00' }), mini)).toEqual({
      ok: false,
      error: 'badRequest',
    });
    expect(await act('assignLead', [id, miniId, '2030-01-02'], mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('assignLead', leadCall(id, { assignee: miniId, followUp: '2030-02-30' }), mini)).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { followUp: ['invalidDate'] },
    });
    // Only staff can be given a lead: not someone awaiting approval.
    expect(await act('assignLead', leadCall(id, { assignee: pendingId, followUp: '' }), mini)).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { assignee: ['notStaff'] },
    });
    expect(await act('assignLead', leadCall(2 ** 31 - 1, { assignee: null, followUp: '' }), mini)).toEqual({
      ok: false,
      error: 'notFound',
    });
    expect(await act('markUnread', ['1'], mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('editNote', leadCall(id, { noteId, text: '   ' }), mini)).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { text: ['required'] },
    });
    expect(await act('editNote', leadCall(id, { noteId, text: new Blob(['7']) }), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('editNote', leadCall(id, { noteId: 'x', text: 'changed' }), mini)).toEqual({ ok: false, error: 'badRequest' });
    expect(await act('deleteNote', leadCall(id, { noteId: 2 ** 31 - 1 }), mini)).toEqual({ ok: false, error: 'notFound' });
    // Another's note: an Admin neither edits nor deletes it.
    expect(await act('editNote', leadCall(id, { noteId, text: 'rewritten' }), admin)).toEqual({ ok: false, error: 'forbidden' });
    expect(await act('deleteNote', leadCall(id, { noteId }), admin)).toEqual({ ok: false, error: 'forbidden' });
    expect(await snapshot()).toEqual(before);
    expect(await logged()).toBe(entries);
  });

  it('assigns with a follow-up day, marks unread, edits and deletes the own note: each logged', async () => {
    const entries = await logged();
    expect(await act('assignLead', leadCall(id, { assignee: miniId, followUp: '2030-01-02' }), admin)).toEqual({ ok: true });
    let row = await snapshot();
    expect([row.assigneeId, row.followUp?.toISOString().slice(0, 10)]).toEqual([miniId, '2030-01-02']);
    expect(await act('markUnread', [id], mini)).toEqual({ ok: true });
    expect((await snapshot()).readAt).toBeNull();
    expect(await act('editNote', leadCall(id, { noteId, text: '  Called, no answer  ' }), mini)).toEqual({ ok: true });
    row = await snapshot();
    expect(row.notes.map((n) => [n.text, n.updatedAt !== null])).toEqual([['Called, no answer', true]]);
    expect(await act('deleteNote', leadCall(id, { noteId }), mini)).toEqual({ ok: true });
    expect((await snapshot()).notes).toEqual([]);
    const log = await testDb.activityLog.findMany({
      where: { entity: 'inquiries', entityId: id },
      orderBy: { id: 'asc' },
      skip: entries,
    });
    expect(log.map((e) => e.changes)).toEqual([
      { assigneeId: { before: null, after: miniId }, followUp: { before: null, after: '2030-01-02' } },
      { readAt: { before: expect.any(String), after: null } },
      { note: { before: 'First call', after: 'Called, no answer' } },
      { note: { before: 'Called, no answer', after: null } },
    ]);
    // Nobody, no day.
    expect(await act('assignLead', leadCall(id, { assignee: null, followUp: '' }), admin)).toEqual({ ok: true });
    row = await snapshot();
    expect([row.assigneeId, row.followUp]).toEqual([null, null]);
  });
});

describe('the inbox', () => {
  let admin = '';
  let pending = '';
  let id = 0;
  beforeAll(async () => {
    admin = await sessionCookie((await makeUser('admin')).email);
    pending = (await pendingSession()).cookie;
    // The lead as a Mini Admin leaves it (status "quoted", one note of theirs): written here, since
    // the actions that do it are tested above.
    const author = await makeUser('mini');
    const row = await inboxInquiry({
      status: 'quoted',
      notes: { create: { authorId: author.id, authorName: author.name, text: 'Called back, sending a quote.' } },
    });
    id = row.id;
  });

  it('the CSV export: the filter, UTF-8 BOM, escaping and formula-safe cells; refused without a session', async () => {
    const refused = await send(new Request(`${BASE}/Admin/InquiriesExport`));
    expect(refused.status).toBe(401);
    const forbidden = await send(new Request(`${BASE}/Admin/InquiriesExport`, { headers: { Cookie: pending } }));
    expect(forbidden.status).toBe(403);

    const res = await send(
      new Request(`${BASE}/Admin/InquiriesExport?status=quoted&q=${encodeURIComponent(named('inbox'))}`, {
        headers: { Cookie: admin },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"ID","Received","Name","Phone","Email","Event type","Event date","City","Guests","Budget","Message","Language","Status","Read","Notes","Reference","Assigned to","Follow-up date","Services","Consent given"',
    );
    expect(text).toContain(`"${id}",`);
    expect(text).toContain(
      `"${named('inbox')}","'=1+2","inbox@example.test","Other","","Sharjah","","","'@SUM(A1) ""hi""\nline 2","English","Quoted","No",`,
    );
    expect(text).toContain(': Called back, sending a quote."');
    // The consent time last, in UAE time (issue 27), as ISO 8601 with its offset (issue 35: the CSV is for machines).
    expect(text).toContain(`,"","","","2026-01-05T12:30:00+04:00"\r\n`);
    expect(lines.at(-1)).toBe('');

    const ar = await send(
      new Request(`${BASE}/ar/Admin/InquiriesExport?status=won&q=${encodeURIComponent(named('inbox'))}`, {
        headers: { Cookie: admin },
      }),
    );
    const arText = new TextDecoder().decode(new Uint8Array(await ar.arrayBuffer()).slice(3));
    // Another status: the header row only, in Arabic.
    expect(arText.split('\r\n')).toEqual([expect.stringContaining('"الاسم"'), '']);
  });
});
