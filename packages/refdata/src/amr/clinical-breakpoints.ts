import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TaxonomyTable } from '../taxonomy/table';
import type { AntibioticRecord } from '../whonet/antibiotics';
import type { BreakpointRecord, BreakpointType, OrganismCodeType, TestMethod } from '../whonet/breakpoints';
import type { OrganismRecord } from '../whonet/organisms';
import { RefdataFormatError } from '../whonet/table';
import { taxonForWhonetName } from './whonet-names';

export const AMR_3_FOLDER = 'amr-3.0.0';
export const CLINICAL_BREAKPOINTS_FILE = 'clinical_breakpoints.tsv';
export const ORGANISM_GROUPS_FILE = 'microorganisms.groups.tsv';

/**
 * One row of the AMR package 3.0.0's `clinical_breakpoints` (CLSI and EUCAST 2011–2025) as
 * published: breakpoints in the guideline's own notation. MIC: S ≤ s; CLSI R ≥ r, EUCAST R > r.
 * Disk: S ≥ s; CLSI R ≤ r, EUCAST R < r.
 */
export interface AmrBreakpointRow {
  line: number;
  /** "CLSI 2025", "EUCAST 2024". */
  guideline: string;
  family: 'CLSI' | 'EUCAST';
  year: number;
  /** human, animal, ECOFF. */
  type: string;
  host: string;
  method: TestMethod;
  site: string;
  mo: string;
  /** 1 subspecies, 2 species, 2.5 species group, 3 genus, 5 order, 6 Gram stain / anaerobes, 7 any organism. */
  rankIndex: number;
  ab: string;
  referenceTable: string;
  diskDose: string;
  s: number | null;
  r: number | null;
  uti: boolean;
  sdd: boolean;
}

const COLUMNS = ['guideline', 'type', 'host', 'method', 'site', 'mo', 'rank_index', 'ab', 'ref_tbl', 'disk_dose', 'breakpoint_S', 'breakpoint_R', 'uti', 'is_SDD'] as const;

/** Parses the text of `clinical_breakpoints.tsv`; a malformed row throws with its line and column. */
export function parseClinicalBreakpoints(text: string, file = CLINICAL_BREAKPOINTS_FILE): AmrBreakpointRow[] {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').replace(/^\uFEFF/, '').split('\t');
  const at = {} as Record<(typeof COLUMNS)[number], number>;
  for (const column of COLUMNS) {
    const i = header.indexOf(column);
    if (i < 0) throw new RefdataFormatError(`header lacks required column "${column}"`, { file, line: 1, column });
    at[column] = i;
  }
  const rows: AmrBreakpointRow[] = [];
  for (let n = 1; n < lines.length; n++) {
    const raw = lines[n]!.replace(/\r$/, '');
    if (raw === '') continue;
    const cells = raw.split('\t');
    const line = n + 1;
    const cell = (column: (typeof COLUMNS)[number]) => (cells[at[column]] ?? '').trim();
    const fail = (problem: string, column: string): never => {
      throw new RefdataFormatError(problem, { file, line, column });
    };
    if (cells.length !== header.length) fail(`row has ${cells.length} fields, header has ${header.length}`, 'guideline');
    const guideline = /^(CLSI|EUCAST) (\d{4})$/.exec(cell('guideline')) ?? fail(`guideline "${cell('guideline')}" is not "CLSI|EUCAST year"`, 'guideline');
    const method = cell('method');
    if (method !== 'MIC' && method !== 'DISK') fail(`method "${method}" is not MIC or DISK`, 'method');
    const number = (column: 'breakpoint_S' | 'breakpoint_R'): number | null => {
      const text = cell(column);
      if (text === '' || text === 'NA') return null;
      const value = Number(text);
      if (!Number.isFinite(value)) fail(`"${text}" is not a number`, column);
      return value;
    };
    const flag = (column: 'uti' | 'is_SDD'): boolean => {
      const text = cell(column);
      if (text !== 'TRUE' && text !== 'FALSE') fail(`"${text}" is not TRUE or FALSE`, column);
      return text === 'TRUE';
    };
    const rankIndex = Number(cell('rank_index'));
    if (!Number.isFinite(rankIndex)) fail(`rank index "${cell('rank_index')}" is not a number`, 'rank_index');
    rows.push({
      line,
      guideline: guideline[0],
      family: guideline[1] as 'CLSI' | 'EUCAST',
      year: Number(guideline[2]),
      type: cell('type'),
      host: cell('host'),
      method: method as TestMethod,
      site: cell('site'),
      mo: cell('mo'),
      rankIndex,
      ab: cell('ab'),
      referenceTable: cell('ref_tbl'),
      diskDose: cell('disk_dose'),
      s: number('breakpoint_S'),
      r: number('breakpoint_R'),
      uti: flag('uti'),
      sdd: flag('is_SDD'),
    });
  }
  return rows;
}

