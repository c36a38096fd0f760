import 'server-only';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { config } from '@/lib/config';
import { isEventType, SERVICES_SEPARATOR } from '@/lib/inquiries/constants';
import { inquiryReference, isoDay, ltrIsolate, telHref } from '@/lib/inquiries/format';
import { adminPath } from '@/lib/admin/paths';
import { formatWhen } from '@/lib/i18n/dates';
import type { DbClient } from '@/lib/db/types';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { enqueue, enqueueDigest } from './outbox';

// What the product mails, each queued in the outbox (lib/mail/outbox.ts) inside the transaction of
// the write it announces, so a stored inquiry or registration always gets its mail and a failed
// write never sends one. Everything is read through that transaction (not the cached settings):
// the mail describes exactly what was committed with it.
//
// Both languages in one mail, label by label ("Name · الاسم"): the recipients are staff who may
// read either, and the visitor's own words are shown once, as written. The company's name heads
// the mail as text (settings, else the demo brand): an image would be blocked by most mail
// clients until the reader allows it, and the name says the same.

const words = { en: en.mail, ar: ar.mail };
const SEP = ' · ';

/** One line of the mail: both labels, one value (`dir="auto"` in HTML, so Arabic values read right to left). */
interface Field {
  label: string;
  value: string;
  /** A phone number: isolated left to right (U+2066…U+2069 in text, <bdi dir="ltr"> in HTML). */
  ltr?: boolean;
  /** A link for the value in HTML (a phone's `tel:`, so staff on a phone call with one tap). */
  href?: string;
}

const both = (pick: (w: typeof words.en) => string) => `${pick(words.en)}${SEP}${pick(words.ar)}`;

const email = z.email();
/** Addresses separated by commas, semicolons or white space; invalid ones dropped, each once. */
export function parseRecipients(list: string): string[] {
  const found = list
    .split(/[\s,;]+/)
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a && email.safeParse(a).success);
  return [...new Set(found)];
}

async function companyNames(client: DbClient): Promise<{ en: string; ar: string }> {
  const settings = await client.siteSettings.findUnique({ where: { id: 1 }, select: { companyNameEn: true, companyNameAr: true } });
  return { en: settings?.companyNameEn || en.meta.siteName, ar: settings?.companyNameAr || ar.meta.siteName };
}

// The staff mail gives one value per line, under both labels: the time in English (CLDR en-GB, as
// lib/i18n/dates.ts writes it) with its offset; the event day as YYYY-MM-DD.
const received = (date: Date) => `${formatWhen(date, 'en')} (UTC+4)`;
/** A fixed choice (city, budget, language) in both languages, by its key; an unknown key as stored. */
const choice = (key: string, pick: (m: typeof en) => Record<string, string>) =>
  key in pick(en) ? `${pick(en)[key]}${SEP}${pick(ar)[key]}` : key;

interface Layout {
  company: { en: string; ar: string };
  heading: string;
  intro: { en: string; ar: string };
  fields: Field[];
  /** A long text shown under the fields (the visitor's message), as written. */
  block?: Field;
  notes: { en: string; ar: string }[];
  link: { label: string; urls: string[] };
}

function renderText(layout: Layout): string {
  const lines = [
    layout.company.en === layout.company.ar ? layout.company.en : `${layout.company.en}${SEP}${layout.company.ar}`,
    '',
    layout.heading,
    layout.intro.en,
    layout.intro.ar,
    '',
    ...layout.fields.map((f) => `${f.label}: ${f.ltr ? ltrIsolate(f.value) : f.value}`),
  ];
  if (layout.block) lines.push('', `${layout.block.label}:`, layout.block.value);
  for (const note of layout.notes) lines.push('', note.en, note.ar);
  lines.push('', `${layout.link.label}:`, ...layout.link.urls);
  lines.push('', `— ${words.en.footer} ${layout.company.en}`, `— ${words.ar.footer} ${layout.company.ar}`);
  return `${lines.join('\n')}\n`;
}

