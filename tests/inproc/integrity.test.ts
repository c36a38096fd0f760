import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formCall, invoke, itemCall, sessionCookie } from '../helpers/actions';
import { call, userWithToken } from '../helpers/api';
import { makeUser, testDb, unique } from '../helpers/db';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// Issue 27, Integrity: invisible direction controls refused by the one text rule on every way in,
// and optimistic versions (a save over a newer version is refused with 409 `staleVersion`, never
// silently lost; a save without a version, as the old client sends, keeps today's behaviour).
// The fill-time token's single use is in quote-requests.test.ts. Every team member this file
// adds is named with PREFIX and deleted at the end.

const PREFIX = unique('integrity');
let apiToken = '';
let cookie = '';

beforeAll(async () => {
  apiToken = (await userWithToken('admin')).token!;
  cookie = await sessionCookie((await makeUser('mini')).email);
});
afterAll(async () => {
  await testDb.teamMember.deleteMany({ where: { nameEn: { startsWith: PREFIX } } });
  await testDb.$disconnect();
});

/** A team member written straight to the database (no image needed for updates that send none). */
const member = (suffix: string) =>
  testDb.teamMember.create({
    data: {
      nameEn: `${PREFIX}-${suffix}`,
      nameAr: 'عضو',
      detailsEn: 'Details',
      detailsAr: 'تفاصيل',
      jobTitleEn: 'Engineer',
      jobTitleAr: 'مهندس',
      image: 'none.jpg',
    },
  });

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const saveTeam = async (id: number, fields: Record<string, string>) =>
  (await invoke('saveItem', itemCall('team', id, form(fields)), cookie)).result as Record<string, unknown>;

