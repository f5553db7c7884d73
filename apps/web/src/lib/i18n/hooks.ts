import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { localizedPath, type Locale } from '@mdc/contracts';
import { writeLocaleCookie } from '../cookies';
import { routeLocale, switchLocaleUrl } from './locale';

/** The language of the current route: no prefix is Chinese, `/en` is English. */
export function useLocale(): Locale {
  return routeLocale(useLocation().pathname);
}

/** Turns a locale-free path (`/lab/hist`) into the current language's URL. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizedPath(path, locale), [locale]);
}

/** Remembers the choice for a year and reloads the same page in the other language. */
export function switchLocale(target: Locale): void {
  writeLocaleCookie(target);
  window.location.assign(switchLocaleUrl(window.location, target));
}
