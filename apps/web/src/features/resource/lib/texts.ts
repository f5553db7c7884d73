import i18next from 'i18next';
import type { Locale } from '@mdc/contracts';
import { useLocale } from '../../../lib/i18n/hooks';

/**
 * A feature's own texts, kept beside its pages and registered with i18next as namespace `ns`
 * (the shared resource files stay untouched). Registration waits for the first use, because the
 * header's search box is evaluated before i18next is initialised.
 */
export function defineTexts<T extends object>(ns: string, texts: Record<Locale, T>): () => T {
  let registered = false;
  const register = () => {
    if (registered || !i18next.isInitialized) return;
    for (const lng of ['zh', 'en'] as const) i18next.addResourceBundle(lng, ns, texts[lng], true, true);
    registered = true;
  };
  return function useTexts(): T {
    const locale = useLocale();
    register();
    return (registered ? (i18next.getResourceBundle(locale, ns) as T | undefined) : undefined) ?? texts[locale];
  };
}

/**
 * `fmt('共 {n} 条', { n: 3 })` → '共 3 条'. English counts pick their noun: `{n|row|rows}` is
 * "row" when n is 1 ("1 row", not "1 rows"), else "rows"; n may be a formatted number ("1,234").
 */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, key: string, one: string, other: string) =>
      key in values ? (Number(String(values[key]).replace(/,/g, '')) === 1 ? one : other) : whole,
    )
    .replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
