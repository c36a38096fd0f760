import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryReference } from '@/lib/inquiries/format';
import { db } from '@/lib/db/client';
import { deliverDue, enqueue, mailStatus, messageId, smtpTransport } from '@/lib/mail/outbox';
import { notifyNewInquiry, notifyRegistrations, registrationsWindow } from '@/lib/mail/notify';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { invokeWith } from '../helpers/actions';
import { call, freshIp } from '../helpers/api';
import { quoteForm, startQuoteToken } from '../helpers/quote';
import { makeUser, testDb, unique } from '../helpers/db';
import { TestSmtpServer, type ReceivedMail } from '../helpers/smtp';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// Issue 19, point 3 (and issue 24): e-mail that never loses a request and never sends one twice.
// A real SMTP server (smtp-server) on 127.0.0.1 receives what the outbox sends: the inquiry mail
// (built and sent by lib/mail in this process, against the test database: the quote form is
// another part of the issue), the Admins' digest of sign-ups (in this process, and through a
// production server started with SMTP_URL and short windows, from POST /api/register), and a
// quote through the form's action. SMTP stopped: the write still succeeds, the row waits with its
// attempts counted, and the mail arrives once when SMTP is back. Workers racing over one outbox
// send each row once. No subject carries what a visitor typed.

const smtp = new TestSmtpServer();
const SALES = ['sales@example.test', 'boss@example.test'];
const FROM = 'Events Test <no-reply@example.test>';
const dubaiTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', dateStyle: 'medium', timeStyle: 'short' }).format(date)} (UTC+4)`;

const keys: string[] = [];
const userIds: number[] = [];
const inquiryIds: number[] = [];
let settingsBefore: { inquiryRecipients: string } | null = null;
const env = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, INQUIRY_EMAIL: process.env.INQUIRY_EMAIL };

beforeAll(async () => {
  await smtp.start();
  // lib/config reads these on each use: this process's lib/mail sends to the test server.
  process.env.SMTP_URL = `smtp://mailer:secret@127.0.0.1:${smtp.port}`;
  process.env.MAIL_FROM = FROM;
  process.env.INQUIRY_EMAIL = SALES.join(', ');
  settingsBefore = await testDb.siteSettings.findUnique({ where: { id: 1 }, select: { inquiryRecipients: true } });
});

afterAll(async () => {
  await testDb.mailOutbox.deleteMany({ where: { dedupeKey: { in: keys } } });
  await testDb.inquiry.deleteMany({ where: { id: { in: inquiryIds } } });
  await testDb.user.deleteMany({ where: { id: { in: userIds } } });
  if (settingsBefore) await testDb.siteSettings.update({ where: { id: 1 }, data: settingsBefore });
  else await testDb.siteSettings.deleteMany({ where: { id: 1 } });
  await smtp.stop();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await db.$disconnect();
  await testDb.$disconnect();
});

// Message-IDs are `<key with . for other characters>.<created ms>@host>` (lib/mail/outbox.ts messageId).
const byKey = (key: string) => (mail: ReceivedMail) =>
  mail.parsed.messageId?.startsWith(`<${key.replace(/[^A-Za-z0-9.-]/g, '.')}.`) ?? false;
