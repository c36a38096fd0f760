import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { figuresProblem, parseFigures } from '@/lib/settings/figures';
import { settingsSchema } from '@/lib/settings/schema';

// Issue 37 item 2: the key figures staff write in Settings, "number | words" a line
// (lib/settings/figures.ts), and the settings' schema that refuses what cannot be read.

describe('key figures', () => {
  it('one per line, the number and its words; blank lines are nothing; spaces trimmed', () => {
    expect(parseFigures(' 1,200+ | events since 2008 \n\n24/7|crew on site\r\n')).toEqual([
      { value: '1,200+', label: 'events since 2008' },
      { value: '24/7', label: 'crew on site' },
    ]);
    expect(parseFigures('')).toEqual([]);
  });

  it('the demo’s figures in both languages are four readable ones', () => {
    for (const text of [en.home.figures, ar.home.figures]) {
      expect(figuresProblem(text)).toBeNull();
      expect(parseFigures(text)).toHaveLength(4);
    }
    expect(parseFigures(ar.home.figures)[0]).toEqual({ value: '1,200+', label: 'فعالية منذ عام 2008' });
  });

  it('a line that is no figure, too many, markup or a script link: refused with its reason', () => {
    const refusal = (text: string) => {
      const parsed = settingsSchema.partial().safeParse({ figuresEn: text });
      return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
    };
    expect(refusal('1,200 events')).toEqual(['figureLine']);
    expect(refusal('1 | a | b')).toEqual(['figureLine']);
    expect(refusal(' | events')).toEqual(['figureLine']);
    expect(refusal(`${'9'.repeat(17)} | events`)).toEqual(['figureLine']);
    expect(refusal(`1 | ${'a'.repeat(81)}`)).toEqual(['figureLine']);
    expect(refusal(Array.from({ length: 7 }, (_, i) => `${i} | things`).join('\n'))).toEqual(['figuresTooMany']);
    expect(refusal('1 | <b>events</b>')).toEqual(['markupNotAllowed']);
    expect(refusal('1 | javascript:alert(1)')).toEqual(['unsafeLink']);
    expect(refusal('1,200+ | events\n350 | clients')).toBeNull();
    expect(refusal('')).toBeNull();
  });
});
