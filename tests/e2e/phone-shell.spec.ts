import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { centre, expect, messages, mouseDrag, TEMP_PREFIX, test, touchDrag, translate, waitForHydration, type Locale } from './support';
import { makeUser, PASSWORD, testDb, unique, type Role } from '../helpers/db';

// Issue 27, the phone-first back office: a 56 px top bar (section switcher, unread inquiries),
// compact lists with a search each, the missing-language marks, slide order, staff wording,
// the picker's content check, one sign-up message, icons for emoji and the admin 404.
// In the 'admin' project: it signs in, reorders the slides and adds (then removes) content.

const PHONE = { width: 375, height: 812 };
const at = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);

let addressCounter = 0;
// Each context signs in from its own address: the sign-in limits count per address.
const ownAddress = () => `10.253.${process.pid % 250}.${++addressCounter % 250}`;

type ContextOptions = { javaScriptEnabled?: boolean; hasTouch?: boolean; isMobile?: boolean };

async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
  return context;
}

async function signedIn(browser: Browser, role: Role = 'admin', options: ContextOptions = {}) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const user = await makeUser(role);
  await page.goto('/LogIn');
  await page.locator('#auth-email').fill(user.email);
  await page.locator('#auth-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/Admin', { timeout: 30_000 });
  return { context, page, user };
}

const unread = () => testDb.inquiry.count({ where: { readAt: null } });

test.afterAll(async () => {
  await testDb.$disconnect();
});

test.describe('the phone shell', () => {
  test('in both languages: a bar of at most 56 px, the content within 120 px of the top, the unread count on the bar', async ({
    browser,
  }) => {
    const inquiry = await testDb.inquiry.create({
      data: { name: `${TEMP_PREFIX} ${unique('lead')}`, phone: '+971 50 123 4567', eventType: 'other', city: 'dubai' },
    });
    const { context, page } = await signedIn(browser);
    try {
      for (const locale of ['en', 'ar'] as const) {
        const a = messages(locale).admin;
        for (const [path, name] of [
          ['/Admin/Inquiries', 'inbox'],
          ['/Admin/Events', 'events'],
        ] as const) {
          await page.goto(at(locale, path));
          await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
          const bar = (await page.getByTestId('admin-top-bar').boundingBox())!;
          expect(bar.y).toBe(0);
          expect(bar.height).toBeLessThanOrEqual(56);
          const heading = (await page.locator('main h1').first().boundingBox())!;
          expect(heading.y).toBeLessThanOrEqual(120);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
          // The switcher names the section on screen.
          await expect(page.getByTestId('admin-menu-toggle')).toHaveAccessibleName(
            `${a.menuSelect} ${path.endsWith('Inquiries') ? a.menu.inquiries : a.menu.events}`,
          );
          if (locale === 'ar') await page.screenshot({ path: `test-results/shots/shell-ar-${name}.png` });
        }
        // Events: the filters folded (the list starts on the first screen), compact rows, at least three to a screen.
        await expect(page.getByTestId('project-filters').getByRole('combobox')).toHaveCount(0);
        expect((await page.getByTestId('item-card').first().boundingBox())!.y).toBeLessThan(PHONE.height / 2);
        for (const card of (await page.getByTestId('item-card').all()).slice(0, 3))
          expect((await card.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height / 3);
        // The unread count on the bar itself, a link to the inbox named with it.
        await expect(async () => {
          await page.reload();
          await expect(page.getByTestId('shell-inbox-count')).toHaveText(String(await unread()));
        }).toPass({ timeout: 20_000 });
        const count = await unread();
        await expect(page.getByTestId('shell-inbox')).toHaveAttribute('href', at(locale, '/Admin/Inquiries'));
        // Named by its words (no aria-label that the shown count would have to match, axe's label-content-name-mismatch).
        await expect(page.getByTestId('shell-inbox')).toHaveAccessibleName(
          `${a.menu.inquiries} (${translate(locale, 'admin')('inquiries.unread', { count })})`,
        );
        expect(await page.getByTestId('shell-inbox').getAttribute('aria-label')).toBeNull();
        expect(count).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await testDb.inquiry.delete({ where: { id: inquiry.id } });
      await context.close();
    }
  });

  test('the section switcher opens, shows the unread count and goes to a section; without scripts too', async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await signedIn(browser, 'admin', { javaScriptEnabled });
      for (const locale of ['en', 'ar'] as const) {
        const a = messages(locale).admin;
        await page.goto(at(locale, '/Admin'));
        const menu = page.locator('#admin-menu-dropdown');
        await expect(menu).toBeHidden();
        await page.getByTestId('admin-menu-toggle').click();
        await expect(menu).toBeVisible();
        // The eight content areas (issue 37: testimonials, certifications), Inquiries, Search & sharing, Redirects, Users, Settings, Activity and Backups.
        await expect(menu.getByRole('link')).toHaveCount(15);
        const count = await unread();
        if (count > 0) await expect(menu.getByTestId('menu-badge-inquiries')).toHaveText(String(count));
        await menu.getByRole('link', { name: a.menu.clients }).click();
        await page.waitForURL((u) => u.pathname === at(locale, '/Admin/Clients'));
        await expect(page.getByTestId('admin-menu-toggle')).toContainText(a.menu.clients);
      }
      await context.close();
    }
  });
});

