import { expect, test, type Browser, type Page } from '@playwright/test';
import { call, login } from '../helpers/api';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';
import { TestSmtpServer, type ReceivedMail } from '../helpers/smtp';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { messages } from './support';

const en = messages('en');
const ar = messages('ar');

// Issue 26, "What must be shown": invitations accepted with a role, approve and reject (the
// applicant told by mail either way); forgot, mail, reset, with a real SMTP server (smtp-server) and a
// production server started with SMTP_URL; the old browser session is signed out and the old API
// token answers 401; the link works once and not after its hour; an unknown address gets the same
// page; the 6th request is refused. Then, on the main server (no SMTP): the page says reset by
// mail is not available, and an Admin's one-time link does it instead; and a password change on
// /Admin/Account ends the other sessions.
test.describe.configure({ mode: 'default' });

const STRONG = 'copper meadow violin orbit';
const smtp = new TestSmtpServer();
let server: SpawnedServer;

test.beforeAll(async () => {
  await smtp.start();
  server = await spawnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Events Test <no-reply@example.test>',
    LOG_LEVEL: 'warn',
  });
});
test.afterAll(async () => {
  await server?.kill();
  await smtp.stop();
});

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/Admin', { timeout: 15_000 });
}

/** The mails the SMTP server got for `to` whose subject starts with `subject` (polled, bounded). */
async function mailsTo(to: string, subject: string, count = 1): Promise<ReceivedMail[]> {
  const matching = () => smtp.received.filter((m) => m.rcptTo.includes(to) && (m.parsed.subject ?? '').startsWith(subject));
  await expect.poll(() => matching().length, { timeout: 30_000, intervals: [250] }).toBe(count);
  return matching();
}
const linkIn = (mail: ReceivedMail) =>
  /http:\/\/127\.0\.0\.1:\d+\/(?:ar\/)?ResetPassword\?token=[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0] ?? '';

async function requestReset(page: Page, email: string) {
  await page.goto('/ForgotPassword');
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('forgot-submit').click();
}

