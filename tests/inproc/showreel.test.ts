import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { imageFile } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { settingsForm, stored } from '../helpers/site-settings-fixtures';
import { getBrand } from '@/lib/settings/brand';
import { DEFAULT_IMAGES } from '@/lib/settings/paths';
import { embedUrl } from '@/lib/video';

// Issue 37 item 2, in-process: Home's showreel is a setting (the settings' one write path): a
// YouTube or Vimeo address as pasted, stored as its watch address, and its poster, a stored
// image. While the demo brand is in use the demo's stand-in plays; once a company name is saved,
// only a saved showreel does. Anything but a video address is refused and changes nothing. What
// Home draws (no request to the provider before play, muted and paused under reduced motion):
// tests/integration/proof.test.ts and tests/e2e/proof.spec.ts.

let admin = '';
beforeAll(async () => {
  admin = await sessionCookie((await makeUser('admin')).email);
});
afterAll(() => testDb.$disconnect());

const save = (fields: Record<string, string | File>) =>
  invoke('saveSettings', formCall({}, settingsForm(fields)), admin, '/Admin/Settings');

describe('the showreel in Settings', () => {
  it("none saved: the demo's stand-in with the demo poster, in both languages", async () => {
    for (const locale of ['en', 'ar']) {
      expect((await getBrand(locale)).showreel).toEqual({
        video: { provider: 'youtube', id: 'aqz-KE-bpKQ' },
        poster: DEFAULT_IMAGES.showreelPoster,
      });
    }
  });

  it('refuses what is no video address, under its field, changing nothing', async () => {
    for (const url of [
      'https://evil.example/watch?v=aqz-KE-bpKQ',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=<script>',
      'data:text/html,<script>alert(1)</script>',
      'https://vimeo.com/123/abcdef',
      `https://www.youtube.com/watch?v=${'a'.repeat(600)}`,
    ]) {
      const refused = await save({ showreelUrl: url });
      expect(refused.result, url).toMatchObject({ ok: false, error: 'invalid' });
      expect(['invalidVideo', 'tooLong'], url).toContain(
        (refused.result as { fieldErrors: Record<string, string[]> }).fieldErrors.showreelUrl?.[0],
      );
    }
    expect((await testDb.siteSettings.findUnique({ where: { id: 1 } }))?.showreelUrl ?? '').toBe('');
  });

  it('a pasted short link is stored as its watch address; its poster is stored and shown; a Vimeo one plays muted and paused when quiet; logged', async () => {
    const saved = await save({ showreelUrl: ' youtu.be/dQw4w9WgXcQ?si=share ', showreelPoster: await imageFile('poster.jpg') });
    expect(saved.result).toEqual({ ok: true });
    const row = await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.showreelUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(stored()).toContain(row.showreelPoster);
    expect((await getBrand('ar')).showreel).toEqual({
      video: { provider: 'youtube', id: 'dQw4w9WgXcQ' },
      poster: `/siteimges/${row.showreelPoster}`,
    });
    const entry = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'settings', kind: 'update' }, orderBy: { id: 'desc' } });
    expect(Object.keys(entry.changes as object).sort()).toEqual(['showreelPoster', 'showreelUrl']);

    expect((await save({ showreelUrl: 'https://vimeo.com/76979871' })).result).toEqual({ ok: true });
    const video = (await getBrand('en')).showreel!.video;
    expect([embedUrl(video), embedUrl(video, { quiet: true })]).toEqual([
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
      'https://player.vimeo.com/video/76979871?dnt=1&muted=1',
    ]);
    expect(embedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' }, { quiet: true })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?mute=1',
    );
  });

  it('once a company name is saved, only a saved showreel plays: cleared, there is none', async () => {
    expect((await save({ companyNameEn: 'Falcon Productions', showreelUrl: '', clear_showreelPoster: '1' })).result).toEqual({ ok: true });
    expect((await getBrand('en')).showreel).toBeNull();
    expect(stored().length).toBe(0);
  });
});
