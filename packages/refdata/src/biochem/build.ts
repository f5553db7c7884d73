import { BIOCHEM_PANELS, type MatrixTaxon, type ProbabilityMatrix } from '@mdc/core/identify/biochem';
import type { BergeysTable } from './bergeys';
import {
  API20E_FROM_CONVENTIONAL,
  API20E_OVERRIDES,
  BERGEYS_NAMING,
  BERGEYS_SOURCE,
  CODE_PERCENT,
  EXTRA_ZH,
  FARMER_1985,
  FAMILY_VALUES,
  FARMER_REFINEMENTS,
} from './curation-enterobacterales';
import { PRIMARY_ROWS } from './curation-primary';
import { MATRIX_FILES, type MatrixFileSpec } from './matrices';

export interface NameHelpers {
  /** Chinese name from the project's curated names, if any. */
  zh(name: string): string | undefined;
  /** Names the taxonomy passes through from a name to its current name (both ends included). */
  renamePath(name: string): readonly string[];
}

const spec = (panel: MatrixFileSpec['panel']): MatrixFileSpec => MATRIX_FILES.find((m) => m.panel === panel)!;
const clamp = (v: number) => Math.min(99, Math.max(1, Math.round(v)));

/**
 * The conventional and API 20E Enterobacterales matrices from the shared Bergey's-style table
 * and MDC's curation. Throws when the table and the curation disagree (a row without a name
 * mapping, a refinement for a taxon or test the table lacks).
 */
export function buildEnterobacteralesMatrices(table: BergeysTable, names: NameHelpers): { conventional: ProbabilityMatrix; api20e: ProbabilityMatrix } {
  const conventionalTests = BIOCHEM_PANELS.conventional.tests.filter((c) => table.tests.includes(c));
  const namingBySource = new Map(BERGEYS_NAMING.map((n) => [n.source, n]));
  const conventional: MatrixTaxon[] = [];
  const api: MatrixTaxon[] = [];
  const usedRefinements = new Set<string>();
  for (const row of table.taxa) {
    const naming = namingBySource.get(row.name);
    if (!naming) throw new Error(`no MDC name for Bergey's row "${row.name}"`);
    const path = names.renamePath(row.name);
    const current = path[path.length - 1];
    if (current && current !== naming.name && !naming.note && !naming.name.startsWith(current)) {
      throw new Error(`"${row.name}": the taxonomy says ${current}, the curation ${naming.name} without a note`);
    }
    const synonyms = [...new Set([row.name, ...path].filter((n) => n !== naming.name && !n.startsWith('subsp.')))];
    const refined = FARMER_REFINEMENTS[naming.name] ?? {};
    if (FARMER_REFINEMENTS[naming.name]) usedRefinements.add(naming.name);
    const percent: Record<string, number> = {};
    const familyNotes: string[] = [];
    for (const code of conventionalTests) {
      const farmer = refined[code];
      const family = FAMILY_VALUES[code];
      if (farmer !== undefined) percent[code] = clamp(farmer);
      else if (family && family.unlessCode !== row.codes[code]) {
        percent[code] = family.percent;
        familyNotes.push(family.source);
      } else percent[code] = CODE_PERCENT[row.codes[code]!];
    }
    for (const code of Object.keys(refined)) {
      if (!conventionalTests.includes(code)) throw new Error(`refinement of ${naming.name}: ${code} is not a conventional test`);
    }
    const zh = names.zh(naming.name) ?? EXTRA_ZH[naming.name];
    const refinedCodes = Object.keys(refined);
    const nameNote = naming.note ? `; name: ${naming.note}` : '';
    conventional.push({
      name: naming.name,
      ...(zh ? { zh } : {}),
      synonyms,
      ...(naming.complex ? { complex: naming.complex } : {}),
      primary: naming.primary,
      percent,
      source: `${BERGEYS_SOURCE}, row "${row.name}" (codes → band midpoints)` +
        (refinedCodes.length ? `; ${refinedCodes.join(', ')} from ${FARMER_1985}` : '') +
        familyNotes.map((n) => `; ${n}`).join('') +
        nameNote,
    });

    const overrides = API20E_OVERRIDES[naming.name] ?? {};
    const apiPercent: Record<string, number> = {};
    for (const well of BIOCHEM_PANELS.API20E.tests) {
      const override = overrides[well];
      if (override) {
        apiPercent[well] = clamp(override.percent);
        continue;
      }
      const from = API20E_FROM_CONVENTIONAL[well];
      if (!from || percent[from] === undefined) throw new Error(`API 20E well ${well} has no conventional counterpart`);
      apiPercent[well] = percent[from]!;
    }
    const complexApi = naming.complexApi ?? naming.complex;
    api.push({
      name: naming.name,
      ...(zh ? { zh } : {}),
      synonyms,
      ...(complexApi ? { complex: complexApi } : {}),
      primary: naming.primary,
      percent: apiPercent,
      source:
        `wells from the conventional row of ${naming.name} (TDA ← phenylalanine deaminase, AMY ← salicin, others ← same test)` +
        Object.entries(overrides).map(([well, o]) => `; ${o.source}`).join(''),
    });
  }
  for (const name of Object.keys(FARMER_REFINEMENTS)) {
    if (!usedRefinements.has(name)) throw new Error(`refinement for ${name}, which is not a row of the matrix`);
  }
  for (const name of Object.keys(API20E_OVERRIDES)) {
    if (!api.some((t) => t.name === name)) throw new Error(`API 20E override for ${name}, which is not a row of the matrix`);
  }
  const c = spec('conventional');
  const a = spec('API20E');
  return {
    conventional: { id: c.id, panel: c.panel, name: c.name, tests: conventionalTests, taxa: conventional, source: c.source },
    api20e: { id: a.id, panel: a.panel, name: a.name, tests: BIOCHEM_PANELS.API20E.tests, taxa: api, source: a.source },
  };
}