function renderHtml(layout: Layout): string {
  const h = escapeHtml;
  const pair = (pairEn: string, pairAr: string, tag = 'p', style = '') =>
    `<${tag} lang="en" dir="ltr" style="margin:0 0 4px;${style}">${h(pairEn)}</${tag}>` +
    `<${tag} lang="ar" dir="rtl" style="margin:0 0 12px;${style}">${h(pairAr)}</${tag}>`;
  const rows = layout.fields
    .map(
      (f) =>
        `<tr><th scope="row" style="text-align:start;padding:6px 12px 6px 0;vertical-align:top;color:#555;font-weight:600">${h(f.label)}</th>` +
        (f.ltr
          ? `<td style="padding:6px 0;vertical-align:top"><bdi dir="ltr">${f.href ? `<a href="${h(f.href)}">${h(f.value)}</a>` : h(f.value)}</bdi></td></tr>`
          : `<td dir="auto" style="padding:6px 0;vertical-align:top">${h(f.value)}</td></tr>`),
    )
    .join('');
  const block = layout.block
    ? `<h2 style="font-size:16px;margin:20px 0 6px">${h(layout.block.label)}</h2><p dir="auto" style="white-space:pre-wrap;margin:0;padding:12px;background:#f5f5f5;border-radius:6px">${h(layout.block.value)}</p>`
    : '';
  const notes = layout.notes.map((n) => pair(n.en, n.ar)).join('');
  const links = layout.link.urls.map((url) => `<a href="${h(url)}">${h(url)}</a>`).join('<br>');
  return [
    '<!doctype html><html><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111;margin:0;padding:24px">',
    `<p style="font-size:20px;font-weight:800;margin:0 0 16px">${h(layout.company.en)}${layout.company.ar === layout.company.en ? '' : `<span lang="ar" dir="rtl">${h(SEP + layout.company.ar)}</span>`}</p>`,
    `<h1 style="font-size:18px;margin:0 0 8px">${h(layout.heading)}</h1>`,
    pair(layout.intro.en, layout.intro.ar, 'p', 'color:#333'),
    `<table role="presentation" style="border-collapse:collapse;margin-top:8px">${rows}</table>`,
    block,
    `<div style="margin-top:20px">${notes}</div>`,
    `<p style="margin:16px 0 0"><strong>${h(layout.link.label)}</strong><br>${links}</p>`,
    `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 8px">`,
    pair(`${words.en.footer} ${layout.company.en}`, `${words.ar.footer} ${layout.company.ar}`, 'p', 'font-size:12px;color:#777'),
    '</body></html>',
  ].join('');
}

