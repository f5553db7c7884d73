/**
 * The one catalogue of API answer codes. Every answer is `{ code, msg, data }`;
 * `msg` is the text below in the request's language (header `local`: zh default, en).
 * The web client toasts `msg` for every code except OK and the two that it handles
 * by navigation (2016 → change password, 2017 → recover by mail).
 */
export const ApiCode = {
  OK: 0,
  /** Request body or query failed validation; `data.fields` names the fields. */
  BAD_REQUEST: 1000,
  UNSUPPORTED_MEDIA_TYPE: 1001,
  PAYLOAD_TOO_LARGE: 1002,
  TOO_MANY_REQUESTS: 1003,
  NOT_FOUND: 1004,
  INTERNAL_ERROR: 1005,
  /** Wrong e-mail or password; the same answer for an unknown e-mail (no enumeration). */
  LOGIN_FAILED: 2001,
  ACCOUNT_INACTIVE: 2002,
  ACTIVATION_LINK_INVALID: 2003,
  RECOVERY_LINK_INVALID: 2004,
  OLD_PASSWORD_WRONG: 2005,
  PASSWORD_REUSED: 2006,
  /** Missing, invalid, expired or revoked token; always sent with HTTP 401. */
  UNAUTHORIZED: 2010,
  PASSWORD_EXPIRED: 2016,
  ACCOUNT_LOCKED: 2017,
} as const;

export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export type Locale = 'zh' | 'en';
export const LOCALES: readonly Locale[] = ['zh', 'en'];

export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && value.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export const codeMessages: Record<ApiCodeValue, Record<Locale, string>> = {
  [ApiCode.OK]: { zh: '成功', en: 'Success' },
  [ApiCode.BAD_REQUEST]: { zh: '请求参数有误', en: 'Invalid request' },
  [ApiCode.UNSUPPORTED_MEDIA_TYPE]: {
    zh: '不支持的内容类型，请以表单或 JSON 提交',
    en: 'Unsupported content type: send a form or JSON',
  },
  [ApiCode.PAYLOAD_TOO_LARGE]: { zh: '提交的内容过大', en: 'The request is too large' },
  [ApiCode.TOO_MANY_REQUESTS]: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  [ApiCode.NOT_FOUND]: { zh: '未找到', en: 'Not found' },
  [ApiCode.INTERNAL_ERROR]: { zh: '系统繁忙，请稍后再试', en: 'Something went wrong, please try again later' },
  [ApiCode.LOGIN_FAILED]: { zh: '邮箱或密码错误', en: 'Incorrect email or password' },
  [ApiCode.ACCOUNT_INACTIVE]: {
    zh: '账号尚未激活，请点击邮件中的激活链接',
    en: 'Your account is not activated yet. Please follow the link in the activation email.',
  },
  [ApiCode.ACTIVATION_LINK_INVALID]: { zh: '激活链接无效或已过期', en: 'The activation link is invalid or has expired' },
  [ApiCode.RECOVERY_LINK_INVALID]: { zh: '重置链接无效或已过期', en: 'The reset link is invalid or has expired' },
  [ApiCode.OLD_PASSWORD_WRONG]: { zh: '原密码错误', en: 'The old password is incorrect' },
  [ApiCode.PASSWORD_REUSED]: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one',
  },
  [ApiCode.UNAUTHORIZED]: { zh: '请先登录', en: 'Please log in' },
  [ApiCode.PASSWORD_EXPIRED]: {
    zh: '您的密码已长时间未修改，必须修改密码后才能正常使用。',
    en: 'Your password has not been changed for a long time. You must change the password before you can use it normally.',
  },
  [ApiCode.ACCOUNT_LOCKED]: {
    zh: '您的账号已被锁定，请重置密码后重新登录。',
    en: 'Your account has been locked. Please reset your password and log in again.',
  },
};

export function messageFor(code: ApiCodeValue, locale: Locale): string {
  return codeMessages[code][locale];
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
