import { breakpointLimit, formatBreakpointValue, type Locale } from '@mdc/contracts';
import type { AntibioticRef, Localized } from '../api';

export const taxonPath = (id: string) => `/resource/taxon/${encodeURIComponent(id)}`;
export const drugPath = (code: string) => `/resource/atb/${encodeURIComponent(code)}`;

/** A drug's name in the reader's language; the English name when no Chinese one is curated. */
export function drugName(drug: Pick<AntibioticRef, 'code' | 'name' | 'nameZh'>, locale: Locale): string {
  return (locale === 'zh' ? (drug.nameZh ?? drug.name) : drug.name) ?? drug.code;
}

export function localized(text: Localized, locale: Locale): string {
  return text[locale] || text.en;
}

/** Names at genus rank and below are written in italics. */
export function isItalicRank(rank: string): boolean {
  return rank === 'genus' || rank === 'species' || rank === 'subspecies';
}

/** A number as a microbiologist writes it: 0.125, 2, 16 — never 1e-3 or 0.12500. */
export function formatValue(value: number): string {
  return formatBreakpointValue(value);
}

/**
 * S and R of a breakpoint row in its guideline's notation: CLSI MIC S ≤ x, R ≥ y; EUCAST MIC
 * S ≤ x, R > y (the stored first resistant value is shown as EUCAST prints it); disks the other way.
 */
export function breakpointCell(guideline: string, method: string, which: 's' | 'r', value: number | null): string {
  return value === null ? '' : breakpointLimit(guideline, method, which, value).text;
}

/** I and SDD as published ("1-2"); WHONET's "-" means the guideline has none. */
export function rangeCell(text: string): string {
  const t = text.trim();
  return t === '-' ? '' : t.replace(/^(\d[\d.]*)\s*-\s*(\d[\d.]*)$/, '$1–$2');
}

/** Case-insensitive match of what was typed against an option's words (names in both languages, codes). */
export function optionMatches(input: string, words: string): boolean {
  return words.toLowerCase().includes(input.trim().toLowerCase());
}
