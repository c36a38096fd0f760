import { z } from 'zod';
import { optionalEmail, optionalMapLocation, optionalPhone, optionalText, optionalUrl, optionalWhatsapp } from '@/lib/entities/fields';

export const contactSchema = z
  .object({
    phone: optionalPhone(),
    email: optionalEmail(),
    instagramUrl: optionalUrl(),
    tiktokUrl: optionalUrl(),
    linkedinUrl: optionalUrl(),
    youtubeUrl: optionalUrl(),
    // The office this card is (issue 19). All optional: a card without them is shown as before.
    officeNameEn: optionalText(120),
    officeNameAr: optionalText(120),
    addressEn: optionalText(300, { multiline: true }),
    addressAr: optionalText(300, { multiline: true }),
    hoursEn: optionalText(300, { multiline: true }),
    hoursAr: optionalText(300, { multiline: true }),
    whatsapp: optionalWhatsapp(),
    mapLocation: optionalMapLocation(),
  })
  // A contact card with neither phone nor email tells a visitor nothing.
  .refine((c) => c.phone !== '' || c.email !== '', { error: 'phoneOrEmail', path: ['email'] });