/** Queues the mail announcing a new quote request to the inquiry recipients. */
export async function notifyNewInquiry(inquiryId: number, client: DbClient): Promise<void> {
  if (!config.mail.configured) return;
  const inquiry = await client.inquiry.findUnique({ where: { id: inquiryId } });
  if (!inquiry) throw new Error(`notifyNewInquiry: no inquiry ${inquiryId} in this transaction`);
  const settings = await client.siteSettings.findUnique({ where: { id: 1 }, select: { inquiryRecipients: true } });
  const to = parseRecipients(settings?.inquiryRecipients || config.mail.inquiryEmail);
  if (to.length === 0) {
    console.warn(`[mail] inquiry ${inquiryId}: no recipients (set them under /Admin/Settings or INQUIRY_EMAIL); no mail queued`);
    return;
  }
  const w = words;
  // Services by their English title, with the Arabic one where the service still has it. A request
  // sent before the fixed event types stored a service's title as its event type: worded the same.
  const titles = [...inquiry.services, ...(isEventType(inquiry.eventType) ? [] : [inquiry.eventType])];
  const arabic = new Map(
    (await client.service.findMany({ where: { titleEn: { in: titles } }, select: { titleEn: true, titleAr: true } })).map((s) => [
      s.titleEn,
      s.titleAr,
    ]),
  );
  const serviceWords = (title: string) => {
    const titleAr = arabic.get(title);
    return titleAr && titleAr !== title ? `${title}${SEP}${titleAr}` : title;
  };
  const eventType = isEventType(inquiry.eventType)
    ? `${en.quote.eventTypes[inquiry.eventType]}${SEP}${ar.quote.eventTypes[inquiry.eventType]}`
    : serviceWords(inquiry.eventType);
  const notGiven = `${w.en.inquiry.notGiven}${SEP}${w.ar.inquiry.notGiven}`;
  const date = isoDay(inquiry.eventDate);
  const language = inquiry.locale === 'ar' ? 'ar' : 'en';
  const visitorEmail = email.safeParse(inquiry.email.trim()).success ? inquiry.email.trim() : '';
  const reference = inquiryReference(inquiry.id, inquiry.createdAt);
  const lead = adminPath.inquiry(inquiry.id);

  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.inquiry.subject),
    intro: { en: w.en.inquiry.intro, ar: w.ar.inquiry.intro },
    fields: [
      { label: both((x) => x.inquiry.reference), value: reference, ltr: true },
      { label: both((x) => x.inquiry.name), value: inquiry.name },
      {
        label: both((x) => x.inquiry.phone),
        value: inquiry.phone || notGiven,
        ltr: Boolean(inquiry.phone),
        href: inquiry.phone ? telHref(inquiry.phone) : undefined,
      },
      { label: both((x) => x.inquiry.email), value: inquiry.email || notGiven },
      { label: both((x) => x.inquiry.eventType), value: eventType },
      { label: both((x) => x.inquiry.services), value: inquiry.services.map(serviceWords).join(SERVICES_SEPARATOR) || notGiven },
      { label: both((x) => x.inquiry.eventDate), value: date || notGiven },
      { label: both((x) => x.inquiry.city), value: choice(inquiry.city, (m) => m.quote.cities) },
      { label: both((x) => x.inquiry.guests), value: inquiry.guests === null ? notGiven : String(inquiry.guests) },
      { label: both((x) => x.inquiry.budget), value: inquiry.budget ? choice(inquiry.budget, (m) => m.quote.budgets) : notGiven },
      { label: both((x) => x.inquiry.language), value: choice(language, (m) => m.admin.inquiries.languages) },
      { label: both((x) => x.inquiry.received), value: received(inquiry.createdAt) },
    ],
    block: inquiry.message ? { label: both((x) => x.inquiry.message), value: inquiry.message } : undefined,
    notes: [
      visitorEmail ? { en: w.en.inquiry.replyHint, ar: w.ar.inquiry.replyHint } : { en: w.en.inquiry.noEmail, ar: w.ar.inquiry.noEmail },
    ],
    // Straight to this lead (not the inbox), in either language.
    link: { label: both((x) => x.inquiry.open), urls: [`${config.siteUrl}${lead}`, `${config.siteUrl}/ar${lead}`] },
  };
  await enqueue(client, {
    dedupeKey: `inquiry:${inquiry.id}`,
    kind: 'inquiry',
    to,
    replyTo: visitorEmail || null,
    // Fixed words and the reference staff and visitor quote to each other: nothing a visitor typed
    // is ever in a subject (the body, for staff, shows what they sent).
    subject: `${w.en.inquiry.subject} ${reference} | ${w.ar.inquiry.subject} ${reference}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}

/**
 * The visitor's confirmation, in the language they wrote in, to the address they gave (none: no
 * mail), with the reference staff find the request by. Fixed words, the reference and the link
 * only: never the name or message typed. Anyone can type someone else's address in the form, and
 * the mail must not carry their text to that person (as the other mails here, see above).
 */
export async function notifyVisitor(inquiryId: number, client: DbClient): Promise<void> {
  if (!config.mail.configured) return;
  const inquiry = await client.inquiry.findUnique({
    where: { id: inquiryId },
    select: { id: true, email: true, locale: true, createdAt: true },
  });
  if (!inquiry) throw new Error(`notifyVisitor: no inquiry ${inquiryId} in this transaction`);
  const to = inquiry.email.trim();
  if (!to || !email.safeParse(to).success) return;
  const locale = inquiry.locale === 'ar' ? 'ar' : 'en';
  const w = words[locale].visitor;
  const company = (await companyNames(client))[locale];
  const reference = inquiryReference(inquiry.id, inquiry.createdAt);
  const site = locale === 'ar' ? `${config.siteUrl}/ar` : config.siteUrl;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const h = escapeHtml;
  const text = [
    company,
    '',
    w.subject,
    '',
    w.intro,
    '',
    `${w.reference}: ${ltrIsolate(reference)}`,
    w.keep,
    '',
    `${w.site}: ${site}`,
    '',
    `— ${company}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"></head>`,
    `<body dir="${dir}" style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111;margin:0;padding:24px">`,
    `<p style="font-size:20px;font-weight:800;margin:0 0 16px">${h(company)}</p>`,
    `<h1 style="font-size:18px;margin:0 0 8px">${h(w.subject)}</h1>`,
    `<p style="margin:0 0 12px">${h(w.intro)}</p>`,
    `<p style="margin:0 0 4px">${h(w.reference)}: <strong><bdi dir="ltr">${h(reference)}</bdi></strong></p>`,
    `<p style="margin:0 0 12px">${h(w.keep)}</p>`,
    `<p style="margin:16px 0 0"><a href="${h(site)}">${h(w.site)}</a></p>`,
    '</body></html>',
  ].join('');
  await enqueue(client, {
    dedupeKey: `inquiry-visitor:${inquiry.id}`,
    kind: 'inquiry-visitor',
    to: [to],
    subject: `${w.subject} ${reference}`,
    text: `${text}\n`,
    html,
  });
}

