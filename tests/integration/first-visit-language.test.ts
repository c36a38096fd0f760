import { describe, expect, it } from 'vitest';
import { BASE } from '../helpers/api';
import { landing } from '../helpers/landing';

// A first visit (no language cookie) lands on the language its browser puts first of Arabic and
// English (next.config.ts's redirect, lib/http/accept-language.ts ARABIC_FIRST), and the server's
// page cache (server/page-cache.ts) keys that choice: each request is made twice, the second
// may be answered from a copy, and a copy of one language must never answer the other.

const ARABIC_FIRST = 'ar-AE,ar;q=0.9,en;q=0.8';
const ENGLISH_FIRST = 'en-GB';

describe('a first visit lands on the language of its Accept-Language', () => {
  it('/ with ar-AE twice lands on /ar; with en-GB twice stays on English (the second may be a copy)', async () => {
    // English first, so that an English copy of / exists when the Arabic-first visits come.
    for (let i = 0; i < 2; i++) {
      const english = await landing(BASE, '/', { 'Accept-Language': ENGLISH_FIRST });
      expect([english.status, english.location, english.lang], `en-GB #${i + 1}`).toEqual([200, null, 'en']);
      // A shared cache in front (a CDN) keeps the two apart.
      expect(english.vary.split(/\s*,\s*/)).toContain('Accept-Language');
    }
    for (let i = 0; i < 2; i++) {
      const arabic = await landing(BASE, '/', { 'Accept-Language': ARABIC_FIRST });
      expect([arabic.status, new URL(arabic.location ?? '', BASE).pathname], `ar-AE #${i + 1}`).toEqual([307, '/ar']);
    }
    // And again in the other order: the English copy is still English for an English-first visit.
    const english = await landing(BASE, '/', { 'Accept-Language': ENGLISH_FIRST });
    expect([english.status, english.lang]).toEqual([200, 'en']);
  });

  it('other English URLs too: /Services goes to /ar/Services for an Arabic-first first visit', async () => {
    for (let i = 0; i < 2; i++) {
      const arabic = await landing(BASE, '/Services', { 'Accept-Language': ARABIC_FIRST });
      expect([arabic.status, new URL(arabic.location ?? '', BASE).pathname]).toEqual([307, '/ar/Services']);
      const english = await landing(BASE, '/Services', { 'Accept-Language': ENGLISH_FIRST });
      expect([english.status, english.lang]).toEqual([200, 'en']);
    }
  });

  it('a language chosen before (the cookie) wins over Accept-Language, both ways', async () => {
    for (let i = 0; i < 2; i++) {
      const chosenEnglish = await landing(BASE, '/', { 'Accept-Language': ARABIC_FIRST, Cookie: 'NEXT_LOCALE=en' });
      expect([chosenEnglish.status, chosenEnglish.lang]).toEqual([200, 'en']);
      const chosenArabic = await landing(BASE, '/', { 'Accept-Language': ENGLISH_FIRST, Cookie: 'NEXT_LOCALE=ar' });
      expect([chosenArabic.status, new URL(chosenArabic.location ?? '', BASE).pathname]).toEqual([307, '/ar']);
    }
  });

  it('reads the order of the languages: Arabic after English stays English, Arabic before English (after French) is Arabic', async () => {
    const cases: [string, number][] = [
      ['en-US,en;q=0.9,ar;q=0.8', 200],
      ['fr-FR, ar;q=0.5, en;q=0.3', 307],
      ['fr', 200],
      ['', 200],
    ];
    for (const [header, status] of cases) {
      expect((await landing(BASE, '/AboutUs', { 'Accept-Language': header })).status, header).toBe(status);
    }
  });

  it('Arabic pages are never redirected, whatever the browser prefers', async () => {
    const arabic = await landing(BASE, '/ar', { 'Accept-Language': ENGLISH_FIRST });
    expect([arabic.status, arabic.lang]).toEqual([200, 'ar']);
  });
});
