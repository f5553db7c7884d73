import type { AstCategory, ParsedValue, TestMethod } from './types';

/**
 * From a measured value and one breakpoint row to a category.
 *
 * Breakpoint semantics (checked in WHONET's Breakpoints.txt for CLSI and EUCAST
 * alike): MIC S ≤ s and R ≥ r, disk S ≥ s and R ≤ r. WHONET stores EUCAST's
 * "R > 8 mg/L" as r = 16 and "R < 14 mm" as r = 13, so one rule serves both
 * guidelines for values on the two-fold dilution series.
 *
 * MICs are compared on that series: 0.12 and 0.125, 0.06 and 0.0625, 0.064,
 * 0.016 and 0.015625 are the same dilution (tolerance 0.1 log2 units ≈ 7 %).
 * A value between two dilutions (a gradient-strip reading such as 12 or 0.19)
 * is rounded up to the next dilution before interpretation, as EUCAST and CLSI
 * instruct for gradient tests; this is also what makes EUCAST's "R > 8" right
 * for 12 mg/L (→ 16 → R). Zone diameters are read in whole millimetres.
 */

const LOG2_TOLERANCE = 0.1;

export interface BreakpointValues {
  s: number | null;
  r: number | null;
  sdd: string;
  ecoff: number | null;
}

/** A measured value as an interval on the measuring scale (qualifiers open one end). */
export interface MeasuredInterval {
  low: number;
  high: number;
  /** The written number was moved to the dilution series / whole mm. */
  adjusted: { from: number; to: number } | null;
}

function onDilutionSeries(value: number): boolean {
  const log = Math.log2(value);
  return Math.abs(log - Math.round(log)) <= LOG2_TOLERANCE;
}

function dilutionAtOrAbove(value: number): number {
  return onDilutionSeries(value) ? value : 2 ** Math.ceil(Math.log2(value));
}

function dilutionAtOrBelow(value: number): number {
  return onDilutionSeries(value) ? value : 2 ** Math.floor(Math.log2(value));
}

function nextDilution(value: number): number {
  return 2 ** (Math.round(Math.log2(dilutionAtOrAbove(value))) + 1);
}

function previousDilution(value: number): number {
  return 2 ** (Math.round(Math.log2(dilutionAtOrBelow(value))) - 1);
}

/** A plain value on the measuring scale: MICs moved up to the dilution series, zones to whole mm. */
export function pointValue(method: TestMethod, value: number): number {
  return method === 'MIC' ? dilutionAtOrAbove(value) : Math.round(value);
}

/** Where the true value can lie, given how it was written. */
export function measuredInterval(method: TestMethod, value: ParsedValue): MeasuredInterval {
  const v = value.value;
  if (method === 'MIC') {
    switch (value.qualifier) {
      case '=': {
        const to = dilutionAtOrAbove(v);
        return { low: to, high: to, adjusted: to === v ? null : { from: v, to } };
      }
      case '<=':
        return { low: 0, high: dilutionAtOrBelow(v), adjusted: null };
      case '<':
        return { low: 0, high: onDilutionSeries(v) ? previousDilution(v) : dilutionAtOrBelow(v), adjusted: null };
      case '>=':
        return { low: dilutionAtOrAbove(v), high: Infinity, adjusted: null };
      case '>':
        return { low: onDilutionSeries(v) ? nextDilution(v) : dilutionAtOrAbove(v), high: Infinity, adjusted: null };
    }
  }
  switch (value.qualifier) {
    case '=': {
      const to = Math.round(v);
      return { low: to, high: to, adjusted: to === v ? null : { from: v, to } };
    }
    case '<=':
      return { low: -Infinity, high: Math.floor(v), adjusted: null };
    case '<':
      return { low: -Infinity, high: Math.ceil(v) - 1, adjusted: null };
    case '>=':
      return { low: Math.ceil(v), high: Infinity, adjusted: null };
    case '>':
      return { low: Math.floor(v) + 1, high: Infinity, adjusted: null };
  }
}

function micAtOrBelow(value: number, breakpoint: number): boolean {
  return Math.log2(value) <= Math.log2(breakpoint) + LOG2_TOLERANCE;
}

function micAtOrAbove(value: number, breakpoint: number): boolean {
  return Math.log2(value) >= Math.log2(breakpoint) - LOG2_TOLERANCE;
}

export function hasSdd(breakpoint: BreakpointValues): boolean {
  return breakpoint.sdd !== '' && breakpoint.sdd !== '-';
}

/** Clinical category of one point value, or null when the row cannot decide (only R given, value below it). */
export function clinicalCategory(method: TestMethod, value: number, bp: BreakpointValues): AstCategory | null {
  if (method === 'MIC') {
    if (bp.s !== null && micAtOrBelow(value, bp.s)) return 'S';
    if (bp.r !== null && micAtOrAbove(value, bp.r)) return 'R';
  } else {
    if (bp.s !== null && value >= bp.s) return 'S';
    if (bp.r !== null && value <= bp.r) return 'R';
  }
  if (bp.s !== null && bp.r !== null) return hasSdd(bp) ? 'SDD' : 'I';
  if (bp.s !== null) return 'NS';
  return null;
}

export function ecoffCategory(method: TestMethod, value: number, ecoff: number): 'WT' | 'NWT' {
  if (method === 'MIC') return micAtOrBelow(value, ecoff) ? 'WT' : 'NWT';
  return value >= ecoff ? 'WT' : 'NWT';
}

export type Categorization =
  | { kind: 'category'; category: AstCategory; interval: MeasuredInterval }
  | { kind: 'spans'; from: AstCategory | null; to: AstCategory | null; interval: MeasuredInterval }
  | { kind: 'undecided'; interval: MeasuredInterval };

/**
 * A qualified value ("≤4", ">32") is interpretable when both ends of its interval
 * fall in the same category; otherwise it is NI and the spanned categories are reported.
 */
function categorizeInterval(interval: MeasuredInterval, low: AstCategory | null, high: AstCategory | null): Categorization {
  if (low !== null && low === high) return { kind: 'category', category: low, interval };
  if (low === null && high === null) return { kind: 'undecided', interval };
  return { kind: 'spans', from: low, to: high, interval };
}

export function categorizeClinical(method: TestMethod, value: ParsedValue, bp: BreakpointValues): Categorization {
  const interval = measuredInterval(method, value);
  return categorizeInterval(interval, clinicalCategory(method, interval.low, bp), clinicalCategory(method, interval.high, bp));
}

export function categorizeEcoff(method: TestMethod, value: ParsedValue, ecoff: number): Categorization {
  const interval = measuredInterval(method, value);
  return categorizeInterval(interval, ecoffCategory(method, interval.low, ecoff), ecoffCategory(method, interval.high, ecoff));
}
