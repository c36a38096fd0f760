import type { Browser, Page } from '@playwright/test';
import { MIN_FILL_MS } from '../../lib/inquiries/constants';
import { expect, LOCALES, localePath, messages, test, TEMP_PREFIX, type Locale } from './support';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { TestSmtpServer, type ReceivedMail } from '../helpers/smtp';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// Issue 27, Leads, on a 375 px phone in both languages: a visitor asks for a quote (with and
// without scripts) and gets the reference on the thank-you and in a confirmation mail in their
// language (a real SMTP server, a server started with SMTP_URL); staff call, WhatsApp or mail the
// lead from it, assign it with a follow-up day and find it under "my leads" and "due", edit and
// delete their note, mark it unread, and export it. The phone reads left to right in the Arabic
// inbox. In the 'admin' project: it adds unread inquiries, which the public quote spec counts.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const RUN = `${TEMP_PREFIX}-leads-${process.pid}-${Date.now()}`;
const FILL_MS = MIN_FILL_MS + 200; // a post without scripts waits the form's minimum fill time itself
const PHONE = '+971 50 123 4567';
const smtp = new TestSmtpServer();
let server: SpawnedServer;

test.beforeAll(async () => {
  await smtp.start();
  server = await spawnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Events Test <no-reply@example.test>',
    INQUIRY_EMAIL: 'office@example.test',
    LOG_LEVEL: 'warn',
  });
});
test.afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { name: { startsWith: RUN } } });
  await server?.kill();
  await smtp.stop();
  await testDb.$disconnect();
});

let address = 0;
const forwarded = () => ({ 'X-Forwarded-For': `10.251.${process.pid % 250}.${++address}` });

async function fresh(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: server.base,
    javaScriptEnabled,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: forwarded(),
  });
  return { context, page: await context.newPage() };
}

const dubaiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** A day as the inbox writes it (issue 35): the language's medium date. */
const followUpDay = (locale: Locale, day: string) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar' : 'en-GB', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
const referenceOf = (row: { id: number; createdAt: Date }) =>
  `Q-${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric' }).format(row.createdAt)}-${String(row.id).padStart(6, '0')}`;

async function fillQuote(page: Page, locale: Locale, name: string, email: string) {
  const f = messages(locale).quote.fields;
  const form = page.getByTestId('quote-form');
  await form.getByLabel(f.name, { exact: true }).fill(name);
  await form.getByLabel(f.phone, { exact: true }).fill(PHONE);
  await form.getByLabel(f.email, { exact: true }).fill(email);
  await form.locator('#quote-eventType').selectOption('wedding');
  // Two services ticked (the first two offered).
  const boxes = form.locator('input[name=services]');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await form.locator('#quote-city').selectOption('dubai');
  await form.locator('#quote-consent').check();
}

/** The services a lead asked for, in the language of the screen, as the inbox and the CSV join them. */
async function servicesIn(locale: Locale, titles: string[]) {
  expect(titles).toHaveLength(2);
  const rows = await testDb.service.findMany({ where: { titleEn: { in: titles } } });
  return titles.map((title) => {
    const row = rows.find((r) => r.titleEn === title)!;
    return locale === 'ar' && row.titleAr ? row.titleAr : row.titleEn;
  });
}

async function mailsTo(to: string, count = 1): Promise<ReceivedMail[]> {
  const matching = () => smtp.received.filter((m) => m.rcptTo.includes(to));
  await expect.poll(() => matching().length, { timeout: 30_000, intervals: [250] }).toBe(count);
  return matching();
}