async function fresh(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('forgot, mail, reset: the old session and API token end, the link works once, an unknown address gets the same page', async ({
  browser,
}) => {
  const person = await makeUser('mini');
  const old = await fresh(browser, server.base);
  await signIn(old.page, person.email);
  const token = (await login(person.email)).data.token as string;
  expect((await call('/api/service', { token, form: {} })).status).toBe(422);

  const { page } = await fresh(browser, server.base);
  await page.goto('/LogIn');
  await page.getByTestId('forgot-link').click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
  await requestReset(page, person.email);
  await expect(page.getByTestId('forgot-sent')).toHaveText(en.auth.forgotSent);
  const unknown = `${unique('nobody')}@example.test`;
  await requestReset(page, unknown);
  await expect(page.getByTestId('forgot-sent')).toHaveText(en.auth.forgotSent);

  const [mail] = await mailsTo(person.email, en.mail.reset.subject);
  expect(mail!.parsed.subject).toBe(`${en.mail.reset.subject} | ${ar.mail.reset.subject}`);
  const link = linkIn(mail!);
  expect(link).toContain(`${server.base}/ResetPassword?token=`);

  await page.goto(link);
  await page.getByLabel('New password').fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByTestId('reset-submit').click();
  await expect(page.locator('#auth-password-error')).toHaveText(en.validation.passwordWeak);
  await page.getByLabel('New password').fill(STRONG);
  await page.getByLabel('Confirm password').fill(STRONG);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toHaveText(en.auth.resetDone);
  await mailsTo(person.email, en.mail.passwordChanged.subject);

  // Everything opened with the old password is closed.
  await old.page.goto('/Admin');
  await expect(old.page).toHaveURL(/\/LogIn(\?|$)/);
  expect((await call('/api/service', { token, form: {} })).status).toBe(401);
  // The link once only.
  await page.goto(link);
  await expect(page.getByTestId('reset-expired')).toContainText(en.auth.resetExpired);
  await signIn(page, person.email, STRONG);
  // Nothing went to the unknown address.
  expect(smtp.received.filter((m) => m.rcptTo.includes(unknown))).toEqual([]);
});

test('a reset link does not work after its hour', async ({ browser }) => {
  const person = await makeUser('mini');
  const { page } = await fresh(browser, server.base);
  await requestReset(page, person.email);
  const [mail] = await mailsTo(person.email, en.mail.reset.subject);
  // The clock moved on an hour: the link's expiry is in the past.
  await testDb.accountLink.updateMany({ where: { userId: person.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await page.goto(linkIn(mail!));
  await expect(page.getByTestId('reset-expired')).toContainText(en.auth.resetExpired);
  await page.getByRole('link', { name: en.auth.requestNewLink }).click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
});

test('in Arabic on a phone: the 6th request in an hour is refused, in Arabic', async ({ browser }) => {
  const person = await makeUser('mini');
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 375, height: 812 }, locale: 'ar' });
  const page = await context.newPage();
  for (let i = 1; i <= 5; i++) {
    await page.goto('/ar/ForgotPassword');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel(ar.auth.emailLabel).fill(person.email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toHaveText(ar.auth.forgotSent);
  }
  await page.goto('/ar/ForgotPassword');
  await page.getByLabel(ar.auth.emailLabel).fill(person.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-error')).toHaveText(ar.errors.tooManyResets);
  // Five links were mailed, in Arabic pages' links.
  const mails = await mailsTo(person.email, en.mail.reset.subject, 5);
  for (const mail of mails) expect(linkIn(mail)).toContain('/ar/ResetPassword?token=');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('without SMTP the page says so, and an Admin hands over a one-time link instead', async ({ browser, baseURL }) => {
  const { page } = await fresh(browser, baseURL!);
  await page.goto('/ForgotPassword');
  await expect(page.getByTestId('forgot-no-mail')).toHaveText(en.auth.forgotNoMail);
  await expect(page.getByTestId('forgot-form')).toHaveCount(0);

  const admin = await makeUser('admin');
  const person = await makeUser('mini');
  await signIn(page, admin.email);
  await page.goto('/Admin/Users');
  const card = page.locator(`[data-testid=user-card][data-email="${person.email}"]`);
  await card.getByTestId('make-reset-link').click();
  const url = await card.getByTestId('reset-link-url').inputValue();
  expect(url).toMatch(/\/ResetPassword\?token=[A-Za-z0-9_-]{43}$/);

  const other = await fresh(browser, baseURL!);
  await other.page.goto(url);
  await other.page.getByLabel('New password').fill(STRONG);
  await other.page.getByLabel('Confirm password').fill(STRONG);
  await other.page.getByTestId('reset-submit').click();
  await expect(other.page.getByTestId('reset-done')).toBeVisible();
  await other.page.getByRole('link', { name: en.auth.signIn }).click();
  await signIn(other.page, person.email, STRONG);
});

test('changing the password on /Admin/Account ends the other sessions; this one stays', async ({ browser, baseURL }) => {
  const person = await makeUser('mini');
  const here = await fresh(browser, baseURL!);
  const there = await fresh(browser, baseURL!);
  await signIn(here.page, person.email);
  await signIn(there.page, person.email);
  await here.page.getByTestId('account-link').click();
  await expect(here.page).toHaveURL(/\/Admin\/Account$/);
  await expect(here.page.getByTestId('session')).toHaveCount(2);
  await expect(here.page.locator('[data-testid=session][data-current=true]')).toHaveCount(1);

  await here.page.getByLabel(en.admin.account.currentPassword).fill(PASSWORD);
  await here.page.getByLabel('New password').fill(STRONG);
  await here.page.getByLabel('Confirm password').fill(STRONG);
  await here.page.getByTestId('password-submit').click();
  await expect(here.page.getByTestId('password-changed')).toHaveText(en.admin.account.passwordChanged);
  await expect(here.page.getByTestId('session')).toHaveCount(1);

  await there.page.goto('/Admin');
  await expect(there.page).toHaveURL(/\/LogIn(\?|$)/);
  await here.page.goto('/Admin');
  await expect(here.page).toHaveURL(/\/Admin$/);
});

/** An Admin's back office on `baseURL`, on /Admin/Users narrowed to `q`. */
async function usersPage(browser: Browser, baseURL: string, q: string) {
  const admin = await makeUser('admin');
  const { page } = await fresh(browser, baseURL);
  await signIn(page, admin.email);
  await page.goto(`/Admin/Users?q=${encodeURIComponent(q)}`);
  return page;
}

test('an Admin invites a colleague as Admin: the mailed link makes an approved Admin account, once', async ({ browser }) => {
  const email = `${unique('invited')}@example.test`;
  const page = await usersPage(browser, server.base, email);
  await page.getByLabel(en.admin.users.inviteEmail, { exact: true }).fill(email);
  await page.getByTestId('invite-form').getByLabel(en.admin.users.inviteRole).selectOption('admin');
  await page.getByTestId('invite-submit').click();
  const shown = await page.getByTestId('invitation-url').inputValue();
  expect(shown).toMatch(/\/Invitation\?token=[A-Za-z0-9_-]{43}$/);

  const [mail] = await mailsTo(email, en.mail.invitation.subject);
  expect(mail!.parsed.text).toContain(`${en.mail.invitation.roleAdmin} · ${ar.mail.invitation.roleAdmin}`);
  const link = /http:\/\/127\.0\.0\.1:\d+\/Invitation\?token=[A-Za-z0-9_-]{43}/.exec(mail!.parsed.text ?? '')?.[0] ?? '';
  expect(link).toBe(shown);

  const invitee = await fresh(browser, server.base);
  await invitee.page.goto(link);
  await expect(invitee.page.getByTestId('invitation-form')).toContainText(email);
  await invitee.page.getByLabel(en.auth.nameLabel).fill('Huda Salem');
  await invitee.page.getByLabel('Password', { exact: true }).fill(STRONG);
  await invitee.page.getByLabel('Confirm password').fill(STRONG);
  await invitee.page.getByTestId('invitation-submit').click();
  // Issue 35, item 6: signed in straight away, in the back office (no sign-in form asking again).
  await invitee.page.waitForURL('**/Admin', { timeout: 15_000 });
  expect(await testDb.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ name: 'Huda Salem', isAdmin: true, isMiniAdmin: true });
  await expect(invitee.page.getByRole('navigation', { name: 'Back office menu' }).getByRole('link', { name: /Users/ })).toBeVisible();
  // The used link again: its owner, signed in, is told so and taken to the back office; anyone
  // else finds it used up.
  await invitee.page.goto(link);
  await invitee.page.waitForURL('**/Admin', { timeout: 15_000 });
  const stranger = await fresh(browser, server.base);
  await stranger.page.goto(link);
  await expect(stranger.page.getByTestId('invitation-expired')).toBeVisible();
  await stranger.context.close();
});

test('an invitation sent from the Arabic back office opens in Arabic on a phone, asks for a name, and signs the person in', async ({
  browser,
}) => {
  // Issue 35, item 6: the invitee's language is the one the invitation was sent in (its /ar/ link).
  const email = `${unique('invited-ar')}@example.test`;
  const page = await usersPage(browser, server.base, email);
  await page.goto(`/ar/Admin/Users?q=${encodeURIComponent(email)}`);
  await page.getByLabel(ar.admin.users.inviteEmail, { exact: true }).fill(email);
  await page.getByTestId('invite-submit').click();
  const link = await page.getByTestId('invitation-url').inputValue();
  expect(link).toMatch(/\/ar\/Invitation\?token=[A-Za-z0-9_-]{43}$/);

  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(invitee.getByRole('heading', { name: ar.auth.invitationTitle })).toBeVisible();
  await invitee.getByLabel(ar.auth.nameLabel).fill('هدى سالم');
  await invitee.getByLabel(ar.auth.passwordLabel, { exact: true }).fill(STRONG);
  await invitee.getByLabel(ar.auth.confirmLabel).fill(STRONG);
  await invitee.getByTestId('invitation-submit').click();
  await invitee.waitForURL('**/ar/Admin', { timeout: 15_000 });
  await expect(invitee.getByTestId('account-link')).toBeVisible();
  expect(await testDb.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ name: 'هدى سالم', isAdmin: false, isMiniAdmin: true });
  await context.close();
});

test('approve and reject: pending first with a count, and the applicant told by mail either way', async ({ browser }) => {
  const tag = unique('applicant');
  const yes = await makeUser('pending', `${tag}-yes@example.test`);
  const no = await makeUser('pending', `${tag}-no@example.test`);
  const page = await usersPage(browser, server.base, tag);
  // Counted over everyone (other files add applicants meanwhile): at least these two, in words and on the menu.
  const counted = /^(\d+) people are waiting for approval\.$/.exec(await page.getByTestId('pending-count').innerText());
  expect(Number(counted?.[1])).toBeGreaterThanOrEqual(2);
  expect(Number(await page.getByTestId('menu-badge-users').first().innerText())).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('user-card')).toHaveCount(2);

  const yesCard = page.locator(`[data-testid=user-card][data-email="${yes.email}"]`);
  await yesCard.getByTestId('approve-role').selectOption('mini');
  await yesCard.getByTestId('approve').click();
  await expect(page.getByText(en.admin.users.approved)).toBeVisible();
  await expect.poll(async () => (await testDb.user.findUniqueOrThrow({ where: { id: yes.id } })).isMiniAdmin).toBe(true);
  expect((await testDb.user.findUniqueOrThrow({ where: { id: yes.id } })).isAdmin).toBe(false);

  const noCard = page.locator(`[data-testid=user-card][data-email="${no.email}"]`);
  await noCard.getByTestId('reject').click();
  const dialog = page.locator('[data-testid=confirm-dialog][open]');
  await expect(dialog).toContainText(no.email);
  await dialog.getByRole('button', { name: en.admin.users.reject }).click();
  await expect(page.getByText(en.admin.users.rejected)).toBeVisible();
  await expect.poll(() => testDb.user.count({ where: { id: no.id } })).toBe(0);

  const [approved] = await mailsTo(yes.email, en.mail.approved.subject);
  expect(approved!.parsed.subject).toBe(`${en.mail.approved.subject} | ${ar.mail.approved.subject}`);
  const [declined] = await mailsTo(no.email, en.mail.declined.subject);
  expect(declined!.parsed.subject).toBe(`${en.mail.declined.subject} | ${ar.mail.declined.subject}`);
});
