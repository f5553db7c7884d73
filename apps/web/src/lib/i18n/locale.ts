import { localizedPath, splitLocale, type Locale } from '@mdc/contracts';

export const LOCALE_COOKIE = 'locale';

function fromTag(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

/**
 * The language of a first visit to the root path: an earlier explicit choice (cookie) wins, then
 * the first browser language we offer, else Chinese.
 */
export function chooseInitialLocale(input: { cookie?: string | null; languages?: readonly string[] }): Locale {
  const fromCookie = fromTag(input.cookie);
  if (fromCookie) return fromCookie;
  for (const language of input.languages ?? []) {
    const locale = fromTag(language);
    if (locale) return locale;
  }
  return 'zh';
}

/** Where a load of `pathname` must go before rendering, or null to stay. Only `/` is redirected. */
export function rootRedirect(pathname: string, chosen: Locale): string | null {
  if (pathname !== '/') return null;
  return chosen === 'en' ? localizedPath('/', 'en') : null;
}

/** The same page in the other language, keeping query and fragment. */
export function switchLocaleUrl(location: { pathname: string; search?: string; hash?: string }, target: Locale): string {
  const { path } = splitLocale(location.pathname);
  return localizedPath(path, target) + (location.search ?? '') + (location.hash ?? '');
}

export function routeLocale(pathname: string): Locale {
  return splitLocale(pathname).locale;
}
