/**
 * Breakpoints as each guideline prints them.
 *
 * WHONET's Breakpoints.txt (and so the database) keeps every guideline in one form: MIC S ≤ s and
 * R ≥ r (mg/L), disk S ≥ s and R ≤ r (mm), r being the first resistant value. CLSI prints exactly
 * that. EUCAST prints the resistant limit as the last value that is not resistant: MIC "R > 8"
 * where WHONET stores 16 (the next two-fold dilution), disk "R < 16" where WHONET stores 15. The
 * French CA-SFM (SFM) adopted EUCAST's tables and notation. Other guidelines are shown in the
 * stored form.
 */

export type BreakpointNotation = 'clsi' | 'eucast';

const EUCAST_STYLE = new Set(['EUCAST', 'SFM']);

export function breakpointNotation(guideline: string): BreakpointNotation {
  return EUCAST_STYLE.has(guideline.trim().toUpperCase()) ? 'eucast' : 'clsi';
}

/** The MIC dilution series as EUCAST prints it (mg/L). */
const DILUTIONS = [0.001, 0.002, 0.004, 0.008, 0.016, 0.03, 0.06, 0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/** The dilution below a stored resistant MIC: 16 → 8, 0.12 → 0.06, 129 (WHONET's "above 128") → 128. */
function previousDilution(value: number): number {
  let below: number | undefined;
  for (const d of DILUTIONS) if (d < value * (1 - 1e-9)) below = d;
  return below ?? value / 2;
}

/** A number as microbiologists write it: 0.125, 2, 16 — never 1e-3 or 0.12500. */
export function formatBreakpointValue(value: number): string {
  return String(Number(value.toPrecision(6)));
}

export interface BreakpointLimit {
  /** ≤, ≥, < or > */
  operator: string;
  value: number;
  /** Operator and value: "≤2", ">8". */
  text: string;
}

/**
 * The S or R limit of a stored breakpoint row in the guideline's own notation: CLSI MIC S ≤ 8,
 * R ≥ 16; EUCAST MIC S ≤ 8, R > 8; CLSI disk S ≥ 14, R ≤ 13; EUCAST disk S ≥ 14, R < 14.
 */
export function breakpointLimit(guideline: string, method: string, which: 's' | 'r', stored: number): BreakpointLimit {
  const disk = method.toUpperCase() === 'DISK';
  let operator: string;
  let value = stored;
  if (which === 's') operator = disk ? '≥' : '≤';
  else if (breakpointNotation(guideline) === 'eucast') {
    operator = disk ? '<' : '>';
    value = disk ? stored + 1 : previousDilution(stored);
  } else operator = disk ? '≤' : '≥';
  return { operator, value, text: `${operator}${formatBreakpointValue(value)}` };
}
