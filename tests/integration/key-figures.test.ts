import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { BASE } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { settingsForm } from '../helpers/site-settings-fixtures';
import { parseFigures } from '@/lib/settings/figures';

// Issue 37 item 2 over HTTP: the key figures on Home and About, without scripts (the HTML as
// sent), in each language: the demo's, then the ones saved in Settings on the next request of the
// kept pages. The settings go back as they were (no row, if there was none: site-settings.test.ts
// starts from it).

let admin = '';
let hadRow = true;
beforeAll(async () => {
  admin = await sessionCookie((await makeUser('admin')).email);
  hadRow = (await testDb.siteSettings.count()) > 0;
});
afterAll(async () => {
  expect((await save({ figuresEn: '', figuresAr: '' })).result).toEqual({ ok: true });
  if (!hadRow) await testDb.siteSettings.deleteMany({});
  await testDb.$disconnect();
});

const save = (fields: Record<string, string>) => invoke('saveSettings', formCall({}, settingsForm(fields)), admin, '/Admin/Settings');

/** The figures a page's HTML shows, as [value, words]. */
async function figuresOn(path: string): Promise<[string, string][]> {
  const res = await fetch(`${BASE}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/data-testid="key-figure"[^>]*><dt[^>]*>([^<]*)<\/dt><dd[^>]*><bdi>([^<]*)<\/bdi><\/dd>/g)].map((m) => [
    m[2]!.replace(/&amp;/g, '&'),
    m[1]!.replace(/&amp;/g, '&'),
  ]);
}

describe('key figures on Home and About', () => {
  it('the demo’s in each language, then the ones saved, on the next request', async () => {
    const demo = (text: string) => parseFigures(text).map((figure): [string, string] => [figure.value, figure.label]);
    if (!hadRow) {
      expect(await figuresOn('/')).toEqual(demo(en.home.figures));
      expect(await figuresOn('/ar')).toEqual(demo(ar.home.figures));
      expect(await figuresOn('/ar/AboutUs')).toEqual(demo(ar.home.figures));
    }
    expect((await save({ figuresEn: '1,500+ | events since 2008\n40 | LED walls', figuresAr: '1,500+ | فعالية' })).result).toEqual({
      ok: true,
    });
    for (const path of ['/', '/AboutUs'])
      expect(await figuresOn(path), path).toEqual([
        ['1,500+', 'events since 2008'],
        ['40', 'LED walls'],
      ]);
    for (const path of ['/ar', '/ar/AboutUs']) expect(await figuresOn(path), path).toEqual([['1,500+', 'فعالية']]);
  });
});
