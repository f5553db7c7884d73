import type { Locale } from '@mdc/contracts';
import { readChineseTerms, type ChineseTerms } from '@mdc/refdata/names';

export type Localized = Record<Locale, string>;

/** The curated Chinese of the tables' English terms (packages/refdata/names/terms.zh.tsv), read once. */
let terms: ChineseTerms | undefined;
const chineseTerms = () => (terms ??= readChineseTerms());

export const BREAKPOINT_TYPE_LABELS: Record<string, Localized> = {
  Human: { en: 'Human clinical breakpoint', zh: '人用临床折点' },
  Animal: { en: 'Veterinary clinical breakpoint', zh: '兽用临床折点' },
  ECOFF: { en: 'Epidemiological cut-off (ECOFF)', zh: '流行病学界值（ECOFF）' },
};

export const METHOD_LABELS: Record<string, Localized> = {
  MIC: { en: 'MIC (mg/L)', zh: 'MIC（mg/L）' },
  DISK: { en: 'Disk diffusion (mm)', zh: '纸片扩散法（mm）' },
};

/** A site of infection as written ("Oral, Uncomplicated urinary tract infection"), each part in Chinese; a part the table lacks stays as written. */
export function siteLabel(site: string): Localized {
  if (site === '') return { en: 'Any site (not site-specific)', zh: '不限感染部位' };
  const zh = site
    .split(',')
    .map((part) => part.trim())
    .map((part) => chineseTerms().zh('site', part) ?? part)
    .join('、');
  return { en: site, zh };
}

export function hostLabel(host: string): Localized {
  return { en: host, zh: chineseTerms().zh('host', host) ?? host };
}

/** A drug class of WHONET Antibiotics.txt ("Aminoglycosides" → 氨基糖苷类); '' stays ''. */
export function drugClassLabel(value: string): Localized {
  return { en: value, zh: value === '' ? '' : (chineseTerms().zh('drug-class', value) ?? value) };
}

/** A drug subclass of WHONET Antibiotics.txt ("Cephalosporin III" → 第三代头孢菌素); '' stays ''. */
export function drugSubclassLabel(value: string): Localized {
  return { en: value, zh: value === '' ? '' : (chineseTerms().zh('drug-subclass', value) ?? value) };
}

export function label(texts: Localized, locale: Locale): string {
  return texts[locale];
}
