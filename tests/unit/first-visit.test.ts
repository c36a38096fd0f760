import { describe, expect, it } from 'vitest';
import { ARABIC_FIRST, arabicFirstVisit, preferredLocale } from '@/lib/http/accept-language';
import { initialsOf } from '@/lib/initials';

describe('a first visit’s language (lib/http/accept-language.ts ARABIC_FIRST)', () => {
  it('Arabic when Arabic comes before English, English otherwise', () => {
    const cases: [string | undefined, boolean][] = [
      ['ar-AE,ar;q=0.9,en;q=0.8', true],
      ['ar', true],
      ['AR-sa', true],
      [' ar ; q=0.9', true],
      ['fr-FR, ar;q=0.5, en;q=0.3', true],
      ['en-GB', false],
      ['en-US,en;q=0.9,ar;q=0.8', false],
      ['fr, en, ar', false],
      ['arn', false],
      ['fr', false],
      ['', false],
      [undefined, false],
    ];
    expect(cases.map(([header]) => arabicFirstVisit(header))).toEqual(cases.map(([, arabic]) => arabic));
  });

  it('agrees with preferredLocale (which weighs q-values) on headers in browser order', () => {
    for (const header of ['ar-AE,ar;q=0.9,en;q=0.8', 'en-GB,en;q=0.9', 'fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7', 'de,en;q=0.8,ar;q=0.5']) {
      expect(arabicFirstVisit(header), header).toBe(preferredLocale(header) === 'ar');
    }
  });

  it('is the expression Next anchors, and a long hostile header costs no backtracking', () => {
    expect(new RegExp(`^${ARABIC_FIRST}$`).test('ar-AE')).toBe(true);
    const hostile = `${'  x  ,'.repeat(2_000)}en`;
    const started = performance.now();
    expect(arabicFirstVisit(hostile)).toBe(false);
    expect(arabicFirstVisit(`${' a,'.repeat(5_000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('initials for a member without a photo (lib/initials.ts)', () => {
  it('the first letters of the first and last words', () => {
    expect(initialsOf('Sara Al Hammadi')).toBe('SH');
    expect(initialsOf('  omar ')).toBe('O');
    expect(initialsOf('')).toBe('');
    // Arabic letters are kept apart by a zero-width non-joiner (joined, they would read as a word).
    expect(initialsOf('سارة الحمادي')).toBe('س\u200cا');
  });
});
