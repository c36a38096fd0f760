import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@/lib/inquiries/csv';
import { checkFillToken, FILL_TOKEN_PATTERN, fillTokenUse, issueFillToken, MAX_AGE_MS } from '@/lib/inquiries/fill-token';
import { MIN_FILL_MS } from '@/lib/inquiries/constants';
import { dubaiToday, validateQuote } from '@/lib/inquiries/schema';

describe('CSV cells', () => {
  it('quotes every cell, doubles quotes and keeps line breaks inside the quotes', () => {
    expect(csvCell('a "b", c\nd')).toBe('"a ""b"", c\nd"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell('مرحبا')).toBe('"مرحبا"');
  });
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(['=1+2', '+971', '-5', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      `"'=1+2"`,
      `"'+971"`,
      `"'-5"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      `"'\rx"`,
    ]);
    expect(csvCell('a=b')).toBe('"a=b"');
  });
  it('starts with the UTF-8 BOM and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFF"a","b"\r\n"c","d"\r\n');
  });
});

describe('the fill-time token', () => {
  const now = 1_800_000_000_000;
  const address = '203.0.113.7';
  it('is good from MIN_FILL_MS after issue until MAX_AGE_MS', () => {
    const token = issueFillToken(address, now);
    expect(token).toMatch(FILL_TOKEN_PATTERN);
    expect(checkFillToken(token, address, now + MIN_FILL_MS - 1)).toBe('tooFast');
    expect(checkFillToken(token, address, now + MIN_FILL_MS)).toBe('ok');
    expect(checkFillToken(token, address, now + MAX_AGE_MS)).toBe('ok');
    expect(checkFillToken(token, address, now + MAX_AGE_MS + 1)).toBe('missing');
    expect(checkFillToken(token, address, now - 1)).toBe('missing');
  });
  it('is good only for the address it was given to', () => {
    const token = issueFillToken(address, now);
    expect(checkFillToken(token, '203.0.113.8', now + MIN_FILL_MS)).toBe('missing');
    expect(checkFillToken(token, '2001:db8:0:1::/64', now + MIN_FILL_MS)).toBe('missing');
  });
  it('two tokens of the same millisecond differ, and their use is kept until they expire', () => {
    const [a, b] = [issueFillToken(address, now), issueFillToken(address, now)];
    expect(a).not.toBe(b);
    expect(fillTokenUse(a, now + MIN_FILL_MS)).toEqual({ key: `fill-token:${a}`, seconds: (MAX_AGE_MS - MIN_FILL_MS) / 1000 + 1 });
    expect(fillTokenUse(a, now + MAX_AGE_MS).seconds).toBe(1);
  });
  it('refuses a changed time, id or signature and anything not a token', () => {
    const [, nonce, mac] = issueFillToken(address, now).split('.');
    expect(checkFillToken(`${now - 10_000}.${nonce}.${mac}`, address, now)).toBe('missing');
    expect(checkFillToken(`${now}.${'B'.repeat(22)}.${mac}`, address, now + MIN_FILL_MS)).toBe('missing');
    expect(checkFillToken(`${now}.${nonce}.${'A'.repeat(43)}`, address, now + MIN_FILL_MS)).toBe('missing');
    for (const bad of [undefined, null, '', 5, 'x'.repeat(200), `${now}`, `${now}.${mac}`])
      expect(checkFillToken(bad, address, now)).toBe('missing');
  });
});

describe('the quote rules', () => {
  const base = { name: 'Mona', phone: '', email: 'mona@example.com', eventType: 'other', city: 'dubai', consent: '1' };
  it('the date: today in the UAE is fine, the day before is past', () => {
    // 21:30 UTC on 31 Dec is already 1 Jan in Dubai (UTC+4).
    expect(dubaiToday(new Date('2030-12-31T21:30:00Z'))).toBe('2031-01-01');
    expect(validateQuote({ ...base, eventDate: '2031-01-01' }, '2031-01-01')).toMatchObject({ ok: true });
    expect(validateQuote({ ...base, eventDate: '2030-12-31' }, '2031-01-01')).toEqual({ ok: false, errors: { eventDate: 'datePast' } });
  });
  it('phone or email, shown under both, together with the other messages', () => {
    expect(validateQuote({ ...base, name: '', email: '' }, '2031-01-01')).toEqual({
      ok: false,
      errors: { name: 'required', phone: 'phoneOrEmail', email: 'phoneOrEmail' },
    });
  });
  it('guests: a whole number from 1 to 100,000, or nothing', () => {
    const guests = (g: string) => validateQuote({ ...base, guests: g }, '2031-01-01');
    expect(guests('')).toMatchObject({ ok: true, data: { guests: null } });
    expect(guests(' 42 ')).toMatchObject({ ok: true, data: { guests: 42 } });
    for (const bad of ['0', '-1', '1.5', '1e3', '100001', 'ten'])
      expect(guests(bad)).toEqual({ ok: false, errors: { guests: 'guestsInvalid' } });
  });
  it('consent: the box ticked (its value "1") and nothing else, with its own message', () => {
    expect(validateQuote(base, '2031-01-01')).toMatchObject({ ok: true, data: { consent: true } });
    for (const bad of [undefined, '', '0', 'on', 'yes', ' 1'])
      expect(validateQuote({ ...base, consent: bad }, '2031-01-01'), String(bad)).toEqual({
        ok: false,
        errors: { consent: 'consentRequired' },
      });
  });
});
