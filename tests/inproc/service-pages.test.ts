import { PrismaPg } from '@prisma/adapter-pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { call, unique, userWithToken } from '../helpers/api';
import { apiService, serviceForm } from '../helpers/services-fixtures';
import { testDb } from '../helpers/db';
import sitemap from '@/app/sitemap';
import { getProjectPage, NO_FILTER } from '@/lib/content/projects';
import { getService } from '@/lib/content/services';
import { renderRichText } from '@/lib/content/rich-text';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { slugify } from '@/lib/slug';

// Issue 37: a page per service, in-process (the file's own database; the old client's /api by its
// route handler, the back office's item action called as a function, the page's readers and the
// sitemap's own function). The page over HTTP (its weight at 1,000 projects, headers, the 308, the
// JSON-LD and the quote form's ticked box without scripts) is tests/integration/service-pages.test.ts
// and tests/integration/scale.test.ts; with scripts, tests/e2e/service-pages.spec.ts.

/** Every SQL statement the product's own client sends (Prisma's documented query event). */
const statements: string[] = [];

beforeAll(() => {
  // The product's client (lib/db/client.ts, created on first use) made here with the query log on.
  const logged = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 1 }),
    log: [{ emit: 'event', level: 'query' }],
  });
  logged.$on('query', (event) => statements.push(event.query));
  (globalThis as { prisma?: unknown }).prisma = logged;
});

const HOSTILE_MARKDOWN = [
  '<script>alert(1)</script>',
  '<iframe src="https://example.com"></iframe>',
  '<img src=x onerror="alert(1)">',
  '<p style="position:fixed">cover</p>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](&#106;avascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<javascript:alert(1)>',
];

