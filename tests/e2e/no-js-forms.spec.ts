import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Request } from '@playwright/test';
import { expect, test, LOCALES, localePath, messages, type Locale } from './support';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';

// Issue 16, finding 8: the sign-in and sign-up forms had no method, so a submit before scripts
// started (or without them) was a GET with the email and password in the address bar, the history
// and the server's logs. With JavaScript off, both forms now post to their server actions and the
// page comes back with the same messages, or moves on. Every request of each test is recorded and
// none may carry a password in its URL.

test.use({ javaScriptEnabled: false });

test.afterAll(async () => {
  await testDb.$disconnect();
});

/** Records every request of the context; `check` asserts no URL holds any of the secrets. */
function recordRequests(context: BrowserContext) {
  const requests: Request[] = [];
  context.on('request', (r) => requests.push(r));
  return {
    requests,
    check(secrets: string[]) {
      expect(requests.length).toBeGreaterThan(0);
      for (const r of requests) {
        const url = r.url();
        for (const secret of secrets) {
          for (const form of [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]) {
            expect(url, `${r.method()} ${url}`).not.toContain(form);
          }
        }
      }
    },
    /** The form submissions to `pathname`: POSTs whose bodies (not URLs) hold the fields. */
    posts(pathname: string) {
      return requests.filter((r) => new URL(r.url()).pathname === pathname && r.method() === 'POST');
    },
  };
}

// Each test its own client address (the test server trusts one proxy), so these sign-ins do not
// spend the address budget that the other browser specs share.
let addressCounter = 0;
const ownAddress = () => `10.253.${process.pid % 250}.${++addressCounter % 250}`;

