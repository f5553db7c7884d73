import Cookies from 'js-cookie';
import type { Locale } from '@mdc/contracts';
import { appConfig } from '../config';
import { LOCALE_COOKIE } from './i18n/locale';

export const TOKEN_COOKIE = 'token';
export const EMAIL_COOKIE = 'email';

const base = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'lax',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

export function readSession(): { token: string; email: string } | null {
  const token = Cookies.get(TOKEN_COOKIE);
  if (!token) return null;
  return { token, email: Cookies.get(EMAIL_COOKIE) ?? '' };
}

export function readEmail(): string {
  return Cookies.get(EMAIL_COOKIE) ?? '';
}

/** Both cookies live as long as the token does, so they never outlast the session they describe. */
export function writeSession(session: { token: string; email: string; expiresAt?: string }): void {
  const expires = session.expiresAt ? new Date(session.expiresAt) : undefined;
  const attributes = { ...base(), ...(expires && !Number.isNaN(expires.getTime()) ? { expires } : {}) };
  Cookies.set(TOKEN_COOKIE, session.token, attributes);
  Cookies.set(EMAIL_COOKIE, session.email, attributes);
}

export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  Cookies.remove(EMAIL_COOKIE, { path: '/' });
}

export function readLocaleCookie(): string | undefined {
  return Cookies.get(LOCALE_COOKIE);
}

export function writeLocaleCookie(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, { ...base(), expires: appConfig.localeCookieDays });
}