test('search on every back-office list: a GET ?q= filtered on the server, exact counts, in both languages', async ({ browser }) => {
  // Eleven searched screens on a phone, beside the other specs: more than the default minute.
  test.setTimeout(300_000);
  const token = unique('find').replace(/-/g, '');
  const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const made = {
    team: await Promise.all(
      [1, 2].map((n) =>
        testDb.teamMember.create({
          data: { nameEn: `${TEMP_PREFIX} ${token} ${n}`, detailsEn: 'd', jobTitleEn: 'Rigger', image: null },
        }),
      ),
    ),
    services: await Promise.all(
      [1, 2].map((n) =>
        testDb.service.create({
          data: { titleEn: `${TEMP_PREFIX} ${n}`, titleAr: `خدمة ${token}`, descriptionEn: 'd', descriptionAr: 'د' },
        }),
      ),
    ),
    clients: await Promise.all(
      [1, 2, 3].map((n) => testDb.client.create({ data: { nameEn: `${TEMP_PREFIX} ${token} ${n}`, nameAr: 'عميل' } })),
    ),
    events: await Promise.all(
      [1, 2].map((n) =>
        testDb.event.create({
          data: {
            nameEn: `${TEMP_PREFIX} ${token} ${n}`,
            locationEn: 'Dubai',
            locationAr: 'دبي',
            cost: 1,
            clientId: client.id,
            slug: `${token}-${n}`.toLowerCase(),
            published: false,
          },
        }),
      ),
    ),
  };
  const users = await Promise.all([makeUser('mini', `${token}-a@example.test`), makeUser('pending', `${token}-b@example.test`)]);
  const slide = await testDb.slide.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const contact = await testDb.contact.findFirstOrThrow({ where: { email: { not: '' } }, orderBy: { id: 'asc' } });
  const contactHits = (await testDb.contact.findMany()).filter((c) =>
    Object.values(c).some((v) => typeof v === 'string' && v.toLowerCase().includes(contact.email.toLowerCase())),
  ).length;
  const { context, page } = await signedIn(browser);
  try {
    const lists: [string, string, number, string][] = [
      ['/Admin/Slider', slide.image, 1, 'item-card'],
      ['/Admin/Teams', token, 2, 'item-card'],
      ['/Admin/Services', token, 2, 'item-card'],
      ['/Admin/Contacts', contact.email.toUpperCase(), contactHits, 'item-card'],
      ['/Admin/Events', token, 2, 'item-card'],
      ['/Admin/Clients', token, 3, 'item-card'],
      ['/Admin/Users', token, 2, 'user-card'],
    ];
    for (const locale of ['en', 'ar'] as const) {
      // Every list in English; in Arabic the ones with Arabic content (the same form and reader).
      // The form is typed into once per language; the other lists are opened at their ?q= address.
      for (const [index, [path, q, expected, card]] of (locale === 'en'
        ? lists
        : lists.filter(([path]) => /Services|Events/.test(path))
      ).entries()) {
        if (index === 0) {
          await page.goto(at(locale, path));
          const form = page.locator('form[role=search]').first();
          await form.locator('input[name=q]').fill(q);
          await form.locator('input[name=q]').press('Enter');
          await page.waitForURL((u) => u.pathname === at(locale, path) && u.searchParams.get('q') === q);
        } else await page.goto(at(locale, `${path}?q=${encodeURIComponent(q)}`));
        await expect(page.getByTestId(card), `${path} ?q=${q}`).toHaveCount(expected);
        await expect(page.locator('form[role=search] input[name=q]').first()).toHaveValue(q);
      }
      // Nothing matches: no card, and the list says so.
      await page.goto(at(locale, `/Admin/Teams?q=${token}zzz`));
      await expect(page.getByTestId('item-card')).toHaveCount(0);
      await expect(page.getByTestId('empty-state')).toHaveText(messages(locale).admin.noMatches);
      await expect(page.getByTestId('search-count')).toHaveText(locale === 'en' ? 'No matches.' : 'لا نتائج.');
    }
  } finally {
    await context.close();
    await testDb.event.deleteMany({ where: { id: { in: made.events.map((r) => r.id) } } });
    await testDb.teamMember.deleteMany({ where: { id: { in: made.team.map((r) => r.id) } } });
    await testDb.service.deleteMany({ where: { id: { in: made.services.map((r) => r.id) } } });
    await testDb.client.deleteMany({ where: { id: { in: made.clients.map((r) => r.id) } } });
    await testDb.user.deleteMany({ where: { id: { in: users.map((u) => u.id) } } });
  }
});

