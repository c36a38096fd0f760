import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeUser, testDb, unique } from '../helpers/db';
import { messages, TEMP_PREFIX, waitForHydration } from './support';
import { signedIn } from './sign-in';

// Issue 35, items 2 and 3, on a 375 px phone in Arabic: dates read as Arabic (the CLDR 'ar'
// format, computed here from the stored time, and never inside a left-to-right run) on the lead
// (its received time, consent line, note byline), in the inbox and in the activity log; the
// reference never breaks (320 px); services listed with the Arabic comma; and the activity log
// says what happened in words: a status, an assignee, an invitation's role and a gallery's new
// order, with no raw key, id or JSON, stacked so that no column is cut off; routine sign-ins
// hidden until asked for. In the 'admin' project: it adds an inquiry, which the public quote
// spec would count.
test.describe.configure({ mode: 'serial' });

const ar = messages('ar');
const RUN = `${TEMP_PREFIX}-reading-${process.pid}-${Date.now()}`;
const PHONE = { width: 375, height: 812 };

// The options of each named style (lib/i18n/dates.ts), written out here: the expected text is
// what CLDR's Arabic gives for them, not what the product's helper gives.
const AR_DATE_TIME = new Intl.DateTimeFormat('ar', { timeZone: 'Asia/Dubai', dateStyle: 'medium', timeStyle: 'short' });

// 22:49 in Dubai on 1 December 2026: the issue's example («10:49 م»).
const RECEIVED = new Date('2026-12-01T18:49:00Z');
const CONSENTED = new Date('2026-12-01T18:48:30Z');
const NOTED = new Date('2026-12-02T05:05:00Z');
const SERVICES = ['صوت', 'إضاءة', 'شاشات'];

let leadId = 0;

test.afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { name: { startsWith: RUN } } });
  await testDb.$disconnect();
});

/**
 * What lies between a date node and its paragraph that could turn its order: an element forcing
 * left to right (dir="ltr", a <bdi dir="ltr">, a computed direction other than rtl), or a
 * left-to-right isolate, embedding or override character still open where the date's text is
 * (a closed one around another token, "#12" or an address, does not enclose it).
 */
async function ltrAround(node: Locator, paragraph: string): Promise<string[]> {
  return node.evaluate((element, selector) => {
    const found: string[] = [];
    const top = element.closest(selector);
    if (!top) return [`no ancestor ${selector}`];
    for (let el: Element | null = element; el && el !== top.parentElement; el = el.parentElement) {
      if (el.getAttribute('dir') === 'ltr') found.push(`${el.tagName} dir=ltr`);
      if (getComputedStyle(el).direction !== 'rtl') found.push(`${el.tagName} direction ${getComputedStyle(el).direction}`);
    }
    // The text before the date, in document order, and the controls still open at its start.
    const range = document.createRange();
    range.setStart(top, 0);
    range.setEndBefore(element);
    const open: string[] = [];
    for (const ch of range.toString()) {
      if ('\u2066\u2067\u2068\u202A\u202B\u202D\u202E'.includes(ch)) open.push(ch);
      else if ((ch === '\u2069' || ch === '\u202C') && open.length) open.pop();
    }
    if (open.some((ch) => '\u2066\u202A\u202D'.includes(ch))) found.push('inside an open LTR isolate/embedding');
    if (/[\u2066-\u2069\u202A-\u202E]/.test(element.textContent ?? '')) found.push('a direction control in the date itself');
    return found;
  }, paragraph);
}

async function expectArabicDate(node: Locator, date: Date, paragraph: string) {
  await expect(node).toHaveText(AR_DATE_TIME.format(date));
  expect(await node.getAttribute('datetime')).toBe(date.toISOString());
  expect(await ltrAround(node, paragraph)).toEqual([]);
}

/** One line: a single box, as high as one character of it (the font's line box, whatever its font). */
async function lines(token: Locator): Promise<{ rects: number; height: number; oneLine: number }> {
  return token.evaluate((el) => {
    const first = document.createRange();
    first.setStart(el.firstChild!, 0);
    first.setEnd(el.firstChild!, 1);
    return { rects: el.getClientRects().length, height: el.getBoundingClientRect().height, oneLine: first.getBoundingClientRect().height };
  });
}

async function phone(page: Page, width = PHONE.width) {
  await page.setViewportSize({ width, height: PHONE.height });
}

