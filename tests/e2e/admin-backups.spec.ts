import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatWhen as formatDubaiTime } from '../../lib/i18n/dates';
import { testDb } from '../helpers/db';
import { signedInAs } from './sign-in';
import { localePath, messages, translate, type Locale } from './support';

// Issue 33 as an Admin uses it: the dashboard's backup line, the menu's Backups, "Back up now"
// (with and without scripts) turned into a finished archive by the test server's runner (it looks
// for requested runs every 3 s), Download saving that archive through a single-use link, and a
// Mini Admin kept out. In English and Arabic, on a desktop and a 375 px phone. Runs in the
// "admin" project (it makes real backups: never beside the public specs).
test.describe.configure({ mode: 'default' });

const PHONE = { width: 375, height: 740 };
/** The test server runs with BACKUP_CRON=off (scripts/test.ts): no nightly run in the middle of a test. */
const SCHEDULE_OFF = (process.env.BACKUP_CRON ?? '').trim().toLowerCase() === 'off';
/** A backup of the test database (pg_dump, the uploads) and its verification by a restore. */
const BACKUP_MS = 90_000;

test.afterAll(() => testDb.$disconnect());

/** What the dashboard's line says of the last finished run, worked out from the database as the product words it. */
async function expectedLast(locale: Locale): Promise<string> {
  const t = translate(locale, 'admin');
  const last = await testDb.backupRun.findFirst({ where: { status: { in: ['ok', 'failed'] } }, orderBy: { id: 'desc' } });
  if (!last) return t('backups.line.none');
  const time = formatDubaiTime(last.finishedAt ?? last.createdAt, locale);
  if (last.status !== 'ok' || last.verifyError) {
    const error = (last.status === 'failed' ? last.error : (last.verifyError ?? last.error)) ?? '';
    return t.markup('backups.line.failed', { time, error, reason: (chunks) => chunks });
  }
  return t(last.verifiedAt ? 'backups.line.verified' : 'backups.line.unverified', { time });
}

/** The dashboard's box: the last run as the database says, the schedule, the link. */
async function checkDashboardBox(page: Page, locale: Locale) {
  const t = translate(locale, 'admin');
  const box = page.getByTestId('backup-status');
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { level: 2 })).toHaveText(t('backups.line.heading'));
  await expect(box.getByTestId('backup-last')).toHaveText(await expectedLast(locale));
  if (SCHEDULE_OFF) await expect(box.getByTestId('backup-next')).toHaveText(t.markup('backups.line.off', { code: (chunks) => chunks }));
  else await expect(box.getByTestId('backup-next')).toHaveText(new RegExp(`^${t('backups.line.next', { time: '' }).trim()}`));
  // The schedule off, nothing is overdue (no alarm either).
  if (SCHEDULE_OFF) await expect(box.getByTestId('backup-overdue')).toHaveCount(0);
  await expect(box.getByRole('link', { name: t('backups.line.link') })).toHaveAttribute('href', localePath(locale, '/Admin/Backups'));
}

/** The menu's Backups link: the side menu on a desktop, the top bar's switcher (a <details>) on a phone. */
async function menuLink(page: Page, locale: Locale, phone: boolean): Promise<Locator> {
  const a = messages(locale).admin;
  if (phone) await page.getByTestId('admin-menu-toggle').click();
  return page
    .getByRole('navigation', { name: a.menuLabel })
    .filter({ visible: true })
    .getByRole('link', { name: a.menu.backups, exact: true });
}