export interface OrganismGroupMember {
  group: string;
  groupName: string;
  mo: string;
  name: string;
}

/** `microorganisms.groups.tsv`: which species make up CoNS, viridans streptococci, the complexes… */
export function parseOrganismGroups(text: string, file = ORGANISM_GROUPS_FILE): OrganismGroupMember[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const header = (lines[0] ?? '').split('\t');
  const need = ['mo_group', 'mo', 'mo_group_name', 'mo_name'];
  for (const column of need) if (!header.includes(column)) throw new RefdataFormatError(`header lacks required column "${column}"`, { file, line: 1, column });
  const [g, m, gn, mn] = need.map((c) => header.indexOf(c)) as [number, number, number, number];
  return lines
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split('\t'))
    .map((c) => ({ group: c[g] ?? '', mo: c[m] ?? '', groupName: c[gn] ?? '', name: c[mn] ?? '' }));
}

export function readClinicalBreakpoints(dir: string): AmrBreakpointRow[] {
  return parseClinicalBreakpoints(readFileSync(path.join(dir, CLINICAL_BREAKPOINTS_FILE), 'utf8'));
}

export function readOrganismGroups(dir: string): OrganismGroupMember[] {
  return parseOrganismGroups(readFileSync(path.join(dir, ORGANISM_GROUPS_FILE), 'utf8'));
}

/** The AMR 3.0.0 folder inside a reference data folder, when it is there. */
export function amr3Dir(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'amr', AMR_3_FOLDER);
  return existsSync(path.join(dir, CLINICAL_BREAKPOINTS_FILE)) ? dir : undefined;
}

// ---- into the WHONET shape the engine, the database and the pages read ----------------------------