for (const locale of LOCALES) {
  const t = messages(locale).auth;
  const at = (p: string) => localePath(locale, p);

  test(`sign-in without JavaScript: a wrong password is refused in words, the right one opens the back office (${locale})`, async ({
    page,
    context,
  }) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
    const recorder = recordRequests(context);
    const admin = await makeUser('admin');
    const wrong = `wrong ${unique('pw')} ü&=`;

    await page.goto(at('/LogIn'));
    await page.locator('#auth-email').fill(admin.email);
    await page.locator('#auth-password').fill(wrong);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText(t.loginFailed);
    expect(new URL(page.url()).pathname).toBe(at('/LogIn'));
    expect(new URL(page.url()).search).toBe('');
    // What was typed comes back, except the password.
    await expect(page.locator('#auth-email')).toHaveValue(admin.email);
    await expect(page.locator('#auth-password')).toHaveValue('');

    await page.locator('#auth-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === at('/Admin'));
    // The back office, signed in as this account.
    const a = messages(locale).admin;
    await expect(page.getByRole('navigation', { name: a.menuLabel })).toBeVisible();
    await expect(page.getByText(a.signedInAs.replace('{name}', admin.name))).toBeVisible();
    expect((await context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['authjs.session-token', 'sevenstars-device']));

    const posts = recorder.posts(at('/LogIn'));
    expect(posts).toHaveLength(2);
    expect(posts[0]!.postData()).toContain(wrong);
    expect(posts[1]!.postData()).toContain(PASSWORD);
    recorder.check([wrong, PASSWORD]);
  });

  test(`sign-up without JavaScript: mistakes are shown in words, a valid form waits for approval (${locale})`, async ({
    page,
    context,
  }) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
    const recorder = recordRequests(context);
    const v = messages(locale).validation;
    const email = `${unique('nojs')}@example.test`;
    const password = `long enough ${unique('pw')} ü&=`;

    await page.goto(at('/SignUp'));
    await page.locator('#auth-name').fill('No Script');
    await page.locator('#auth-email').fill(email);
    await page.locator('#auth-password').fill('short');
    await page.locator('#auth-passwordConfirmation').fill('other');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-error')).toHaveText(t.registerFailed);
    await expect(page.locator('#auth-password-error')).toHaveText(v.passwordTooShort);
    await expect(page.locator('#auth-passwordConfirmation-error')).toHaveText(v.passwordMismatch);
    await expect(page.locator('#auth-name')).toHaveValue('No Script');
    await expect(page.locator('#auth-email')).toHaveValue(email);
    expect(await testDb.user.count({ where: { email } })).toBe(0);

    await page.locator('#auth-password').fill(password);
    await page.locator('#auth-passwordConfirmation').fill(password);
    await page.getByTestId('signup-submit').click();
    await page.waitForURL((u) => u.pathname === at('/AwaitingApproval'));
    await expect(page.getByTestId('awaiting-approval')).toContainText(t.pendingTitle);
    expect(await testDb.user.findUniqueOrThrow({ where: { email } })).toMatchObject({
      isAdmin: false,
      isMiniAdmin: false,
      name: 'No Script',
    });

    // Signing in before approval leads to the same page, still without scripts.
    await page.goto(at('/LogIn'));
    await page.locator('#auth-email').fill(email);
    await page.locator('#auth-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === at('/AwaitingApproval'));

    expect(recorder.posts(at('/SignUp'))).toHaveLength(2);
    expect(recorder.posts(at('/LogIn'))).toHaveLength(1);
    recorder.check(['short', 'other', password]);
  });

  test(`sign-up without JavaScript over the address's limit (issue 24): refused in words, nothing stored (${locale})`, async ({
    page,
    context,
  }) => {
    const address = ownAddress();
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
    // This address has used up its sign-ups for the hour: the row `signupKeys` (lib/auth/
    // signup-throttle.ts) counts on, stored under its SHA-256 (lib/auth/rate-limit.ts). Written
    // here rather than spent, so the shared budget of the other specs is untouched.
    const key = createHash('sha256').update(`signup:ip:${address}`).digest('base64url');
    await testDb.$executeRaw`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1000, now() + interval '1 hour')`;
    try {
      const email = `${unique('limited')}@example.test`;
      const password = `long enough ${unique('pw')}`;
      await page.goto(at('/SignUp'));
      await page.locator('#auth-name').fill('Over The Limit');
      await page.locator('#auth-email').fill(email);
      await page.locator('#auth-password').fill(password);
      await page.locator('#auth-passwordConfirmation').fill(password);
      await page.getByTestId('signup-submit').click();
      await expect(page.getByTestId('signup-error')).toHaveText(messages(locale).errors.tooManySignUps);
      expect(new URL(page.url()).pathname).toBe(at('/SignUp'));
      await expect(page.locator('#auth-name')).toHaveValue('Over The Limit');
      await expect(page.locator('#auth-email')).toHaveValue(email);
      expect(await testDb.user.count({ where: { email } })).toBe(0);
    } finally {
      await testDb.rateLimit.deleteMany({ where: { key } });
    }
  });
}

/**
 * A new Admin signed in through the form with scripts off, in a context of its own (`test.use`
 * above sets the fixtures', not a new one's), every request recorded.
 */
async function adminWithoutScripts(browser: Browser, locale: Locale = 'en') {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } });
  const recorder = recordRequests(context);
  const page = await context.newPage();
  const admin = await makeUser('admin');
  await page.goto(localePath(locale, '/LogIn'));
  await page.locator('#auth-email').fill(admin.email);
  await page.locator('#auth-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === localePath(locale, '/Admin'), { timeout: 15_000 });
  return { context, recorder, page, admin };
}

