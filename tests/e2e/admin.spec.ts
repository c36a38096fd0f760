import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';
import { signedIn } from './sign-in';
import { waitForHydration } from './support';

// The back office as staff use it: sign-up and approval, the six content areas (create with an
// image, see it in the admin list and on the public site, update, delete through the dialog),
// toasts, redirects, validation messages, users and roles, small screens and logout.
// One file, run in order by one worker (the "admin" project is not fully parallel): these flows
// change shared state (roles, the contact count).
test.describe.configure({ mode: 'default' });

const IMAGE = path.resolve(import.meta.dirname, '../../public/brand/og.jpg');
const IMAGE_2 = path.resolve(import.meta.dirname, '../../public/brand/about.jpg');
const PREFIX = 'E2E-TEMP';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function adminPage(browser: Browser) {
  const admin = await makeUser('admin');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin.email);
  await expect(page.getByText('Log In Successfully!')).toBeVisible();
  await page.waitForURL('**/Admin', { timeout: 10_000 });
  return { page, admin, context };
}

/** The open confirmation dialog (a page may hold several closed ones, e.g. the logout one). */
const openDialog = (page: Page) => page.locator('[data-testid=confirm-dialog][open]');

async function confirm(page: Page, title: string) {
  const dialog = openDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(title);
  // Named by its own title (each dialog has its own ids; the logout dialog is always in the page).
  await expect(dialog).toHaveAccessibleName(title);
  await dialog.getByTestId('confirm-button').click();
}

test.afterAll(async () => {
  await testDb.$disconnect();
});