/** The EUCAST dilution series, to store "R > 8" as WHONET does (first resistant dilution: 16). */
const DILUTIONS = [0.001, 0.002, 0.004, 0.008, 0.016, 0.03, 0.06, 0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

function sameDilution(a: number, b: number): boolean {
  return Math.abs(Math.log2(a) - Math.log2(b)) <= 0.1;
}

function dilutionAbove(value: number): number {
  for (const d of DILUTIONS) if (d > value && !sameDilution(d, value)) return d;
  return value * 2;
}

function dilutionsBetween(s: number, r: number): number[] {
  return DILUTIONS.filter((d) => d > s && !sameDilution(d, s) && d < r && !sameDilution(d, r));
}

function formatNumber(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/** The stored R (WHONET form: MIC R ≥ r, disk R ≤ r) of a published limit. */
export function storedResistant(family: 'CLSI' | 'EUCAST', method: TestMethod, published: number): number {
  if (family === 'CLSI') return published;
  return method === 'MIC' ? dilutionAbove(published) : published - 1;
}

/** "10 mcg" → "10μg", "1.25/23.75 mcg" → "1.25μg/23.75μg", "10 units" as is. */
export function whonetPotency(dose: string): string {
  if (dose === '') return '';
  const unit = /units?\b/.test(dose) ? '' : 'μg';
  if (!unit) return dose.replace(/\s+/g, ' ').trim();
  const amounts = dose.replace(/\s*mcg\b/g, '').split('/').map((a) => a.trim());
  return amounts.map((a) => `${a}${unit}`).join('/');
}

/** AMR rows are numbered after WHONET's (29,055 lines) so both fit one key. */
export const AMR_LINE_OFFSET = 1_000_000;

const TYPE: Record<string, BreakpointType> = { human: 'Human', animal: 'Animal', ECOFF: 'ECOFF' };

/** Where a breakpoint of the AMR table goes among the engine's organism levels. */
export interface OrganismPlacement {
  level: OrganismCodeType;
  code: string;
}

export interface AmrConversionContext {
  organisms: readonly OrganismRecord[];
  antibiotics: readonly AntibioticRecord[];
  taxonomy: TaxonomyTable;
  groups: readonly OrganismGroupMember[];
  /** WHONET rows, to reuse their test codes (GEN_ND10) for the same drug, method and disk. */
  whonetBreakpoints?: readonly BreakpointRecord[];
}

export interface AmrConversion {
  records: BreakpointRecord[];
  /** Rows that could not be placed, with why (counted per reason, a few examples each). */
  unplaced: { reason: string; count: number; examples: string[] }[];
}

/** The AMR groups' and higher taxa's places among WHONET's organism codes. */
const FIXED_PLACES: Record<string, OrganismPlacement> = {
  'B_[ORD]_ENTRBCTR': { level: 'FAMILY_CODE', code: 'EBC' },
  B_GRAMN: { level: 'SUBKINGDOM_CODE', code: '-' },
  B_GRAMP: { level: 'SUBKINGDOM_CODE', code: '+' },
  B_ANAER: { level: 'ANAEROBE', code: 'ANA' },
  'B_ANAER-POS': { level: 'ANAEROBE+SUBKINGDOM_CODE', code: 'AN+' },
  'B_ANAER-NEG': { level: 'ANAEROBE+SUBKINGDOM_CODE', code: 'AN-' },
  UNKNOWN: { level: 'ALL', code: 'ALL' },
};

/**
 * The WHONET organism codes of each AMR `mo` code (a taxon's accepted name, and also a synonym's
 * own code, so a row written for the old name still reaches the organism).
 */
export function whonetCodesByMo(organisms: readonly OrganismRecord[], taxonomy: TaxonomyTable): Map<string, Set<string>> {
  const codesByMo = new Map<string, Set<string>>();
  for (const organism of organisms) {
    const taxon = taxonForWhonetName(taxonomy, organism.name);
    const mo = taxon ? (taxonomy.currentName(taxon).current ?? taxon).mo : undefined;
    if (!mo) continue;
    let set = codesByMo.get(mo);
    if (!set) codesByMo.set(mo, (set = new Set()));
    set.add(organism.code);
    if (taxon && taxon.mo !== mo) {
      let own = codesByMo.get(taxon.mo);
      if (!own) codesByMo.set(taxon.mo, (own = new Set()));
      own.add(organism.code);
    }
  }
  return codesByMo;
}

/**
 * Converts AMR 3.0.0 rows to WHONET breakpoint records. Species and subspecies rows go to the
 * WHONET organism codes of that taxon (and its serotype variants: "Escherichia coli O157:H7");
 * species-group rows (CoNS, viridans streptococci, β-haemolytic groups, complexes) go to each
 * member species that has no row of its own for the same guideline, type, host, method and
 * drug, which keeps "most specific row wins"; genus rows to WHONET's genus code; Enterobacterales
 * to family EBC; Gram stain / anaerobe rows to those levels; "UNKNOWN" to ALL (PK/PD).
 */
export function amrBreakpointsAsWhonet(rows: readonly AmrBreakpointRow[], context: AmrConversionContext): AmrConversion {
  const { taxonomy } = context;
  const codesByMo = whonetCodesByMo(context.organisms, taxonomy);
  const genusCodes = new Map<string, Map<string, number>>();
  for (const organism of context.organisms) {
    if (organism.genus && organism.genusCode) {
      let counts = genusCodes.get(organism.genus);
      if (!counts) genusCodes.set(organism.genus, (counts = new Map()));
      counts.set(organism.genusCode, (counts.get(organism.genusCode) ?? 0) + 1);
    }
  }
  const genusCode = (genus: string): string | undefined => {
    const counts = genusCodes.get(genus);
    if (!counts) return undefined;
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const speciesCodes = (mo: string): string[] => [...(codesByMo.get(mo) ?? [])];
  const members = new Map<string, string[]>();
  for (const m of context.groups) {
    const list = members.get(m.group);
    if (list) list.push(m.mo);
    else members.set(m.group, [m.mo]);
  }

  // Which WHONET codes have a species row of their own, per guideline/type/host/method/drug.
  const keyOf = (row: AmrBreakpointRow) => `${row.guideline}|${row.type}|${row.host}|${row.method}|${row.ab}`;
  const ownRows = new Set<string>();
  for (const row of rows) if (row.rankIndex <= 2) for (const code of speciesCodes(row.mo)) ownRows.add(`${keyOf(row)}|${code}`);

  const testCodes = new Map<string, string>();
  for (const b of context.whonetBreakpoints ?? []) {
    if (b.whonetTest) testCodes.set(`${b.guideline}|${b.antibioticCode}|${b.method}|${b.potency}`, b.whonetTest);
  }
  const drugCode = antibioticCodeMap(context.antibiotics);

  const unplaced = new Map<string, { count: number; examples: string[] }>();
  const miss = (reason: string, example: string) => {
    const entry = unplaced.get(reason) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 5 && !entry.examples.includes(example)) entry.examples.push(example);
    unplaced.set(reason, entry);
  };

  const records: BreakpointRecord[] = [];
  for (const row of rows) {
    const type = TYPE[row.type];
    if (!type) {
      miss(`breakpoint type "${row.type}"`, row.type);
      continue;
    }
    const antibiotic = drugCode(row.ab);
    if (!antibiotic) {
      miss('drug not in WHONET Antibiotics.txt', row.ab);
      continue;
    }
    let places: OrganismPlacement[];
    const fixed = FIXED_PLACES[row.mo];
    if (fixed) places = [fixed];
    else if (row.rankIndex <= 2) places = speciesCodes(row.mo).map((code) => ({ level: 'WHONET_ORG_CODE', code }));
    else if (row.rankIndex === 2.5) {
      const group = new Set<string>(speciesCodes(row.mo));
      for (const member of members.get(row.mo) ?? []) for (const code of speciesCodes(member)) group.add(code);
      places = [...group].filter((code) => !ownRows.has(`${keyOf(row)}|${code}`)).map((code) => ({ level: 'WHONET_ORG_CODE', code }));
      if (group.size > 0 && places.length === 0) continue;
    } else if (row.rankIndex === 3) {
      const name = taxonomy.byMo(row.mo)?.name;
      const code = name ? genusCode(name) : undefined;
      places = code ? [{ level: 'GENUS_CODE', code }] : [];
    } else places = [];
    if (places.length === 0) {
      miss('organism without a WHONET code', `${row.mo} ${taxonomy.byMo(row.mo)?.name ?? ''}`.trim());
      continue;
    }
    const potency = row.method === 'DISK' ? whonetPotency(row.diskDose) : '';
    const letter = row.family === 'CLSI' ? 'N' : 'E';
    const testCode =
      testCodes.get(`${row.family}|${antibiotic}|${row.method}|${potency}`) ??
      (row.method === 'MIC' ? `${antibiotic}_${letter}M` : `${antibiotic}_${letter}D${(/^[\d.]+/.exec(row.diskDose)?.[0] ?? '').replace('.', '_')}`);
    const ecoff = type === 'ECOFF';
    const s = ecoff ? null : row.s;
    const r = ecoff || row.r === null ? null : storedResistant(row.family, row.method, row.r);
    let i = '-';
    let sdd = '';
    if (s !== null && r !== null) {
      const between =
        row.method === 'MIC'
          ? dilutionsBetween(s, r).map(formatNumber)
          : r + 1 <= s - 1
            ? [String(r + 1), String(s - 1)].filter((v, k, all) => all.indexOf(v) === k)
            : [];
      const range = between.length === 0 ? '' : between.length === 1 ? between[0]! : `${between[0]}-${between[between.length - 1]}`;
      if (row.sdd && range) sdd = range;
      else if (range) i = range;
    }
    const site = row.uti && !/urinary/i.test(row.site) ? [row.site, 'Uncomplicated urinary tract infection'].filter(Boolean).join(', ') : row.site;
    for (const place of places) {
      records.push({
        // Unique among the WHONET lines (the database keys rows by line); sourceLine is the file's.
        line: AMR_LINE_OFFSET + records.length + 1,
        sourceLine: row.line,
        file: `amr/${AMR_3_FOLDER}/${CLINICAL_BREAKPOINTS_FILE}`,
        guideline: row.family,
        year: row.year,
        method: row.method,
        potency,
        organismCode: place.code,
        organismCodeType: place.level,
        breakpointType: type,
        host: type === 'Human' ? 'Human' : type === 'ECOFF' ? '' : capitalise(row.host),
        siteOfInfection: site,
        // An ECOFF's table says where it comes from ("Copied from EUCAST 2024" under CLSI 2025, "M59
        // Table 1"); only the bare word "ECOFF" says nothing the row type does not.
        referenceTable: ecoff && row.referenceTable === 'ECOFF' ? '' : row.referenceTable,
        referenceSequence: null,
        antibioticCode: antibiotic,
        whonetTest: testCode,
        r,
        i: s !== null && r !== null ? i : '',
        sdd,
        s,
        ecoff: ecoff ? row.s : null,
        dateEntered: '',
        dateModified: '',
        comments: '',
      });
    }
  }
  return { records, unplaced: [...unplaced].map(([reason, v]) => ({ reason, ...v })) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * AMR drug codes are WHONET's with a few exceptions (latamoxef, phenoxymethylpenicillin,
 * polymyxin B…): those are matched by the drug's name.
 */
export function antibioticCodeMap(antibiotics: readonly AntibioticRecord[]): (ab: string) => string | undefined {
  const codes = new Set(antibiotics.map((a) => a.code));
  const byName = new Map<string, string>();
  for (const a of antibiotics) {
    // "Moxalactam (Latamoxef)": either name.
    const name = a.name.toLowerCase();
    for (const n of [name, name.replace(/\s*\([^)]*\)/g, '').trim(), /\(([^)]+)\)/.exec(name)?.[1]]) if (n && !byName.has(n)) byName.set(n, a.code);
  }
  const aliases: Record<string, string> = { LTM: 'latamoxef', PHN: 'phenoxymethylpenicillin', PLB: 'polymyxin b', RTP: 'retapamulin' };
  return (ab) => (codes.has(ab) ? ab : aliases[ab] ? byName.get(aliases[ab]!) : undefined);
}

/** Rows per guideline and year, for the import summary and the README. */
export function countByGuidelineYear(records: readonly { guideline: string; year: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) out[`${r.guideline} ${r.year}`] = (out[`${r.guideline} ${r.year}`] ?? 0) + 1;
  return out;
}

/**
 * WHONET's table and the AMR package's, one table: where both give a guideline-year (CLSI and
 * EUCAST 2011–2022) WHONET's rows are kept — they carry the comments, the site names and the
 * test codes the pages show, and neither source has SDD for those years — and the AMR rows
 * add the years WHONET lacks (2023–2025), with their SDD flags. Decided per guideline, year
 * and breakpoint type, so WHONET's ECOFF years do not hide AMR clinical rows or the reverse.
 */
export function mergeBreakpointTables(whonet: readonly BreakpointRecord[], amr: readonly BreakpointRecord[]): BreakpointRecord[] {
  const key = (b: BreakpointRecord) => `${b.guideline}|${b.year}|${b.breakpointType}`;
  const covered = new Set(whonet.map(key));
  return [...whonet, ...amr.filter((b) => !covered.has(key(b)))];
}

export interface CurrentBreakpoints {
  records: BreakpointRecord[];
  /** AMR rows that had no place among WHONET's organisms or drugs. */
  unplaced: AmrConversion['unplaced'];
  /** Rows served per guideline-year after the merge. */
  perGuidelineYear: Record<string, number>;
}

/**
 * The breakpoint table every reader serves: WHONET's rows merged with the AMR 3.0.0 rows of
 * `dataDir/amr/amr-3.0.0/` (see mergeBreakpointTables); WHONET's alone when that folder is absent.
 */
export function currentBreakpoints(
  dataDir: string,
  whonet: { organisms: readonly OrganismRecord[]; antibiotics: readonly AntibioticRecord[]; breakpoints: readonly BreakpointRecord[] },
  taxonomy: TaxonomyTable,
): CurrentBreakpoints {
  const dir = amr3Dir(dataDir);
  if (!dir) return { records: [...whonet.breakpoints], unplaced: [], perGuidelineYear: countByGuidelineYear(whonet.breakpoints) };
  const converted = amrBreakpointsAsWhonet(readClinicalBreakpoints(dir), {
    organisms: whonet.organisms,
    antibiotics: whonet.antibiotics,
    taxonomy,
    groups: readOrganismGroups(dir),
    whonetBreakpoints: whonet.breakpoints,
  });
  const records = mergeBreakpointTables(whonet.breakpoints, converted.records);
  return { records, unplaced: converted.unplaced, perGuidelineYear: countByGuidelineYear(records) };
}

export const ANTIMICROBIALS_FILE = 'antimicrobials.tsv';

export interface AmrAntimicrobial {
  line: number;
  ab: string;
  name: string;
  group: string;
  atc: string[];
  abbreviations: string[];
  synonyms: string[];
  loinc: string[];
}

/** `antimicrobials.tsv` of AMR 3.0.0: codes, names, ATC, abbreviations, synonyms and LOINC codes. */
export function parseAntimicrobials(text: string, file = ANTIMICROBIALS_FILE): AmrAntimicrobial[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const header = (lines[0] ?? '').split('\t');
  const need = ['ab', 'name', 'group', 'atc', 'abbreviations', 'synonyms', 'loinc'];
  for (const column of need) if (!header.includes(column)) throw new RefdataFormatError(`header lacks required column "${column}"`, { file, line: 1, column });
  const at = (column: string) => header.indexOf(column);
  const list = (value: string | undefined) => (value ?? '').split('|').map((v) => v.trim()).filter((v) => v !== '' && v !== 'NA');
  const out: AmrAntimicrobial[] = [];
  lines.forEach((raw, i) => {
    if (i === 0 || raw === '') return;
    const c = raw.split('\t');
    const ab = c[at('ab')] ?? '';
    if (ab === '') throw new RefdataFormatError('empty drug code', { file, line: i + 1, column: 'ab' });
    out.push({
      line: i + 1,
      ab,
      name: c[at('name')] ?? '',
      group: c[at('group')] ?? '',
      atc: list(c[at('atc')]),
      abbreviations: list(c[at('abbreviations')]),
      synonyms: list(c[at('synonyms')]),
      loinc: list(c[at('loinc')]),
    });
  });
  return out;
}

export function readAntimicrobials(dir: string): AmrAntimicrobial[] {
  return parseAntimicrobials(readFileSync(path.join(dir, ANTIMICROBIALS_FILE), 'utf8'));
}

/**
 * Drug names and codes as other systems write them, each to its WHONET code: the AMR code, the
 * name, abbreviations and synonyms. TET is among tetracycline's abbreviations while WHONET's
 * TET is tetroxoprim: the engine keeps both and chooses by breakpoints.
 */
export function antibioticAliasesFrom(antimicrobials: readonly AmrAntimicrobial[], whonet: readonly AntibioticRecord[]): { name: string; code: string }[] {
  const toWhonet = antibioticCodeMap(whonet);
  const out: { name: string; code: string }[] = [];
  for (const drug of antimicrobials) {
    const code = toWhonet(drug.ab) ?? whonet.find((w) => w.name.toLowerCase() === drug.name.toLowerCase())?.code;
    if (!code) continue;
    for (const name of [drug.ab, drug.name, ...drug.abbreviations, ...drug.synonyms]) out.push({ name, code });
  }
  return out;
}

export const DOSAGE_FILE = 'dosage.tsv';

/** `dosage.tsv`: the EUCAST dosages behind the breakpoints, by WHONET code. */
export function readDosages(dir: string, whonet: readonly AntibioticRecord[]): NonNullable<import('@mdc/core/ast').AstTables['dosages']> {
  const file = path.join(dir, DOSAGE_FILE);
  if (!existsSync(file)) return [];
  const toWhonet = antibioticCodeMap(whonet);
  const lines = readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/\r$/, ''));
  const header = (lines[0] ?? '').split('\t');
  const at = (c: string) => header.indexOf(c);
  const out: NonNullable<import('@mdc/core/ast').AstTables['dosages']> = [];
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const c = line.split('\t');
    const code = toWhonet(c[at('ab')] ?? '');
    if (!code) continue;
    out.push({ code, type: c[at('type')] ?? '', dose: c[at('dose')] ?? '', times: c[at('dose_times')] ?? '', administration: c[at('administration')] ?? '', version: c[at('eucast_version')] ?? '' });
  }
  return out;
}