// The back office without scripts: each screen is sent whole (no route-level loading state) and
// the item form posts natively to its plain action (no confirmation dialog): refused, it comes
// back with the errors in words and what was typed; saved, the list says so.
test('the back-office form works without scripts: refused in words with the typed values kept, then saved; nothing typed in a URL', async ({
  browser,
}) => {
  const { context, recorder, page } = await adminWithoutScripts(browser);

  // In Arabic, the required English name left out.
  const ar = messages('ar');
  const typed = unique('typed-job');
  await page.goto('/ar/Admin/CreateTeam');
  const form = page.getByTestId('item-form');
  await expect(form).toHaveAttribute('method', /^post$/i);
  await form.locator('#field-jobTitleEn').fill(typed);
  await form.getByTestId('submit').click();
  await expect(page).toHaveURL((u) => u.pathname === '/ar/Admin/CreateTeam');
  // Issue 35, item 6: a field refused reads as "check the fields", not as a failure to retry.
  await expect(page.getByTestId('item-form-refused')).toHaveText(ar.admin.checkFields);
  await expect(page.locator('#field-nameEn-error')).toHaveText(ar.validation.fields.team.nameEn.required);
  await expect(page.locator('#field-jobTitleEn')).toHaveValue(typed);
  expect(await testDb.teamMember.count({ where: { jobTitleEn: typed } })).toBe(0);
  // The same in English.
  await page.goto('/Admin/CreateTeam');
  await page.getByTestId('item-form').locator('#field-jobTitleEn').fill(typed);
  await page.getByTestId('item-form').getByTestId('submit').click();
  await expect(page).toHaveURL((u) => u.pathname === '/Admin/CreateTeam');
  await expect(page.getByTestId('item-form-refused')).toHaveText(messages('en').admin.checkFields);

  // Completed: saved, and the list says so (the scripted form's toast, as the page's answer).
  const name = unique('No-script member');
  await page.goto('/Admin/CreateTeam');
  await page.locator('#field-nameEn').fill(name);
  await page.locator('#field-jobTitleEn').fill(typed);
  await page.locator('#field-detailsEn').fill('Joined for the no-script test.');
  await page.getByTestId('submit').click();
  await page.waitForURL((u) => u.pathname === '/Admin/Teams' && u.searchParams.get('saved') === 'created');
  await expect(page.getByTestId('saved-notice')).toHaveText(messages('en').admin.areas.team.created);
  const saved = await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } });
  expect(saved.jobTitleEn).toBe(typed);
  await expect(page.getByTestId('item-title').filter({ hasText: name })).toBeVisible();

  // An edit too: the form of the saved member, changed and sent.
  await page.goto(`/Admin/Team/${saved.id}`);
  await page.locator('#field-jobTitleEn').fill(`${typed} lead`);
  await page.getByTestId('submit').click();
  await page.waitForURL((u) => u.pathname === '/Admin/Teams' && u.searchParams.get('saved') === 'updated');
  await expect(page.getByTestId('saved-notice')).toHaveText(messages('en').admin.areas.team.updated);
  expect((await testDb.teamMember.findUniqueOrThrow({ where: { id: saved.id } })).jobTitleEn).toBe(`${typed} lead`);
  // Nothing typed in the forms went into a URL (the search below puts the name there on purpose).
  recorder.check([typed, name, PASSWORD]);

  // Deleted from a searched list: its Delete is a link to the list's own confirmation (the
  // scripted one asks in a dialog); Cancel keeps the member, Delete removes it and the list says so.
  const en = messages('en');
  await page.goto(`/Admin/Teams?q=${encodeURIComponent(name)}`);
  await page.getByTestId('delete').click();
  await page.waitForURL((u) => u.searchParams.get('confirmDelete') === String(saved.id) && u.searchParams.get('q') === name);
  const confirm = page.getByTestId('delete-confirm');
  await expect(confirm.getByRole('heading', { level: 2 })).toHaveText(en.admin.deleteTitle);
  await expect(confirm).toContainText(name);
  await expect(confirm).toContainText(en.admin.areas.team.deleteConfirmText);
  await confirm.getByTestId('cancel-delete').click();
  await page.waitForURL((u) => u.pathname === '/Admin/Teams' && u.search === `?q=${encodeURIComponent(name).replace(/%20/g, '+')}`);
  await expect(page.getByTestId('delete-confirm')).toHaveCount(0);
  expect(await testDb.teamMember.count({ where: { id: saved.id } })).toBe(1);
  await page.getByTestId('delete').click();
  await page.getByTestId('delete-confirm').getByTestId('confirm-button').click();
  await page.waitForURL((u) => u.pathname === '/Admin/Teams' && u.searchParams.get('saved') === 'deleted');
  await expect(page.getByTestId('saved-notice')).toHaveText(en.admin.areas.team.deleted);
  expect(await testDb.teamMember.count({ where: { id: saved.id } })).toBe(0);

  expect(recorder.posts('/ar/Admin/CreateTeam')).toHaveLength(1);
  // And the delete's posts carried nothing typed in a URL either.
  recorder.check([typed, PASSWORD]);
  await context.close();
});

