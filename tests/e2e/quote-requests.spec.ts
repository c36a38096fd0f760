import type { BrowserContext, Page } from '@playwright/test';
import { expect, LOCALES, localePath, messages, test, TEMP_PREFIX, type Locale } from './support';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { MIN_FILL_MS } from '../../lib/inquiries/constants';

// Issue 19: a visitor asks for a quote with JavaScript and without, in both languages; staff find
// it in the inbox with the unread count, save a status and a note, and export it as CSV. Serial:
// the unread count is the whole inbox's, and these are the only specs that add inquiries.
test.describe.configure({ mode: 'serial' });

const RUN = `${TEMP_PREFIX}-quote-${process.pid}-${Date.now()}`;
const FILL_MS = MIN_FILL_MS + 200; // a post without scripts waits the form's minimum fill time itself

test.afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { name: { startsWith: RUN } } });
  await testDb.$disconnect();
});

let address = 0;
/** Each context its own client address (the test server trusts one proxy): the rate limit is per address. */
const ownAddress = (context: BrowserContext) =>
  context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.252.${process.pid % 250}.${++address}` });

/** An ICU plural message with its count, as next-intl formats it. */
function plural(message: string, n: number, locale: Locale) {
  const branches = Object.fromEntries([...message.matchAll(/(=\d+|\w+) \{([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
  const text = branches[`=${n}`] ?? branches[new Intl.PluralRules(locale).select(n)] ?? branches.other!;
  return text.replace('#', new Intl.NumberFormat(locale).format(n));
}

const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);

async function fillQuote(page: Page, locale: Locale, name: string) {
  const f = messages(locale).quote.fields;
  const form = page.getByTestId('quote-form');
  await form.getByLabel(f.name, { exact: true }).fill(name);
  await form.getByLabel(f.phone, { exact: true }).fill('+971 50 765 4321');
  await form.getByLabel(f.email, { exact: true }).fill('guest@example.test');
  await form.locator('#quote-eventType').selectOption({ index: 1 });
  await form.locator('#quote-eventDate').fill(inAMonth());
  await form.locator('#quote-city').selectOption('sharjah');
  await form.locator('#quote-guests').fill('120');
  await form.locator('#quote-budget').selectOption('25k-50k');
  await form.locator('#quote-message').fill(locale === 'ar' ? 'حفل زفاف في الحديقة' : 'A garden wedding');
  await form.locator('#quote-consent').check();
}

async function expectStored(name: string, locale: Locale) {
  const row = await testDb.inquiry.findFirstOrThrow({ where: { name } });
  expect(row).toMatchObject({
    phone: '+971 50 765 4321',
    email: 'guest@example.test',
    city: 'sharjah',
    guests: 120,
    budget: '25k-50k',
    locale,
    status: 'new',
    readAt: null,
  });
  expect(row.eventDate?.toISOString().slice(0, 10)).toBe(inAMonth());
  return row;
}

for (const locale of LOCALES) {
  const q = messages(locale).quote;
  const at = (p: string) => localePath(locale, p);

  test(`with JavaScript: from the header's call to action to a thank-you without reload (${locale})`, async ({ page, context }) => {
    await ownAddress(context);
    // The call to action on Home, Services and the team page leads to the form.
    for (const path of ['/Services', '/TheTeam']) {
      await page.goto(at(path));
      await expect(page.getByTestId('quote-cta')).toHaveAttribute('href', `${at('/ContactUs')}#quote`);
    }
    await page.goto(at('/'));
    await expect(page.getByTestId('quote-cta')).toHaveText(q.cta);
    await page.getByTestId('header-quote').click();
    await page.waitForURL((u) => u.pathname === at('/ContactUs') && u.hash === '#quote');
    await expect(page.getByRole('heading', { name: q.title, level: 2 })).toBeVisible();

    // Sent empty: the messages under the fields, focus on the first.
    const form = page.getByTestId('quote-form');
    await form.getByLabel(q.fields.name, { exact: true }).focus();
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-error-name')).toHaveText(q.errors.required);
    await expect(page.getByTestId('quote-error-phone')).toHaveText(q.errors.phoneOrEmail);
    await expect(page.getByTestId('quote-error-email')).toHaveText(q.errors.phoneOrEmail);
    await expect(page.getByTestId('quote-error-city')).toHaveText(q.errors.required);
    await expect(page.getByTestId('quote-alert')).toHaveText(q.refused.invalid);
    await expect(form.getByLabel(q.fields.name, { exact: true })).toBeFocused();

    // A message goes as soon as the field is right; a past date gets its own.
    const name = `${RUN}-js-${locale}`;
    await fillQuote(page, locale, name);
    await expect(page.getByTestId('quote-error-name')).toHaveCount(0);
    await form.locator('#quote-eventDate').fill('2020-01-01');
    await form.locator('#quote-guests').focus();
    await expect(page.getByTestId('quote-error-eventDate')).toHaveText(q.errors.datePast);
    await form.locator('#quote-eventDate').fill(inAMonth());
    await expect(page.getByTestId('quote-error-eventDate')).toHaveCount(0);

    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-thanks')).toContainText(q.thanks.title);
    await expect(page.getByTestId('quote-thanks')).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(at('/ContactUs'));
    await expectStored(name, locale);
  });

  test(`as quick as autofill: sent within a second of the first focus, the form waits out the fill time and thanks (${locale})`, async ({
    page,
    context,
  }) => {
    await ownAddress(context);
    await page.goto(`${at('/ContactUs')}#quote`);
    const name = `${RUN}-quick-${locale}`;
    await page.getByTestId('quote-form').getByLabel(q.fields.name, { exact: true }).focus();
    const focused = Date.now();
    // Only what is required, as a browser's autofill and one tick would.
    const form = page.getByTestId('quote-form');
    await form.getByLabel(q.fields.name, { exact: true }).fill(name);
    await form.getByLabel(q.fields.phone, { exact: true }).fill('+971 50 765 4321');
    await form.locator('#quote-eventType').selectOption('wedding');
    await form.locator('#quote-city').selectOption('dubai');
    await form.locator('#quote-consent').check();
    await page.getByTestId('quote-submit').click();
    const clicked = Date.now();
    // Clicked well inside the fill time: the button says it is sending while the form waits.
    expect(clicked - focused).toBeLessThan(MIN_FILL_MS - 1_000);
    await expect(page.getByTestId('quote-submit')).toHaveText(q.sending);
    await expect(page.getByTestId('quote-alert')).toHaveCount(0);
    await expect(page.getByTestId('quote-thanks')).toContainText(q.thanks.title);
    expect(Date.now() - focused).toBeGreaterThanOrEqual(MIN_FILL_MS);
    expect(await testDb.inquiry.findFirstOrThrow({ where: { name } })).toMatchObject({
      phone: '+971 50 765 4321',
      eventType: 'wedding',
      city: 'dubai',
      locale,
    });
  });

  test(`without JavaScript: a plain POST, a confirmation, then the thank-you page (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await ownAddress(context);
    const page = await context.newPage();
    await page.goto(`${at('/ContactUs')}#quote`);
    const name = `${RUN}-nojs-${locale}`;

    // Bad input first: the page comes back with the messages in its language, values kept.
    await page.getByTestId('quote-form').locator('#quote-name').fill(name);
    await page.getByTestId('quote-form').locator('#quote-guests').fill('0');
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-error-phone')).toHaveText(q.errors.phoneOrEmail);
    await expect(page.getByTestId('quote-error-guests')).toHaveText(q.errors.guestsInvalid);
    await expect(page.getByTestId('quote-error-city')).toHaveText(q.errors.required);
    await expect(page.locator('#quote-name')).toHaveValue(name);
    expect(await testDb.inquiry.count({ where: { name } })).toBe(0);

    // The cached page carries no fill-time token: the first complete post asks to confirm. (A
    // fresh load: the page above holds the token that came back with the messages.)
    await page.goto(at('/ContactUs'));
    await fillQuote(page, locale, name);
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-alert')).toHaveText(q.refused.confirm);
    await expect(page.locator('#quote-city')).toHaveValue('sharjah');
    await expect(page.locator('#quote-name')).toHaveValue(name);
    expect(await testDb.inquiry.count({ where: { name } })).toBe(0);

    await page.waitForTimeout(FILL_MS);
    await page.getByTestId('quote-submit').click();
    await page.waitForURL((u) => u.pathname === at('/ContactUs/Thanks'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(q.thanks.title);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectStored(name, locale);
    await context.close();
  });

  test(`the inbox: unread count, open, status, note, CSV (${locale})`, async ({ page, context }) => {
    const a = messages(locale).admin;
    const t = a.inquiries;
    const name = `${RUN}-js-${locale}`;
    const row = await testDb.inquiry.findFirstOrThrow({ where: { name } });
    const admin = await makeUser('admin');
    await page.goto(at('/LogIn'));
    await page.locator('#auth-email').fill(admin.email);
    await page.locator('#auth-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === at('/Admin'));

    await page.goto(at('/Admin/Inquiries'));
    const unread = await testDb.inquiry.count({ where: { readAt: null } });
    expect(unread).toBeGreaterThanOrEqual(1);
    const badge = page.getByTestId('menu-badge-inquiries').first();
    await expect(badge).toHaveText(String(unread));
    // The badge's accessible name: the menu entry says how many are unread, in words.
    await expect(
      page.getByRole('navigation', { name: a.menuLabel }).first().getByRole('link', { name: a.menu.inquiries }),
    ).toHaveAccessibleName(new RegExp(`^${a.menu.inquiries}\\s*\\(${plural(t.unread, unread, locale)}\\)$`));

    // Newest first, and ours is there, marked unread.
    const item = page.getByTestId('inquiry-row').filter({ hasText: name });
    await expect(item.getByTestId('inquiry-unread')).toHaveText(t.unreadMark);
    await page.getByLabel(t.search).fill(name);
    await page.getByRole('button', { name: t.apply }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === name);
    await expect(page.getByTestId('inquiry-row')).toHaveCount(1);

    await item.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === at(`/Admin/Inquiry/${row.id}`));
    await expect(page.getByTestId('inquiry-title')).toHaveText(t.detailTitle.replace('{name}', name));
    await expect(badge).toHaveText(String(unread - 1));
    expect((await testDb.inquiry.findUniqueOrThrow({ where: { id: row.id } })).readAt).not.toBeNull();

    // The change is the save (issue 35), said beside the control.
    await page.locator('#inquiry-status').selectOption('contacted');
    await expect(page.getByTestId('inquiry-status-state')).toHaveText(t.controlSaved);
    await expect(page.getByText(t.statusSaved)).toBeVisible();
    await expect.poll(async () => (await testDb.inquiry.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('contacted');

    const note = locale === 'ar' ? 'اتصلت بالعميل' : 'Called the client';
    await page.getByLabel(t.noteLabel).fill(note);
    await page.getByTestId('inquiry-note-save').click();
    await expect(page.getByTestId('inquiry-note').filter({ hasText: note })).toContainText(admin.name);
    const notes = await testDb.inquiryNote.findMany({ where: { inquiryId: row.id } });
    expect(notes.map((n) => [n.text, n.authorName, n.authorId])).toEqual([[note, admin.name, admin.id]]);

    // The status survives a reload (it was saved, not just shown).
    await page.reload();
    await expect(page.locator('#inquiry-status')).toHaveValue('contacted');

    // The CSV of the filtered inbox holds it, with the saved status and the note.
    await page.goto(`${at('/Admin/Inquiries')}?q=${encodeURIComponent(name)}`);
    const href = await page.getByTestId('inquiry-export').getAttribute('href');
    expect(href).toBe(`${at('/Admin/InquiriesExport')}?q=${encodeURIComponent(name).replace(/%20/g, '+')}`);
    const csv = await context.request.get(href!);
    expect(csv.status()).toBe(200);
    const text = (await csv.body()).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(3); // header, the one row, the final line end
    expect(lines[1]).toContain(`"${row.id}",`);
    // A leading + is defused like a formula (the cell reads as text in a spreadsheet).
    expect(lines[1]).toContain(`"${name}","'+971 50 765 4321","guest@example.test"`);
    expect(lines[1]).toContain(`"${t.statuses.contacted}"`);
    expect(lines[1]).toContain(note);
  });
}

test('delete with confirmation', async ({ page }) => {
  const row = await testDb.inquiry.create({ data: { name: `${RUN}-delete`, email: 'x@example.test', eventType: 'other', city: 'dubai' } });
  const t = messages('en').admin.inquiries;
  const admin = await makeUser('admin');
  await page.goto('/LogIn');
  await page.locator('#auth-email').fill(admin.email);
  await page.locator('#auth-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/Admin');
  await page.goto(`/Admin/Inquiry/${row.id}`);
  await page.locator('button[data-testid=delete]').click();
  const dialog = page.locator('[data-testid=confirm-dialog][open]');
  await expect(dialog).toContainText(t.deleteTitle);
  await dialog.getByRole('button', { name: messages('en').admin.cancel }).click();
  expect(await testDb.inquiry.count({ where: { id: row.id } })).toBe(1);
  await page.locator('button[data-testid=delete]').click();
  await dialog.getByTestId('confirm-button').click();
  await page.waitForURL('**/Admin/Inquiries');
  await expect(page.getByText(t.deleted)).toBeVisible();
  expect(await testDb.inquiry.count({ where: { id: row.id } })).toBe(0);
});

test('on a 375 px phone in Arabic: a status changed and a note added are both kept after a reload; a refused change goes back', async ({
  browser,
}) => {
  const t = messages('ar').admin.inquiries;
  const lead = await testDb.inquiry.create({
    data: {
      name: `${RUN}-phone-ar`,
      phone: '+971 50 111 2233',
      eventType: 'wedding',
      city: 'sharjah',
      message: 'حفل',
      locale: 'ar',
      consentedAt: new Date(),
    },
  });
  const admin = await makeUser('admin');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ar' });
  await ownAddress(context);
  const page = await context.newPage();
  try {
    await page.goto('/ar/LogIn');
    await page.locator('#auth-email').fill(admin.email);
    await page.locator('#auth-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin');
    await page.goto(`/ar/Admin/Inquiry/${lead.id}`);
    const state = page.getByTestId('inquiry-status-state');
    // Once scripts run the control says how it saves; before, the form has its Save button.
    await expect(state).toHaveText(t.savesOnChange);
    await expect(page.getByTestId('inquiry-status-save')).toHaveCount(0);

    // Status changed, then a note typed and added: the status was saved by its change, not by "Add note".
    await page.locator('#inquiry-status').selectOption('contacted');
    await expect(state).toHaveText(t.controlSaved);
    await page.getByLabel(t.noteLabel).fill('اتصلت بالعميل');
    await page.getByTestId('inquiry-note-save').click();
    await expect(page.getByTestId('inquiry-note').filter({ hasText: 'اتصلت بالعميل' })).toBeVisible();
    await page.reload();
    await expect(page.locator('#inquiry-status')).toHaveValue('contacted');
    await expect(page.getByTestId('inquiry-note').filter({ hasText: 'اتصلت بالعميل' })).toBeVisible();
    expect((await testDb.inquiry.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('contacted');

    // A change the server refuses (the lead was deleted meanwhile) is never shown as saved: the stored value is back.
    await expect(state).toHaveText(t.savesOnChange);
    await testDb.inquiryNote.deleteMany({ where: { inquiryId: lead.id } });
    await testDb.inquiry.delete({ where: { id: lead.id } });
    await page.locator('#inquiry-status').selectOption('won');
    await expect(state).toHaveText(t.controlNotSaved);
    await expect(page.locator('#inquiry-status')).toHaveValue('contacted');
  } finally {
    await context.close();
  }
});
