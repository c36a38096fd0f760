import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '@/lib/entities/contacts/schema';
import { parseLatLng } from '@/lib/entities/fields';
import { directionsUrl, officeMap } from '@/lib/offices';
import { DEFAULT_MAP_EMBED_URL, defaultMapPlace, mapEmbedUrlFor } from '@/lib/http/map-embed';
import { frameOrigin } from '@/lib/http/csp';
import { whatsappUrl } from '@/lib/whatsapp';

// The offices' rules (issue 19): what a WhatsApp number and a map location may be, and the links
// made from them (wa.me, the map frame on the CSP's one origin, directions).

const errorsOf = (input: Record<string, string>) => {
  const result = contactSchema.safeParse({ email: 'a@example.test', ...input });
  return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
};

describe('office fields', () => {
  it('takes a WhatsApp number only in international form (+ or 00 and country code, 8 to 15 digits)', () => {
    for (const ok of ['', '+971 50 123 4567', '+971-50-123-4567', '+1 (202) 555-0177', '+97150123456789', '00971 50 123 4567'])
      expect(errorsOf({ whatsapp: ok }), ok).toEqual([]);
    for (const bad of [
      '050 123 4567',
      '971501234567',
      '501234567',
      '+0 50 123 4567',
      '+971 5',
      '+9715012345678901',
      '+971 50 123 4567 x1',
      'wa.me/971',
    ])
      expect(errorsOf({ whatsapp: bad }), bad).toEqual(['whatsapp:invalidPhone']);
  });

  it('takes a map location as a place name or real "lat,lng" coordinates', () => {
    for (const ok of ['', 'Al Quoz Industrial Area 3, Dubai', '25.1298,55.2285', '-33.8568, 151.2153', 'مكتب دبي', 'Building 12'])
      expect(errorsOf({ mapLocation: ok }), ok).toEqual([]);
    for (const bad of ['250,55', '25.1,190', '25.1', '1,2,3'])
      expect(errorsOf({ mapLocation: bad }), bad).toEqual(['mapLocation:invalidCoordinates']);
    expect(errorsOf({ mapLocation: 'x'.repeat(201) })).toEqual(['mapLocation:tooLong']);
  });

  it('keeps names single-line and addresses and hours multi-line, without control characters, within their lengths', () => {
    expect(errorsOf({ officeNameEn: 'Dubai\nOffice' })).toEqual(['officeNameEn:invalidCharacters']);
    expect(errorsOf({ addressEn: 'Street 6A\r\nDubai', hoursAr: 'الأحد\nالخميس' })).toEqual([]);
    expect(errorsOf({ hoursEn: 'a\u0000b' })).toEqual(['hoursEn:invalidCharacters']);
    expect(errorsOf({ officeNameAr: 'م'.repeat(121), addressAr: 'م'.repeat(301) })).toEqual(['officeNameAr:tooLong', 'addressAr:tooLong']);
  });

  it('reads coordinates only within the globe', () => {
    expect(parseLatLng(' 25.1298 , 55.2285 ')).toEqual({ latitude: 25.1298, longitude: 55.2285 });
    expect(parseLatLng('-90,180')).toEqual({ latitude: -90, longitude: 180 });
    expect(parseLatLng('90.1,0')).toBeNull();
    expect(parseLatLng('Dubai')).toBeNull();
  });
});

describe('office links', () => {
  // The default map is the one configured by MAP_EMBED_URL / MAP_LINK_URL: these expect none.
  const saved = { embed: process.env.MAP_EMBED_URL, link: process.env.MAP_LINK_URL };
  beforeAll(() => {
    delete process.env.MAP_EMBED_URL;
    delete process.env.MAP_LINK_URL;
  });
  afterAll(() => {
    if (saved.embed !== undefined) process.env.MAP_EMBED_URL = saved.embed;
    if (saved.link !== undefined) process.env.MAP_LINK_URL = saved.link;
  });

  it('makes wa.me links of digits only, with the message encoded', () => {
    expect(whatsappUrl('+971 50 123 4567', "Hello, I'd like a quote & more")).toBe(
      "https://wa.me/971501234567?text=Hello%2C%20I'd%20like%20a%20quote%20%26%20more",
    );
    expect(whatsappUrl('00971 50 123 4567', 'مرحبا')).toBe('https://wa.me/971501234567?text=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7');
    expect(whatsappUrl('', 'x')).toBeNull();
  });

  it('puts every office map on the configured frame origin, and falls back to the default place', () => {
    expect(mapEmbedUrlFor('25.1,55.2', {})).toBe('https://www.google.com/maps?q=25.1%2C55.2&output=embed');
    expect(mapEmbedUrlFor('Dubai Marina', {})).toBe('https://www.google.com/maps?q=Dubai+Marina&output=embed');
    expect(frameOrigin(mapEmbedUrlFor('Dubai Marina', {}))).toBe('https://www.google.com');
    expect(mapEmbedUrlFor('  ', {})).toBe(DEFAULT_MAP_EMBED_URL);
    // A custom frame with no search to replace is used as it is.
    const custom = 'https://maps.example.test/embed/abc';
    expect(mapEmbedUrlFor('Dubai', { MAP_EMBED_URL: custom })).toBe(custom);
    expect(defaultMapPlace({})).toBe('Al Quoz Industrial Area, Dubai');
    expect(directionsUrl('Al Quoz, Dubai')).toBe('https://www.google.com/maps/dir/?api=1&destination=Al%20Quoz%2C%20Dubai');
    expect(officeMap('')).toEqual({
      embedUrl: DEFAULT_MAP_EMBED_URL,
      openUrl: 'https://www.google.com/maps?q=Al+Quoz+Industrial+Area%2C+Dubai',
      directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=Al%20Quoz%20Industrial%20Area%2C%20Dubai',
    });
    expect(officeMap('25.1,55.2')).toEqual({
      embedUrl: 'https://www.google.com/maps?q=25.1%2C55.2&output=embed',
      openUrl: 'https://www.google.com/maps?q=25.1%2C55.2',
      directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=25.1%2C55.2',
    });
  });
});
