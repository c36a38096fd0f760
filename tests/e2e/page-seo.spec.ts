import { testDb } from '../helpers/db';
import { signedInAs } from './sign-in';
import { expect, localePath, test, translate } from './support';

// Issue 37 item 3 as staff use it: /Admin/Seo, a fixed page's form with its counters and the
// search result and link card drawn as the texts are typed, in Arabic on a 375 px phone and in
// English on a desktop, saved with and without scripts and seen on the page. The stored values
// and their rules are tests/inproc/page-seo.test.ts; the kept page's copy expired, the
// integration tier's page-seo.test.ts.

const PHONE = { width: 375, height: 740 };
test.afterAll(() => testDb.$disconnect());

test('in Arabic on a phone: the counters and both previews follow the typing; saved, the page describes itself so', async ({
  browser,
  request,
}) => {
  const t = translate('ar', 'admin');
  const meta = translate('ar', 'meta');
  const { context, page } = await signedInAs(browser, 'mini', 'ar', { viewport: PHONE });
  await page.goto(localePath('ar', '/Admin/Seo'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('seo.title'));
  await page.getByTestId('seo-edit-privacy').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('seo.pageTitle', { page: t('seo.pages.privacy') }));
  const arabic = page.getByTestId('seo-preview-ar');
  // Empty: the default in the preview, and the counter says it is used.
  await expect(arabic.getByTestId('seo-preview-description').first()).toHaveText(meta('privacy.description'));
  await expect(page.getByTestId('seo-descriptionAr-count')).toHaveText(t('seo.usingDefault'));
  const words = 'كيف نحفظ بيانات طلبات عروض الأسعار ومن يطلع عليها.';
  await page.getByTestId('seo-descriptionAr').fill(words);
  await expect(page.getByTestId('seo-descriptionAr-count')).toHaveText(t('seo.count', { count: [...words].length, shown: 160 }));
  for (const preview of ['seo-preview-search', 'seo-preview-card']) await expect(arabic.getByTestId(preview)).toContainText(words);
  // Over the 60 a result shows, under the 70 that may be stored.
  const long = 'Privacy at 7Stars Event: your quote request, who reads it, how long';
  await page.getByTestId('seo-titleEn').fill(long);
  await expect(page.getByTestId('seo-titleEn-count')).toHaveText(t('seo.countOver', { count: long.length, shown: 60 }));
  await expect(page.getByTestId('seo-preview-en').getByTestId('seo-preview-title')).toHaveText(long);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await arabic.screenshot({ path: test.info().outputPath('seo-preview-ar-phone.png') });
  await page.getByTestId('seo-save').click();
  await expect(page.getByTestId('seo-saved')).toHaveText(t('seo.saved'));
  const html = await (await request.get('/ar/Privacy')).text();
  expect(html).toContain(`<meta name="description" content="${words}"/>`);
  expect(html).toContain(`<meta property="og:description" content="${words}"/>`);
  // Emptied again: the defaults, on the page too.
  await page.getByTestId('seo-descriptionAr').fill('');
  await page.getByTestId('seo-titleEn').fill('');
  await page.getByTestId('seo-save').click();
  await expect(page.getByTestId('seo-descriptionAr-count')).toHaveText(t('seo.usingDefault'));
  await expect(arabic.getByTestId('seo-preview-description').first()).toHaveText(meta('privacy.description'));
  await expect
    .poll(async () => (await request.get('/ar/Privacy')).text())
    .toContain(`<meta name="description" content="${meta('privacy.description')}"/>`);
  await context.close();
});

test('without scripts, in English on a desktop: a refusal under its field with the text kept, then saved', async ({ browser }) => {
  const t = translate('en', 'admin');
  const tv = translate('en', 'validation');
  const { context, page } = await signedInAs(browser, 'mini', 'en', { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  await page.goto(localePath('en', '/Admin/Seo/contact'));
  await page.getByTestId('seo-descriptionEn').fill('Call <b>now</b>');
  await page.getByTestId('seo-save').click();
  await expect(page.locator('#seo-descriptionEn-error')).toHaveText(tv('markupNotAllowed'));
  await expect(page.getByTestId('seo-descriptionEn')).toHaveValue('Call <b>now</b>');
  await page.getByTestId('seo-descriptionEn').fill('Call or write to 7Stars Event in Dubai.');
  await page.getByTestId('seo-save').click();
  await expect(page.getByTestId('seo-saved')).toHaveText(t('seo.saved'));
  await expect(page.getByTestId('seo-descriptionEn')).toHaveValue('Call or write to 7Stars Event in Dubai.');
  // Emptied again: the default.
  await page.getByTestId('seo-descriptionEn').fill('');
  await page.getByTestId('seo-save').click();
  await expect(page.getByTestId('seo-saved')).toHaveText(t('seo.saved'));
  await expect(page.getByTestId('seo-descriptionEn-count')).toHaveText(t('seo.usingDefault'));
  await context.close();
});

test('a service’s form: its search result and link card in both languages follow its search texts, else its title and description', async ({
  browser,
}) => {
  const service = await testDb.service.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const { context, page } = await signedInAs(browser, 'mini', 'en', { viewport: PHONE });
  await page.goto(localePath('en', `/Admin/Service/${service.id}`));
  const preview = page.getByTestId('item-seo-preview');
  const english = preview.getByTestId('seo-preview-en');
  await expect(english.getByTestId('seo-preview-title')).toHaveText(service.seoTitleEn || service.titleEn);
  await expect(english.getByTestId('seo-preview-search')).toContainText(`/Services/${service.slug}`.split('/').filter(Boolean).join(' › '));
  const words = 'LED screen rental in Dubai: indoor and outdoor walls with crew';
  await page.locator('#field-seoTitleEn').fill(words);
  await expect(english.getByTestId('seo-preview-title')).toHaveText(words);
  await expect(english.getByTestId('seo-preview-card')).toContainText(words);
  await expect(preview.getByTestId('item-seo-count-en')).toContainText(`${words.length} / 60`);
  await page.locator('#field-seoDescriptionAr').fill('تأجير شاشات LED في دبي');
  await expect(preview.getByTestId('seo-preview-ar').getByTestId('seo-preview-description').first()).toHaveText('تأجير شاشات LED في دبي');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await context.close();
});