// Registrations are told to the Admins as a digest, never one mail per sign-up: sign-ups come from
// anyone, and a mail per sign-up with the visitor's name in it made the company's mail server a
// channel for whatever text an attacker chose. One mail per REGISTRATION_DIGEST_SECONDS window at
// most, sent when the window ends, saying only how many accounts wait and where to review them.
// Instances and concurrent sign-ups serialise on this lock while they count, so the window's row
// always holds the count of the last sign-up committed in it.
const REGISTRATIONS_LOCK = 5_551_024;

/** The digest's key and due time for the window `slot` (a count of windows since 1970, by the database's clock). */
export function registrationsWindow(slot: number, windowSeconds: number) {
  const start = slot * windowSeconds;
  return { dedupeKey: `registrations:${new Date(start * 1000).toISOString()}`, dueAtEpochSeconds: start + windowSeconds };
}

/**
 * Brings this window's digest to the Admins up to date, inside the transaction that created a
 * pending account: "N people are waiting for approval" with the link to /Admin/Users. If this
 * window's mail has already left (a sign-up that committed just as its window ended), the next
 * window's carries the count.
 */
export async function notifyRegistrations(client: DbClient): Promise<void> {
  if (!config.mail.configured) return;
  await client.$executeRaw`SELECT pg_advisory_xact_lock(${REGISTRATIONS_LOCK})`;
  const admins = await client.user.findMany({ where: { isAdmin: true }, select: { email: true }, orderBy: { id: 'asc' } });
  const to = [...new Set(admins.map((a) => a.email))];
  if (to.length === 0) {
    console.warn('[mail] registrations: no Admin to tell; no mail queued');
    return;
  }
  // Counted after the lock (READ COMMITTED: a new snapshot per statement), so a sign-up that
  // committed while this one waited is included.
  const waiting = await client.user.count({ where: { isAdmin: false, isMiniAdmin: false } });
  const windowSeconds = config.mail.registrationDigestSeconds;
  const [now] = await client.$queryRaw<{ slot: number; at: Date }[]>`
    SELECT floor(extract(epoch FROM now())::double precision / ${windowSeconds}::double precision) AS slot, now() AS at`;
  if (!now) throw new Error('notifyRegistrations: the database returned no time');
  const w = words;
  const count = String(waiting);
  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.registrations.subject),
    intro: { en: w.en.registrations.intro, ar: w.ar.registrations.intro },
    fields: [
      { label: both((x) => x.registrations.waiting), value: count },
      { label: both((x) => x.registrations.counted), value: received(now.at) },
    ],
    notes: [],
    link: { label: both((x) => x.registrations.action), urls: [`${config.siteUrl}/Admin/Users`, `${config.siteUrl}/ar/Admin/Users`] },
  };
  const mail = {
    kind: 'registrations',
    to,
    // Fixed words and the count: nothing a visitor typed is ever in a subject.
    subject: `${w.en.registrations.subject}: ${count} | ${w.ar.registrations.subject}: ${count}`,
    text: renderText(layout),
    html: renderHtml(layout),
  };
  // This window, else the next (bounded: a transaction older than two windows is not expected).
  for (let ahead = 0; ahead < 3; ahead++) {
    const { dedupeKey, dueAtEpochSeconds } = registrationsWindow(Number(now.slot) + ahead, windowSeconds);
    if (await enqueueDigest(client, { ...mail, dedupeKey }, dueAtEpochSeconds)) return;
  }
  console.warn('[mail] registrations: the digests of this window and the next two already left; no mail queued');
}

// Mails to one account holder (lib/entities/user/account.ts), queued in the transaction that made
// the link or changed the password. Like every mail here they hold no text a visitor chose: fixed
// words, the link, the time.

