import { expect, test, LOCALES, localePath, messages } from './support';

// Contact Us: each contact's mail and phone links, its social links (a new tab, with no access
// back to this page), and the map, 500 px high, with a plain link to the map site under it.
// The empty state is checked over HTTP in tests/integration/contact-page.test.ts (it needs the
// contacts deleted, which browser tests running side by side must not see).

const NETWORKS = [
  ['linkedin', 'linkedin'],
  ['instagram', 'insta'],
  ['tiktok', 'faceboock'], // the old field names: faceboock holds TikTok, telegram holds YouTube
  ['youtube', 'telegram'],
] as const;

for (const locale of LOCALES) {
  test(`${locale}: mail, phone and social links, and the map with its link`, async ({ page, request }) => {
    const t = messages(locale).contact;
    const contact = (await (await request.get('/api/home')).json())[1][0];
    await page.goto(localePath(locale, '/ContactUs'));
    const card = page.getByTestId('contacts').getByRole('listitem').first();
    await expect(card.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
    await expect(card.getByRole('link', { name: contact.phone })).toHaveAttribute('href', `tel:${contact.phone.replace(/[^+\d]/g, '')}`);
    for (const [kind, field] of NETWORKS) {
      const link = card.getByTestId(`social-${kind}`);
      await expect(link).toHaveAttribute('href', contact[field]);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAccessibleName(t.opensInNewTab.replace('{network}', t[kind]));
    }

    const map = page.getByTestId('map');
    await map.scrollIntoViewIfNeeded();
    const frame = map.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps/);
    await expect(frame).toHaveAttribute('height', '500');
    expect((await map.boundingBox())!.height).toBe(500);
    const link = page.getByTestId('map-link');
    await expect(link).toHaveText(t.mapOpen);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps/);
    expect(href, 'the map site itself, not the frame-only address').not.toContain('output=embed');
  });
}
