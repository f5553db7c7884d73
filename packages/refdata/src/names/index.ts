import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ANTIBIOTIC_NAMES_FILE,
  ORGANISM_NAMES_FILE,
  SEARCH_TERMS_FILE,
  TERM_NAMES_FILE,
  parseAntibioticNames,
  parseOrganismNames,
  parseSearchTerms,
  parseTermNames,
  type SearchTermRecord,
  type AntibioticChineseName,
  type OrganismChineseName,
  type TermChineseName,
  type TermKind,
} from './parse';

export { ChineseNamesFormatError } from './errors';
export {
  ANTIBIOTIC_NAMES_FILE,
  ORGANISM_NAMES_FILE,
  ORGANISM_NAME_RANKS,
  SEARCH_TERMS_FILE,
  SEARCH_TERM_KINDS,
  TERM_NAMES_FILE,
  TERM_KINDS,
  parseAntibioticNames,
  parseOrganismNames,
  parseSearchTerms,
  parseTermNames,
  type SearchTermKind,
  type SearchTermRecord,
  type AntibioticChineseName,
  type OrganismChineseName,
  type OrganismNameRank,
  type TermChineseName,
  type TermKind,
} from './parse';

/** The project's curated names folder, `packages/refdata/names`, found from this module's location. */
export const projectNamesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../names');

/** The part of the taxonomy table the names need: the current accepted name of a name. */
export interface CurrentNameResolver {
  resolve(name: string): { current?: { name: string } } | undefined;
}

function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Chinese names for WHONET antibiotic codes and organism names, with the aliases labs use.
 * Look-ups that miss return undefined: the caller then shows the English / Latin name.
 */
export class ChineseNames {
  /** WHONET antibiotic code → Chinese name. */
  readonly antibiotics: ReadonlyMap<string, string>;
  /** Scientific or WHONET group name, exactly as curated → Chinese name. */
  readonly organisms: ReadonlyMap<string, string>;
  readonly antibioticAliases: ReadonlyMap<string, readonly string[]>;
  readonly organismAliases: ReadonlyMap<string, readonly string[]>;
  private readonly organismsLoose = new Map<string, string>();
  private readonly chineseToCodes = new Map<string, string[]>();
  private readonly chineseToOrganisms = new Map<string, string[]>();

  constructor(
    readonly antibioticRecords: readonly AntibioticChineseName[],
    readonly organismRecords: readonly OrganismChineseName[],
  ) {
    const antibiotics = new Map<string, string>();
    const antibioticAliases = new Map<string, readonly string[]>();
    for (const record of antibioticRecords) {
      antibiotics.set(record.code, record.zh);
      antibioticAliases.set(record.code, record.aliases);
      for (const text of [record.zh, ...record.aliases]) push(this.chineseToCodes, text, record.code);
    }
    const organisms = new Map<string, string>();
    const organismAliases = new Map<string, readonly string[]>();
    for (const record of organismRecords) {
      organisms.set(record.name, record.zh);
      organismAliases.set(record.name, record.aliases);
      this.organismsLoose.set(normaliseName(record.name), record.zh);
      for (const text of [record.zh, ...record.aliases]) push(this.chineseToOrganisms, text, record.name);
    }
    this.antibiotics = antibiotics;
    this.antibioticAliases = antibioticAliases;
    this.organisms = organisms;
    this.organismAliases = organismAliases;
  }

  /** Chinese name of a WHONET antibiotic code, case-insensitive. */
  antibioticZh(code: string): string | undefined {
    return this.antibiotics.get(code.trim().toUpperCase());
  }

  /** Chinese name of an organism: exact name first, then ignoring case and spacing. */
  organismZh(name: string): string | undefined {
    return this.organisms.get(name) ?? this.organismsLoose.get(normaliseName(name));
  }

  /**
   * Like organismZh, but a name the file does not list (typically a synonym) falls back to the
   * Chinese name of its current accepted name, e.g. Klebsiella mobilis → 产气克雷伯菌.
   * `taxonomy` is a TaxonomyTable from `@mdc/refdata/taxonomy` (any object with `resolve`).
   */
  organismZhOrCurrent(name: string, taxonomy: CurrentNameResolver): string | undefined {
    const direct = this.organismZh(name);
    if (direct) return direct;
    const current = taxonomy.resolve(name)?.current;
    return current ? this.organismZh(current.name) : undefined;
  }

  /** Antibiotic codes whose Chinese name or alias is exactly this text (for Chinese search). */
  antibioticCodesFor(chinese: string): readonly string[] {
    return this.chineseToCodes.get(chinese.trim()) ?? [];
  }

  /** Organism names whose Chinese name or alias is exactly this text. */
  organismNamesFor(chinese: string): readonly string[] {
    return this.chineseToOrganisms.get(chinese.trim()) ?? [];
  }
}

function push(index: Map<string, string[]>, key: string, value: string): void {
  const list = index.get(key);
  if (!list) index.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** Builds the look-ups from the text of both files (no I/O). */
export function parseChineseNames(antibioticsText: string, organismsText: string): ChineseNames {
  return new ChineseNames(parseAntibioticNames(antibioticsText), parseOrganismNames(organismsText));
}

/**
 * Reads `antibiotics.zh.tsv` and `organisms.zh.tsv` from a folder, by default the project's own
 * curated folder. Throws ChineseNamesFormatError (file, line, column) on a malformed file.
 */
export function readChineseNames(dir: string = projectNamesDir): ChineseNames {
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return new ChineseNames(
    parseAntibioticNames(read(ANTIBIOTIC_NAMES_FILE), ANTIBIOTIC_NAMES_FILE),
    parseOrganismNames(read(ORGANISM_NAMES_FILE), ORGANISM_NAMES_FILE),
  );
}

/** Reads `search-terms.tsv` (abbreviations, short names, brand and class names) from the curated folder. */
export function readSearchTerms(dir: string = projectNamesDir): SearchTermRecord[] {
  return parseSearchTerms(readFileSync(path.join(dir, SEARCH_TERMS_FILE), 'utf8'), SEARCH_TERMS_FILE);
}

/**
 * Chinese for the English terms of the reference tables (drug classes and subclasses, breakpoint
 * sites and hosts). A term the table lacks gives undefined: the caller shows the English.
 */
export class ChineseTerms {
  private readonly byKind = new Map<TermKind, Map<string, string>>();

  constructor(readonly records: readonly TermChineseName[]) {
    for (const record of records) {
      let terms = this.byKind.get(record.kind);
      if (!terms) this.byKind.set(record.kind, (terms = new Map()));
      terms.set(record.en.toLowerCase(), record.zh);
    }
  }

  /** Chinese of one term, ignoring case and surrounding spaces. */
  zh(kind: TermKind, en: string): string | undefined {
    return this.byKind.get(kind)?.get(en.trim().toLowerCase());
  }

  /**
   * Chinese of a comma-separated site list ("Oral, Uncomplicated urinary tract infection" →
   * 口服给药、单纯性尿路感染); undefined unless every part is known, so that no page mixes languages.
   */
  siteZh(site: string): string | undefined {
    const parts = site.split(',').map((part) => this.zh('site', part));
    return parts.every((part): part is string => part !== undefined) ? parts.join('、') : undefined;
  }
}

/** Reads `terms.zh.tsv` from a folder, by default the project's curated folder. */
export function readChineseTerms(dir: string = projectNamesDir): ChineseTerms {
  return new ChineseTerms(parseTermNames(readFileSync(path.join(dir, TERM_NAMES_FILE), 'utf8'), TERM_NAMES_FILE));
}
