import 'server-only';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { config } from '@/lib/config';
import { OTHER_EVENT_TYPE } from '@/lib/inquiries/constants';
import { formatDubaiTime, isoDay } from '@/lib/inquiries/format';
import type { DbClient } from '@/lib/entities/define';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { enqueue } from './outbox';

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
}

const both = (pick: (w: typeof words.en) => string) => `${pick(words.en)}${SEP}${pick(words.ar)}`;
// Subject parts come from visitors: one line, bounded.
const oneLine = (value: string, max = 80) => value.replace(/\s+/g, ' ').trim().slice(0, max);

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

const received = (date: Date) => `${formatDubaiTime(date, 'en')} (UTC+4)`;
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
    ...layout.fields.map((f) => `${f.label}: ${f.value}`),
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
        `<td dir="auto" style="padding:6px 0;vertical-align:top">${h(f.value)}</td></tr>`,
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
  const service =
    inquiry.eventType === OTHER_EVENT_TYPE
      ? null
      : await client.service.findFirst({ where: { titleEn: inquiry.eventType }, select: { titleAr: true } });
  const eventType =
    inquiry.eventType === OTHER_EVENT_TYPE
      ? `${en.quote.eventTypeOther}${SEP}${ar.quote.eventTypeOther}`
      : service && service.titleAr !== inquiry.eventType
        ? `${inquiry.eventType}${SEP}${service.titleAr}`
        : inquiry.eventType;
  const notGiven = `${w.en.inquiry.notGiven}${SEP}${w.ar.inquiry.notGiven}`;
  const date = isoDay(inquiry.eventDate);
  const language = inquiry.locale === 'ar' ? 'ar' : 'en';
  const visitorEmail = email.safeParse(inquiry.email.trim()).success ? inquiry.email.trim() : '';

  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.inquiry.subject),
    intro: { en: w.en.inquiry.intro, ar: w.ar.inquiry.intro },
    fields: [
      { label: both((x) => x.inquiry.name), value: inquiry.name },
      { label: both((x) => x.inquiry.phone), value: inquiry.phone || notGiven },
      { label: both((x) => x.inquiry.email), value: inquiry.email || notGiven },
      { label: both((x) => x.inquiry.eventType), value: eventType },
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
    link: { label: both((x) => x.inquiry.open), urls: [`${config.siteUrl}/Admin/Inquiries`, `${config.siteUrl}/ar/Admin/Inquiries`] },
  };
  const subjectParts = [
    oneLine(inquiry.name),
    oneLine(inquiry.eventType === OTHER_EVENT_TYPE ? en.quote.eventTypeOther : inquiry.eventType),
    date,
  ].filter(Boolean);
  await enqueue(client, {
    dedupeKey: `inquiry:${inquiry.id}`,
    kind: 'inquiry',
    to,
    replyTo: visitorEmail || null,
    subject: `${w.en.inquiry.subject}: ${subjectParts.join(' – ')} | ${w.ar.inquiry.subject}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}

/** Queues the mail telling the Admins that someone registered and awaits approval. */
export async function notifyRegistration(userId: number, client: DbClient): Promise<void> {
  if (!config.mail.configured) return;
  const user = await client.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, createdAt: true } });
  if (!user) throw new Error(`notifyRegistration: no user ${userId} in this transaction`);
  const admins = await client.user.findMany({ where: { isAdmin: true }, select: { email: true }, orderBy: { id: 'asc' } });
  const to = [...new Set(admins.map((a) => a.email))];
  if (to.length === 0) {
    console.warn(`[mail] registration ${userId}: no Admin to tell; no mail queued`);
    return;
  }
  const w = words;
  const layout: Layout = {
    company: await companyNames(client),
    heading: both((x) => x.registration.subject),
    intro: { en: w.en.registration.intro, ar: w.ar.registration.intro },
    fields: [
      { label: both((x) => x.registration.name), value: user.name },
      { label: both((x) => x.registration.email), value: user.email },
      { label: both((x) => x.registration.registered), value: received(user.createdAt) },
    ],
    notes: [],
    link: { label: both((x) => x.registration.action), urls: [`${config.siteUrl}/Admin/Users`, `${config.siteUrl}/ar/Admin/Users`] },
  };
  await enqueue(client, {
    dedupeKey: `registration:${user.id}`,
    kind: 'registration',
    to,
    subject: `${w.en.registration.subject}: ${oneLine(user.name)} | ${w.ar.registration.subject}`,
    text: renderText(layout),
    html: renderHtml(layout),
  });
}