test('"Arabic missing" under an empty Arabic field whose English is filled, live, on load, and gone once Arabic is typed', async ({
  browser,
}) => {
  const member = await testDb.teamMember.create({
    data: { nameEn: `${TEMP_PREFIX} ${unique('member')}`, detailsEn: 'Builds stages.', jobTitleEn: 'Rigger', image: null },
  });
  const { context, page } = await signedIn(browser);
  try {
    for (const locale of ['en', 'ar'] as const) {
      const words = messages(locale).admin.missingLanguage;
      // A new event: typing the English name marks the Arabic one.
      await page.goto(at(locale, '/Admin/CreateEvent'));
      const mark = page.getByTestId('missing-language-nameAr');
      await expect(mark).toHaveCount(0);
      await page.locator('#field-nameEn').fill('Gala dinner');
      await expect(mark).toHaveText(words.ar);
      await page.locator('#field-nameAr').fill('حفل عشاء');
      await expect(mark).toHaveCount(0);
      // The reverse: Arabic only.
      await page.locator('#field-nameEn').fill('');
      await expect(page.getByTestId('missing-language-nameEn')).toHaveText(words.en);
      // A member saved with English only: marked on load, each empty Arabic field.
      await page.goto(at(locale, `/Admin/Team/${member.id}`));
      for (const field of ['nameAr', 'jobTitleAr', 'detailsAr'])
        await expect(page.getByTestId(`missing-language-${field}`)).toHaveText(words.ar);
      await page.locator('#field-jobTitleAr').fill('فني');
      await expect(page.getByTestId('missing-language-jobTitleAr')).toHaveCount(0);
      await expect(page.getByTestId('missing-language-nameAr')).toHaveText(words.ar);
    }
    // Server-rendered: there without scripts too.
    const plain = await newContext(browser, { javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noJs = await plain.newPage();
    await noJs.goto(`/ar/Admin/Team/${member.id}`);
    await expect(noJs.getByTestId('missing-language-nameAr')).toHaveText(messages('ar').admin.missingLanguage.ar);
    await plain.close();
  } finally {
    await context.close();
    await testDb.teamMember.delete({ where: { id: member.id } });
  }
});

test('slides: named by their place, moved by keyboard (Move up / Move down), the order kept and the old /api/slider following', async ({
  browser,
  request,
}) => {
  // admin.spec.ts may add and delete a slide of its own meanwhile (the admin project runs two files
  // at once): orders are compared over the slides that were there at the start.
  const before = (await testDb.slide.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] })).map((s) => s.id);
  const ours = (ids: number[]) => ids.filter((id) => before.includes(id));
  const order = async () => ours((await testDb.slide.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] })).map((s) => s.id));
  // The old client's slider reads /api/home's index 6 (legacy contract §3), in the same order.
  const apiOrder = async () => ours(((await (await request.get('/api/home')).json()) as { id: number }[][])[6]!.map((s) => s.id));
  expect(before.length).toBeGreaterThanOrEqual(2);
  const { context, page } = await signedIn(browser);
  try {
    await page.goto('/Admin/Slider');
    const titles = page.getByTestId('item-title');
    const shown = await titles.count();
    expect(shown).toBeGreaterThanOrEqual(before.length);
    await expect(titles).toHaveText(Array.from({ length: shown }, (_, i) => `Position ${i + 1} of ${shown}`));
    await expect(page.getByTestId('move-up').first()).toBeDisabled();
    await expect(page.getByTestId('move-down').last()).toBeDisabled();
    // The first slide one place down, by keyboard.
    // Pressed once the page has hydrated: a press during hydration was lost once under load.
    await waitForHydration(page.getByTestId('move-down').first());
    await page.getByTestId('move-down').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('moved') === String(before[0]));
    await expect(page.getByTestId('move-notice')).toHaveText(/^Slide moved: now position 2 of \d+\.$/);
    const moved = [before[1]!, before[0]!, ...before.slice(2)];
    expect(await order()).toEqual(moved);
    expect(await apiOrder()).toEqual(moved);
    // And back up, in Arabic: the second card is the slide that went down.
    await page.goto('/ar/Admin/Slider');
    await expect(page.getByTestId('item-title').first()).toHaveText(/^الترتيب 1 من \d+$/);
    await waitForHydration(page.getByTestId('move-up').nth(1));
    await page.getByTestId('move-up').nth(1).focus();
    await page.keyboard.press('Space');
    await page.waitForURL((u) => u.searchParams.get('moved') === String(before[0]));
    await expect(page.getByTestId('move-notice')).toHaveText(/^نُقلت الشريحة: الآن في الترتيب 1 من \d+\.$/);
    expect(await order()).toEqual(before);
    expect(await apiOrder()).toEqual(before);
    // A refused move (the slide deleted meanwhile, say) is said on the list, not silently dropped.
    await page.goto('/ar/Admin/Slider?moveError=notFound');
    await expect(page.getByTestId('move-notice')).toHaveText(messages('ar').admin.slideMoveFailed);
    await expect(page.getByTestId('move-notice')).toHaveRole('alert');
  } finally {
    await context.close();
  }
});

