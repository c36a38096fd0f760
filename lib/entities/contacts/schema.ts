import { z } from 'zod';
import { optionalEmail, optionalPhone, optionalUrl } from '@/lib/entities/fields';

export const contactSchema = z
  .object({
    phone: optionalPhone(),
    email: optionalEmail(),
    instagramUrl: optionalUrl(),
    tiktokUrl: optionalUrl(),
    linkedinUrl: optionalUrl(),
    youtubeUrl: optionalUrl(),
  })
  // A contact card with neither phone nor email tells a visitor nothing.
  .refine((c) => c.phone !== '' || c.email !== '', { error: 'phoneOrEmail', path: ['email'] });
