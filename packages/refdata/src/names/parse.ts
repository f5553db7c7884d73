import { ChineseNamesFormatError } from './errors';

export const ANTIBIOTIC_NAMES_FILE = 'antibiotics.zh.tsv';
export const ORGANISM_NAMES_FILE = 'organisms.zh.tsv';

/**
 * What an organism row names. Beyond the taxonomic ranks, WHONET breakpoint and rule tables
 * refer to informal groups (coagulase-negative staphylococci, anaerobes), complexes, serogroups,
 * serotypes / serovars and biotypes, which need Chinese names just the same.
 */
export const ORGANISM_NAME_RANKS = [
  'kingdom',
  'phylum',
  'class',
  'order',
  'family',
  'genus',
  'species',
  'subspecies',
  'variety',
  'complex',
  'group',
  'serogroup',
  'serotype',
  'serovar',
  'biotype',
] as const;
export type OrganismNameRank = (typeof ORGANISM_NAME_RANKS)[number];

export interface AntibioticChineseName {
  /** WHONET antibiotic code, upper case (e.g. "TZP"). */
  code: string;
  /** English name as written in WHONET Antibiotics.txt. */
  en: string;
  zh: string;
  /** Other names in use in Chinese laboratories, most common first. */
  aliases: string[];
  source: string;
  line: number;
}

export interface OrganismChineseName {
  /** Scientific (or WHONET group) name exactly as in the taxonomy table or WHONET Organisms.txt. */
  name: string;
  rank: OrganismNameRank;
  zh: string;
  aliases: string[];
  source: string;
  line: number;
}

const RANKS: ReadonlySet<string> = new Set(ORGANISM_NAME_RANKS);
const WHONET_CODE = /^[A-Z0-9]{2,4}$/;
// CJK Unified Ideographs (and extension A): a Chinese name with none of them is a shifted column.
const HAN = /[\u3400-\u9fff]/;

type Row = { fields: Map<string, string>; line: number };

function readRows(
  text: string,
  file: string,
  required: readonly string[],
  optional: readonly string[],
): Row[] {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '');
  if (header.trim() === '') throw new ChineseNamesFormatError('file is empty (no header row)', { file, line: 1 });
  const columns = header.split('\t').map((c) => c.trim());
  const known = new Set([...required, ...optional]);
  const seen = new Set<string>();
  for (const column of columns) {
    if (!known.has(column)) {
      throw new ChineseNamesFormatError(`unknown column "${column}" (expected ${[...known].join(', ')})`, {
        file,
        line: 1,
        column,
      });
    }
    if (seen.has(column)) throw new ChineseNamesFormatError(`column "${column}" appears twice`, { file, line: 1, column });
    seen.add(column);
  }
  for (const column of required) {
    if (!seen.has(column)) {
      throw new ChineseNamesFormatError(`header lacks required column "${column}"`, { file, line: 1, column });
    }
  }
  const rows: Row[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const raw = (lines[i] as string).replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const line = i + 1;
    const values = raw.split('\t');
    if (values.length !== columns.length) {
      throw new ChineseNamesFormatError(`${values.length} fields, header has ${columns.length}`, { file, line });
    }
    const fields = new Map<string, string>();
    columns.forEach((column, at) => fields.set(column, (values[at] as string).trim()));
    rows.push({ fields, line });
  }
  return rows;
}

function chineseField(row: Row, column: string, file: string): string {
  const value = row.fields.get(column) ?? '';
  if (value === '') throw new ChineseNamesFormatError('empty Chinese name', { file, line: row.line, column });
  if (!HAN.test(value)) {
    throw new ChineseNamesFormatError(`"${value}" contains no Chinese characters`, { file, line: row.line, column });
  }
  return value;
}

function requiredField(row: Row, column: string, file: string): string {
  const value = row.fields.get(column) ?? '';
  if (value === '') throw new ChineseNamesFormatError(`empty ${column}`, { file, line: row.line, column });
  return value;
}

