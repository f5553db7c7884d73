import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@mdc/contracts';
import { en } from './resources/en';
import { zh, type Messages } from './resources/zh';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    returnNull: false;
  }
}

/** The language is fixed per page load by the URL (switching reloads), so one init suffices. */
export function initI18n(locale: Locale) {
  void i18n.use(initReactI18next).init({
    resources: { zh: { translation: zh }, en: { translation: en } },
    lng: locale,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnObjects: true,
    initAsync: false,
    showSupportNotice: false,
  });
  return i18n;
}

export { i18n };
export { chooseInitialLocale, rootRedirect, routeLocale, switchLocaleUrl, LOCALE_COOKIE } from './locale';
