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
  /** ≤, ≥, < or > ('' for CLSI's "no S category") */
  operator: string;
  value: number;
  /** Operator and value: "≤2", ">8", EUCAST's off-scale "≤(0.001)", CLSI's "—". */
  text: string;
  /** An S limit no isolate can reach, set so that the wild type is categorised I (or R). */
  offScale?: true;
}

/**
 * EUCAST writes an S breakpoint no isolate can reach in brackets, "S ≤ (0.001)" (MIC) and
 * "S ≥ (50)" (disk), where it wants the wild type categorised I (susceptible, increased
 * exposure) and never S. WHONET stores the MIC one as 0.001, AMR 3.0.0 as 0.0001; both store the
 * disk one as 50. CLSI has no S category for such drugs (colistin: I ≤ 2, R ≥ 4) and WHONET and
 * AMR fill the same place-holder in.
 */
export function offScaleSusceptible(method: string, s: number | null): boolean {
  if (s === null) return false;
  return method.toUpperCase() === 'DISK' ? s >= 50 : s <= 0.001 * (1 + 1e-9);
}

/**
 * The S or R limit of a stored breakpoint row in the guideline's own notation: CLSI MIC S ≤ 8,
 * R ≥ 16; EUCAST MIC S ≤ 8, R > 8; CLSI disk S ≥ 14, R ≤ 13; EUCAST disk S ≥ 14, R < 14.
 */
export function breakpointLimit(guideline: string, method: string, which: 's' | 'r', stored: number): BreakpointLimit {
  const disk = method.toUpperCase() === 'DISK';
  let operator: string;
  let value = stored;
  if (which === 's') {
    if (offScaleSusceptible(method, stored)) {
      if (breakpointNotation(guideline) !== 'eucast') return { operator: '', value: stored, text: '—', offScale: true };
      const shown = disk ? stored : 0.001;
      return { operator: disk ? '≥' : '≤', value: shown, text: `${disk ? '≥' : '≤'}(${formatBreakpointValue(shown)})`, offScale: true };
    }
    operator = disk ? '≥' : '≤';
  } else if (breakpointNotation(guideline) === 'eucast') {
    operator = disk ? '<' : '>';
    value = disk ? stored + 1 : previousDilution(stored);
  } else operator = disk ? '≤' : '≥';
  return { operator, value, text: `${operator}${formatBreakpointValue(value)}` };
}

/** What a breakpoint row needs to be written out (a BreakpointView or a database row). */
export interface BreakpointFigures {
  guideline: string;
  method: string;
  s: number | null;
  r: number | null;
  /** I as stored ("2", "21-49"; "-" or '' for none). */
  i?: string | null;
  sdd?: string | null;
  ecoff?: number | null;
  potency?: string | null;
}

/** "S ≤ (0.001)", "R > 4": a limit with its letter, as the guideline prints it. */
function limitWithLetter(bp: BreakpointFigures, which: 's' | 'r', stored: number): string {
  const limit = breakpointLimit(bp.guideline, bp.method, which, stored);
  return `${which.toUpperCase()} ${limit.text.replace(/^([≤≥<>])/, '$1 ')}`;
}

/**
 * I as the interval between the S and the R limit. With an off-scale S the stored I (counted from
 * AMR's 0.0001 place-holder) is not what the guideline means: EUCAST's I runs from the dilution
 * above (0.001) to the R limit ("0.002–4"), CLSI's is "≤ 2"; a disk's from R up to (50) − 1.
 */
export function intermediateText(bp: BreakpointFigures): string {
  const stored = (bp.i ?? '').trim();
  const own = stored === '-' ? '' : stored.replace(/^(\d[\d.]*)\s*-\s*(\d[\d.]*)$/, '$1–$2');
  if (bp.s === null || bp.r === null || !offScaleSusceptible(bp.method, bp.s)) return own;
  if (bp.method.toUpperCase() === 'DISK') {
    const low = bp.r + 1;
    return low <= bp.s - 1 ? `${low}–${bp.s - 1}` : '';
  }
  const top = previousDilution(bp.r);
  if (breakpointNotation(bp.guideline) !== 'eucast') return `≤ ${formatBreakpointValue(top)}`;
  const bottom = DILUTIONS.find((d) => d > 0.001 * (1 + 1e-9))!;
  return top > bottom * (1 + 1e-9) ? `${formatBreakpointValue(bottom)}–${formatBreakpointValue(top)}` : formatBreakpointValue(top);
}

/**
 * A breakpoint row in one line, in its guideline's notation, the same wherever it is shown (Lab
 * results, the breakpoint browser, exports, \`mdc interpret\`): "S ≤ 8 · R ≥ 16 mg/L" (CLSI),
 * "S ≤ (0.001) · I 0.002–4 · R > 4 mg/L" (EUCAST, off-scale S), "S ≥ 14 · R < 14 mm (10 µg)".
 */
export function breakpointSummary(bp: BreakpointFigures): string {
  const mic = bp.method.toUpperCase() !== 'DISK';
  const parts: string[] = [];
  const offScale = offScaleSusceptible(bp.method, bp.s);
  // CLSI prints no S at all where it has no S category
  if (bp.s !== null && !(offScale && breakpointNotation(bp.guideline) !== 'eucast')) parts.push(limitWithLetter(bp, 's', bp.s));
  if (bp.sdd && bp.sdd !== '-') parts.push(`SDD ${bp.sdd.replace(/^(\d[\d.]*)\s*-\s*(\d[\d.]*)$/, '$1–$2')}`);
  const i = intermediateText(bp);
  if (i) parts.push(`I ${i}`);
  if (bp.r !== null) parts.push(limitWithLetter(bp, 'r', bp.r));
  if (parts.length === 0 && bp.ecoff !== null && bp.ecoff !== undefined) parts.push(`ECOFF ${mic ? '≤' : '≥'} ${formatBreakpointValue(bp.ecoff)}`);
  const unit = mic ? 'mg/L' : 'mm';
  const potency = !mic && bp.potency ? ` (${bp.potency})` : '';
  return parts.length ? `${parts.join(' · ')} ${unit}${potency}` : '';
}
