import { z } from 'zod';
import { isStrongPassword } from './password';

// Messages are keys of `fieldMessages`; each side renders them in its language.
const email = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .refine(isStrongPassword, { error: 'passwordWeak' });

/** The current password is checked against the hash, not the rule: old accounts may predate it. */
const currentPassword = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .max(256, { error: 'tooLong' });

const repeatPassword = z.string({ error: 'passwordRepeatRequired' }).min(1, { error: 'passwordRepeatRequired' });

/** A link id from an e-mail: opaque, url-safe. */
const linkId = z
  .string({ error: 'linkRequired' })
  .trim()
  .min(1, { error: 'linkRequired' })
  .max(128, { error: 'linkRequired' });

function samePasswords<T extends { password: string; repeatPassword: string }>(schema: z.ZodType<T>) {
  return schema.refine((body) => body.password === body.repeatPassword, {
    error: 'passwordMismatch',
    path: ['repeatPassword'],
  });
}

export const registerBody = samePasswords(z.object({ email, password, repeatPassword }));
export const loginBody = z.object({ email, password: currentPassword });
export const logoutBody = z.object({ email: email.optional() });
export const activationBody = z.object({ id: linkId });
export const forgotPasswordBody = z.object({ email });
export const recoveryLinkBody = z.object({ id: linkId });
export const recoverPasswordBody = samePasswords(z.object({ id: linkId, password, repeatPassword }));
export const updatePasswordBody = samePasswords(
  z.object({ email, oldPassword: currentPassword, password, repeatPassword }),
);

export type RegisterBody = z.infer<typeof registerBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;
export type RecoverPasswordBody = z.infer<typeof recoverPasswordBody>;

/** `alreadyActive`: the link had been used and the account is active (a second click). */
export const activationResult = z.object({ alreadyActive: z.boolean() });
export type ActivationResult = z.infer<typeof activationResult>;

export const loginResult = z.object({ token: z.string(), email: z.string(), expiresAt: z.string() });
export type LoginResult = z.infer<typeof loginResult>;

export const currentUser = z.object({
  email: z.string(),
  locale: z.enum(['zh', 'en']),
  createdAt: z.string(),
  passwordChangedAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** Paths of the account endpoints, shared so that client and server cannot drift apart. */
export const authPaths = {
  register: '/api/register',
  activate: '/api/register/verify',
  login: '/api/login',
  logout: '/api/logout',
  me: '/api/user/me',
  forgotPassword: '/api/password/forgot',
  verifyRecoveryLink: '/api/password/verify',
  recoverPassword: '/api/password/recover',
  updatePassword: '/api/password/update',
} as const;
