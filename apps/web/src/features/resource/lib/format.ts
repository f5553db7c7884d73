import { createElement, Fragment, type ReactNode } from 'react';
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

/** Lower case, accents dropped, the separators of names ("K. pneumoniae", "pip/tazo") as spaces. */
function looseKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s/\-,.()[\]{};:·、，。（）【】]+/gu, ' ')
    .trim();
}

/**
 * Whether what was typed matches an option's words (names in both languages, codes): anywhere in
 * them, or word by word as the site search reads it — each typed word starting a word of the
 * name, in order ("K. pneumoniae", "E.coli", "pip/tazo", "Staph aureus").
 */
export function optionMatches(input: string, words: string): boolean {
  const typed = looseKey(input);
  if (!typed) return true;
  const text = looseKey(words);
  if (text.includes(typed)) return true;
  const tokens = typed.split(' ');
  if (tokens.length < 2) return false;
  const list = text.split(' ');
  for (let start = 0; start + tokens.length <= list.length; start++) {
    if (tokens.every((token, i) => list[start + i]!.startsWith(token))) return true;
  }
  return false;
}

/**
 * How closely what was typed names an option (lower is closer), for ordering the matches so that
 * Enter picks the option named exactly as typed: 0 one of its names as typed ("Escherichia coli",
 * "大肠埃希菌", "eco"), 1 each of a name's words abbreviated ("E. coli"), 2 a name starting with
 * it, 3 a later word of a name starting with it, 4 anything else that matched.
 */
export function optionCloseness(input: string, names: readonly string[]): number {
  const typed = looseKey(input);
  if (!typed) return 4;
  const tokens = typed.split(' ');
  let best = 4;
  for (const name of names) {
    const key = looseKey(name);
    if (!key) continue;
    if (key === typed) return 0;
    const words = key.split(' ');
    const fromFirst = tokens.length <= words.length && tokens.every((token, i) => words[i]!.startsWith(token));
    if (fromFirst && tokens.length === words.length) best = Math.min(best, 1);
    else if (key.startsWith(typed) || fromFirst) best = Math.min(best, 2);
    else if (words.some((word) => word.startsWith(tokens[0]!))) best = Math.min(best, 3);
  }
  return best;
}

/**
 * A row's reference table as the reader reads it. AMR 3.0.0 fills CLSI's ECOFF years with EUCAST's
 * values and says so in the table column ("Copied from EUCAST 2024"): the page keeps that, or the
 * row would pass for a CLSI value.
 */
export function referenceTableLabel(table: string, locale: 'zh' | 'en'): string {
  const copied = /^Copied from (.+)$/i.exec(table);
  if (!copied) return table;
  return locale === 'zh' ? `引自 ${copied[1]}` : `copied from ${copied[1]}`;
}

/** A combination's name with a line-break opportunity after each "/" ("Trimethoprim/<wbr>Sulfamethoxazole"). */
export function breakableName(name: string): ReactNode {
  const parts = name.split('/');
  if (parts.length === 1) return name;
  return createElement(Fragment, null, ...parts.flatMap((part, i) => (i === 0 ? [part] : ['/', createElement('wbr', { key: i }), part])));
}
