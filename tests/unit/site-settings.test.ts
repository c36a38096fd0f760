import { describe, expect, it } from 'vitest';
import { normaliseWhatsapp } from '@/lib/entities/fields';
import { settingsSchema } from '@/lib/settings/schema';
import { safeFileStem } from '@/lib/settings/serve';
import { checkPdf } from '@/lib/uploads/pdf';

const file = (text: string | Buffer, name = 'p.pdf') => new File([typeof text === 'string' ? text : new Uint8Array(text)], name);
const trailer = (body: string) => `${body}startxref\n${body.length - 20}\n%%EOF\n`;

describe('site settings rules', () => {
  it('a WhatsApp number is read in international form, whatever the spacing', () => {
    expect(normaliseWhatsapp('+971 50 123 4567')).toBe('+971501234567');
    expect(normaliseWhatsapp('00971-50-123-4567')).toBe('+971501234567');
    expect(normaliseWhatsapp('+(971) 50.123.4567')).toBe('+971501234567');
    expect(normaliseWhatsapp('(971) 50.123.4567')).toBeNull(); // no + or 00: maybe a local number
    expect(normaliseWhatsapp('501234567')).toBeNull(); // not Belize (+501)
    expect(normaliseWhatsapp('050 123 4567')).toBeNull(); // a local number: no country code
    expect(normaliseWhatsapp('+1234567')).toBeNull(); // too short
    expect(normaliseWhatsapp('+9715012345678901')).toBeNull(); // longer than E.164's 15 digits
    expect(normaliseWhatsapp('wa.me/971501234567')).toBeNull();
  });

  it('recipients: addresses separated by commas or semicolons, lower-cased, without duplicates, at most 10', () => {
    expect(settingsSchema.shape.inquiryRecipients.parse('A@b.ae;c@d.ae, a@b.ae ,')).toBe('a@b.ae, c@d.ae');
    expect(settingsSchema.shape.inquiryRecipients.parse('')).toBe('');
    expect(settingsSchema.shape.inquiryRecipients.safeParse('a@b.ae, nope').error?.issues[0]?.message).toBe('invalidRecipients');
    const eleven = Array.from({ length: 11 }, (_, i) => `u${i}@b.ae`).join(',');
    expect(settingsSchema.shape.inquiryRecipients.safeParse(eleven).error?.issues[0]?.message).toBe('tooManyRecipients');
  });

  it('a PDF needs its header and its trailer; anything else is refused', async () => {
    const good = trailer('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
    await expect(checkPdf(file(good))).resolves.toEqual(Buffer.from(good));
    await expect(checkPdf(file('%PDF-1.7\n1 0 obj\n'))).rejects.toMatchObject({ code: 'pdfInvalid' }); // truncated
    await expect(checkPdf(file(trailer('GIF89a not a pdf at all, padding padding')))).rejects.toMatchObject({ code: 'pdfInvalid' });
    await expect(checkPdf(file('%PDF-1.4\nstartxref\n999999\n%%EOF\n'))).rejects.toMatchObject({ code: 'pdfInvalid' }); // offset outside
    await expect(checkPdf(file(good, '../x.pdf'))).rejects.toMatchObject({ code: 'imageFileName' });
    await expect(checkPdf(file(Buffer.alloc(10 * 1024 * 1024 + 1)))).rejects.toMatchObject({ code: 'pdfTooLarge' });
  });

  it('the download name is plain ASCII', () => {
    expect(safeFileStem('Acme Events LLC')).toBe('acme-events-llc');
    expect(safeFileStem('Café "Ünïcode"/../x')).toBe('cafe-unicode-x');
    expect(safeFileStem('أكمي')).toBe('company');
  });
});