/** The slides' ids in the home page's order, from the database and from the old client's view. */
const slideOrder = async () => (await testDb.slide.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] })).map((s) => s.id);
// The old client's slider reads /api/home's index 6 (legacy contract §3), in the same order.
const apiSlideOrder = async (request: APIRequestContext) =>
  ((await (await request.get('/api/home')).json()) as { id: number }[][])[6]!.map((s) => s.id);

for (const device of ['phone (touch)', 'desktop (mouse)'] as const) {
  test(`slides: dragged to a new place on a ${device}, saved, shown and announced in both languages`, async ({ browser, request }) => {
    // As above: only the slides there at the start are compared (admin.spec.ts may add its own).
    const before = await slideOrder();
    const ours = (ids: number[]) => ids.filter((id) => before.includes(id));
    expect(before.length).toBeGreaterThanOrEqual(2);
    const touch = device === 'phone (touch)';
    const { context, page } = await signedIn(browser, 'admin', touch ? { hasTouch: true, isMobile: true } : {});
    if (!touch) await page.setViewportSize({ width: 1280, height: 800 });
    const drag = touch ? touchDrag : mouseDrag;
    try {
      // The first slide dropped on the second: it takes the second place.
      await page.goto('/Admin/Slider');
      const handle = page.getByRole('button', { name: 'Drag slide 1 to a new place' });
      await expect(handle).toBeVisible();
      await handle.scrollIntoViewIfNeeded();
      const shown = await page.getByTestId('item-card').count();
      await drag(page, await centre(handle), await centre(page.getByTestId('item-card').nth(1)));
      await expect(page.getByTestId('slide-order-announcement')).toHaveText(`Slide 1 moved to position 2 of ${shown}.`);
      const moved = [before[1]!, before[0]!, ...before.slice(2)];
      expect(ours(await slideOrder())).toEqual(moved);
      expect(ours(await apiSlideOrder(request))).toEqual(moved);
      // The list shows the saved order: the moved slide's Edit link is now on the second card.
      await expect(page.getByTestId('edit-link').nth(1)).toHaveAttribute('href', new RegExp(`/${before[0]}$`));
      await expect(page.getByTestId('item-title').nth(1)).toHaveText(`Position 2 of ${shown}`);

      // And back, in Arabic: the second slide dropped on the first.
      await page.goto('/ar/Admin/Slider');
      const second = page.getByRole('button', { name: 'اسحب الشريحة 2 إلى مكان جديد' });
      await expect(second).toBeVisible();
      await page.getByTestId('item-card').first().scrollIntoViewIfNeeded();
      const shownAr = await page.getByTestId('item-card').count();
      await drag(page, await centre(second), await centre(page.getByTestId('item-card').nth(0)));
      await expect(page.getByTestId('slide-order-announcement')).toHaveText(`نُقلت الشريحة 2 إلى الترتيب 1 من ${shownAr}.`);
      expect(ours(await slideOrder())).toEqual(before);
      expect(ours(await apiSlideOrder(request))).toEqual(before);
      await expect(page.getByTestId('edit-link').first()).toHaveAttribute('href', new RegExp(`/${before[0]}$`));
    } finally {
      await context.close();
    }
  });
}