test('registration: sign up, wait for approval, get approved as Mini Admin, manage content, no Users', async ({ browser }) => {
  const email = `${unique('newbie')}@example.test`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/SignUp');
  await visitor.getByLabel('Username').fill('New Staff');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill('a long password 1');
  await visitor.getByLabel('Confirm password').fill('a long password 1');
  await visitor.getByTestId('signup-submit').click();
  await visitor.waitForURL('**/AwaitingApproval');
  await expect(visitor.getByTestId('awaiting-approval')).toContainText('Awaiting approval');
  expect(await testDb.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ isAdmin: false, isMiniAdmin: false });

  // Signing in before approval shows the same page and nothing else.
  await signIn(visitor, email, 'a long password 1');
  await visitor.waitForURL('**/AwaitingApproval');
  await visitor.goto('/Admin');
  await visitor.waitForURL('**/LogIn');

  // An Admin approves the account as Mini Admin: pending accounts come first, marked.
  const { page: admin } = await adminPage(browser);
  await admin.goto('/Admin/Users');
  const cards = admin.getByTestId('user-card');
  await expect(cards.first()).toContainText('Pending approval');
  const card = admin.locator(`[data-testid=user-card][data-email="${email}"]`);
  await expect(card).toContainText('Pending approval');
  await card.getByTestId('flag-mini').check();
  await card.getByTestId('save-user').click();
  await expect(admin.getByText('User Updated!')).toBeVisible();
  await expect.poll(async () => (await testDb.user.findUniqueOrThrow({ where: { email } })).isMiniAdmin).toBe(true);

  // The Mini Admin signs in, manages content, and cannot open Users.
  await signIn(visitor, email, 'a long password 1');
  await visitor.waitForURL('**/Admin');
  await expect(visitor.getByTestId('choose')).toHaveText('Choose one from the list');
  const menu = visitor.getByRole('navigation', { name: 'Back office menu' });
  await expect(menu.getByRole('link', { name: 'Teams' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Activity' })).toHaveCount(0);
  await visitor.goto('/Admin/Users');
  await expect(visitor.getByTestId('forbidden')).toBeVisible();
  await visitor.goto('/Admin/Activity');
  await expect(visitor.getByTestId('forbidden')).toBeVisible();
  await visitor.goto('/Admin/CreateClient');
  await visitor.setInputFiles('input[name=image]', IMAGE);
  await visitor.getByLabel('Name', { exact: true }).fill(`${PREFIX} Mini Client`);
  await visitor.getByLabel('Arabic Name').fill('عميل مصغر');
  await visitor.getByTestId('submit').click();
  await confirm(visitor, 'Confirm Creation');
  await expect(visitor.getByText('Created Successfully!')).toBeVisible();
  await visitor.waitForURL('**/Admin/Clients');
  await expect(visitor.getByTestId('item-list')).toContainText(`${PREFIX} Mini Client`);
  const created = await testDb.client.findFirstOrThrow({ where: { nameEn: `${PREFIX} Mini Client` } });
  await testDb.client.delete({ where: { id: created.id } });
});

interface AreaCase {
  key: string;
  list: string;
  create: string;
  fill: (page: Page, name: string) => Promise<void>;
  /** Where the public site shows the item, and the text to look for. */
  publicPath: string;
  titleField: string;
  /** The card's buttons, as the spec words them per area. */
  buttons: [edit: string, remove: string];
  blankErrors: Record<string, string>;
  findId: (name: string) => Promise<number>;
}

const CASES: AreaCase[] = [
  {
    key: 'team',
    buttons: ['View Details', 'Delete'],
    list: 'Teams',
    create: 'CreateTeam',
    publicPath: '/TheTeam',
    titleField: 'Name',
    fill: async (page, name) => {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Name in Arabic').fill('عضو تجريبي');
      await page.getByLabel('Job title', { exact: true }).fill('Rigger');
      await page.getByLabel('Details', { exact: true }).fill('Builds stages.');
    },
    blankErrors: { Name: 'Name is required.', 'Job title': 'Job title is required.', Details: 'Details are required.' },
    findId: async (name) => (await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } })).id,
  },
  {
    key: 'services',
    buttons: ['View Details', 'Delete'],
    list: 'Services',
    create: 'CreateService',
    publicPath: '/Services',
    titleField: 'Service Name',
    fill: async (page, name) => {
      await page.getByLabel('Service Name').fill(name);
      await page.getByLabel('Service Arabic Name').fill('خدمة تجريبية');
      await page.getByLabel('Description', { exact: true }).fill('A test service.');
      await page.getByLabel('Description In Arabic').fill('خدمة للاختبار.');
    },
    blankErrors: {
      'Service Name': 'Title is required.',
      'Service Arabic Name': 'Title is required.',
      Description: 'Description is required.',
    },
    findId: async (name) => (await testDb.service.findFirstOrThrow({ where: { titleEn: name } })).id,
  },
  {
    key: 'events',
    buttons: ['Edit project', 'Delete project'],
    list: 'Events',
    create: 'CreateEvent',
    publicPath: '/',
    titleField: 'Event name',
    fill: async (page, name) => {
      await page.getByLabel('Event name', { exact: true }).fill(name);
      // A new project starts as a draft (issue 35): published, so the site shows it.
      await page.getByLabel('Published (shown on the public site)').check();
      await page.getByLabel('Date').fill('2026-03-01');
      await page.getByLabel('Event cost').fill('2500');
      await page.getByLabel('Client').selectOption({ index: 1 });
      await page.getByLabel('Location', { exact: true }).fill('Dubai Harbour, Dubai');
      await page.getByLabel('Location in Arabic').fill('دبي هاربر، دبي');
    },
    blankErrors: {
      'Event name': 'Event name is required.',
      'Event cost': 'Event cost is required.',
      Client: 'Client ID is required.',
      Location: 'Event location is required.',
      'Location in Arabic': 'Event location arabic is required.',
    },
    findId: async (name) => (await testDb.event.findFirstOrThrow({ where: { nameEn: name } })).id,
  },
  {
    key: 'clients',
    buttons: ['View Details', 'Delete'],
    list: 'Clients',
    create: 'CreateClient',
    publicPath: '/',
    titleField: 'Name',
    fill: async (page, name) => {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Arabic Name').fill('عميل تجريبي');
    },
    blankErrors: { Name: 'Name is required.', 'Arabic Name': 'Arabic Name is required.' },
    findId: async (name) => (await testDb.client.findFirstOrThrow({ where: { nameEn: name } })).id,
  },
];

