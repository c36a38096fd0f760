import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cutName, isCutName, withCuts } from '@/lib/uploads/cuts';
import { newFileName } from '@/lib/uploads/store';
import { SAFE_NAME } from '@/lib/uploads/store-contract';

// The one naming rule for stored cuts (lib/uploads/cuts.ts): derived from the original's name,
// always a name the store accepts, never one an upload gets.
describe('cutName', () => {
  it("names a cut after its original: the share cut a JPEG, the portrait cut in the original's format", () => {
    expect(cutName('1764-ab12cd34ef56.png', 'share')).toBe('1764-ab12cd34ef56.png.cut-share.jpg');
    expect(cutName('1764-ab12cd34ef56.png', 'portrait')).toBe('1764-ab12cd34ef56.png.cut-portrait.png');
    expect(cutName('1764-ab12cd34ef56.avif', 'portrait')).toBe('1764-ab12cd34ef56.avif.cut-portrait.avif');
    expect(withCuts('a.webp')).toEqual(['a.webp', 'a.webp.cut-share.jpg', 'a.webp.cut-portrait.webp']);
  });

  it('a 128-character original (a migrated one) still gives names the store accepts, distinct per original', () => {
    const long = (c: string) => `${c.repeat(123)}.jpeg`;
    expect(long('a').length).toBe(128);
    expect(SAFE_NAME.test(long('a'))).toBe(true);
    for (const name of [...withCuts(long('a')).slice(1), ...withCuts(long('b')).slice(1)]) {
      expect(SAFE_NAME.test(name), name).toBe(true);
      expect(name.length).toBeLessThanOrEqual(128);
    }
    const hash = createHash('sha256').update(long('a')).digest('hex').slice(0, 16);
    expect(cutName(long('a'), 'share')).toBe(`${'a'.repeat(70)}-${hash}.cut-share.jpg`);
    expect(cutName(long('a'), 'portrait')).toBe(`${'a'.repeat(70)}-${hash}.cut-portrait.jpeg`);
    expect(cutName(long('a'), 'share')).not.toBe(cutName(long('b'), 'share'));
    expect(cutName(`${'a'.repeat(200)}x.jpeg`, 'share')).not.toBe(cutName(`${'a'.repeat(200)}y.jpeg`, 'share'));
  });

  it('tells a cut from an upload', () => {
    const upload = newFileName('jpg');
    expect(isCutName(upload)).toBe(false);
    expect(isCutName(cutName(upload, 'share'))).toBe(true);
    expect(isCutName(cutName(upload, 'portrait'))).toBe(true);
  });
});
