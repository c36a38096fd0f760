import { z } from 'zod';
import { flag, requiredText, text } from '@/lib/entities/fields';

// Emails are bounded (RFC 5321: 254) before anything looks them up or keys a rate limit on them.
const email = () => text().trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong' });

export const registerSchema = z
  .object({
    name: requiredText(100),
    email: email().pipe(z.email({ error: 'invalidEmail' })),
    password: z
      .string({ error: 'required' })
      .min(1, { error: 'required', abort: true })
      .min(8, { error: 'passwordTooShort' })
      .max(200, { error: 'tooLong' }),
    passwordConfirmation: z.string({ error: 'required' }),
  })
  .refine((v) => v.password === v.passwordConfirmation, { error: 'passwordMismatch', path: ['passwordConfirmation'] });
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