for (const area of CASES) {
  test(`${area.key}: create with an image, see it in the list and on the site, update, validate, delete`, async ({ browser }) => {
    const { page } = await adminPage(browser);
    const name = `${PREFIX} ${area.key} ${Date.now()}`;
    await page
      .getByRole('navigation', { name: 'Back office menu' })
      // The menu names the projects' list (at /Admin/Events) Projects, as the site does (issue 35).
      .getByRole('link', { name: area.list === 'Events' ? 'Projects' : area.list })
      .click();
    await page.waitForURL(`**/Admin/${area.list}`);
    await page.getByTestId('create-link').click();
    await page.waitForURL(`**/Admin/${area.create}`);

    // Empty and whitespace-only fields get the spec's messages, and nothing is sent.
    for (const [label] of Object.entries(area.blankErrors)) {
      const field = page.getByLabel(label, { exact: true });
      if ((await field.evaluate((el) => el.tagName)) !== 'SELECT') await field.fill('   ');
    }
    await page.getByTestId('submit').click();
    for (const [label, message] of Object.entries(area.blankErrors)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    // Focus goes to the first field in error, on the first failed submit.
    // (The image picker is a button, which takes no aria-invalid: it is in error when its message shows.)
    await expect
      .poll(() =>
        page.evaluate(() => {
          const inError = [...document.querySelectorAll('[aria-invalid="true"], #field-image')].filter(
            (el) => el.id !== 'field-image' || document.getElementById('field-image-error'),
          );
          return inError.length > 0 && document.activeElement === inError[0];
        }),
      )
      .toBe(true);
    await expect(openDialog(page)).toHaveCount(0);

    await page.setInputFiles('input[name=image]', IMAGE);
    await expect(page.getByTestId('image-preview')).toHaveAttribute('src', /^blob:/);
    await area.fill(page, name);
    await page.getByTestId('submit').click();
    // Cancel closes the dialog and sends nothing.
    await expect(openDialog(page)).toBeVisible();
    await openDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(openDialog(page)).toHaveCount(0);
    await page.getByTestId('submit').click();
    await confirm(page, 'Confirm Creation');
    await expect(page.getByText('Created Successfully!')).toBeVisible();
    // Until the redirect, the form cannot be sent again.
    await expect(page.getByTestId('submit')).toBeDisabled();
    const started = Date.now();
    await page.waitForURL(`**/Admin/${area.list}`);
    expect(Date.now() - started).toBeGreaterThan(1200); // the 2-second pause before going back
    await expect(page.getByTestId('item-list')).toContainText(name);
    const id = await area.findId(name);

    const site = await browser.newPage();
    await site.goto(area.publicPath);
    if (area.key === 'clients') await expect(site.getByAltText(`${name} logo`).first()).toBeAttached();
    else await expect(site.locator('body')).toContainText(name);

    // Update: the form is prefilled; change the title and the image.
    const card = page.getByTestId('item-card').filter({ hasText: name });
    await expect(card.getByTestId('edit-link')).toHaveText(area.buttons[0]);
    await expect(card.getByTestId('delete')).toHaveText(area.buttons[1]);
    // Many cards, many "Delete" buttons: each is described by its card's title.
    await expect(card.getByTestId('delete')).toHaveAccessibleDescription(name);
    await card.getByTestId('edit-link').click();
    await expect(page.getByLabel(area.titleField, { exact: true })).toHaveValue(name);
    await page.getByLabel(area.titleField, { exact: true }).fill(`${name} v2`);
    await page.setInputFiles('input[name=image]', IMAGE_2);
    await page.getByTestId('submit').click();
    await confirm(page, 'Confirm Update');
    await expect(page.getByText('Updated Successfully!')).toBeVisible();
    await page.waitForURL(`**/Admin/${area.list}`);
    await expect(page.getByTestId('item-list')).toContainText(`${name} v2`);
    await site.reload();
    if (area.key === 'clients') await expect(site.getByAltText(`${name} v2 logo`).first()).toBeAttached();
    else await expect(site.locator('body')).toContainText(`${name} v2`);

    // Delete through the confirmation dialog.
    await page
      .getByTestId('item-card')
      .filter({ hasText: `${name} v2` })
      .locator('button[data-testid=delete]')
      .click();
    await confirm(page, 'Confirm Deletion');
    await expect(page.getByText('Deleted Successfully!')).toBeVisible();
    await expect(page.getByTestId('item-list')).not.toContainText(`${name} v2`);
    await expect
      .poll(() =>
        area.findId(`${name} v2`).then(
          () => 'exists',
          () => 'gone',
        ),
      )
      .toBe('gone');
    await site.reload();
    await expect(site.locator('body')).not.toContainText(`${name} v2`);
    expect(id).toBeGreaterThan(0);
  });
}

test('slider: create, see on the home page, replace the image, delete with confirmation', async ({ browser }) => {
  const { page } = await adminPage(browser);
  await page.goto('/Admin/Slider');
  await expect(page.getByRole('heading', { name: 'Sliders' })).toBeVisible();
  await page.getByTestId('create-link').click();
  await page.waitForURL('**/Admin/CreateSlider');
  // The picker speaks the page's language (not the browser's), is named by its label and takes
  // focus when the image is missing.
  const picker = page.getByTestId('image-choose');
  await expect(picker).toHaveText('Choose image');
  await expect(page.getByTestId('image-file-name')).toHaveText('No file chosen');
  await page.getByTestId('submit').click();
  await expect(page.getByText('Image is required.')).toBeVisible();
  await expect(picker).toBeFocused();
  await expect(picker).toHaveAccessibleName('Slider image required Choose image');
  await expect(picker).toHaveAccessibleDescription(/No file chosen.*Image is required\./);
  // A file that is not an image is refused with the validation message, not the hint again.
  await page.setInputFiles('input[name=image]', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: 'The file must be a JPEG, PNG, WebP, AVIF or GIF image.' })).toBeVisible();
  await expect(page.getByTestId('image-file-name')).toHaveText('No file chosen');
  // The button opens the (hidden) native picker.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), picker.click()]);
  await chooser.setFiles(IMAGE);
  await expect(page.getByTestId('image-file-name')).toHaveText('og.jpg');
  await expect(page.getByTestId('image-preview')).toHaveAttribute('src', /^blob:/);
  await page.getByTestId('submit').click();
  await confirm(page, 'Confirm Creation');
  await expect(page.getByText('Slider Created Successfully!')).toBeVisible();
  // The form is cleared for the 2 seconds before the list, the picked image with it.
  await expect(page.getByTestId('image-file-name')).toHaveText('No file chosen');
  await expect(page.getByTestId('image-preview')).toHaveCount(0);
  await page.waitForURL('**/Admin/Slider');
  // Slides are named by their place in the home page's order, not by database id (issue 27: "Position n of N").
  const titles = await page.getByTestId('item-title').allInnerTexts();
  expect(titles).toEqual(titles.map((_, i) => `Position ${i + 1} of ${titles.length}`));
  const slide = await testDb.slide.findFirstOrThrow({ orderBy: { id: 'desc' } });
  const home = await browser.newPage();
  await home.goto('/');
  // Slides after the first get their image once the page has loaded (they must not compete with the
  // first one), so wait for it rather than reading the DOM at the load event.
  await expect.poll(() => home.content()).toContain(encodeURIComponent(`/sliderimges/${slide.image}`));

  await page.goto(`/Admin/EditSlider/${slide.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Slider' })).toBeVisible();
  await page.setInputFiles('input[name=image]', IMAGE_2);
  await page.getByTestId('submit').click();
  await confirm(page, 'Confirm Edit');
  await expect(page.getByText('Slider Updated Successfully!')).toBeVisible();
  await page.waitForURL('**/Admin/Slider');
  const updated = await testDb.slide.findUniqueOrThrow({ where: { id: slide.id } });
  expect(updated.image).not.toBe(slide.image);
  await home.reload();
  await expect.poll(() => home.content()).toContain(encodeURIComponent(`/sliderimges/${updated.image}`));

  const card = page.getByTestId('item-card').filter({ has: page.locator(`a[href$="/Admin/EditSlider/${slide.id}"]`) });
  await card.locator('button[data-testid=delete]').click();
  await confirm(page, 'Confirm Deletion');
  await expect(page.getByText('Slider deleted successfully')).toBeVisible();
  await expect.poll(async () => testDb.slide.findUnique({ where: { id: slide.id } })).toBeNull();
  // The card and its button are gone: focus is on the screen's heading, not lost on the body.
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sliders', level: 1 })).toBeFocused();
});

test('contacts: create stays available with one office and more (issue 27: several offices); create, update, delete', async ({
  browser,
}) => {
  const { page } = await adminPage(browser);
  // Arrange: exactly one contact (the API tests that ran before may have left more).
  const first = await testDb.contact.findFirstOrThrow({ orderBy: { id: 'asc' } });
  await testDb.contact.deleteMany({ where: { id: { not: first.id } } });
  expect(await testDb.contact.count()).toBe(1);
  await page.goto('/Admin/Contacts');
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(page.getByTestId('create-link')).toBeVisible();
  await page.getByTestId('create-link').click();
  await page.waitForURL('**/Admin/CreateContact');
  await expect(page.getByText('Please Enter Full Url')).toBeVisible();
  await page.getByLabel('Phone Number').fill('+971 4 999 0000');
  await page.getByLabel('Email').fill('e2e-contact@example.test');
  await page.getByLabel('Instagram').fill('instagram.com/e2e');
  await page.getByTestId('submit').click();
  await confirm(page, 'Confirm Creation');
  await expect(page.getByText('Created Successfully!')).toBeVisible();
  await page.waitForURL('**/Admin/Contacts');
  await expect(page.getByTestId('create-link')).toBeVisible();
  const card = page.getByTestId('item-card').filter({ hasText: 'e2e-contact@example.test' });
  await expect(card.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://instagram.com/e2e');
  const site = await browser.newPage();
  await site.goto('/ContactUs');
  await expect(site.getByRole('link', { name: 'e2e-contact@example.test' })).toHaveAttribute('href', 'mailto:e2e-contact@example.test');

  await expect(card.getByTestId('edit-link')).toHaveText('Update');
  await card.getByTestId('edit-link').click();
  await expect(page.getByRole('heading', { name: 'Update Contact' })).toBeVisible();
  await page.getByLabel('Email').fill('e2e-contact-2@example.test');
  await page.getByTestId('submit').click();
  await confirm(page, 'Confirm Update');
  await expect(page.getByText('Updated Successfully!')).toBeVisible();
  await page.waitForURL('**/Admin/Contacts');
  await site.reload();
  await expect(site.getByRole('link', { name: 'e2e-contact-2@example.test' })).toBeVisible();

  await page.getByTestId('item-card').filter({ hasText: 'e2e-contact-2@example.test' }).locator('button[data-testid=delete]').click();
  await confirm(page, 'Confirm Deletion');
  await expect(page.getByText('Deleted Successfully!')).toBeVisible();
  await expect(page.getByTestId('create-link')).toBeVisible();
  expect(await testDb.contact.count()).toBe(1);
});

test('events: a client with events cannot be deleted, and the screen says why', async ({ browser }) => {
  const { page } = await adminPage(browser);
  const used = await testDb.client.findFirstOrThrow({ where: { events: { some: {} } } });
  await page.goto('/Admin/Clients');
  await page.getByTestId('item-card').filter({ hasText: used.nameEn }).locator('button[data-testid=delete]').click();
  await confirm(page, 'Confirm Deletion');
  await expect(page.getByText('This client still has projects')).toBeVisible();
  expect(await testDb.client.findUnique({ where: { id: used.id } })).not.toBeNull();
});

test('users: flags are saved, a demoted user loses access on the next click', async ({ browser }) => {
  const { page } = await adminPage(browser);
  const mini = await makeUser('mini');
  const miniPage = await (await browser.newContext()).newPage();
  await signIn(miniPage, mini.email);
  await miniPage.waitForURL('**/Admin');

  await page.goto('/Admin/Users');
  const card = page.locator(`[data-testid=user-card][data-email="${mini.email}"]`);
  await card.getByTestId('flag-mini').uncheck();
  await card.getByTestId('save-user').click();
  await expect(page.getByText('User Updated!')).toBeVisible();
  // The demoted user's very next click is refused and lands on the sign-in page.
  await miniPage.getByRole('navigation', { name: 'Back office menu' }).getByRole('link', { name: 'Projects' }).click();
  await miniPage.waitForURL('**/LogIn');

  // The last Admin's protection is checked against a database of its own
  // (tests/integration/last-admin.test.ts): making `admin` the only Admin here took the Admin
  // menu away from the other spec running beside this one.
});

test('small screens: the menu is a dropdown at 768 px', async ({ browser }) => {
  const { page } = await adminPage(browser);
  await page.setViewportSize({ width: 768, height: 900 });
  const toggle = page.getByTestId('admin-menu-toggle');
  const menu = page.getByRole('navigation', { name: 'Back office menu' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toHaveCount(0); // the side menu is hidden and the dropdown closed
  // Esc closes it and gives focus back to the button.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The eight content areas (issue 37: testimonials, certifications), Inquiries, Search & sharing, Redirects, Users, Settings, Activity and Backups.
  await expect(menu.getByRole('link')).toHaveCount(15);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
  // A click outside closes it.
  await toggle.click();
  await expect(menu).toBeVisible();
  // (A press on the page itself: the open menu spans the screen's width under the bar, and what
  // lies below it differs per screen, links included.)
  await page.locator('body').dispatchEvent('pointerdown');
  await expect(menu).toHaveCount(0);
  // Choosing a section goes there, closes the menu and names the section on the button.
  await toggle.click();
  await menu.getByRole('link', { name: 'Projects' }).click();
  await page.waitForURL('**/Admin/Events');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(toggle).toHaveText(/Projects/);
  await expect(toggle).toHaveAccessibleName('Go to section: Projects');
  // The logo above it is a link back to the back office, named as one.
  await expect(page.getByRole('link', { name: '7Stars Event – Back office', exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(menu.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 769, height: 900 });
  await expect(menu).toBeVisible();
  await expect(toggle).toBeHidden();
});

test('logout through the dialog; the old session cookie no longer works', async ({ browser }) => {
  const { page, context } = await adminPage(browser);
  const cookies = await context.cookies();
  await page.getByTestId('logout').click();
  await confirm(page, 'Confirm Logout');
  await expect(page.getByText('LogOut Successfully!')).toBeVisible();
  const toasted = Date.now();
  // The spec's 2 seconds on the back office with the toast, then /LogIn (it used to leave at once).
  await page.waitForURL('**/LogIn');
  expect(Date.now() - toasted).toBeGreaterThanOrEqual(1500);
  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const again = await replay.newPage();
  await again.goto('/Admin/Teams');
  await again.waitForURL('**/LogIn');
});

test('the back office works in Arabic, right to left', async ({ browser }) => {
  const { page } = await adminPage(browser);
  await page.goto('/ar/Admin/Teams');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'فريق العمل' })).toBeVisible();
  await page.goto('/ar/Admin/CreateTeam');
  // English texts are typed left to right in the Arabic back office too ("Over 20 years." showed as ".Over 20 years").
  await expect(page.locator('#field-nameEn')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('#field-detailsEn')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('#field-nameAr')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('submit').click();
  await expect(page.getByText('الاسم مطلوب.').first()).toBeVisible();
  await expect(page.getByTestId('image-choose')).toHaveText('اختر صورة');
  await expect(page.getByTestId('image-file-name')).toHaveText('لم يتم اختيار ملف');
  await page.setInputFiles('input[name=image]', IMAGE);
  await expect(page.getByTestId('image-file-name')).toHaveText('og.jpg');
  // Phone numbers and addresses stay left to right inside the right-to-left page.
  await page.goto('/ar/Admin/CreateContact');
  for (const id of ['field-phone', 'field-email']) await expect(page.locator(`#${id}`)).toHaveAttribute('dir', 'ltr');
  await page.goto('/ar/Admin/Contacts');
  await expect(page.getByTestId('item-title').first().locator('bdi')).toHaveAttribute('dir', 'ltr');
});