function aliasesField(row: Row, zh: string, file: string): string[] {
  const text = row.fields.get('zh_aliases') ?? '';
  if (text === '') return [];
  const aliases = text.split(';').map((a) => a.trim());
  const where = { file, line: row.line, column: 'zh_aliases' };
  const seen = new Set<string>([zh]);
  for (const alias of aliases) {
    if (alias === '') throw new ChineseNamesFormatError('empty alias (doubled or trailing ";")', where);
    if (!HAN.test(alias)) throw new ChineseNamesFormatError(`alias "${alias}" contains no Chinese characters`, where);
    if (seen.has(alias)) throw new ChineseNamesFormatError(`alias "${alias}" repeats the name or another alias`, where);
    seen.add(alias);
  }
  return aliases;
}

/** Parses `antibiotics.zh.tsv` (code, en, zh, zh_aliases?, source). */
export function parseAntibioticNames(text: string, file: string = ANTIBIOTIC_NAMES_FILE): AntibioticChineseName[] {
  const rows = readRows(text, file, ['code', 'en', 'zh', 'source'], ['zh_aliases']);
  const byCode = new Map<string, AntibioticChineseName>();
  const out: AntibioticChineseName[] = [];
  for (const row of rows) {
    const code = requiredField(row, 'code', file);
    if (!WHONET_CODE.test(code)) {
      throw new ChineseNamesFormatError(`"${code}" is not a WHONET antibiotic code (2–4 upper-case letters or digits)`, {
        file,
        line: row.line,
        column: 'code',
      });
    }
    const en = requiredField(row, 'en', file);
    const zh = chineseField(row, 'zh', file);
    const entry: AntibioticChineseName = {
      code,
      en,
      zh,
      aliases: aliasesField(row, zh, file),
      source: requiredField(row, 'source', file),
      line: row.line,
    };
    const earlier = byCode.get(code);
    if (earlier) {
      const differs = earlier.en !== en || earlier.zh !== zh;
      throw new ChineseNamesFormatError(
        differs
          ? `code ${code} already named on line ${earlier.line} as "${earlier.en}" / ${earlier.zh}, here "${en}" / ${zh}`
          : `code ${code} repeats line ${earlier.line}`,
        { file, line: row.line, column: 'code' },
      );
    }
    byCode.set(code, entry);
    out.push(entry);
  }
  return out;
}

/** Parses `organisms.zh.tsv` (name, rank, zh, zh_aliases?, source). */
export function parseOrganismNames(text: string, file: string = ORGANISM_NAMES_FILE): OrganismChineseName[] {
  const rows = readRows(text, file, ['name', 'rank', 'zh', 'source'], ['zh_aliases']);
  const byName = new Map<string, OrganismChineseName>();
  const out: OrganismChineseName[] = [];
  for (const row of rows) {
    const name = requiredField(row, 'name', file);
    if (/\s{2,}/.test(name)) {
      throw new ChineseNamesFormatError(`"${name}" has doubled spaces`, { file, line: row.line, column: 'name' });
    }
    const rank = requiredField(row, 'rank', file);
    if (!RANKS.has(rank)) {
      throw new ChineseNamesFormatError(`unknown rank "${rank}" (expected ${ORGANISM_NAME_RANKS.join(', ')})`, {
        file,
        line: row.line,
        column: 'rank',
      });
    }
    const zh = chineseField(row, 'zh', file);
    const entry: OrganismChineseName = {
      name,
      rank: rank as OrganismNameRank,
      zh,
      aliases: aliasesField(row, zh, file),
      source: requiredField(row, 'source', file),
      line: row.line,
    };
    const key = name.toLowerCase();
    const earlier = byName.get(key);
    if (earlier) {
      const differs = earlier.zh !== zh;
      throw new ChineseNamesFormatError(
        differs
          ? `${name} already named on line ${earlier.line} as ${earlier.zh}, here ${zh}`
          : `${name} repeats line ${earlier.line}`,
        { file, line: row.line, column: 'name' },
      );
    }
    byName.set(key, entry);
    out.push(entry);
  }
  return out;
}

export const SEARCH_TERMS_FILE = 'search-terms.tsv';
export const SEARCH_TERM_KINDS = ['taxon', 'drug', 'class'] as const;
export type SearchTermKind = (typeof SEARCH_TERM_KINDS)[number];

/**
 * Words people type for an organism, a drug or a drug class that are not its name: clinical
 * abbreviations (MRSA, GBS, CRE), short names (staph, pneumococcus), drug abbreviations and brand
 * names (pip/tazo, TMP-SMX, 泰能), drug-class names in both languages (carbapenems, 碳青霉烯类).
 */