test('slides without scripts: the drag handle is not displayed, the Move buttons are plain forms', async ({ browser }) => {
  const { context } = await signedIn(browser);
  const plain = await newContext(browser, { javaScriptEnabled: false });
  try {
    await plain.addCookies(await context.cookies());
    const page = await plain.newPage();
    await page.goto('/Admin/Slider');
    // (Without scripts a back-office screen stays behind its loading state: the cards are in the
    // page, not shown; what is checked here is how they are made.)
    const card = page.getByTestId('item-card').first();
    await expect(card.getByTestId('drag-handle')).toHaveCSS('display', 'none');
    await expect(card.locator('form').filter({ has: page.getByTestId('move-down') })).toHaveCount(1);
    await expect(card.locator('form:has([data-testid=move-down]) input[name=direction]')).toHaveValue('down');
  } finally {
    await plain.close();
    await context.close();
  }
});

test('staff wording: "Add a team member", "Job title is required.", "Delete this team member?"', async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  await page.goto('/Admin/CreateTeam');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a team member');
  await page.getByTestId('submit').click();
  await expect(page.locator('#field-jobTitleEn-error')).toHaveText('Job title is required.');
  await page.goto('/Admin/Teams');
  await expect(page.getByTestId('create-link')).toHaveText('Add team member');
  await page.locator('button[data-testid=delete]').first().click();
  await expect(page.getByRole('dialog')).toContainText('Delete this team member?');
  await page.keyboard.press('Escape');
  await page.goto('/ar/Admin/CreateTeam');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إضافة عضو إلى الفريق');
  await context.close();
});

