import { fieldMessages, isFieldMessageKey, isStrongPassword, loginBody, type FieldMessageKey, type Locale } from '@mdc/contracts';

/** The problem with an e-mail field, judged by the same schema the server uses. */
export function emailProblem(value: unknown): FieldMessageKey | null {
  if (typeof value !== 'string' || !value.trim()) return 'emailRequired';
  const result = loginBody.shape.email.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? '';
  return isFieldMessageKey(message) ? message : 'emailInvalid';
}

/** A new password must follow the rule; a current one only has to be there. */
export function passwordProblem(value: unknown, kind: 'new' | 'current' | 'old'): FieldMessageKey | null {
  if (typeof value !== 'string' || value.length === 0) return kind === 'old' ? 'oldPasswordRequired' : 'passwordRequired';
  if (kind === 'new' && !isStrongPassword(value)) return 'passwordWeak';
  return null;
}

export function repeatProblem(password: unknown, repeat: unknown): FieldMessageKey | null {
  if (typeof repeat !== 'string' || repeat.length === 0) return 'passwordRepeatRequired';
  return repeat === password ? null : 'passwordMismatch';
}

/** An antd rule that reports the shared message, verbatim, in the page's language. */
export function rule(check: (value: unknown) => FieldMessageKey | null, locale: Locale) {
  return {
    validator: (_: unknown, value: unknown) => {
      const key = check(value);
      return key ? Promise.reject(new Error(fieldMessages[key][locale])) : Promise.resolve();
    },
  };
}

