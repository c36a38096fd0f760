import { z } from 'zod';
import { flag, requiredText, text } from '@/lib/entities/fields';
import { CONFIRMATION_ISSUE, confirmed, newPassword } from '@/lib/auth/password-rules';

// Emails are bounded (RFC 5321: 254) before anything looks them up or keys a rate limit on them.
export const email = () => text().trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong' });

export const registerSchema = z
  .object({
    name: requiredText(100),
    email: email().pipe(z.email({ error: 'invalidEmail' })),
    password: newPassword(),
    passwordConfirmation: z.string({ error: 'required' }),
  })
  .refine(confirmed, CONFIRMATION_ISSUE);
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: email(),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
});

export const userFlagsSchema = z.object({
  isAdmin: flag(),
  isMiniAdmin: flag(),
});
export type UserFlags = z.infer<typeof userFlagsSchema>;