test('a delete the database refuses, without scripts in Arabic: the list says why, nothing goes', async ({ browser }) => {
  const { context, page } = await adminWithoutScripts(browser, 'ar');
  const ar = messages('ar');
  const name = unique('No-script client');
  const client = await testDb.client.create({ data: { nameEn: name, nameAr: 'عميل' } });
  await testDb.event.create({
    data: {
      nameEn: name,
      locationEn: 'Dubai',
      locationAr: 'دبي',
      cost: 1,
      clientId: client.id,
      slug: unique('no-script-event').toLowerCase(),
      // A draft: never on the public pages, /api/home or the sitemap the public specs read meanwhile.
      published: false,
    },
  });
  try {
    await page.goto(`/ar/Admin/Clients?q=${encodeURIComponent(name)}`);
    await page.getByTestId('delete').click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin/Clients' && u.searchParams.get('confirmDelete') === String(client.id));
    await expect(page.getByTestId('delete-confirm')).toContainText(ar.admin.areas.clients.deleteConfirmText);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('delete-confirm')).toBeInViewport();
    await page.screenshot({ path: 'test-results/shots/delete-confirm-ar-375.png' });
    await page.getByTestId('delete-confirm').getByTestId('confirm-button').click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin/Clients' && u.searchParams.get('deleteError') === 'clientHasEvents');
    await expect(page.getByTestId('delete-notice')).toHaveText(ar.errors.clientHasEvents);
    expect(await testDb.client.count({ where: { id: client.id } })).toBe(1);
  } finally {
    await testDb.event.deleteMany({ where: { clientId: client.id } });
    await testDb.client.delete({ where: { id: client.id } });
    await context.close();
  }
});

test("a lead's status, note and assignment without scripts: each saved and said on the lead's page, in Arabic; nothing typed in a URL", async ({
  browser,
}) => {
  const { context, recorder, page, admin } = await adminWithoutScripts(browser, 'ar');
  const lead = await testDb.inquiry.create({ data: { name: unique('No-script lead'), eventType: 'other', city: 'dubai' } });
  const t = messages('ar').admin.inquiries;
  try {
    const leadPage = `/ar/Admin/Inquiry/${lead.id}`;

    await page.goto(leadPage);
    await page.locator('#inquiry-status').selectOption('contacted');
    await page.getByTestId('inquiry-status-save').click();
    await page.waitForURL((u) => u.pathname === leadPage && u.searchParams.get('saved') === 'status');
    await expect(page.getByTestId('inquiry-plain-notice')).toHaveText(t.statusSaved);
    await expect(page.locator('#inquiry-status')).toHaveValue('contacted');

    const note = unique('called, wants a quote by Sunday');
    await page.locator('#inquiry-note').fill(note);
    await page.getByTestId('inquiry-note-save').click();
    await page.waitForURL((u) => u.pathname === leadPage && u.searchParams.get('saved') === 'note');
    await expect(page.getByTestId('inquiry-plain-notice')).toHaveText(t.noteAdded);
    await expect(page.getByTestId('inquiry-note').locator('p').first()).toHaveText(note);

    await page.locator('#inquiry-assignee').selectOption({ value: String(admin.id) });
    await page.locator('#inquiry-follow-up').fill('2031-05-04');
    await page.getByTestId('inquiry-assign-save').click();
    await page.waitForURL((u) => u.pathname === leadPage && u.searchParams.get('saved') === 'assign');
    await expect(page.getByTestId('inquiry-plain-notice')).toHaveText(t.assignmentSaved);

    const saved = await testDb.inquiry.findUniqueOrThrow({ where: { id: lead.id }, include: { notes: true } });
    expect(saved.status).toBe('contacted');
    expect(saved.notes.map((n) => n.text)).toEqual([note]);
    expect(saved.assigneeId).toBe(admin.id);
    expect(saved.followUp?.toISOString().slice(0, 10)).toBe('2031-05-04');
    expect(recorder.posts(leadPage)).toHaveLength(3);

    // The note's author edits it, then deletes it: each behind a disclosure that looks like the
    // scripted page's button (a dialog needs scripts).
    const edited = unique('called again, quote sent');
    const notes = page.getByTestId('inquiry-notes');
    await notes.getByTestId('inquiry-note-edit').click();
    await notes.getByTestId('inquiry-note-edit-form').locator('textarea').fill(edited);
    await notes.getByTestId('inquiry-note-edit-save').click();
    await page.waitForURL((u) => u.pathname === leadPage && u.searchParams.get('saved') === 'editNote');
    await expect(page.getByTestId('inquiry-plain-notice')).toHaveText(t.noteSaved);
    await expect(page.getByTestId('inquiry-note').locator('p').first()).toHaveText(edited);
    await expect(page.getByTestId('inquiry-note-meta')).toContainText(t.noteEdited);
    await notes.getByTestId('inquiry-note-delete').click();
    await expect(notes).toContainText(t.deleteNoteText);
    await notes.screenshot({ path: 'test-results/shots/note-controls-no-js-ar.png' });
    await notes.getByTestId('confirm-button').click();
    await page.waitForURL((u) => u.pathname === leadPage && u.searchParams.get('saved') === 'deleteNote');
    await expect(page.getByTestId('inquiry-plain-notice')).toHaveText(t.noteDeleted);
    expect(await testDb.inquiryNote.count({ where: { inquiryId: lead.id } })).toBe(0);

    // And the lead itself: asked first, then gone, the inbox saying so.
    await page.getByTestId('delete').click();
    await expect(page.getByTestId('delete-confirm')).toContainText(t.deleteText.replace('{name}', lead.name));
    await page.getByTestId('delete-confirm').getByTestId('confirm-button').click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin/Inquiries' && u.searchParams.get('saved') === 'delete');
    await expect(page.getByTestId('inquiry-plain-notice')).toHaveText(t.deleted);
    expect(await testDb.inquiry.count({ where: { id: lead.id } })).toBe(0);
    recorder.check([note, edited, PASSWORD]);
  } finally {
    await testDb.inquiry.deleteMany({ where: { id: lead.id } });
    await context.close();
  }
});