export interface SearchTermRecord {
  terms: string[];
  kind: SearchTermKind;
  /**
   * taxon: scientific (or WHONET group) names, the first one an index knows is used;
   * drug: WHONET antibiotic codes; class: a drug-class key the search module defines.
   */
  targets: string[];
  source: string;
  line: number;
}

const KINDS: ReadonlySet<string> = new Set(SEARCH_TERM_KINDS);

function listField(row: Row, column: string, file: string): string[] {
  const items = requiredField(row, column, file).split(';').map((t) => t.trim());
  const where = { file, line: row.line, column };
  const seen = new Set<string>();
  for (const item of items) {
    if (item === '') throw new ChineseNamesFormatError('empty item (doubled or trailing ";")', where);
    if (item.length > 100) throw new ChineseNamesFormatError(`item longer than 100 characters: "${item.slice(0, 20)}…"`, where);
    const key = item.toLowerCase();
    if (seen.has(key)) throw new ChineseNamesFormatError(`"${item}" appears twice`, where);
    seen.add(key);
  }
  return items;
}

/** Parses `search-terms.tsv` (terms, kind, target, source; lists separated by ";"). */
export function parseSearchTerms(text: string, file: string = SEARCH_TERMS_FILE): SearchTermRecord[] {
  const rows = readRows(text, file, ['terms', 'kind', 'target', 'source'], []);
  return rows.map((row) => {
    const kind = requiredField(row, 'kind', file);
    if (!KINDS.has(kind)) {
      throw new ChineseNamesFormatError(`unknown kind "${kind}" (expected ${SEARCH_TERM_KINDS.join(', ')})`, { file, line: row.line, column: 'kind' });
    }
    const targets = listField(row, 'target', file);
    if (kind === 'drug') {
      for (const code of targets) {
        if (!WHONET_CODE.test(code)) {
          throw new ChineseNamesFormatError(`"${code}" is not a WHONET antibiotic code (2–4 upper-case letters or digits)`, { file, line: row.line, column: 'target' });
        }
      }
    }
    return { terms: listField(row, 'terms', file), kind: kind as SearchTermKind, targets, source: requiredField(row, 'source', file), line: row.line };
  });
}

export const TERM_NAMES_FILE = 'terms.zh.tsv';
/**
 * The English words of the reference tables that pages show: a drug's class and subclass (WHONET
 * Antibiotics.txt), a breakpoint's site of infection and host (WHONET Breakpoints.txt, AMR
 * clinical_breakpoints.tsv). A site list ("Oral, Uncomplicated urinary tract infection") is
 * translated part by part.
 */
export const TERM_KINDS = ['drug-class', 'drug-subclass', 'site', 'host'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export interface TermChineseName {
  kind: TermKind;
  /** The English term as the source writes it (matched ignoring case). */
  en: string;
  zh: string;
  source: string;
  line: number;
}

const TERM_KIND_SET: ReadonlySet<string> = new Set(TERM_KINDS);

/** Parses `terms.zh.tsv` (kind, en, zh, source). */
export function parseTermNames(text: string, file: string = TERM_NAMES_FILE): TermChineseName[] {
  const rows = readRows(text, file, ['kind', 'en', 'zh', 'source'], []);
  const seen = new Map<string, TermChineseName>();
  return rows.map((row) => {
    const kind = requiredField(row, 'kind', file);
    if (!TERM_KIND_SET.has(kind)) {
      throw new ChineseNamesFormatError(`unknown kind "${kind}" (expected ${TERM_KINDS.join(', ')})`, { file, line: row.line, column: 'kind' });
    }
    const en = requiredField(row, 'en', file);
    if (kind === 'site' && en.includes(',')) {
      throw new ChineseNamesFormatError(`"${en}": a site list is translated part by part; list each part on its own row`, { file, line: row.line, column: 'en' });
    }
    const entry: TermChineseName = { kind: kind as TermKind, en, zh: chineseField(row, 'zh', file), source: requiredField(row, 'source', file), line: row.line };
    const key = `${kind}\t${en.toLowerCase()}`;
    const earlier = seen.get(key);
    if (earlier) throw new ChineseNamesFormatError(`${kind} "${en}" repeats line ${earlier.line}`, { file, line: row.line, column: 'en' });
    seen.set(key, entry);
    return entry;
  });
}
