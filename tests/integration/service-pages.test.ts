import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { BASE, unique, userWithToken } from '../helpers/api';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { testDb } from '../helpers/db';
import { apiService, jsonLdOf, serviceForm } from '../helpers/services-fixtures';

// Issue 37: a page per service, the parts that need the built server: the page Next renders in
// both languages (its title, Markdown text, questions, projects, quote form with the service
// ticked in the HTML itself, so without scripts too), its head (canonical, hreflang, its own link
// preview cut to 1200x630, Service and FAQPage data, parsed), the 308 from a former slug, the
// /Services cards leading to the pages, and the sitemap. The slugs, the sanitiser, the refusals
// and the query shape are tests/inproc/service-pages.test.ts; its weight at 1,000 projects is
// tests/integration/scale.test.ts.

deleteContentAddedByThisFile();

const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
const decode = (value: string | undefined) => value?.replace(/&amp;/g, '&');

describe('service pages', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`the demo's LED Screens page in ${locale === 'en' ? 'English' : 'Arabic'}: title, text, questions, projects, quote form with the service ticked, head and JSON-LD`, async () => {
      const service = await testDb.service.findUniqueOrThrow({ where: { slug: 'led-screens' } });
      const prefix = locale === 'ar' ? '/ar' : '';
      const res = await fetch(`${BASE}${prefix}/Services/led-screens`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const title = locale === 'ar' ? service.titleAr : service.titleEn;
      expect(/<h1[^>]*data-testid="service-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(title);
      expect(html).toContain(locale === 'ar' ? '<h2>ما نقدمه</h2>' : '<h2>What we bring</h2>');
      expect(html.match(/<details /g)).toHaveLength(3);
      // Its projects: the demo's that list the service, newest first.
      const projects = await testDb.event.findMany({
        where: { published: true, serviceIds: { has: service.id } },
        orderBy: [{ date: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
      });
      expect(projects.length).toBeGreaterThan(0);
      const shown = [...html.matchAll(/data-testid="project-link" href="([^"]+)"/g)].map((m) => decodeURI(m[1]!));
      expect(shown).toEqual(projects.slice(0, 12).map((p) => `${prefix}/Projects/${p.slug}`));
      // The quote form on the page, this service ticked in the HTML (no script needed), no other.
      const boxes = [...html.matchAll(/<input[^>]*name="services"[^>]*>/g)].map((m) => m[0]);
      expect(boxes.length).toBe(await testDb.service.count());
      expect(boxes.filter((box) => / checked=""/.test(box)).map((box) => /value="([^"]*)"/.exec(box)?.[1])).toEqual([service.titleEn]);
      expect(html).toMatch(/<a href="#quote"[^>]*data-testid="service-quote"/);
      const words = locale === 'ar' ? ar : en;
      expect(html).toContain(words.services.requestQuote);

      // The head: its own address, both languages, its own preview cut from its image.
      const url = `${BASE}${prefix}/Services/led-screens`;
      expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(url);
      expect(/<link rel="alternate" hrefLang="ar" href="([^"]+)"/.exec(html)?.[1]).toBe(`${BASE}/ar/Services/led-screens`);
      expect(/<link rel="alternate" hrefLang="en" href="([^"]+)"/.exec(html)?.[1]).toBe(`${BASE}/Services/led-screens`);
      expect(meta(html, 'og:url')).toBe(url);
      expect(meta(html, 'og:title')).toContain(title);
      const preview = decode(meta(html, 'og:image'))!;
      expect(preview).toBe(`${BASE}/servimges/${service.image}?crop=share`);
      expect(decode(meta(html, 'twitter:image'))).toBe(preview);
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
      const image = await fetch(`${BASE}/servimges/${service.image}?crop=share`);
      const { width, height, format } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([format, width, height]).toEqual(['jpeg', 1200, 630]);

      // Search engines' data, parsed: the Service and its questions.
      const data = jsonLdOf(html);
      const offered = data.find((d) => d['@type'] === 'Service')!;
      expect(offered).toMatchObject({
        '@context': 'https://schema.org',
        '@id': `${url}#service`,
        name: title,
        url,
        description: locale === 'ar' ? service.descriptionAr : service.descriptionEn,
        image: `${BASE}/servimges/${service.image}`,
        areaServed: { '@type': 'Country', name: 'United Arab Emirates' },
      });
      const faq = data.find((d) => d['@type'] === 'FAQPage')!;
      const questions = faq.mainEntity as { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
      const written = (locale === 'ar' ? service.faqAr : service.faqEn).split('\n\n').map((block) => block.split('\n'));
      expect(questions).toEqual(
        written.map(([question, answer]) => ({ '@type': 'Question', name: question, acceptedAnswer: { '@type': 'Answer', text: answer } })),
      );
    });
  }

  it('/Services: every card leads to its service page; the sitemap lists every page in both languages', async () => {
    const all = await testDb.service.findMany({ orderBy: { id: 'asc' }, select: { slug: true } });
    for (const prefix of ['', '/ar']) {
      const html = await (await fetch(`${BASE}${prefix}/Services`)).text();
      const links = [...html.matchAll(/data-testid="service-link" href="([^"]+)"/g)].map((m) => m[1]);
      expect(links).toEqual(all.map((s) => `${prefix}/Services/${s.slug}`));
    }
    const sitemap = await (await fetch(`${BASE}/sitemap.xml`)).text();
    for (const { slug } of all) {
      expect(sitemap).toContain(`<loc>${BASE}/Services/${slug}</loc>`);
      expect(sitemap).toContain(`<loc>${BASE}/ar/Services/${slug}</loc>`);
    }
  });

  it('a changed slug answers 308 from the old one in both languages; an unknown or malformed one is a 404', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const created = await apiService(token!, unique('Stage Risers'));
    const row = await testDb.service.findUniqueOrThrow({ where: { id: created.id as number } });
    const newSlug = `${row.slug}-renamed`;
    const saved = await invoke('saveItem', itemCall('services', row.id, serviceForm(row, { slug: newSlug })), cookie);
    expect(saved.result).toEqual({ ok: true });
    for (const prefix of ['', '/ar']) {
      const old = await fetch(`${BASE}${prefix}/Services/${row.slug}`, { redirect: 'manual' });
      expect(old.status).toBe(308);
      expect(new URL(old.headers.get('location')!, BASE).pathname).toBe(`${prefix}/Services/${newSlug}`);
      expect((await fetch(`${BASE}${prefix}/Services/${newSlug}`)).status).toBe(200);
    }
    expect((await fetch(`${BASE}/Services/no-such-service-${Date.now()}`)).status).toBe(404);
    expect((await fetch(`${BASE}/Services/${encodeURIComponent('<script>')}`)).status).toBe(404);
  });
});
