import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { countInquiries, exportInquiries, listInquiries, phoneSearchDigits } from '@/lib/inquiries';

// The inbox search, in-process on this file's own database (PostgreSQL 17, embedded): names and
// e-mails as before, and phone numbers whatever way they were typed on either side ("+971 50 123
// 4567" in the form, "050 1234567" in the search). Only this file's rows are looked at.
const PREFIX = `search-${process.pid}`;
const rows: Record<'dubaiMobile' | 'dubaiLandline' | 'london', number> = { dubaiMobile: 0, dubaiLandline: 0, london: 0 };

beforeAll(async () => {
  const make = async (suffix: string, phone: string, email = '') =>
    (await db.inquiry.create({ data: { name: `${PREFIX} ${suffix}`, phone, email, eventType: 'other', city: 'dubai' } })).id;
  rows.dubaiMobile = await make('Sara Al Mansouri', '+971 50 123 4567', 'Sara@Example.test');
  rows.dubaiLandline = await make('Omar Haddad', '04 555 0101');
  rows.london = await make('James Carter', '+44 (20) 7946-0958', 'james@example.test');
}, 120_000);

/** This file's rows the search finds, by their key, in the inbox's order (newest first). */
async function found(q: string) {
  const mine = (await listInquiries({ q }, undefined)).filter((row) => row.name.startsWith(PREFIX));
  const keyOf = new Map(Object.entries(rows).map(([key, id]) => [id, key]));
  return mine.map((row) => keyOf.get(row.id)).sort();
}

describe('the phone digits of a search', () => {
  it('keeps the digits, drops a leading 00 or 0, and is null for words or fewer than 3 digits', () => {
    expect(phoneSearchDigits('+971 50 123 4567')).toBe('971501234567');
    expect(phoneSearchDigits('00971501234567')).toBe('971501234567');
    expect(phoneSearchDigits('050-123 4567')).toBe('501234567');
    expect(phoneSearchDigits('(04) 555.0101')).toBe('45550101');
    expect(phoneSearchDigits('4567')).toBe('4567');
    expect(phoneSearchDigits('05')).toBeNull();
    expect(phoneSearchDigits('Sara 050')).toBeNull();
    expect(phoneSearchDigits('sara@example.test')).toBeNull();
  });
});

describe('the inbox search', () => {
  it('finds a phone number typed the visitor’s way or the staff’s way', async () => {
    expect(await found('+971 50 123 4567')).toEqual(['dubaiMobile']);
    expect(await found('+971501234567')).toEqual(['dubaiMobile']);
    expect(await found('00971 50 123 4567')).toEqual(['dubaiMobile']);
    expect(await found('050 1234567')).toEqual(['dubaiMobile']);
    expect(await found('0501234567')).toEqual(['dubaiMobile']);
    expect(await found('123-4567')).toEqual(['dubaiMobile']);
    expect(await found('045550101')).toEqual(['dubaiLandline']);
    expect(await found('555 0101')).toEqual(['dubaiLandline']);
    expect(await found('02079460958')).toEqual(['london']);
    expect(await found('+44 20 7946 0958')).toEqual(['london']);
  });

  it('still finds names and e-mails, case-insensitively, and digits that are in no phone find nothing', async () => {
    expect(await found('sara al')).toEqual(['dubaiMobile']);
    expect(await found('SARA@example')).toEqual(['dubaiMobile']);
    expect(await found('james@')).toEqual(['london']);
    expect(await found(PREFIX)).toEqual(['dubaiLandline', 'dubaiMobile', 'london']);
    expect(await found('0509999999')).toEqual([]);
  });

  it('the count and the CSV export apply the same search as the list', async () => {
    const q = '0501234567';
    const listed = (await listInquiries({ q }, undefined)).map((row) => row.id);
    const ours = new Set(Object.values(rows));
    expect(listed.filter((id) => ours.has(id))).toEqual([rows.dubaiMobile]);
    expect(await countInquiries({ q })).toBe(listed.length);
    expect((await exportInquiries({ q })).map((row) => row.id)).toEqual(listed);
  });
});