describe('service pages', () => {
  it('a service made by the old client gets a slug from its English title, -2 for a second of that title; /api/service answers its old fields only', async () => {
    const { token } = await userWithToken('admin');
    const title = unique('LED Floor Rental');
    const first = await apiService(token!, title);
    const second = await apiService(token!, title);
    const rows = await testDb.service.findMany({
      where: { id: { in: [first.id as number, second.id as number] } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((row) => row.slug)).toEqual([slugify(title), `${slugify(title)}-2`]);
    // As the old create answered (the corrected `title` echoed too): no new field.
    expect(Object.keys(first).sort()).toEqual(['created_at', 'dec', 'decar', 'id', 'img_ser', 'titel', 'titelar', 'title', 'updated_at']);
    const listed = await call('/api/service', { token });
    expect(listed.status).toBe(200);
    // The old list's shape: the services in an array inside an array.
    const items = (listed.data as Record<string, unknown>[][])[0]!;
    expect(items.length).toBe(await testDb.service.count());
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'dec', 'decar', 'id', 'img_ser', 'titel', 'titelar', 'title', 'updated_at']);
    }
    // An old client's update keeps what the back office wrote in the fields it does not know.
    await testDb.service.update({ where: { id: rows[0]!.id }, data: { bodyEn: '## Kept', faqEn: 'Kept?\nYes.' } });
    const put = await call(`/api/service/${rows[0]!.id}`, { token, form: { _method: 'PUT', titel: `${title} v2`, titelar: 'أرضية' } });
    expect(put.status).toBe(200);
    const after = await testDb.service.findUniqueOrThrow({ where: { id: rows[0]!.id } });
    expect([after.titleEn, after.slug, after.bodyEn, after.faqEn]).toEqual([`${title} v2`, slugify(title), '## Kept', 'Kept?\nYes.']);
  });

  it('staff set the slug, the Markdown text, the questions and the search texts; a changed slug leads from the old one; a taken one is refused', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const created = await apiService(token!, unique('Truss Towers'));
    const row = await testDb.service.findUniqueOrThrow({ where: { id: created.id as number } });
    const saved = await invoke(
      'saveItem',
      itemCall(
        'services',
        row.id,
        serviceForm(row, {
          slug: 'Truss Towers Dubai ' + row.id,
          bodyEn: '## Towers\n\n- Ground support\n- [Safety notes](https://example.com/safety)',
          bodyAr: '## أبراج\n\n- دعم أرضي',
          faqEn: 'How high?\nUp to 12 m.\n\nCertified?\nYes, every tower.',
          faqAr: 'ما الارتفاع؟\nحتى 12 مترًا.',
          seoTitleEn: 'Truss towers in Dubai',
          seoDescriptionEn: 'Ground-support towers for stages across the UAE.',
        }),
      ),
      cookie,
    );
    expect(saved.result).toEqual({ ok: true });
    const typed = slugify(`Truss Towers Dubai ${row.id}`);
    expect((await testDb.service.findUniqueOrThrow({ where: { id: row.id } })).slug).toBe(typed);
    expect(await getService('en', row.slug)).toEqual({ kind: 'moved', slug: typed });
    const found = await getService('en', typed);
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(found.service.bodyHtml).toBe(
      '<h2>Towers</h2>\n<ul>\n<li>Ground support</li>\n<li><a href="https://example.com/safety" rel="nofollow noopener noreferrer">Safety notes</a></li>\n</ul>\n',
    );
    expect(found.service.faq).toEqual([
      { question: 'How high?', answer: 'Up to 12 m.' },
      { question: 'Certified?', answer: 'Yes, every tower.' },
    ]);
    expect([found.service.seoTitle, found.service.seoDescription]).toEqual([
      'Truss towers in Dubai',
      'Ground-support towers for stages across the UAE.',
    ]);
    const arabic = await getService('ar', typed);
    expect(arabic.kind === 'found' && [arabic.service.bodyHtml, arabic.service.faq]).toEqual([
      '<h2>أبراج</h2>\n<ul>\n<li>دعم أرضي</li>\n</ul>\n',
      [{ question: 'ما الارتفاع؟', answer: 'حتى 12 مترًا.' }],
    ]);

    const other = await apiService(token!, unique('Other Service'));
    const otherRow = await testDb.service.findUniqueOrThrow({ where: { id: other.id as number } });
    for (const taken of [typed, row.slug]) {
      const refused = await invoke('saveItem', itemCall('services', otherRow.id, serviceForm(otherRow, { slug: taken })), cookie);
      expect(refused.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { slug: ['slugTaken'] } });
    }
    // A question without its answer is named under its field.
    const noAnswer = await invoke(
      'saveItem',
      itemCall('services', otherRow.id, serviceForm(otherRow, { faqEn: 'Only a question?' })),
      cookie,
    );
    expect(noAnswer.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { faqEn: ['faqAnswerMissing'] } });
  });

  it('markup, script, data and file links, handlers, frames and styles are refused in every new text field, and nothing changes', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const created = await apiService(token!, unique('Hostile Service'));
    const row = await testDb.service.findUniqueOrThrow({ where: { id: created.id as number } });
    const fields = ['bodyEn', 'bodyAr', 'faqEn', 'faqAr', 'seoTitleEn', 'seoTitleAr', 'seoDescriptionEn', 'seoDescriptionAr'];
    for (const field of fields) {
      for (const hostile of HOSTILE_MARKDOWN) {
        const value = field.startsWith('faq') ? `A question?\n${hostile}` : hostile.slice(0, 70);
        const refused = await invoke('saveItem', itemCall('services', row.id, serviceForm(row, { [field]: value })), cookie);
        const errors = (refused.result as { fieldErrors?: Record<string, string[]> }).fieldErrors?.[field] ?? [];
        expect(errors.length, `${field}: ${hostile}`).toBe(1);
        expect(['markupNotAllowed', 'unsafeLink'], `${field}: ${hostile}`).toContain(errors[0]);
      }
    }
    const after = await testDb.service.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toEqual(row);
  });

  it('a text written around the write path (an import, an old archive) is rendered with none of it: no element, attribute or link but the allowed ones', async () => {
    for (const hostile of HOSTILE_MARKDOWN) {
      const html = renderRichText(`Before\n\n${hostile}\n\nAfter`);
      // No element but the allowed ones (a refused link stays words, never a link).
      expect(html, hostile).not.toMatch(/<(script|iframe|img|style)\b|<[^>]*\s(on\w+|style)=|href="(?!https?:)/i);
      expect(html, hostile).not.toContain('alert(1)</');
      expect(html, hostile).toMatch(/^<p>Before<\/p>\n[\s\S]*<p>After<\/p>\n$/);
      // Only these elements, and only href and rel on links.
      for (const tag of html.match(/<[a-z0-9]+[^>]*>/gi) ?? [])
        expect(tag, hostile).toMatch(
          /^<(p|a href="https?:[^"]*" rel="nofollow noopener noreferrer"|a rel="nofollow noopener noreferrer")>$/,
        );
    }
    // The page's h1 is the title: the text's headings start at h2.
    expect(renderRichText('# One\n\n###### Six')).toBe('<h2>One</h2>\n<h4>Six</h4>\n');
    // Images are not rendered (a link at most): the page sends no request to an address staff pasted.
    expect(renderRichText('![x](https://example.com/x.png)')).toBe(
      '<p>!<a href="https://example.com/x.png" rel="nofollow noopener noreferrer">x</a></p>\n',
    );
  });

  it('the page reads the same statements for a service with 3 projects as for one with 1,000', async () => {
    const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const [small, big] = await Promise.all([
      testDb.service.create({ data: { titleEn: unique('Small'), titleAr: 'ص', descriptionEn: 'd', descriptionAr: 'د' } }),
      testDb.service.create({ data: { titleEn: unique('Big'), titleAr: 'ك', descriptionEn: 'd', descriptionAr: 'د' } }),
    ]);
    const rows = (count: number, service: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({
        nameEn: `${prefix} ${i}`,
        locationEn: 'Hall',
        locationAr: 'قاعة',
        cost: 1000,
        clientId: client.id,
        slug: `${prefix}-${i}`,
        serviceIds: [service],
        date: new Date(Date.UTC(2000 + (i % 25), i % 12, 1 + (i % 28))),
      }));
    await testDb.event.createMany({ data: [...rows(3, small.id, `small-${small.id}`), ...rows(1000, big.id, `big-${big.id}`)] });
    const read = async (slug: string) => {
      statements.length = 0;
      const found = await getService('en', slug);
      if (found.kind !== 'found') throw new Error(`${slug}: ${found.kind}`);
      const page = await getProjectPage('en', { ...NO_FILTER, service: found.service.id });
      return { statements: [...statements], page };
    };
    // A statement's shape: its text with the values' placeholders, a list of them as one.
    const shapes = (list: string[]) => list.map((sql) => sql.replace(/\$\d+/g, '$').replace(/\$(,\$)+/g, '$…'));
    const few = await read(small.slug);
    const many = await read(big.slug);
    expect([few.page.total, few.page.cards.length, many.page.total, many.page.cards.length]).toEqual([3, 3, 1000, 12]);
    // Newest first.
    const dates = many.page.cards.map((card) => card.date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(many.statements.length).toBe(4);
    expect(shapes(many.statements)).toEqual(shapes(few.statements));
  });

  it('the sitemap lists every service in both languages', async () => {
    const all = await testDb.service.findMany({ select: { slug: true } });
    const urls = new Set((await sitemap()).map((entry) => entry.url));
    for (const { slug } of all) {
      expect(urls.has(`${process.env.SITE_URL}/Services/${slug}`), slug).toBe(true);
      expect(urls.has(`${process.env.SITE_URL}/ar/Services/${slug}`), slug).toBe(true);
    }
    // The demo's services have their pages under their titles' slugs.
    expect(all.map((s) => s.slug)).toEqual(expect.arrayContaining(['led-screens', 'sound-systems', 'lighting-design', 'stages-trussing']));
  });
});