test('axe: back-office list and form screens, in English and Arabic, have no serious or critical violations', async ({ browser }) => {
  // Six full axe runs; /Admin/Users now holds a page of 50 people, each with its own forms.
  test.slow();
  const { page } = await adminPage(browser);
  for (const prefix of ['', '/ar']) {
    for (const screen of ['/Admin/Events', '/Admin/CreateEvent', '/Admin/Users']) {
      await page.goto(`${prefix}${screen}`);
      await expect(page.getByTestId('admin-loading')).toHaveCount(0);
      await expect(page.locator('main h1')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = serious.map(
        (v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n')}`,
      );
      expect(report, `axe on ${prefix}${screen}:\n${report.join('\n')}`).toEqual([]);
      expect(results.passes.length).toBeGreaterThan(10);
    }
  }
});

test("a wrong password is refused with the spec's toast and a message that stays under the form", async ({ page }) => {
  const user = await makeUser('admin');
  await signIn(page, user.email, 'not the password');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid email or password!' })).toBeVisible();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password!');
  await expect(page).toHaveURL((u) => u.pathname === '/LogIn');
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  // A second failure replaces the toast rather than stacking another under it.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/LogIn');
  await page.getByTestId('login-submit').click();
  await answered;
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password!');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  // The right password clears it, signs in, and its toast takes the failure's place.
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Log In Successfully!' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(page.getByTestId('login-error')).toHaveCount(0);
  await page.waitForURL('**/Admin', { timeout: 10_000 });
});

test('a visitor who is not signed in is sent to /LogIn from any admin path', async ({ page }) => {
  for (const path of ['/Admin', '/Admin/Teams', '/Admin/Team/1', '/ar/Admin/Users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/LogIn$/);
  }
});

test('a spinner shows while a back-office screen loads; the slider list says "Loading sliders..."', async ({ browser }) => {
  const { page } = await adminPage(browser);
  // Hold the server's answer for the screen (a navigation's RSC request, not a prefetch) for a
  // moment: the followed link reports its pending navigation and the spinner takes the screen's
  // place until the next screen is there (components/admin/admin-link.tsx).
  await page.route(/\/Admin\/(Slider|Teams)(\?|$)/, async (route) => {
    const headers = route.request().headers();
    if (headers['rsc'] && !headers['next-router-prefetch']) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response: await route.fetch() });
  });
  const menu = page.getByRole('navigation', { name: 'Back office menu' });
  await page.goto('/Admin');
  await waitForHydration(menu.getByRole('link', { name: 'Teams' }));
  const dashboard = page.getByRole('heading', { level: 1 });
  const dashboardTitle = (await dashboard.textContent()) ?? '';
  for (const [link, text, heading] of [
    ['Teams', 'Loading…', 'Teams'],
    ['Slider', 'Loading sliders...', 'Sliders'],
  ] as const) {
    await menu.getByRole('link', { name: link }).click();
    const loading = page.getByTestId('admin-loading');
    await expect(loading.getByRole('status')).toHaveText(text);
    // The screen it replaces is hidden meanwhile (not shown beside the spinner).
    await expect(page.getByRole('heading', { level: 1, name: dashboardTitle })).toBeHidden();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(loading).toHaveCount(0);
    await page.goto('/Admin');
    await waitForHydration(menu.getByRole('link', { name: 'Teams' }));
  }
});

