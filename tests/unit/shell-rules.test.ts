import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AREAS, adminSlug, languageTwin, resolveAdminRoute } from '@/lib/admin/areas';
import { SIGNATURE_BYTES, looksLikeImage } from '@/lib/uploads/image-signature';

// Issue 27: the picker's content check, the missing-language pairs and the back office's 404 paths.

describe('looksLikeImage (the picker refuses a renamed file by its content)', () => {
  const head = async (format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif') =>
    new Uint8Array(
      (
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f0c' } })
          .toFormat(format)
          .toBuffer()
      ).subarray(0, SIGNATURE_BYTES),
    );

  it('accepts each format the server decodes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) expect(looksLikeImage(await head(format)), format).toBe(true);
  });

  it('refuses text, a PDF and an empty file', async () => {
    expect(looksLikeImage(new TextEncoder().encode('hello, this is a text file'))).toBe(false);
    expect(looksLikeImage(new TextEncoder().encode('%PDF-1.7\n'))).toBe(false);
    expect(looksLikeImage(new Uint8Array())).toBe(false);
    const readme = await readFile(path.resolve(import.meta.dirname, '../../README.md'));
    expect(looksLikeImage(new Uint8Array(readme.subarray(0, SIGNATURE_BYTES)))).toBe(false);
  });
});

describe('languageTwin (pairs from the descriptor, no list per entity)', () => {
  it('pairs xxxEn with its right-to-left xxxAr, both ways', () => {
    expect(languageTwin(AREAS.team.fields, 'nameAr')).toEqual({ name: 'nameEn', missing: 'ar' });
    expect(languageTwin(AREAS.team.fields, 'nameEn')).toEqual({ name: 'nameAr', missing: 'en' });
    expect(languageTwin(AREAS.events.fields, 'descriptionAr')).toEqual({ name: 'descriptionEn', missing: 'ar' });
  });
  it('leaves fields without a twin alone', () => {
    expect(languageTwin(AREAS.events.fields, 'slug')).toBeNull();
    expect(languageTwin(AREAS.events.fields, 'date')).toBeNull();
    expect(languageTwin(AREAS.slides.fields, 'sortOrder')).toBeNull();
  });
});

describe('adminSlug (an unknown back-office path is a 404 before the page streams)', () => {
  it('reads the segments after /Admin, with or without /ar, in any case', () => {
    expect(adminSlug('/Admin')).toEqual([]);
    expect(adminSlug('/ar/admin/Team/5?x=1')).toEqual(['Team', '5']);
    expect(adminSlug('/Administration')).toBeNull();
    expect(adminSlug('/TheTeam')).toBeNull();
    expect(adminSlug(null)).toBeNull();
  });
  it('resolves the known screens and none other', () => {
    expect(resolveAdminRoute(adminSlug('/Admin/Teams')!)).toMatchObject({ kind: 'list' });
    expect(resolveAdminRoute(adminSlug('/Admin/nonexistent')!)).toBeNull();
    // Backups (issue 33): its own route in the spec's spelling; other cases reach the catch-all, which sends them there.
    expect(resolveAdminRoute(adminSlug('/Admin/Backups')!)).toEqual({ kind: 'backups' });
    expect(resolveAdminRoute(adminSlug('/ar/admin/BACKUPS?page=2')!)).toEqual({ kind: 'backups' });
    expect(resolveAdminRoute(adminSlug('/Admin/Backups/Download')!)).toBeNull();
    expect(resolveAdminRoute(adminSlug('/Admin/Team/abc')!)).toBeNull();
    expect(resolveAdminRoute(adminSlug('/Admin/%E0%A4%A')!)).toBeNull();
  });
});