test('a text file renamed .jpg is refused when picked, with the reason under the field, before any Confirm', async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  for (const locale of ['en', 'ar'] as const) {
    await page.goto(at(locale, '/Admin/CreateSlider'));
    // The check runs in the picker's change handler: a file set before hydration goes unseen.
    await waitForHydration(page.locator('input[name=image]'));
    await page.setInputFiles('input[name=image]', { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text\n') });
    await expect(page.locator('#field-image-error')).toHaveText(messages(locale).validation.imageInvalid);
    await expect(page.getByTestId('image-file-name')).toHaveText(messages(locale).admin.noFileChosen);
    await expect(page.getByTestId('image-preview')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await context.close();
});

test('a sign-up error is said once, on the page, with no toast', async ({ browser }) => {
  for (const locale of ['en', 'ar'] as const) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(at(locale, '/SignUp'));
    await page.locator('#auth-name').fill('New Staff');
    await page.locator('#auth-email').fill('not an email');
    await page.locator('#auth-password').fill('a long password 1');
    await page.locator('#auth-passwordConfirmation').fill('a long password 1');
    await page.getByTestId('signup-submit').click();
    const text = messages(locale).validation.invalidEmail;
    await expect(page.getByText(text)).toHaveCount(1);
    // Sonner's toasts are list items of its region; give a toast the time it would take to show.
    await page.waitForTimeout(1_000);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await context.close();
  }
});

test('icons, not emoji: no emoji on the back-office pages, and the awaiting-approval hourglass is an svg', async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  const emoji = /\p{Extended_Pictographic}/u;
  for (const path of [
    '/Admin',
    '/Admin/Events',
    '/Admin/Contacts',
    '/Admin/Inquiries',
    '/Admin/CreateTeam',
    '/ar/Admin/Events',
    '/Admin/nope',
  ]) {
    await page.goto(path);
    expect(emoji.test(await page.locator('body').innerText()), path).toBe(false);
  }
  await context.close();
  const pending = await signedInPending(browser);
  await expect(pending.page.getByTestId('awaiting-icon').locator('svg')).toHaveCount(1);
  expect(emoji.test(await pending.page.locator('body').innerText())).toBe(false);
  await pending.context.close();
});

async function signedInPending(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await makeUser('pending');
  await page.goto('/LogIn');
  await page.locator('#auth-email').fill(user.email);
  await page.locator('#auth-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/AwaitingApproval', { timeout: 30_000 });
  return { context, page };
}

test('an unknown back-office path answers HTTP 404 and leads back to /Admin, in both languages', async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  for (const locale of ['en', 'ar'] as const) {
    const res = await page.request.get(at(locale, '/Admin/nonexistent'));
    expect(res.status()).toBe(404);
    const answer = await page.goto(at(locale, '/Admin/nonexistent'));
    expect(answer!.status()).toBe(404);
    const home = page.getByTestId('not-found-home');
    await expect(home).toHaveText(messages(locale).notFound.adminHome);
    await expect(home).toHaveAttribute('href', at(locale, '/Admin'));
    await home.click();
    await page.waitForURL((u) => u.pathname === at(locale, '/Admin'));
  }
  // Signed out, the same path still leads to signing in first (the guard, not a 404).
  const visitor = await newContext(browser);
  const res = await (await visitor.newPage()).goto('/Admin/nonexistent');
  expect(new URL(res!.url()).pathname).toBe('/LogIn');
  await visitor.close();
  await context.close();
});