test('the lead in Arabic: received, consent and note dates in CLDR Arabic, in logical order; the reference on one line at 320 px', async ({
  browser,
}) => {
  const { page, user } = await signedIn(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const lead = await testDb.inquiry.create({
    data: {
      name: `${RUN} سارة`,
      phone: '+971 50 123 4567',
      eventType: 'wedding',
      services: SERVICES,
      city: 'dubai',
      locale: 'ar',
      createdAt: RECEIVED,
      consentedAt: CONSENTED,
    },
  });
  leadId = lead.id;
  await testDb.inquiryNote.create({
    data: { inquiryId: lead.id, authorId: user.id, authorName: user.name, text: 'اتصلت بالعميل', createdAt: NOTED },
  });

  await page.goto(`/ar/Admin/Inquiry/${lead.id}`);
  await expect(page.getByTestId('inquiry-title')).toBeVisible();
  await expectArabicDate(page.getByTestId('inquiry-received'), RECEIVED, 'dd');
  await expectArabicDate(page.getByTestId('inquiry-consent-time'), CONSENTED, '[data-testid=inquiry-consent]');
  // The whole line, exactly: the message's words around the date, nothing forced.
  await expect(page.getByTestId('inquiry-consent')).toHaveText(`أعطى موافقته في ${AR_DATE_TIME.format(CONSENTED)}`);
  const meta = page.getByTestId('inquiry-note-meta');
  await expectArabicDate(meta.getByTestId('inquiry-note-time'), NOTED, '[data-testid=inquiry-note-meta]');
  // The name isolated in its own direction (U+2068 … U+2069, first strong), the Arabic comma, the date.
  await expect(meta).toHaveText(`\u2068${user.name}\u2069، ${AR_DATE_TIME.format(NOTED)}`);
  // The services as Arabic lists them: «، » and «و», never a Latin ';' or ','.
  const services = page.getByTestId('inquiry-fields').locator('dd').filter({ hasText: SERVICES[0]! });
  await expect(services).toHaveText('صوت، وإضاءة، وشاشات');

  // The reference whole on one line on the narrowest phone.
  await phone(page, 320);
  const reference = page.getByTestId('inquiry-reference');
  const expected = `Q-2026-${String(lead.id).padStart(6, '0')}`;
  await expect(reference).toHaveText(expected);
  const box = await lines(reference);
  expect(box.rects).toBe(1);
  expect(Math.abs(box.height - box.oneLine)).toBeLessThanOrEqual(1);
  // The visitor's thank-you too.
  await page.goto(`/ar/ContactUs/Thanks?ref=${expected}`);
  const thanks = page.getByTestId('quote-reference').locator('bdi');
  await expect(thanks).toHaveText(expected);
  const thanksBox = await lines(thanks);
  expect(thanksBox.rects).toBe(1);
  expect(Math.abs(thanksBox.height - thanksBox.oneLine)).toBeLessThanOrEqual(1);
  await page.context().close();
});

test('the Arabic inbox: the received date in CLDR Arabic and logical order; services with «، », no ";"', async ({ browser }) => {
  expect(leadId).toBeGreaterThan(0);
  const { page } = await signedIn(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  await page.goto(`/ar/Admin/Inquiries?q=${encodeURIComponent(`${RUN} سارة`)}`);
  const row = page.locator(`[data-testid=inquiry-row][data-id="${leadId}"]`);
  await expect(row).toHaveCount(1);
  await expectArabicDate(row.getByTestId('inquiry-row-received'), RECEIVED, '[data-testid=inquiry-row]');
  await expect(row).toContainText(`${ar.quote.eventTypes.wedding} · صوت، وإضاءة، وشاشات · ${ar.quote.cities.dubai}`);
  expect(await row.textContent()).not.toContain(';');
  await page.context().close();
});

test('the Arabic activity log on a phone: a status, an assignee, an invitation and a gallery in words; stacked; sign-ins on request', async ({
  browser,
}, testInfo) => {
  expect(leadId).toBeGreaterThan(0);
  const { page, user: admin } = await signedIn(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const assignee = await makeUser('mini');
  const assigneeName = 'ليلى حسن';
  await testDb.user.update({ where: { id: assignee.id }, data: { name: assigneeName } });

  // A status changed and the lead assigned, through the lead's own forms.
  await page.goto(`/ar/Admin/Inquiry/${leadId}`);
  // With scripts each control saves as it changes (its Save button is for pages without them).
  await waitForHydration(page.getByTestId('inquiry-status-form'));
  await page.locator('#inquiry-status').selectOption('contacted');
  await expect.poll(async () => (await testDb.inquiry.findUniqueOrThrow({ where: { id: leadId } })).status).toBe('contacted');
  await page.locator('#inquiry-assignee').selectOption(String(assignee.id));
  await expect.poll(async () => (await testDb.inquiry.findUniqueOrThrow({ where: { id: leadId } })).assigneeId).toBe(assignee.id);

  // A colleague invited as Admin, through the Users screen.
  const invited = `${unique('invited')}@example.test`;
  await page.goto('/ar/Admin/Users');
  const invite = page.getByTestId('invite-form');
  await invite.getByLabel(ar.admin.users.inviteEmail, { exact: true }).fill(invited);
  await invite.getByLabel(ar.admin.users.inviteRole).selectOption('admin');
  await page.getByTestId('invite-submit').click();
  await expect.poll(async () => testDb.activityLog.count({ where: { actorId: admin.id, kind: 'invitation' } })).toBe(1);

  // A gallery of 4 photos reordered: the entry as the entity write path logs it (lib/entities/crud.ts
  // `changedFields` over the gallery column), made here, as a real reorder needs 4 uploads.
  const photo = (n: number) => ({
    file: `reading${n}abcdef.jpg`,
    width: 800,
    height: 600,
    altEn: '',
    altAr: '',
    captionEn: '',
    captionAr: '',
  });
  const project = await testDb.event.findFirst({ select: { id: true } });
  await testDb.activityLog.create({
    data: {
      actorId: admin.id,
      actorName: admin.name,
      actorEmail: admin.email,
      address: '127.0.0.1',
      kind: 'update',
      entity: 'events',
      entityId: project?.id ?? null,
      changes: { gallery: { before: [1, 2, 3, 4].map(photo), after: [2, 1, 3, 4].map(photo) } },
    },
  });

  await page.goto(`/ar/Admin/Activity?person=${admin.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.admin.activity.title);
  // Four entries: the sign-in is hidden, and said to be.
  await expect(page.getByTestId('activity-count')).toHaveText('4 إدخالات');
  await expect(page.getByTestId('activity-sign-ins-hidden')).toHaveText(ar.admin.activity.signInsHidden);
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(4);

  const rowOf = (field: string) => page.locator(`[data-field="${field}"]`);
  const expectRow = async (field: string, label: string, before: string, after: string) => {
    const row = rowOf(field);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toHaveText(label);
    await expect(row.getByTestId('activity-before')).toHaveText(before);
    await expect(row.getByTestId('activity-after')).toHaveText(after);
    // Nothing raw: no key, no id, no JSON.
    const text = (await row.textContent()) ?? '';
    expect(text).not.toMatch(/\b(new|contacted|admin|mini|assigneeId|status|gallery|file)\b|[{}[\]"]|\.jpg/);
    if (field === 'assigneeId') expect(text).not.toMatch(new RegExp(`\\b${assignee.id}\\b`));
    // Stacked on the phone: each side whole on the screen, below the field's name.
    for (const side of ['activity-before', 'activity-after']) {
      const box = (await row.getByTestId(side).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    const head = (await row.getByRole('rowheader').boundingBox())!;
    const beforeBox = (await row.getByTestId('activity-before').boundingBox())!;
    const afterBox = (await row.getByTestId('activity-after').boundingBox())!;
    expect(beforeBox.y).toBeGreaterThanOrEqual(head.y + head.height - 1);
    expect(afterBox.y).toBeGreaterThanOrEqual(beforeBox.y + beforeBox.height - 1);
  };
  await expectRow('status', 'الحالة', 'جديد', 'تم التواصل');
  await expectRow('assigneeId', 'المسؤول', 'لا أحد', assigneeName);
  await expectRow('gallery', 'المعرض', '4 صور', '4 صور، تغيّر الترتيب');

  // The invitation: the address (an LTR token, isolated) and the role by its name, labelled as such.
  const invitation = entries.filter({ has: page.getByTestId('activity-kind').getByText('دعوة', { exact: true }) });
  await expect(invitation).toHaveCount(1);
  await expect(invitation.getByTestId('activity-detail')).toHaveText(`البريد الإلكتروني: \u2066${invited}\u2069 · الدور: مسؤول`);
  await expect(invitation).not.toContainText('e-mail typed');
  await expect(invitation).not.toContainText(ar.admin.activity.notAnAddress);

  // Every entry's time in CLDR Arabic, in logical order.
  const logged = await testDb.activityLog.findMany({ where: { actorId: admin.id, kind: { not: 'signIn' } }, orderBy: { id: 'desc' } });
  expect(logged).toHaveLength(4);
  for (const [i, entry] of logged.entries()) {
    await expectArabicDate(entries.nth(i).getByTestId('activity-time'), entry.createdAt, '[data-testid=activity-entry]');
  }
  // No sideways scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('activity-words-ar-375.png'), fullPage: true });

  // The sign-ins, on request: one tick in the filters (open: a filter, the person, is in use).
  await expect(page.getByTestId('activity-filter')).toBeVisible();
  await page.getByTestId('activity-filter-signIns').check();
  await page.getByTestId('activity-apply').click();
  await page.waitForURL((u) => u.searchParams.get('signIns') === '1');
  await expect(page.getByTestId('activity-count')).toHaveText('5 إدخالات');
  await expect(page.getByTestId('activity-kind').filter({ hasText: ar.admin.activity.kinds.signIn })).toHaveCount(1);
  await expect(page.getByTestId('activity-sign-ins-hidden')).toHaveCount(0);
  await page.context().close();
});