for (const locale of LOCALES) {
  const m = messages(locale);
  const q = m.quote;
  const t = m.admin.inquiries;
  const at = (p: string) => localePath(locale, p);
  const name = `${RUN}-${locale}`;
  const email = `${RUN.toLowerCase()}-${locale}@example.test`;

  test(`the visitor: the reference on the thank-you and in a confirmation mail in their language (${locale})`, async ({ browser }) => {
    const { context, page } = await fresh(browser);
    await page.goto(`${at('/ContactUs')}#quote`);
    await page.getByTestId('quote-form').getByLabel(q.fields.name, { exact: true }).focus();
    await fillQuote(page, locale, name, email);
    await page.getByTestId('quote-submit').click(); // the form waits out the fill time itself
    await expect(page.getByTestId('quote-thanks')).toContainText(q.thanks.title);
    const row = await testDb.inquiry.findFirstOrThrow({ where: { name } });
    const reference = referenceOf(row);
    await expect(page.getByTestId('quote-reference')).toHaveText(reference);
    await expect(page.getByTestId('quote-reference').locator('bdi')).toHaveAttribute('dir', 'ltr');

    const [mail] = await mailsTo(email);
    const w = m.mail.visitor;
    expect(mail!.parsed.subject).toBe(`${w.subject} ${reference}`);
    expect(mail!.parsed.text).toContain(`${w.reference}: \u2066${reference}\u2069`);
    expect(mail!.parsed.text).toContain(w.intro);
    expect(mail!.parsed.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
    // Fixed words only: what the visitor typed never goes to the address they typed.
    expect(mail!.parsed.text).not.toContain(name);
    // Staff get theirs, the reference in its subject (issue 35), and the phone isolated left to right.
    const staffSubject = `${messages('en').mail.inquiry.subject} ${reference} | ${messages('ar').mail.inquiry.subject} ${reference}`;
    const [staff] = await smtp.waitFor((x) => x.parsed.subject === staffSubject);
    expect(staff!.parsed.text).toContain(`\u2066${PHONE}\u2069`);
    expect(staff!.parsed.text).toContain(`\u2066${reference}\u2069`);
    await context.close();
  });

  test(`without scripts: the confirm message in view, then the reference on the thank-you page (${locale})`, async ({ browser }) => {
    const { context, page } = await fresh(browser, false);
    const nojs = `${name}-nojs`;
    await page.goto(at('/ContactUs'));
    await fillQuote(page, locale, nojs, '');
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-alert')).toHaveText(q.refused.confirm);
    // The page comes back at its top; the message is brought into view, not 1.5 screens below.
    await expect(page.getByTestId('quote-alert')).toBeInViewport();
    await page.waitForTimeout(FILL_MS);
    await page.getByTestId('quote-submit').click();
    await page.waitForURL((u) => u.pathname === at('/ContactUs/Thanks'));
    const row = await testDb.inquiry.findFirstOrThrow({ where: { name: nojs } });
    await expect(page.getByTestId('quote-reference')).toHaveText(referenceOf(row));
    await context.close();
  });

  test(`staff: contact links, assignment and follow-up, filters, notes, unread, CSV (${locale})`, async ({ browser }) => {
    const admin = await makeUser('admin');
    const { context, page } = await fresh(browser);
    await page.goto(at('/LogIn'));
    await page.locator('#auth-email').fill(admin.email);
    await page.locator('#auth-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === at('/Admin'));

    const row = await testDb.inquiry.findFirstOrThrow({ where: { name } });
    expect(row.eventType).toBe('wedding');
    const services = await servicesIn(locale, row.services);
    const reference = referenceOf(row);
    // Found by its reference; the filters are folded behind one button on a phone.
    await page.goto(at('/Admin/Inquiries'));
    await expect(page.getByTestId('inquiry-filter')).toBeHidden();
    await page.getByText(t.filters, { exact: true }).click();
    await page.getByLabel(t.search).fill(reference);
    await page.getByRole('button', { name: t.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === reference);
    const item = page.getByTestId('inquiry-row');
    await expect(item).toHaveCount(1);
    const phone = item.getByTestId('inquiry-row-phone');
    await expect(phone).toHaveText(PHONE);
    // Listed as the language lists (issue 35: «، » in Arabic, never a Latin ';').
    const listed = new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(services);
    await expect(item).toContainText(`${q.eventTypes.wedding} · ${listed} · ${q.cities.dubai}`);
    expect(await phone.evaluate((e) => [e.tagName, e.getAttribute('dir')])).toEqual(['BDI', 'ltr']);
    if (locale === 'ar') await page.screenshot({ path: 'test-results/shots/leads-inbox-ar.png', fullPage: false });
    // Filtered by event type and by one of its services: still found; by another type: not.
    await page.locator('#inq-type').selectOption('wedding');
    await page.locator('#inq-service').selectOption(row.services[1]!);
    await page.getByRole('button', { name: t.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'wedding' && u.searchParams.get('service') === row.services[1]);
    await expect(page.getByTestId('inquiry-row')).toHaveCount(1);
    await page.locator('#inq-type').selectOption('concert');
    await page.getByRole('button', { name: t.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'concert');
    await expect(page.getByTestId('inquiries-empty')).toHaveText(t.empty);
    await page.goto(`${at('/Admin/Inquiries')}?q=${reference}`);

    await item.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === at(`/Admin/Inquiry/${row.id}`));
    await expect(page.getByTestId('lead-call')).toHaveAttribute('href', 'tel:+971501234567');
    await expect(page.getByTestId('lead-whatsapp')).toHaveAttribute('href', 'https://wa.me/971501234567');
    await expect(page.getByTestId('lead-mail')).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.getByTestId('inquiry-fields').locator('bdi', { hasText: PHONE })).toHaveAttribute('dir', 'ltr');

    // Assigned to oneself, to follow up today.
    await page.locator('#inquiry-assignee').selectOption(String(admin.id));
    await page.locator('#inquiry-follow-up').fill(dubaiToday());
    // Saved as each changes (issue 35), said beside the controls.
    await expect(page.getByTestId('inquiry-assign-state')).toHaveText(t.controlSaved);
    await expect(page.getByText(t.assignmentSaved).first()).toBeVisible();
    await expect
      .poll(async () => {
        const r = await testDb.inquiry.findUniqueOrThrow({ where: { id: row.id } });
        return [r.assigneeId, r.followUp?.toISOString().slice(0, 10)];
      })
      .toEqual([admin.id, dubaiToday()]);

    // A note written, edited and deleted by its author; the byline's parts are isolated.
    const note = locale === 'ar' ? 'اتصلت بالعميل' : 'Called the client';
    const edited = locale === 'ar' ? 'اتصلت بالعميل مرتين' : 'Called the client twice';
    await page.getByLabel(t.noteLabel).fill(note);
    await page.getByTestId('inquiry-note-save').click();
    const noted = page.getByTestId('inquiry-note');
    await expect(noted).toHaveCount(1);
    await expect(noted.getByTestId('inquiry-note-meta')).toContainText(`\u2068${admin.name}\u2069`);
    await noted.getByTestId('inquiry-note-edit').click();
    await noted.getByRole('textbox').fill(edited);
    await noted.getByTestId('inquiry-note-edit-save').click();
    await expect(page.getByText(t.noteSaved)).toBeVisible();
    await expect(noted.locator('p').first()).toHaveText(edited);
    await expect(noted.getByTestId('inquiry-note-meta')).toContainText(`(${t.noteEdited})`);
    expect((await testDb.inquiryNote.findMany({ where: { inquiryId: row.id } })).map((n) => n.text)).toEqual([edited]);
    await noted.getByTestId('inquiry-note-delete').click();
    await page.locator('[data-testid=confirm-dialog][open]').getByTestId('confirm-button').click();
    await expect(page.getByText(t.noteDeleted)).toBeVisible();
    await expect(noted).toHaveCount(0);
    expect(await testDb.inquiryNote.count({ where: { inquiryId: row.id } })).toBe(0);

    // "My leads" and "Due": one tap each; exactly the leads they should hold.
    await page.goto(at('/Admin/Inquiries'));
    // Each tap waits for the page drawn with it (its chip marked), not just the new address.
    await page.getByTestId('inquiry-filter-mine').click();
    await page.waitForURL((u) => u.searchParams.get('mine') === '1');
    await expect(page.getByTestId('inquiry-filter-mine')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('inquiry-row')).toHaveCount(1);
    await expect(page.getByTestId('inquiry-row')).toHaveAttribute('data-id', String(row.id));
    await expect(page.getByTestId('inquiry-row-lead')).toHaveText(
      `${t.assignedTo.replace('{name}', admin.name)} · ${t.followUpOn.replace('{date}', followUpDay(locale, dubaiToday()))}`,
    );
    await page.getByTestId('inquiry-filter-mine').click();
    await page.waitForURL((u) => !u.searchParams.has('mine'));
    await expect(page.getByTestId('inquiry-filter-mine')).not.toHaveAttribute('aria-current');
    await page.getByTestId('inquiry-filter-due').click();
    await page.waitForURL((u) => u.searchParams.get('due') === '1' && !u.searchParams.has('mine'));
    await expect(page.getByTestId('inquiry-filter-due')).toHaveAttribute('aria-current', 'true');
    const due = await testDb.inquiry.findMany({
      where: { followUp: { lte: new Date(`${dubaiToday()}T00:00:00Z`) } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    await expect(page.getByTestId('inquiry-row')).toHaveCount(due.length);
    expect(await page.getByTestId('inquiry-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))))).toEqual(
      due.map((d) => d.id),
    );

    // Marked unread: back in the list, marked again, and unread in the database.
    await page.goto(at(`/Admin/Inquiry/${row.id}`));
    await page.getByTestId('inquiry-mark-unread').click();
    await page.waitForURL((u) => u.pathname === at('/Admin/Inquiries'));
    await expect(page.locator(`[data-testid=inquiry-row][data-id="${row.id}"]`).getByTestId('inquiry-unread')).toHaveText(t.unreadMark);
    expect((await testDb.inquiry.findUniqueOrThrow({ where: { id: row.id } })).readAt).toBeNull();

    // The CSV row of "my leads", exactly: phone raw (a formula-safe apostrophe), reference, assignee, day.
    const csv = await context.request.get(`${at('/Admin/InquiriesExport')}?mine=1`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.body()).toString('utf8').slice(1).split('\r\n');
    // Times as ISO 8601 in UAE time with the offset (issue 35: the CSV is for machines).
    const uaeTime = { format: (date: Date) => `${new Date(date.getTime() + 4 * 3600_000).toISOString().slice(0, 19)}+04:00` };
    const received = uaeTime.format(row.createdAt);
    expect(lines.slice(1)).toEqual([
      [
        row.id,
        received,
        name,
        `'${PHONE}`,
        email,
        q.eventTypes.wedding,
        '',
        q.cities.dubai,
        '',
        '',
        '',
        t.languages[locale],
        t.statuses.new,
        t.no,
        '',
        reference,
        admin.name,
        dubaiToday(),
        services.join('; '),
        uaeTime.format(row.consentedAt!),
      ]
        .map((v) => `"${v}"`)
        .join(','),
      '',
    ]);
    await context.close();
  });
}