/**
 * The primary tests and morphology matrix from MDC's curation. The Enterobacterales rows take the
 * tests they share with the conventional tubes (indole, urease, motility, lactose …) as the mean
 * of their species in the conventional matrix (biogroups left out), so that the two matrices
 * never disagree.
 */
export function buildPrimaryMatrix(conventional?: ProbabilityMatrix): ProbabilityMatrix {
  const tests = BIOCHEM_PANELS.primary.tests;
  const shared = conventional ? tests.filter((c) => conventional.tests.includes(c)) : [];
  const taxa: MatrixTaxon[] = PRIMARY_ROWS.map((row) => {
    for (const code of Object.keys(row.values)) {
      if (!tests.includes(code)) throw new Error(`primary row ${row.name}: ${code} is not a primary test`);
    }
    const percent: Record<string, number> = {};
    for (const code of tests) if (row.values[code] !== undefined) percent[code] = clamp(row.values[code]!);
    let source = row.source;
    // Biogroups (the inactive E. coli, Edwardsiella tarda biogroup 1) are uncommon variants of a
    // species: counting them as equals of the species would halve the genus' motility or lactose.
    const members = conventional?.taxa.filter((t) => t.primary === row.name && !/biogroup/.test(t.name)) ?? [];
    if (members.length > 0) {
      for (const code of shared) {
        percent[code] = clamp(members.reduce((sum, t) => sum + t.percent[code]!, 0) / members.length);
      }
      source += `; ${shared.join(', ')}: mean of its ${members.length} taxa in the conventional matrix`;
    }
    return { name: row.name, zh: row.zh, synonyms: [], ...(row.complex ? { complex: row.complex } : {}), percent, source };
  });
  const p = spec('primary');
  return { id: p.id, panel: p.panel, name: p.name, tests, taxa, source: p.source };
}

export const MATRIX_COMMENTS: Readonly<Record<string, readonly string[]>> = {
  conventional: [
    'MDC probability matrix: Enterobacterales, conventional tubes. % of strains positive (1–99; 0 and 100 are entered as 1 and 99).',
    'Generated by packages/refdata/src/biochem/build.ts from the shared Bergey\'s-style code table and MDC\'s curation; edit the curation, not this file.',
    'Test codes: see packages/core/src/identify/biochem/tests.ts. complex: taxa this panel cannot separate. primary: the row of primary.tsv the taxon belongs to.',
  ],
  API20E: [
    'MDC probability matrix: API 20E (20 wells + oxidase). % of strains positive (1–99).',
    'Generated by packages/refdata/src/biochem/build.ts: each well from its conventional counterpart (see the source of each row); edit the curation, not this file.',
  ],
  primary: [
    'MDC probability matrix: primary tests and morphology. % of strains positive (1–99); an empty cell means no data (weighs 50 %).',
    'Generated by packages/refdata/src/biochem/build.ts from curation-primary.ts; edit the curation, not this file.',
  ],
};
