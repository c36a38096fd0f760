import { describe, expect, it } from 'vitest';
import { matches, normalizeForSearch } from '@/lib/search';

describe('Arabic-aware search', () => {
  it('ignores case', () => {
    expect(matches('DUBAI', 'Dubai World Trade Centre')).toBe(true);
    expect(matches('sharjah', 'Dubai')).toBe(false);
  });
  it('ignores diacritics and tatweel', () => {
    expect(matches('دُبَيّ', 'مركز دبي التجاري')).toBe(true);
    expect(matches('دبـــي', 'دبي')).toBe(true);
  });
  it('folds alef forms, ta marbuta/ha and ya/alef maqsura', () => {
    expect(normalizeForSearch('أبوظبي')).toBe(normalizeForSearch('ابوظبي'));
    expect(matches('إمارة', 'امارة الشارقه')).toBe(true);
    expect(matches('مستشفى', 'مستشفي')).toBe(true);
    expect(matches('آل', 'ال نهيان')).toBe(true);
  });
  it('an empty query matches everything', () => {
    expect(matches('  ', 'anything')).toBe(true);
  });
});