const addresses = (field: ReceivedMail['parsed']['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((a) => a.address));

/** Sends what is due with this process's lib/mail until `key` is sent (bounded). */
async function deliverUntilSent(key: string) {
  const transport = smtpTransport()!;
  try {
    for (let pass = 0; pass < 20; pass++) {
      await deliverDue({ transport, from: FROM });
      const row = await testDb.mailOutbox.findUnique({ where: { dedupeKey: key } });
      if (row?.sentAt) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${key} was not sent`);
  } finally {
    transport.close();
  }
}

/** The outbox row once the worker has tried it at least once (bounded: `timeoutMs`, 10 s by default). */
async function firstAttempt(key: string, timeoutMs = 10_000) {
  let row = await testDb.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: key } });
  for (let i = 0; i < timeoutMs / 100 && row.attempts === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await testDb.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: key } });
  }
  return row;
}

describe('the inquiry mail (lib/mail in this process)', () => {
  it('goes to INQUIRY_EMAIL with the visitor as Reply-To, the subject of the issue, and both languages', async () => {
    const service = await testDb.service.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const name = `Sara <b>Al Mansouri</b> ${unique('q')}`;
    const inquiry = await db.$transaction(async (tx) => {
      const row = await tx.inquiry.create({
        data: {
          name,
          phone: '+971 50 123 4567',
          email: 'sara@example.test',
          eventType: service.titleEn,
          eventDate: new Date('2027-03-14T00:00:00Z'),
          city: 'abu-dhabi',
          guests: 250,
          budget: '50k-100k',
          message: 'A wedding on the beach.\nمع شاشة LED كبيرة <script>alert(1)</script>',
          locale: 'ar',
        },
      });
      await notifyNewInquiry(row.id, tx);
      return row;
    });
    inquiryIds.push(inquiry.id);
    const key = `inquiry:${inquiry.id}`;
    keys.push(key);

    const row = await deliverUntilSent(key);
    expect(row.attempts).toBe(0);
    expect(row.kind).toBe('inquiry');
    const [mail] = await smtp.waitFor(byKey(key));
    expect(smtp.find(byKey(key))).toHaveLength(1);
    expect(mail!.rcptTo).toEqual(SALES);
    expect(mail!.user).toBe('mailer'); // the credentials of SMTP_URL were used
    expect(mail!.mailFrom).toBe('no-reply@example.test');
    expect(addresses(mail!.parsed.to)).toEqual(SALES);
    expect(mail!.parsed.from?.value).toEqual([{ name: 'Events Test', address: 'no-reply@example.test' }]);
    expect(addresses(mail!.parsed.replyTo)).toEqual(['sara@example.test']);
    expect(mail!.parsed.messageId).toBe(messageId({ dedupeKey: key, createdAt: row.createdAt }));
    // Fixed words and the number: the visitor's name (here with markup) is in the body only.
    expect(mail!.parsed.subject).toBe(
      `New quote request ${inquiryReference(inquiry.id, inquiry.createdAt)} | استفسار جديد ${inquiryReference(inquiry.id, inquiry.createdAt)}`,
    );
    expect(mail!.parsed.text).toBe(
      [
        '7Stars Event',
        '',
        'New quote request · استفسار جديد',
        en.mail.inquiry.intro,
        ar.mail.inquiry.intro,
        '',
        `Reference · الرقم المرجعي: \u2066${inquiryReference(inquiry.id, inquiry.createdAt)}\u2069`,
        `Name · الاسم: ${name}`,
        // Isolated left to right (U+2066 … U+2069): in an Arabic line it would read "4567 123 50 971+".
        'Phone · الهاتف: \u2066+971 50 123 4567\u2069',
        'Email · البريد الإلكتروني: sara@example.test',
        // Sent before the fixed event types: the service stored as the event type, worded as before.
        `Event type · نوع المناسبة: ${service.titleEn} · ${service.titleAr}`,
        'Services · الخدمات: not given · غير محدد',
        'Event date · تاريخ المناسبة: 2027-03-14',
        'City · المدينة: Abu Dhabi · أبوظبي',
        'Guests · عدد الضيوف: 250',
        `Budget (AED) · الميزانية (درهم): ${en.quote.budgets['50k-100k']} · ${ar.quote.budgets['50k-100k']}`,
        'Written in · لغة الاستفسار: Arabic · العربية',
        `Received · تاريخ الاستلام: ${dubaiTime(inquiry.createdAt)}`,
        '',
        'Message · الرسالة:',
        'A wedding on the beach.\nمع شاشة LED كبيرة <script>alert(1)</script>',
        '',
        'Reply to this e-mail to answer the visitor.',
        'للرد على الزائر، أجب على هذه الرسالة.',
        '',
        // Straight to this lead, in either language.
        'Open this quote request · افتح هذا الاستفسار:',
        `${process.env.SITE_URL}/Admin/Inquiry/${inquiry.id}`,
        `${process.env.SITE_URL}/ar/Admin/Inquiry/${inquiry.id}`,
        '',
        '— Sent automatically by the website of 7Stars Event',
        '— أُرسلت تلقائيًا من موقع 7Stars Event',
        '',
      ].join('\n'),
    );
    // The HTML part says the same, with what the visitor typed escaped (never markup).
    const html = String(mail!.parsed.html);
    expect(html).toContain('Sara &lt;b&gt;Al Mansouri&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Al Mansouri');
    expect(html).toContain('<p lang="ar" dir="rtl" style="margin:0 0 12px;color:#333">' + ar.mail.inquiry.intro + '</p>');
    expect(html).toContain('>City · المدينة</th><td dir="auto" style="padding:6px 0;vertical-align:top">Abu Dhabi · أبوظبي</td>');
    // The phone is a call link: one tap from a phone's mail app.
    expect(html).toContain('<bdi dir="ltr"><a href="tel:+971501234567">+971 50 123 4567</a></bdi>');
    expect(html).toContain(`<a href="${process.env.SITE_URL}/ar/Admin/Inquiry/${inquiry.id}">`);
  });

  it('goes to the recipients set in the back office instead, and without an e-mail of the visitor there is no Reply-To', async () => {
    await testDb.siteSettings.upsert({
      where: { id: 1 },
      create: { id: 1, inquiryRecipients: 'Office@Example.test; not-an-address,\noffice@example.test events@example.test' },
      update: { inquiryRecipients: 'Office@Example.test; not-an-address,\noffice@example.test events@example.test' },
    });
    const inquiry = await db.$transaction(async (tx) => {
      const row = await tx.inquiry.create({ data: { name: 'Omar', phone: '+971 4 000 0000', eventType: 'other', city: 'sharjah' } });
      await notifyNewInquiry(row.id, tx);
      return row;
    });
    inquiryIds.push(inquiry.id);
    const key = `inquiry:${inquiry.id}`;
    keys.push(key);
    await deliverUntilSent(key);
    const [mail] = await smtp.waitFor(byKey(key));
    expect(mail!.rcptTo).toEqual(['office@example.test', 'events@example.test']);
    expect(mail!.parsed.replyTo).toBeUndefined();
    expect(mail!.parsed.subject).toBe(
      `New quote request ${inquiryReference(inquiry.id, inquiry.createdAt)} | استفسار جديد ${inquiryReference(inquiry.id, inquiry.createdAt)}`,
    );
    expect(mail!.parsed.text).toContain('\nEvent type · نوع المناسبة: Other · أخرى\n');
    expect(mail!.parsed.text).toContain('\nEmail · البريد الإلكتروني: not given · غير محدد\n');
    expect(mail!.parsed.text).toContain(`\n${en.mail.inquiry.noEmail}\n${ar.mail.inquiry.noEmail}\n`);
    expect(mail!.parsed.text).not.toContain('\nMessage · الرسالة:');
  });

  it('is queued once per inquiry: a second enqueue with the same key adds nothing', async () => {
    const inquiryId = inquiryIds[0]!;
    await db.$transaction((tx) => notifyNewInquiry(inquiryId, tx));
    expect(await testDb.mailOutbox.count({ where: { dedupeKey: `inquiry:${inquiryId}` } })).toBe(1);
    const transport = smtpTransport()!;
    await deliverDue({ transport, from: FROM });
    transport.close();
    expect(smtp.find(byKey(`inquiry:${inquiryId}`))).toHaveLength(1);
  });

  it('a rolled-back write queues no mail', async () => {
    const key = `inquiry-rollback:${unique()}`;
    keys.push(key);
    await expect(
      db.$transaction(async (tx) => {
        await enqueue(tx, { dedupeKey: key, kind: 'test', to: ['x@example.test'], subject: 's', text: 't', html: '<p>t</p>' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await testDb.mailOutbox.count({ where: { dedupeKey: key } })).toBe(0);
  });
});

describe('several workers over one outbox', () => {
  it('four workers racing over 40 due mails send each exactly once', async () => {
    const batch = unique('race');
    const mine = Array.from({ length: 40 }, (_, i) => `race:${batch}:${i}`);
    keys.push(...mine);
    await db.$transaction(async (tx) => {
      for (const [i, key] of mine.entries()) {
        await enqueue(tx, {
          dedupeKey: key,
          kind: 'test',
          to: [`w${i}@example.test`],
          subject: `race ${i}`,
          text: `${i}`,
          html: `<p>${i}</p>`,
        });
      }
    });
    const transports = Array.from({ length: 4 }, () => smtpTransport()!);
    const sentBy = await Promise.all(
      transports.map(async (transport) => {
        let sent = 0;
        for (let pass = 0; pass < 40; pass++) {
          const result = await deliverDue({ transport, from: FROM, limit: 3 });
          sent += result.sent;
          if (result.sent + result.failed === 0) break;
        }
        return sent;
      }),
    );
    for (const transport of transports) transport.close();
    // The work was shared, and the sum is exactly the 40 rows.
    expect(sentBy.reduce((a, b) => a + b, 0)).toBe(40);
    expect(sentBy.filter((n) => n > 0).length).toBeGreaterThan(1);
    const rows = await testDb.mailOutbox.findMany({ where: { dedupeKey: { in: mine } } });
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 0 && row.lockedUntil === null)).toBe(true);
    for (const key of mine) expect(smtp.find(byKey(key)), key).toHaveLength(1);
    // And nothing this file sent so far arrived twice.
    const ids = smtp.received.map((mail) => mail.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the registrations digest (lib/mail in this process)', () => {
  it('a later sign-up in the window brings the same row up to date; once a worker holds the row, the next window takes the count', async () => {
    const window = 3600;
    const before = process.env.REGISTRATION_DIGEST_SECONDS;
    process.env.REGISTRATION_DIGEST_SECONDS = String(window);
    const mine: string[] = [];
    userIds.push((await makeUser('admin')).id); // someone to tell, also when this file runs alone
    /** A pending account and the digest, in one transaction, as register() does. */
    const signUp = async () => {
      const user = await db.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: { name: 'Reset your password at http://evil.example', email: `${unique('digest')}@example.test`, passwordHash: 'x' },
        });
        await notifyRegistrations(tx);
        return created;
      });
      userIds.push(user.id);
      const row = await testDb.mailOutbox.findFirstOrThrow({ where: { kind: 'registrations' }, orderBy: { id: 'desc' } });
      if (!mine.includes(row.dedupeKey)) mine.push(row.dedupeKey);
      const waiting = await testDb.user.count({ where: { isAdmin: false, isMiniAdmin: false } });
      return { row, waiting };
    };
    /** The row's due time in seconds since 1970, read as the database stores it. */
    const dueOf = async (id: number) =>
      (
        await testDb.$queryRaw<
          { due: number }[]
        >`SELECT extract(epoch FROM next_attempt_at::timestamptz)::float8 AS due FROM mail_outbox WHERE id = ${id}`
      )[0]!.due;
    const subject = (n: number) => `People waiting for approval: ${n} | أشخاص بانتظار الموافقة: ${n}`;
    try {
      const first = await signUp();
      const slot = Date.parse(first.row.dedupeKey.slice('registrations:'.length)) / 1000 / window;
      expect(Number.isInteger(slot)).toBe(true);
      expect(first.row.dedupeKey).toBe(registrationsWindow(slot, window).dedupeKey);
      expect(await dueOf(first.row.id)).toBe((slot + 1) * window); // sent when its window ends, not now
      expect(first.row.subject).toBe(subject(first.waiting));
      expect(first.row.text).not.toContain('evil.example');

      // Same window, not yet claimed: the same row, counting one more.
      const second = await signUp();
      expect(second.row.id).toBe(first.row.id);
      expect(second.waiting).toBe(first.waiting + 1);
      expect(second.row.subject).toBe(subject(second.waiting));
      expect(await dueOf(first.row.id)).toBe((slot + 1) * window);

      // A worker holds the row (sending it): the sign-up after that is counted by the next window's row.
      await testDb.$executeRaw`UPDATE mail_outbox SET locked_until = now() + interval '5 minutes' WHERE id = ${first.row.id}`;
      const third = await signUp();
      expect(third.row.dedupeKey).toBe(registrationsWindow(slot + 1, window).dedupeKey);
      expect(third.row.subject).toBe(subject(third.waiting));
      expect(await dueOf(third.row.id)).toBe((slot + 2) * window);
      const held = await testDb.mailOutbox.findUniqueOrThrow({ where: { id: first.row.id } });
      expect(held.subject).toBe(subject(second.waiting)); // untouched while held
      expect(mine).toEqual([first.row.dedupeKey, third.row.dedupeKey]);
    } finally {
      // Not left for the server below: its short windows could share a key with these.
      await testDb.mailOutbox.deleteMany({ where: { dedupeKey: { in: mine } } });
      if (before === undefined) delete process.env.REGISTRATION_DIGEST_SECONDS;
      else process.env.REGISTRATION_DIGEST_SECONDS = before;
    }
  });
});

describe('the registrations digest, through a production server with SMTP_URL', () => {
  // Short windows so the test sees them end; production's is 15 minutes (lib/config.ts).
  const WINDOW_SECONDS = 6;
  let server: SpawnedServer;
  let admins: string[];
  beforeAll(async () => {
    userIds.push((await makeUser('admin')).id);
    admins = (await testDb.user.findMany({ where: { isAdmin: true }, orderBy: { id: 'asc' } })).map((u) => u.email);
    // No recipients saved in the back office: the server's INQUIRY_EMAIL applies to quotes.
    await testDb.siteSettings.updateMany({ where: { id: 1 }, data: { inquiryRecipients: '' } });
    server = await spawnServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: FROM,
      INQUIRY_EMAIL: SALES.join(','),
      REGISTRATION_DIGEST_SECONDS: String(WINDOW_SECONDS),
      LOG_LEVEL: 'warn',
    });
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
  });

  async function register(name: string) {
    const email = `${unique('signup')}@example.test`;
    const res = await call('/api/register', {
      base: server.base,
      form: { name, email, password: 'long enough pw', password_confirmation: 'long enough pw' },
    });
    expect(res.status).toBe(201);
    const user = await testDb.user.findUniqueOrThrow({ where: { email } });
    userIds.push(user.id);
    return user;
  }

  /** The digest row the latest sign-up wrote (the newest of its kind). */
  async function latestDigest() {
    const row = await testDb.mailOutbox.findFirstOrThrow({ where: { kind: 'registrations' }, orderBy: { id: 'desc' } });
    if (!keys.includes(row.dedupeKey)) keys.push(row.dedupeKey);
    return row;
  }

  /** Waits (at most one window) until a window has just begun, so the sign-ups after it share one. */
  async function windowBegins() {
    const deadline = Date.now() + (WINDOW_SECONDS + 1) * 1000;
    while (Date.now() < deadline) {
      if ((Date.now() / 1000) % WINDOW_SECONDS < 0.3) return Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no window began');
  }

  it('tells every Admin once per window, when it ends: how many wait and the link, never what a visitor typed', async () => {
    const slot = await windowBegins();
    const started = Date.now();
    const layla = await register('Layla Haddad');
    const lure = await register('Reset your password at http://evil.example');
    const ended = Date.now();
    expect(ended - started).toBeLessThan((WINDOW_SECONDS - 1) * 1000); // both in this window
    const row = await latestDigest();
    const { dedupeKey, dueAtEpochSeconds } = registrationsWindow(slot, WINDOW_SECONDS);
    expect(row.dedupeKey).toBe(dedupeKey);
    expect(await testDb.mailOutbox.count({ where: { dedupeKey } })).toBe(1);
    const waiting = await testDb.user.count({ where: { isAdmin: false, isMiniAdmin: false } });

    const [mail] = await smtp.waitFor(byKey(dedupeKey), { timeoutMs: (WINDOW_SECONDS + 12) * 1000 });
    // Not before its window ended (the worker runs every 5 s, and when woken).
    expect(mail!.at).toBeGreaterThanOrEqual(dueAtEpochSeconds * 1000);
    console.log(`[mail test] the digest arrived ${((mail!.at - dueAtEpochSeconds * 1000) / 1000).toFixed(2)} s after its window ended`);
    expect(mail!.rcptTo).toEqual(admins);
    expect(mail!.parsed.replyTo).toBeUndefined();
    expect(mail!.parsed.messageId).toBe(messageId({ dedupeKey, createdAt: row.createdAt }));
    expect(mail!.parsed.subject).toBe(`People waiting for approval: ${waiting} | أشخاص بانتظار الموافقة: ${waiting}`);
    const text = mail!.parsed.text!;
    // Counted when the later sign-up's transaction ran: between the first post and the last answer.
    const counted = /\nCounted · وقت العدّ: (.+)\n/.exec(text)?.[1];
    expect([dubaiTime(new Date(started)), dubaiTime(new Date(ended))]).toContain(counted);
    expect(text).toBe(
      [
        '7Stars Event',
        '',
        'People waiting for approval · أشخاص بانتظار الموافقة',
        en.mail.registrations.intro,
        ar.mail.registrations.intro,
        '',
        `Waiting for approval · بانتظار الموافقة: ${waiting}`,
        `Counted · وقت العدّ: ${counted}`,
        '',
        'Review them under Users in the back office · راجعهم ضمن المستخدمين في لوحة التحكم:',
        `${server.base}/Admin/Users`,
        `${server.base}/ar/Admin/Users`,
        '',
        '— Sent automatically by the website of 7Stars Event',
        '— أُرسلت تلقائيًا من موقع 7Stars Event',
        '',
      ].join('\n'),
    );
    const html = String(mail!.parsed.html);
    expect(html).toContain(`<a href="${server.base}/Admin/Users">`);
    for (const typed of [layla.name, layla.email, lure.name, lure.email, 'evil.example']) {
      expect(mail!.parsed.subject).not.toContain(typed);
      expect(text).not.toContain(typed);
      expect(html).not.toContain(typed);
    }
    // Never twice: a window and a worker tick later there is still exactly one.
    await new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 5) * 1000));
    expect(smtp.find(byKey(dedupeKey))).toHaveLength(1);
    expect(smtp.find((m) => m.parsed.messageId?.startsWith('<registrations.') ?? false)).toHaveLength(1);
  }, 60_000);

  it('with SMTP stopped the account is still created (201) and the digest waits; once SMTP is back it arrives exactly once', async () => {
    await smtp.stop();
    await register('Khalid Noor');
    const row0 = await latestDigest();
    const key = row0.dedupeKey;
    const waiting = await testDb.user.count({ where: { isAdmin: false, isMiniAdmin: false } });
    // When its window ended the worker tried and failed: the row waits with its attempts counted.
    const row = await firstAttempt(key, (WINDOW_SECONDS + 12) * 1000);
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    await server.waitForOutput(new RegExp(`\\[mail\\] ${key.replace(/[.]/g, '\\.')}: attempt 1 failed`));
    // The back office's box reads the same state.
    const status = await mailStatus();
    expect(status.configured).toBe(true);
    expect(status.waiting).toBeGreaterThanOrEqual(1);
    expect(status.lastError).toMatch(/ECONNREFUSED/);
    // The site stays ready: mail degrades, it does not stop the site.
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect(smtp.find(byKey(key))).toHaveLength(0);

    await smtp.start();
    const [mail] = await smtp.waitFor(byKey(key), { timeoutMs: 30_000 });
    expect(mail!.parsed.subject).toBe(`People waiting for approval: ${waiting} | أشخاص بانتظار الموافقة: ${waiting}`);
    expect(mail!.rcptTo).toEqual(admins);
    const sent = await testDb.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: key } });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBeGreaterThanOrEqual(row.attempts); // the failures stay counted
    expect(sent.lastError).toBeNull();
    // Never twice: a few worker ticks (every 5 s) later there is still exactly one.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(smtp.find(byKey(key))).toHaveLength(1);
    const ids = smtp.received.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  }, 90_000);

  it('a quote posted with SMTP stopped is stored and thanked as usual; its mail arrives exactly once when SMTP is back', async () => {
    // The form's fill-time token, from the same server, at least 3 s before the post.
    const ip = freshIp();
    const token = await startQuoteToken(ip, server.base);
    await new Promise((resolve) => setTimeout(resolve, 3_100));

    await smtp.stop();
    const name = `Huda Saleh ${unique('q')}`;
    const form = quoteForm({ started: token, name, phone: '+971 50 765 4321', email: 'huda@example.test' });
    const res = await invokeWith('submitQuote', [null, form], {
      base: server.base,
      page: '/ContactUs',
      headers: { 'X-Forwarded-For': ip },
    });
    expect(res.status).toBe(200);
    const inquiry = await testDb.inquiry.findFirstOrThrow({ where: { name } });
    expect(res.text).toContain(`:{"ok":true,"reference":"${inquiryReference(inquiry.id, inquiry.createdAt)}"}`);
    inquiryIds.push(inquiry.id);
    const key = `inquiry:${inquiry.id}`;
    keys.push(key);
    expect(inquiry.status).toBe('new');

    // The worker tried and failed: the mail waits in the outbox with the failure recorded.
    const row = await firstAttempt(key);
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(smtp.find(byKey(key))).toHaveLength(0);

    await smtp.start();
    const [mail] = await smtp.waitFor(byKey(key), { timeoutMs: 30_000 });
    expect(mail!.rcptTo).toEqual(SALES);
    expect(addresses(mail!.parsed.replyTo)).toEqual(['huda@example.test']);
    expect(mail!.parsed.subject).toBe(
      `New quote request ${inquiryReference(inquiry.id, inquiry.createdAt)} | استفسار جديد ${inquiryReference(inquiry.id, inquiry.createdAt)}`,
    );
    expect(mail!.parsed.text).toContain('\nPhone · الهاتف: \u2066+971 50 765 4321\u2069\n');
    const sent = await testDb.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: key } });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.lastError).toBeNull();
    // Never twice: a worker tick (every 5 s) later there is still exactly one.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(smtp.find(byKey(key))).toHaveLength(1);
    // The visitor's confirmation (issue 27) waited out the outage too, and arrived once, in English.
    const visitorKey = `inquiry-visitor:${inquiry.id}`;
    const [confirmation] = await smtp.waitFor(byKey(visitorKey), { timeoutMs: 30_000 });
    expect(smtp.find(byKey(visitorKey))).toHaveLength(1);
    expect(confirmation!.rcptTo).toEqual(['huda@example.test']);
    expect(confirmation!.parsed.subject).toBe(`${en.mail.visitor.subject} ${inquiryReference(inquiry.id, inquiry.createdAt)}`);
  }, 90_000);
});
