import type { LocalizedText } from '../index';
import type { PanelId } from './panels';

/**
 * One taxon of a probability matrix: for each test, the percentage of strains positive.
 * Values are kept within 1–99 so that a single aberrant reaction lowers a taxon's likelihood
 * but never rules it out.
 */
export interface MatrixTaxon {
  /** Current accepted name, or the name of a group the panel cannot split ("Coagulase-negative staphylococci"). */
  name: string;
  zh?: string;
  /** Former names and the names the source used (Enterobacter aerogenes for Klebsiella aerogenes …). */
  synonyms: readonly string[];
  /**
   * Taxa that this panel cannot separate share a complex (Shigella spp., Salmonella enterica
   * subspecies…): the identification is then reported at complex level.
   */
  complex?: string;
  /** Row of the primary tests matrix this taxon belongs to (its genus, or a wider group). */
  primary?: string;
  /** Test code → % positive (1–99); a test without data is absent and weighs as 50 %. */
  percent: Readonly<Record<string, number>>;
  /** Where the values come from, per taxon (and per test where they were refined). */
  source: string;
}

export interface ProbabilityMatrix {
  id: string;
  panel: PanelId;
  name: LocalizedText;
  /** Test codes with a column in the matrix, in panel order. */
  tests: readonly string[];
  taxa: readonly MatrixTaxon[];
  /** Overall source of the matrix, for display. */
  source: string;
}

/** The lowest and highest % positive a matrix may hold. */
export const MIN_PERCENT = 1;
export const MAX_PERCENT = 99;

/** Checks a matrix that came from a file: values in range, every named test known to the matrix. */
export function matrixProblems(matrix: ProbabilityMatrix): string[] {
  const problems: string[] = [];
  const tests = new Set(matrix.tests);
  const names = new Set<string>();
  for (const taxon of matrix.taxa) {
    if (names.has(taxon.name)) problems.push(`${matrix.id}: taxon ${taxon.name} appears twice`);
    names.add(taxon.name);
    for (const [code, value] of Object.entries(taxon.percent)) {
      if (!tests.has(code)) problems.push(`${matrix.id}: ${taxon.name}: test ${code} is not a column of the matrix`);
      if (!Number.isFinite(value) || value < MIN_PERCENT || value > MAX_PERCENT) {
        problems.push(`${matrix.id}: ${taxon.name}: ${code} = ${value} is outside ${MIN_PERCENT}–${MAX_PERCENT} %`);
      }
    }
    if (!taxon.source.trim()) problems.push(`${matrix.id}: ${taxon.name}: no source`);
  }
  return problems;
}