test('without scripts every back-office screen is sent whole: the list, a form, the inbox, the account page', async ({ browser }) => {
  const { page } = await signedIn(browser, { javaScriptEnabled: false });
  for (const [path, heading] of [
    ['/Admin/Teams', 'Teams'],
    ['/Admin/CreateEvent', null],
    ['/Admin/Inquiries', null],
    ['/ar/Admin/Account', null],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('admin-loading')).toHaveCount(0);
    const h1 = page.locator('main h1');
    await expect(h1).toBeVisible();
    if (heading) await expect(h1).toHaveText(heading);
  }
  await page.goto('/Admin/CreateEvent');
  await expect(page.getByTestId('item-form')).toBeVisible();
  await page.context().close();
});

test('invitation only: /SignUp and /api/register refuse, the sign-in page drops its link; open again', async ({ browser, request }) => {
  const { page } = await adminPage(browser);
  await page.goto('/Admin/Users');
  const mode = page.getByTestId('signup-mode');
  try {
    await mode.getByLabel('Invitation only (the sign-up page is closed)').check();
    await mode.getByTestId('signup-mode-save').click();
    await expect(page.getByText('Saved.')).toBeVisible();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/SignUp');
    await expect(visitor.getByTestId('signup-closed')).toContainText('Staff accounts are made by invitation only.');
    await visitor.goto('/ar/SignUp');
    await expect(visitor.getByTestId('signup-closed')).toContainText('تُنشأ حسابات الموظفين بالدعوة فقط');
    await visitor.goto('/LogIn');
    await expect(visitor.getByRole('link', { name: 'Create Account' })).toHaveCount(0);
    const email = `${unique('closed')}@example.test`;
    const res = await request.post('/api/register', {
      multipart: {
        name: 'Closed',
        email,
        password: 'violet tractor harbour lantern',
        password_confirmation: 'violet tractor harbour lantern',
      },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ message: 'Sign-up is by invitation only. Ask an Admin to invite you.' });
    expect(await testDb.user.count({ where: { email } })).toBe(0);
  } finally {
    await page.goto('/Admin/Users');
    await page.getByTestId('signup-mode').getByLabel('Anyone, through the sign-up page (then approved here)').check();
    await page.getByTestId('signup-mode').getByTestId('signup-mode-save').click();
    await expect(page.getByText('Saved.')).toBeVisible();
  }
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/SignUp');
  await expect(visitor.getByTestId('signup-form')).toBeVisible();
});