describe('direction controls and invisible format characters', () => {
  it('U+202E in a name: /api answers 422 with the field message in English and Arabic, stores nothing', async () => {
    const row = await member('rlo-api');
    const name = `${PREFIX} Invoice \u202Efdp.exe`;
    const created = await call('/api/team', {
      token: apiToken,
      form: { name, namear: 'عضو', details: 'D', detailsar: 'ت', dec: 'Engineer', decar: 'مهندس' },
    });
    expect(created.status).toBe(422);
    expect(created.data).toEqual({ message: en.errors.invalid, errors: { name: [en.validation.invalidCharacters] } });

    const updated = await call(`/api/team/${row.id}`, {
      token: apiToken,
      form: { namear: 'عضو \u2067مخفي\u2069', _method: 'PUT' },
      headers: { 'Accept-Language': 'ar' },
    });
    expect(updated.status).toBe(422);
    expect(updated.data).toEqual({ message: ar.errors.invalid, errors: { namear: [ar.validation.invalidCharacters] } });
    expect(await testDb.teamMember.count({ where: { nameEn: name } })).toBe(0);
    expect(await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it('U+202E in a name: the back office save answers 422 "invalid" with the field code, stores nothing', async () => {
    const row = await member('rlo-action');
    expect(await saveTeam(row.id, { nameEn: `${PREFIX} \u202Efdp.exe` })).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { nameEn: ['invalidCharacters'] },
    });
    expect(await saveTeam(row.id, { detailsAr: 'سطر\u200Fمخفي' })).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { detailsAr: ['invalidCharacters'] },
    });
    expect(await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it('ZWJ (emoji) and ZWNJ (Persian) are kept', async () => {
    const row = await member('zwj');
    const nameAr = 'می\u200Cخواهم 👩\u200D💻';
    expect(await saveTeam(row.id, { nameAr })).toEqual({ ok: true });
    expect((await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).nameAr).toBe(nameAr);
  });
});

describe('optimistic versions', () => {
  it('two saves read at the same version, sent at once: exactly one saved, the other 409 with what is saved now', async () => {
    const row = await member('race');
    const version = row.updatedAt.toISOString();
    const answers = await Promise.all([
      saveTeam(row.id, { version, jobTitleEn: 'Stage manager' }),
      saveTeam(row.id, { version, jobTitleEn: 'Sound engineer' }),
    ]);
    const saved = answers.filter((a) => a.ok === true);
    const refused = answers.filter((a) => a.ok === false);
    expect(saved).toEqual([{ ok: true }]);
    expect(refused).toHaveLength(1);
    const after = await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } });
    expect(['Stage manager', 'Sound engineer']).toContain(after.jobTitleEn);
    expect(refused[0]).toEqual({
      ok: false,
      error: 'staleVersion',
      status: 409,
      conflict: {
        version: after.updatedAt.toISOString(),
        values: {
          nameEn: row.nameEn,
          nameAr: 'عضو',
          detailsEn: 'Details',
          detailsAr: 'تفاصيل',
          jobTitleEn: after.jobTitleEn,
          jobTitleAr: 'مهندس',
        },
      },
    });
    // The version moved forward; a save at the new one goes through.
    expect(after.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(await saveTeam(row.id, { version: after.updatedAt.toISOString(), jobTitleEn: 'Both' })).toEqual({ ok: true });
    // Without a version (as before): saved over whatever is there.
    expect(await saveTeam(row.id, { jobTitleEn: 'No version' })).toEqual({ ok: true });
    expect((await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).jobTitleEn).toBe('No version');
    // A version that is none at all is stale too.
    expect(await saveTeam(row.id, { version: 'yesterday', jobTitleEn: 'x' })).toMatchObject({
      ok: false,
      error: 'staleVersion',
      status: 409,
    });
  });

  it('ten saves at one version, at once: exactly one saved', async () => {
    const row = await member('race10');
    const version = row.updatedAt.toISOString();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => saveTeam(row.id, { version, jobTitleEn: `Job ${i}` })));
    expect(answers.filter((a) => a.ok === true)).toHaveLength(1);
    expect(answers.filter((a) => a.error === 'staleVersion')).toHaveLength(9);
  });

  it('/api PUT: `version` = the `updated_at` read; a stale one is a 409 in words and changes nothing; none keeps the old behaviour', async () => {
    const row = await member('api');
    const read = await call(`/api/team/${row.id}`, { token: apiToken });
    const version = read.data[0].updated_at as string;
    expect(version).toBe(row.updatedAt.toISOString());

    const first = await call(`/api/team/${row.id}`, { token: apiToken, form: { dec: 'First', version, _method: 'PUT' } });
    expect(first.status).toBe(200);
    const newer = first.data[0].updated_at as string;
    expect(newer > version).toBe(true);

    const stale = await call(`/api/team/${row.id}`, { token: apiToken, form: { dec: 'Second', version, _method: 'PUT' } });
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ message: en.errors.staleVersion });
    const staleAr = await call(`/api/team/${row.id}`, {
      token: apiToken,
      json: { dec: 'Second', version },
      method: 'PUT',
      headers: { 'Accept-Language': 'ar' },
    });
    expect([staleAr.status, staleAr.data]).toEqual([409, { message: ar.errors.staleVersion }]);
    expect((await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).jobTitleEn).toBe('First');

    // The old client sends no version: its update goes through as it always did.
    const old = await call(`/api/team/${row.id}`, { token: apiToken, form: { dec: 'Old client', _method: 'PUT' } });
    expect(old.status).toBe(200);
    expect((await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).jobTitleEn).toBe('Old client');
  });

  it('site settings: a save over a newer version is a 409 with what is saved now, and changes nothing', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const before = await testDb.siteSettings.findUnique({ where: { id: 1 } });
    const answer = (
      await invoke(
        'saveSettings',
        formCall({}, form({ version: '2000-01-01T00:00:00.000Z', taglineEn: 'Overwritten' })),
        admin,
        '/Admin/Settings',
      )
    ).result as Record<string, unknown>;
    expect(answer).toMatchObject({ ok: false, error: 'staleVersion', status: 409 });
    const conflict = answer.conflict as { version: string; values: Record<string, string> };
    expect(conflict.version).toBe(before ? before.updatedAt.toISOString() : 'none');
    expect(conflict.values.taglineEn).toBe(before?.taglineEn ?? '');
    expect(await testDb.siteSettings.findUnique({ where: { id: 1 } })).toEqual(before);
  });
});
