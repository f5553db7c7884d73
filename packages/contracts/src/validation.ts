import type { Locale } from './codes';

/**
 * Field-level validation messages, shared by the server (zod issues) and the web forms,
 * so that both say the same thing in the same words.
 */
export const fieldMessages = {
  emailRequired: { en: 'Please enter your Email...', zh: '请输入邮箱...' },
  emailInvalid: { en: 'Please enter a valid Email...', zh: '请输入有效的邮箱...' },
  passwordRequired: { en: 'Please enter your password...', zh: '请输入密码...' },
  passwordRepeatRequired: { en: 'Please re-enter your password...', zh: '请再次输入密码...' },
  passwordMismatch: { en: 'Inconsistent password.', zh: '两次输入的密码不一致。' },
  passwordWeak: {
    en: 'The password must be 8 to 64 characters long and contain an uppercase letter, a lowercase letter, a digit and a special character.',
    zh: '密码长度为 8 至 64 位，且必须包含大写字母、小写字母、数字和特殊字符。',
  },
  oldPasswordRequired: { en: 'Please enter your old password...', zh: '请输入原密码...' },
  linkRequired: { en: 'The link is incomplete.', zh: '链接不完整。' },
  tooLong: { en: 'The value is too long.', zh: '输入内容过长。' },
} as const satisfies Record<string, Record<Locale, string>>;

export type FieldMessageKey = keyof typeof fieldMessages;

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.prototype.hasOwnProperty.call(fieldMessages, value);
}

export function fieldMessage(key: FieldMessageKey, locale: Locale): string {
  return fieldMessages[key][locale];
}