test('the Users screen without scripts, in Arabic: an applicant made Mini Admin, then deleted after the confirmation; the search kept', async ({
  browser,
}) => {
  const { context, recorder, page } = await adminWithoutScripts(browser, 'ar');
  const ar = messages('ar');
  const applicant = await makeUser('pending');
  try {
    const search = `/ar/Admin/Users?q=${encodeURIComponent(applicant.email)}`;
    await page.goto(search);
    const card = page.locator(`[data-testid="user-card"][data-email="${applicant.email}"]`);
    await card.getByTestId('flag-mini').check();
    await card.getByTestId('save-user').click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin/Users' && u.searchParams.get('saved') === 'flags');
    expect(new URL(page.url()).searchParams.get('q')).toBe(applicant.email);
    await expect(page.getByTestId('saved-notice')).toHaveText(ar.admin.users.saved);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: applicant.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: true });
    await expect(card.getByTestId('flag-mini')).toBeChecked();

    await card.getByTestId('delete').click();
    await page.waitForURL(
      (u) => u.searchParams.get('confirmDelete') === String(applicant.id) && u.searchParams.get('q') === applicant.email,
    );
    const confirm = page.getByTestId('delete-confirm');
    await expect(confirm).toContainText(ar.admin.users.deleteText.replace('{email}', applicant.email));
    await confirm.getByTestId('confirm-button').click();
    await page.waitForURL((u) => u.pathname === '/ar/Admin/Users' && u.searchParams.get('saved') === 'deleted');
    await expect(page.getByTestId('saved-notice')).toHaveText(ar.admin.users.deleted);
    expect(await testDb.user.count({ where: { id: applicant.id } })).toBe(0);
    expect(recorder.posts('/ar/Admin/Users').length).toBe(2);
  } finally {
    await testDb.user.deleteMany({ where: { id: applicant.id } });
    await context.close();
  }
});