/** The password reset link (valid LINK_LIFETIME_MS.reset; the mail says one hour). */
export async function mailResetLink(client: DbClient, mail: { linkId: number; to: string; url: string }): Promise<void> {
  const w = words;
  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.reset.subject),
    intro: { en: w.en.reset.intro, ar: w.ar.reset.intro },
    fields: [],
    notes: [{ en: w.en.reset.notYou, ar: w.ar.reset.notYou }],
    link: { label: both((x) => x.reset.action), urls: [mail.url] },
  };
  await enqueue(client, {
    dedupeKey: `reset:${mail.linkId}`,
    kind: 'reset',
    to: [mail.to],
    subject: `${w.en.reset.subject} | ${w.ar.reset.subject}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}

/** "Your password was changed", with when, and what to do if it was not them. */
export async function mailPasswordChanged(client: DbClient, mail: { userId: number; to: string; at: Date }): Promise<void> {
  const w = words;
  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.passwordChanged.subject),
    intro: { en: w.en.passwordChanged.intro, ar: w.ar.passwordChanged.intro },
    fields: [{ label: both((x) => x.passwordChanged.at), value: received(mail.at) }],
    notes: [{ en: w.en.passwordChanged.notYou, ar: w.ar.passwordChanged.notYou }],
    link: {
      label: both((x) => x.passwordChanged.action),
      urls: [`${config.siteUrl}/ForgotPassword`, `${config.siteUrl}/ar/ForgotPassword`],
    },
  };
  await enqueue(client, {
    dedupeKey: `password-changed:${mail.userId}:${mail.at.getTime()}`,
    kind: 'password-changed',
    to: [mail.to],
    subject: `${w.en.passwordChanged.subject} | ${w.ar.passwordChanged.subject}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}

/** The applicant's answer: approved (with where to sign in) or not. */
export async function mailDecision(client: DbClient, mail: { userId: number; to: string; approved: boolean }): Promise<void> {
  const w = words;
  const pick = mail.approved ? (x: typeof words.en) => x.approved : (x: typeof words.en) => x.declined;
  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => pick(x).subject),
    intro: { en: pick(w.en).intro, ar: pick(w.ar).intro },
    fields: [],
    notes: [],
    link: mail.approved
      ? { label: both((x) => x.approved.action), urls: [`${config.siteUrl}/LogIn`, `${config.siteUrl}/ar/LogIn`] }
      : { label: both((x) => x.declined.action), urls: [config.siteUrl] },
  };
  await enqueue(client, {
    // One answer per account: an approval after a demotion and a second approval is not news.
    dedupeKey: `decision:${mail.userId}`,
    kind: mail.approved ? 'approved' : 'declined',
    to: [mail.to],
    subject: `${pick(w.en).subject} | ${pick(w.ar).subject}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}

/** An invitation: who is invited as what, and the link (valid LINK_LIFETIME_MS.invite; the mail says 7 days). */
export async function mailInvitation(client: DbClient, mail: { linkId: number; to: string; url: string; admin: boolean }): Promise<void> {
  const w = words;
  const role = both((x) => (mail.admin ? x.invitation.roleAdmin : x.invitation.roleMini));
  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.invitation.subject),
    intro: { en: w.en.invitation.intro, ar: w.ar.invitation.intro },
    fields: [{ label: both((x) => x.invitation.role), value: role }],
    notes: [{ en: w.en.invitation.expires, ar: w.ar.invitation.expires }],
    link: { label: both((x) => x.invitation.action), urls: [mail.url] },
  };
  await enqueue(client, {
    dedupeKey: `invite:${mail.linkId}`,
    kind: 'invite',
    to: [mail.to],
    subject: `${w.en.invitation.subject} | ${w.ar.invitation.subject}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}

/**
 * The Admins hear that backups are failing or overdue (lib/backups/runner.ts): at most one mail a
 * UAE day whatever happens (one outbox row per day's key), with when and why.
 */
export async function mailBackupAlarm(
  client: DbClient,
  mail: { to: string[]; day: string; kind: 'failed' | 'overdue'; at: Date; reason: string },
): Promise<boolean> {
  const w = words;
  const subject = (x: typeof words.en) => (mail.kind === 'failed' ? x.backup.subjectFailed : x.backup.subjectOverdue);
  const intro = (x: typeof words.en) => (mail.kind === 'failed' ? x.backup.introFailed : x.backup.introOverdue);
  const layout: Layout = {
    company: await companyNames(client),
    heading: both(subject),
    intro: { en: intro(w.en), ar: intro(w.ar) },
    fields: [
      { label: both((x) => x.backup.when), value: received(mail.at) },
      { label: both((x) => x.backup.reason), value: mail.reason, ltr: true },
    ],
    notes: [{ en: w.en.backup.once, ar: w.ar.backup.once }],
    link: { label: both((x) => x.backup.action), urls: [`${config.siteUrl}/Admin/Backups`, `${config.siteUrl}/ar/Admin/Backups`] },
  };
  return enqueue(client, {
    dedupeKey: `backup-alarm:${mail.day}`,
    kind: 'backupAlarm',
    to: mail.to,
    subject: `${subject(w.en)} | ${subject(w.ar)}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}
