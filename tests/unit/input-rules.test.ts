import { describe, expect, it } from 'vitest';
import { isCalendarDate, isCleanText, optionalDate, requiredId } from '@/lib/entities/fields';
import { MAX_ID, parseId } from '@/lib/entities/ids';
import { preferredLocale } from '@/lib/http/accept-language';

// The rules every entry point shares: the one id parser, the text rule, real calendar dates, and
// the language of answers that have no page.

describe('parseId', () => {
  it('takes int4 ids written plainly', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(MAX_ID);
    expect(parseId(42)).toBe(42);
  });
  it('refuses everything else', () => {
    for (const raw of [
      '',
      '0',
      '-1',
      '01',
      '1.5',
      '1e3',
      '0x10',
      '+1',
      ' 1',
      '1 ',
      '2147483648',
      '99999999999',
      '１',
      '١',
      'abc',
      '__proto__',
    ])
      expect(parseId(raw), raw).toBeNull();
    for (const raw of [0, -1, 1.5, 2147483648, Number.NaN, Infinity, null, undefined, {}, [], true, 1n])
      expect(parseId(raw), String(raw)).toBeNull();
  });
});

describe('text rule', () => {
  it('refuses C0, DEL, C1 and lone surrogates; multi-line fields keep tab and line breaks', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u001b[0m', 'x\u007f', 'x\u0085', 'a\uD800', '\uDC00b'])
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    expect(isCleanText('a\nb')).toBe(false);
    expect(isCleanText('a\r\n\tb', { multiline: true })).toBe(true);
    expect(isCleanText('a\u0000b', { multiline: true })).toBe(false);
    expect(isCleanText('عربي 😀 ok')).toBe(true);
  });

  it('refuses direction controls and other invisible format characters, in every kind of field', () => {
    const refused = [
      ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e], // embeddings and overrides
      ...[0x2066, 0x2067, 0x2068, 0x2069], // isolates
      ...[0x200e, 0x200f, 0x061c], // LRM, RLM, ALM
      ...[0x200b, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064], // zero width space, word joiner, invisible operators
      ...[0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f], // deprecated format controls
      ...[0xfeff, 0x180e, 0xfff9, 0xfffa, 0xfffb],
    ];
    for (const code of refused) {
      const value = `Invoice ${String.fromCharCode(code)}fdp.exe`;
      expect(isCleanText(value), code.toString(16)).toBe(false);
      expect(isCleanText(value, { multiline: true }), code.toString(16)).toBe(false);
    }
  });

  // The twenty code points of the issue-34 probe, each outside the issue-27 list: eight it already
  // refused were fine; these are the rest, listed exactly.
  it('refuses every invisible code point of the probe: Default_Ignorable, Cf, line separators and the braille blank', () => {
    const probed = [
      ...[0x2028, 0x2029], // line and paragraph separators (Zl, Zp)
      ...[0x115f, 0x1160, 0x3164, 0xffa0], // Hangul fillers
      0x2800, // braille pattern blank (So)
      ...[0xe0001, 0xe0020, 0xe0041, 0xe007f], // tag characters: language tag, space, "A", cancel
      0x00ad, // soft hyphen
      0x034f, // combining grapheme joiner
      ...[0x17b4, 0x17b5], // Khmer inherent vowels
      0x2065, // unassigned, default ignorable
      ...[0xfe00, 0xfe0f], // variation selectors (not after an emoji)
      0x1d173, // musical symbol begin beam (Cf)
      0x0600, // Arabic number sign (Cf)
    ];
    expect(probed).toHaveLength(20);
    for (const code of probed) {
      const value = `Invoice ${String.fromCodePoint(code)}fdp.exe`;
      expect(isCleanText(value), code.toString(16)).toBe(false);
      expect(isCleanText(value, { multiline: true }), code.toString(16)).toBe(false);
      expect(isCleanText(String.fromCodePoint(code)), code.toString(16)).toBe(false);
    }
    // ASCII smuggled in tag characters after a flag that is not one of the three tag flags
    expect(isCleanText('🏴\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}')).toBe(false);
  });

  it('keeps ZWNJ and ZWJ between two letters only', () => {
    expect(isCleanText('می\u200Cخواهم')).toBe(true);
    expect(isCleanText('حفل\u200Cزفاف')).toBe(true);
    expect(isCleanText('عَ\u200Cلي')).toBe(true); // after a letter's mark
    expect(isCleanText('ل\u200Dا')).toBe(true);
    for (const bad of ['\u200Cحفل', 'حفل\u200C', 'حفل \u200Cزفاف', 'حفل\u200C زفاف', '\u200D', 'a\u200C\u200Cb', '1\u200C2'])
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('keeps emoji sequences: ZWJ between pictographs, variation selectors after one, the three tag flags', () => {
    expect(isCleanText('👩\u200D💻 👨\u200D👩\u200D👧 👩🏽\u200D💻 ❤\uFE0F\u200D🔥 ❤\uFE0F')).toBe(true);
    expect(isCleanText('🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}')).toBe(true);
    expect(isCleanText('🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}')).toBe(true);
    expect(isCleanText('👩\u200D')).toBe(false);
    expect(isCleanText('a\uFE0F')).toBe(false);
  });
});

describe('dates', () => {
  it('are real calendar days (no rollover) between 1900 and 2100', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2024-02-30', '2023-02-29', '2024-04-31', '2024-13-01', '2024-00-01', '2024-01-00', '2024-1-1', '20240101'])
      expect(isCalendarDate(bad), bad).toBe(false);
    const date = optionalDate();
    expect(date.safeParse('1900-01-01').success).toBe(true);
    expect(date.safeParse('2100-12-31').success).toBe(true);
    expect(date.safeParse('').data).toBeNull();
    expect(date.safeParse(' 2024-02-29 ').data).toEqual(new Date('2024-02-29T00:00:00Z'));
    expect(date.safeParse('0000-01-01').error?.issues[0]?.message).toBe('dateOutOfRange');
    expect(date.safeParse('1899-12-31').error?.issues[0]?.message).toBe('dateOutOfRange');
    expect(date.safeParse('2101-01-01').error?.issues[0]?.message).toBe('dateOutOfRange');
    expect(date.safeParse('2024-02-30').error?.issues[0]?.message).toBe('invalidDate');
  });
});

describe('requiredId', () => {
  it('goes through the one parser', () => {
    expect(requiredId().safeParse('7').data).toBe(7);
    expect(requiredId().safeParse('').error?.issues[0]?.message).toBe('required');
    expect(requiredId().safeParse('2147483648').error?.issues[0]?.message).toBe('invalidId');
    expect(requiredId().safeParse(1e300).error?.issues[0]?.message).toBe('invalidId');
  });
});

describe('preferredLocale', () => {
  it('is Arabic only when the caller prefers it over English', () => {
    expect(preferredLocale(undefined)).toBe('en');
    expect(preferredLocale('ar')).toBe('ar');
    expect(preferredLocale('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(preferredLocale('en-US,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(preferredLocale('fr-FR, ar;q=0.5')).toBe('ar');
    expect(preferredLocale('en;q=0.2, ar;q=0.7')).toBe('ar');
    expect(preferredLocale('ar;q=0')).toBe('en');
    expect(preferredLocale('x'.repeat(100_000))).toBe('en');
  });
});
