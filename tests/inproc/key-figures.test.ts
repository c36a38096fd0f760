import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { makeUser, testDb } from '../helpers/db';
import { settingsForm } from '../helpers/site-settings-fixtures';
import { getBrand } from '@/lib/settings/brand';
import { parseFigures } from '@/lib/settings/figures';

// Issue 37 item 2, in-process: the key figures saved in Settings (the settings' one write path)
// are the brand's in each language (lib/settings/brand.ts, what Home and About draw); none saved,
// the demo's; a refused line changes nothing and is said under its field. Drawn on the pages:
// tests/integration/key-figures.test.ts.

let admin = '';
beforeAll(async () => {
  admin = await sessionCookie((await makeUser('admin')).email);
});
afterAll(() => testDb.$disconnect());

const save = (fields: Record<string, string>) => invoke('saveSettings', formCall({}, settingsForm(fields)), admin, '/Admin/Settings');

describe('key figures in Settings', () => {
  it('none saved: the demo’s, in each language', async () => {
    expect((await getBrand('en')).figures).toEqual(parseFigures(en.home.figures));
    expect((await getBrand('ar')).figures.map((figure) => figure.value)).toEqual(['1,200+', '350', '900 م²', '24/7']);
  });

  it('saved per language: each language’s own; a line that is no figure refused under its field, nothing changed; logged', async () => {
    const refused = await save({ figuresEn: '1,500+ | events\nmany clients', figuresAr: '' });
    expect(refused.result).toMatchObject({ ok: false, error: 'invalid', fieldErrors: { figuresEn: ['figureLine'] } });
    expect((await testDb.siteSettings.findUnique({ where: { id: 1 } }))?.figuresEn ?? '').toBe('');
    const saved = await save({ figuresEn: '1,500+ | events since 2008\n400 | clients', figuresAr: '1,500+ | فعالية منذ 2008' });
    expect(saved.result).toEqual({ ok: true });
    expect((await getBrand('en')).figures).toEqual([
      { value: '1,500+', label: 'events since 2008' },
      { value: '400', label: 'clients' },
    ]);
    expect((await getBrand('ar')).figures).toEqual([{ value: '1,500+', label: 'فعالية منذ 2008' }]);
    const entry = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'settings', kind: 'update' }, orderBy: { id: 'desc' } });
    expect(Object.keys(entry.changes as object).sort()).toEqual(['figuresAr', 'figuresEn']);
    // Cleared: the demo's again.
    expect((await save({ figuresEn: '', figuresAr: '' })).result).toEqual({ ok: true });
    expect((await getBrand('en')).figures).toEqual(parseFigures(en.home.figures));
  });
});
