import { describe, expect, it } from 'vitest';
import { autoIsolate, inquiryReference, ltrIsolate, referenceId, telHref } from '@/lib/inquiries/format';
import { leadWhatsappUrl } from '@/lib/whatsapp';

// Issue 27, Leads: the reference a visitor is given, and the links and isolates a lead's phone gets.
describe('the reference', () => {
  it('is Q-, the UAE year it was received and the id in six digits or more', () => {
    expect(inquiryReference(123, new Date('2026-06-01T10:00:00Z'))).toBe('Q-2026-000123');
    // 31 December 21:00 UTC is already 1 January in the UAE.
    expect(inquiryReference(7, new Date('2026-12-31T21:00:00Z'))).toBe('Q-2027-000007');
    expect(inquiryReference(12_345_678, new Date('2026-06-01T10:00:00Z'))).toBe('Q-2026-12345678');
  });
  it('reads back to the id as people type it; anything else is no reference', () => {
    expect(['Q-2026-000123', 'q 2026 123', ' Q2026000123 '].map(referenceId)).toEqual([123, 123, 123]);
    expect(['Q-2026-000000', 'Q-26-1', '2026-000123', 'Q-2026-99999999999', 'Qatar'].map(referenceId)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('a lead’s phone', () => {
  it('tel: keeps a leading + and the digits', () => {
    expect(telHref('+971 50 123 4567')).toBe('tel:+971501234567');
    expect(telHref('(050) 123-4567')).toBe('tel:0501234567');
  });
  it('wa.me: international digits; a national UAE number gets +971; no number, no link', () => {
    expect(leadWhatsappUrl('+971 50 123 4567')).toBe('https://wa.me/971501234567');
    expect(leadWhatsappUrl('00971 50 123 4567')).toBe('https://wa.me/971501234567');
    expect(leadWhatsappUrl('050 123 4567')).toBe('https://wa.me/971501234567');
    expect(leadWhatsappUrl('+44 20 7946 0958')).toBe('https://wa.me/442079460958');
    expect(leadWhatsappUrl('12')).toBeNull();
  });
  it('plain text isolates: LRI…PDI around a number, FSI…PDI around a name; empty stays empty', () => {
    expect(ltrIsolate('+971 50 123 4567')).toBe('\u2066+971 50 123 4567\u2069');
    expect(autoIsolate('Sara')).toBe('\u2068Sara\u2069');
    expect(ltrIsolate('')).toBe('');
  });
});
