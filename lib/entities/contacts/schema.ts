import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { optionalEmail, optionalMapLocation, optionalPhone, optionalText, optionalUrl, optionalWhatsapp } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name).
export const contactSchema = z
  .object({
    phone: optionalPhone().meta({ form: { kind: 'tel' }, old: 'phone' }),
    email: optionalEmail().meta({ form: { kind: 'email' }, old: 'email' }),
    tiktokUrl: optionalUrl().meta({ form: { kind: 'url' }, old: 'faceboock' }),
    instagramUrl: optionalUrl().meta({ form: { kind: 'url' }, old: 'insta' }),
    linkedinUrl: optionalUrl().meta({ form: { kind: 'url' }, old: 'linkedin' }),
    youtubeUrl: optionalUrl().meta({ form: { kind: 'url' }, old: 'telegram' }),
    // The office this card is (issue 19). All optional: a card without them is shown as before.
    // The old client never had them.
    whatsapp: optionalWhatsapp().meta({ form: { kind: 'tel' }, old: NOT_IN_OLD_API }),
    ...bilingual('officeName', { en: optionalText(120), ar: optionalText(120), form: { kind: 'text' }, old: NOT_IN_OLD_API }),
    ...bilingual('address', {
      en: optionalText(300, { multiline: true }),
      ar: optionalText(300, { multiline: true }),
      form: { kind: 'textarea' },
      old: NOT_IN_OLD_API,
    }),
    ...bilingual('hours', {
      en: optionalText(300, { multiline: true }),
      ar: optionalText(300, { multiline: true }),
      form: { kind: 'textarea' },
      old: NOT_IN_OLD_API,
    }),
    mapLocation: optionalMapLocation().meta({ form: { kind: 'text' }, old: NOT_IN_OLD_API }),
  })
  // A contact card with neither phone nor email tells a visitor nothing.
  .refine((c) => c.phone !== '' || c.email !== '', { error: 'phoneOrEmail', path: ['email'] });
