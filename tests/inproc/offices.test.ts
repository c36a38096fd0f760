import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '@/lib/db/demo/content.json';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { call, userWithToken } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { EDITED_OFFICE, office, officeForm, type OfficeField } from '../helpers/offices-fixtures';

// Offices (issue 19), in-process: the seeded contact is an office, the old client's /api/contact
// JSON is exactly what it was before offices existed (same keys, no office value anywhere), an
// office edited through the back office's action is stored (its fields alone, the rest kept), bad
// office input is refused with its field named and changes nothing, and an old client's update
// keeps the office. The pages that show an office (card, map, JSON-LD, WhatsApp links) are
// tests/integration/offices.test.ts. The database is this file's own: nothing is put back.

const OLD_KEYS = ['created_at', 'email', 'faceboock', 'id', 'insta', 'linkedin', 'logo', 'phone', 'telegram', 'updated_at'];

let cookie = '';
let token = '';
let id = 0;
let original: Record<OfficeField, string>;

const save = (values: Partial<Record<string, string>>) => invoke('saveItem', itemCall('contacts', id, officeForm(values)), cookie);

beforeAll(async () => {
  cookie = await sessionCookie((await makeUser('admin')).email);
  token = (await userWithToken('admin')).token!;
  const first = await testDb.contact.findFirstOrThrow({ orderBy: { id: 'asc' } });
  id = first.id;
  original = office(first);
});
afterAll(() => testDb.$disconnect());

describe('offices', () => {
  it('the seed makes the first contact an office (the demo values)', () => {
    // A form (ours, or a restore through one) sends a line break as CR LF.
    const lf = Object.fromEntries(Object.entries(original).map(([k, v]) => [k, v.replace(/\r\n/g, '\n')]));
    expect(lf).toEqual({
      officeNameEn: demo.contact.officeNameEn,
      officeNameAr: demo.contact.officeNameAr,
      addressEn: demo.contact.addressEn,
      addressAr: demo.contact.addressAr,
      hoursEn: demo.contact.hoursEn,
      hoursAr: demo.contact.hoursAr,
      whatsapp: '+971 50 123 4567',
      mapLocation: '25.1298,55.2285',
    });
  });

  it('GET /api/contact, /api/contact/:id and /api/home keep exactly the old JSON: same keys, no office value', async () => {
    const row = await testDb.contact.findUniqueOrThrow({ where: { id } });
    const expected = {
      id,
      phone: row.phone,
      email: row.email,
      insta: row.instagramUrl,
      faceboock: row.tiktokUrl,
      linkedin: row.linkedinUrl,
      telegram: row.youtubeUrl,
      logo: row.logo ?? '',
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    const list = await call('/api/contact', { token });
    const one = await call(`/api/contact/${id}`, { token });
    const home = await call('/api/home');
    for (const [name, res, item] of [
      ['list', list, list.data[0][0]],
      ['item', one, one.data[0]],
      ['home', home, home.data[1][0]],
    ] as const) {
      expect(res.status, name).toBe(200);
      expect(Object.keys(item).sort(), name).toEqual(OLD_KEYS);
      expect(item, name).toEqual(expected);
      const body = JSON.stringify(res.data);
      for (const value of Object.values(original)) expect(body, `${name} leaks ${value}`).not.toContain(value);
    }
  });

  it('an office edited through the back office shows on the next request, in both languages: the saves (the office fields stored as sent)', async () => {
    // Line breaks as a form sends them (CR LF), stored as sent.
    const edited = EDITED_OFFICE;
    // Office fields alone: the contact's other fields are kept (partial update).
    expect((await save(edited)).result).toEqual({ ok: true });
    expect(office(await testDb.contact.findUniqueOrThrow({ where: { id } }))).toEqual(edited);
    // Coordinates, then no WhatsApp number: each save is accepted (what the pages show then is
    // the HTTP tier's).
    expect((await save({ mapLocation: '24.5, 54.38' })).result).toEqual({ ok: true });
    expect((await save({ whatsapp: '' })).result).toEqual({ ok: true });
  });

  it('refuses bad office input with the field named, in both languages, and changes nothing', async () => {
    const before = await testDb.contact.findUniqueOrThrow({ where: { id } });
    for (const [values, field, code] of [
      [{ whatsapp: '050 123 4567' }, 'whatsapp', 'invalidPhone'], // no country code: wa.me cannot use it
      [{ whatsapp: '+971 5' }, 'whatsapp', 'invalidPhone'],
      [{ mapLocation: '250,55' }, 'mapLocation', 'invalidCoordinates'],
      [{ officeNameEn: 'x'.repeat(121) }, 'officeNameEn', 'tooLong'],
      [{ addressAr: 'a\u0000b' }, 'addressAr', 'invalidCharacters'],
      [{ officeNameAr: 'a\nb' }, 'officeNameAr', 'invalidCharacters'],
    ] as const) {
      const res = await save(values);
      expect(res.result, JSON.stringify(values)).toEqual({ ok: false, error: 'invalid', fieldErrors: { [field]: [code] } });
    }
    expect(await testDb.contact.findUniqueOrThrow({ where: { id } })).toEqual(before);
    // The words under the field, in both languages.
    expect(en.validation.fields.contacts.whatsapp.invalidPhone).toContain('+971');
    expect(ar.validation.fields.contacts.mapLocation.invalidCoordinates).toContain('25.2048,55.2708');
  });

  it("an old client's update keeps the office, and cannot change it", async () => {
    expect((await save(original)).result).toEqual({ ok: true });
    const before = await testDb.contact.findUniqueOrThrow({ where: { id } });
    const res = await call(`/api/contact/${id}`, {
      token,
      form: { _method: 'PUT', phone: '+971 4 765 4321', whatsapp: '+971 50 000 0000', officeNameEn: 'Hijacked' },
    });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(Object.keys(res.data[0]).sort()).toEqual(OLD_KEYS);
    const after = await testDb.contact.findUniqueOrThrow({ where: { id } });
    expect(after.phone).toBe('+971 4 765 4321');
    expect(office(after)).toEqual(office(before));
    expect((await call(`/api/contact/${id}`, { token, form: { _method: 'PUT', phone: before.phone } })).status).toBe(200);
  });
});
