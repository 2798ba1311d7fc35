import { z } from 'zod';
import { isStrongPassword } from './password-rules';
import { isEmail } from './validators';

/** Form schemas shared by the browser (on blur) and the server (always). Messages are i18n keys. */

const email = (emptyKey: string) =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, emptyKey)
    .max(254, 'validation.email')
    .refine(isEmail, 'validation.email');

const newPassword = z
  .string({ error: 'validation.passwordEmpty' })
  .max(256, 'password.weak')
  .refine(isStrongPassword, 'password.weak');

export const signInSchema = z.object({
  email: email('validation.usernameEmpty'),
  password: z.string({ error: 'validation.passwordEmpty' }).min(1, 'validation.passwordEmpty').max(256),
  redirectTo: z.string().max(2000).optional(),
});

/** The e-mail beside it is for password managers only: read by no one. */
export const newPasswordSchema = z.object({ newPassword, username: z.string().max(320).optional() });

export const sendCodeSchema = z.object({ email: email('validation.required') });

export const resetPasswordSchema = z.object({
  email: email('validation.required'),
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{1,12}$/, 'validation.code'),
  newPassword,
});
