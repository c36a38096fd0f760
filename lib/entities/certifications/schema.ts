import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { optionalDate, optionalWords, requiredWords } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name), after the
// logo; the certificate's PDF comes last (the descriptor's `document`). Not in the old API.
export const certificationSchema = z.object({
  ...bilingual('name', { en: requiredWords(160), ar: requiredWords(160), form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  ...bilingual('issuer', { en: requiredWords(160), ar: optionalWords(160), form: { kind: 'text' }, old: NOT_IN_OLD_API }),
  expiresOn: optionalDate().meta({ form: { kind: 'date', hint: true }, old: NOT_IN_OLD_API }),
});