/** axe-core on the screen as it is: no serious or critical issue (the back office's own scan, as admin.spec.ts's). */
async function noSeriousAxeIssue(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n')}`,
  );
  expect(report, `axe on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(10);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A number as a card shows it ("1,234", or "12 (3.4 MB)" for the files): its leading figure. */
const leadingNumber = async (target: Locator) =>
  Number(((await target.innerText()).trim().match(/^[\d,.]+/)?.[0] ?? '').replace(/\D/g, ''));

/** The manual run this Admin asked for (the newest). */
const runOf = (userId: number) =>
  testDb.backupRun.findFirstOrThrow({ where: { trigger: 'manual', requestedBy: userId }, orderBy: { id: 'desc' } });

/**
 * The screen read again (a plain GET: never the POST that answered "Back up now" without scripts)
 * until the run's card says done, then until its verification is recorded; a failed run fails here.
 */
async function waitUntilFinished(page: Page, locale: Locale, runId: number) {
  const card = page.locator(`[data-testid="backup-run"][data-run="${runId}"]`);
  await expect(async () => {
    await page.goto(localePath(locale, '/Admin/Backups'));
    expect(await card.getAttribute('data-status')).not.toBe('failed');
    await expect(card).toHaveAttribute('data-status', 'ok', { timeout: 1_000 });
  }).toPass({ timeout: BACKUP_MS, intervals: [2_000] });
  await expect
    .poll(
      async () => {
        const run = await testDb.backupRun.findUniqueOrThrow({ where: { id: runId } });
        return run.verifiedAt !== null || run.verifyError !== null;
      },
      { timeout: BACKUP_MS, message: 'the archive was checked by a restore' },
    )
    .toBe(true);
  await page.goto(localePath(locale, '/Admin/Backups'));
  return card;
}

/** A finished card: its words, its figures (the demo company has rows and files), the archive verified. */
async function checkFinishedCard(card: Locator, locale: Locale, runId: number) {
  const t = messages(locale).admin.backups;
  const run = await testDb.backupRun.findUniqueOrThrow({ where: { id: runId } });
  expect(run.verifyError, 'the verification by a restore').toBeNull();
  await expect(card.getByTestId('backup-run-status')).toHaveText(t.statuses.ok);
  await expect(card.getByTestId('backup-run-trigger')).toHaveText(t.triggers.manual);
  await expect(card.getByTestId('backup-run-time')).toHaveText(formatDubaiTime(run.createdAt, locale));
  await expect(card.getByTestId('backup-run-verified')).toHaveText(t.verified);
  await expect(card.getByTestId('backup-run-file')).toHaveText(run.file!);
  await expect(card.getByTestId('backup-run-size')).not.toBeEmpty();
  expect(await leadingNumber(card.getByTestId('backup-run-rows'))).toBeGreaterThan(0);
  expect(await leadingNumber(card.getByTestId('backup-run-files'))).toBeGreaterThan(0);
  expect(await leadingNumber(card.getByTestId('backup-run-rows'))).toBe(run.rows);
  expect(await leadingNumber(card.getByTestId('backup-run-files'))).toBe(run.files);
  await expect(card.getByTestId('backup-run-error')).toHaveCount(0);
  return run;
}

/** Download saves the archive (a tar, or an age file when archives are encrypted); the link spent, it answers 410. */
async function downloadAndSpend(page: Page, card: Locator, locale: Locale, run: { id: number; file: string | null }, userId: number) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), card.getByTestId('backup-download').click()]);
  expect(download.suggestedFilename()).toBe(run.file);
  expect(new URL(download.url()).pathname).toMatch(new RegExp(`^${localePath(locale, '/Admin/Backups/Download/')}[\\w-]{43}$`));
  const bytes = readFileSync(await download.path());
  const tarMagic = bytes.subarray(257, 262).toString('latin1');
  const ageMagic = bytes.subarray(0, 21).toString('latin1');
  expect(tarMagic === 'ustar' || ageMagic === 'age-encryption.org/v1', `a tar or an age file (${tarMagic} / ${ageMagic})`).toBe(true);
  expect(bytes.length).toBe(Number((await testDb.backupRun.findUniqueOrThrow({ where: { id: run.id } })).size));
  // The same link again, with the same session: spent.
  const again = await page.request.get(download.url(), { maxRedirects: 0 });
  expect(again.status()).toBe(410);
  expect((await again.text()).trim()).toBe(messages(locale).admin.backups.downloadLink.expired);
  expect(again.headers()['cache-control']).toBe('private, no-store');
  // Recorded, as "Back up now" was.
  expect(
    await testDb.activityLog.count({
      where: { kind: 'backupDownloaded', actorId: userId, entity: 'backups', entityId: run.id, detail: run.file! },
    }),
  ).toBe(1);
}

test('an Admin on a desktop, in English: the dashboard line, the menu, Back up now, a finished archive downloaded once', async ({
  browser,
}, testInfo) => {
  test.setTimeout(4 * BACKUP_MS);
  const en = messages('en').admin;
  const { context, page, user } = await signedInAs(browser, 'admin', 'en');
  try {
    await checkDashboardBox(page, 'en');
    await (await menuLink(page, 'en', false)).click();
    await page.waitForURL('**/Admin/Backups');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.backups.title);
    // Every screen's tab names it the same way ("Backups · Back office | …").
    await expect(page).toHaveTitle(new RegExp(`^${en.tabTitle.replace('{screen}', en.backups.title)} \\| `));
    await expect(page.getByTestId('backups-intro')).toContainText('npm run restore');
    await expect(
      page.getByRole('navigation', { name: en.menuLabel }).filter({ visible: true }).getByRole('link', { name: en.menu.backups }),
    ).toHaveAttribute('aria-current', 'page');

    await page.getByTestId('backup-now').click();
    await expect(page.getByTestId('backup-requested')).toHaveText(en.backups.requested);
    const requested = await runOf(user.id);
    expect(requested.status).toMatch(/^(requested|running|ok)$/);
    // On the list at once (the screen is read again after the answer), newest first.
    await expect(page.getByTestId('backup-run').first()).toHaveAttribute('data-run', String(requested.id));
    expect(
      await testDb.activityLog.count({ where: { kind: 'backupRequested', actorId: user.id, entity: 'backups', entityId: requested.id } }),
    ).toBe(1);

    const card = await waitUntilFinished(page, 'en', requested.id);
    const run = await checkFinishedCard(card, 'en', requested.id);
    await page.screenshot({ path: testInfo.outputPath('backups-en-desktop.png'), fullPage: true });
    await downloadAndSpend(page, card, 'en', run, user.id);

    // The dashboard now names this run (the newest finished one), in UAE time.
    await page.goto('/Admin');
    await expect(page.getByTestId('backup-last')).toHaveText(
      translate('en', 'admin')('backups.line.verified', { time: formatDubaiTime(run.finishedAt!, 'en') }),
    );
  } finally {
    await context.close();
  }
});

test('an Admin on a 375 px phone, in Arabic and without JavaScript: Back up now and Download are plain forms that work', async ({
  browser,
}, testInfo) => {
  test.setTimeout(4 * BACKUP_MS);
  const ar = messages('ar').admin;
  const { context, page, user } = await signedInAs(browser, 'admin', 'ar', { viewport: PHONE, javaScriptEnabled: false });
  try {
    await checkDashboardBox(page, 'ar');
    await noSidewaysScroll(page);
    // The switcher is a <details>: it opens without scripts.
    await (await menuLink(page, 'ar', true)).click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin/Backups');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.backups.title);
    // Every screen's tab names it the same way ("Backups · Back office | …").
    await expect(page).toHaveTitle(new RegExp(`^${ar.tabTitle.replace('{screen}', ar.backups.title)} \\| `));

    const form = page.getByTestId('backup-now-form');
    await expect(form).toHaveAttribute('method', /^post$/i);
    await page.getByTestId('backup-now').click();
    await expect(page.getByTestId('backup-requested')).toHaveText(ar.backups.requested);
    const requested = await runOf(user.id);
    // The screen that answered the post lists the waiting run (the runner may have taken it since).
    const first = page.getByTestId('backup-run').first();
    await expect(first).toHaveAttribute('data-run', String(requested.id));
    await expect(first.getByTestId('backup-run-status')).toHaveText(
      new RegExp(`^(${ar.backups.statuses.requested}|${ar.backups.statuses.running})$`),
    );
    await expect(first.getByTestId('backup-run-trigger')).toHaveText(ar.backups.triggers.manual);
    await noSidewaysScroll(page);

    const card = await waitUntilFinished(page, 'ar', requested.id);
    const run = await checkFinishedCard(card, 'ar', requested.id);
    await noSidewaysScroll(page);
    // Nothing of the card is cut off: each of its lines inside the phone's width.
    for (const line of await card.locator('dd, dt, [data-testid="backup-download"]').all()) {
      const box = (await line.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.screenshot({ path: testInfo.outputPath('backups-ar-375-no-js.png'), fullPage: true });
    await downloadAndSpend(page, card, 'ar', run, user.id);
  } finally {
    await context.close();
  }
});

for (const [locale, phone] of [
  ['ar', false],
  ['en', true],
] as const) {
  test(`the dashboard line and the menu entry, in ${locale === 'ar' ? 'Arabic on a desktop' : 'English on a 375 px phone'}; /Admin/backups leads to the screen`, async ({
    browser,
  }, testInfo) => {
    const a = messages(locale).admin;
    const { context, page } = await signedInAs(browser, 'admin', locale, phone ? { viewport: PHONE } : {});
    try {
      await checkDashboardBox(page, locale);
      if (phone) await noSidewaysScroll(page);
      await page.getByTestId('backup-status').screenshot({ path: testInfo.outputPath(`backup-status-${locale}.png`) });
      await noSeriousAxeIssue(page);
      await (await menuLink(page, locale, phone)).click();
      await page.waitForURL((u) => u.pathname === localePath(locale, '/Admin/Backups'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.backups.title);
      await expect(page.getByTestId('backup-now')).toHaveText(a.backups.backUpNow);
      await expect(page.getByTestId('backup-count')).toBeVisible();
      if (phone) await noSidewaysScroll(page);
      await noSeriousAxeIssue(page);
      // Another letter case, as every back-office path takes it: sent to the screen, its query kept.
      await page.goto(`${localePath(locale, '/Admin/backups')}?page=1`);
      await page.waitForURL((u) => u.pathname === localePath(locale, '/Admin/Backups') && u.searchParams.get('page') === '1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.backups.title);
    } finally {
      await context.close();
    }
  });
}

test('a Mini Admin has no Backups: no menu entry, no dashboard line, "forbidden" on the screen, 403 on a download link', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedInAs(browser, 'mini', 'en');
  try {
    const en = messages('en').admin;
    await expect(page.getByRole('navigation', { name: en.menuLabel }).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole('link', { name: en.menu.backups, exact: true })).toHaveCount(0);
    await expect(page.getByTestId('backup-status')).toHaveCount(0);
    for (const locale of ['en', 'ar'] as const) {
      await page.goto(localePath(locale, '/Admin/Backups'));
      await expect(page.getByTestId('forbidden')).toHaveText(messages(locale).admin.forbidden);
      await expect(page.getByTestId('backup-now')).toHaveCount(0);
    }
    const token = 'A'.repeat(43);
    // (Under /ar: the back office now follows this person's Arabic, and an English path would be redirected there.)
    const refused = await page.request.get(`/ar/Admin/Backups/Download/${token}`, { maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(messages('ar').errors.forbidden);
    // Nobody signed in (the test's own request context has no cookie): the link answers 401, the screen sends to sign-in.
    expect((await request.get(`/Admin/Backups/Download/${token}`, { maxRedirects: 0 })).status()).toBe(401);
    const screen = await request.get('/Admin/Backups', { maxRedirects: 0 });
    expect(screen.status()).toBeGreaterThanOrEqual(300);
    expect(screen.status()).toBeLessThan(400);
    expect(screen.headers()['location']).toMatch(/\/LogIn/);
  } finally {
    await context.close();
  }
});
