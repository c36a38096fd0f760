import { z } from 'zod';
import { flag, requiredText } from '@/lib/entities/fields';

export const registerSchema = z
  .object({
    name: requiredText(100),
    email: z
      .string({ error: 'required' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'required' })
      .max(254, { error: 'tooLong' })
      .pipe(z.email({ error: 'invalidEmail' })),
    password: z.string({ error: 'required' }).min(1, { error: 'required', abort: true }).min(8, { error: 'passwordTooShort' }).max(200, { error: 'tooLong' }),
    passwordConfirmation: z.string({ error: 'required' }),
  })
  .refine((v) => v.password === v.passwordConfirmation, { error: 'passwordMismatch', path: ['passwordConfirmation'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string({ error: 'required' }).trim().toLowerCase().min(1, { error: 'required' }).max(254),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});

export const userFlagsSchema = z.object({
  isAdmin: flag(),
  isMiniAdmin: flag(),
});
export type UserFlags = z.infer<typeof userFlagsSchema>;
