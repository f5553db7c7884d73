import type { KnowledgeBase } from './knowledge-base';
import type { BreakpointType, TestMethod } from './types';

export interface BreakpointYear {
  year: number;
  /** S and R as stored (MIC S ≤ s, R ≥ r; disk S ≥ s, R ≤ r); null where the year has none. */
  s: number | null;
  r: number | null;
  sdd: boolean;
  referenceTable: string;
  /** The organism group the row was chosen at ("Enterobacterales"). */
  matchedAt: string;
  /** S or R differs from the year before. */
  changed: boolean;
}

/**
 * One organism × drug across every year of a guideline: the row each year's interpretation would
 * use, oldest first, and where S or R changed — the data of the breakpoint page's step chart.
 */
export function breakpointHistory(
  kb: KnowledgeBase,
  query: { organism: string; antibiotic: string; guideline: string; method: TestMethod; type?: BreakpointType },
): BreakpointYear[] {
  const guideline = kb.breakpoints.guideline(query.guideline);
  if (!guideline) return [];
  const type = query.type ?? 'Human';
  const years = [...kb.breakpoints.yearsOf(guideline, type)].sort((a, b) => a - b);
  const out: BreakpointYear[] = [];
  for (const year of years) {
    // Any readable value selects the row; the category is not used.
    const result = kb.interpret(
      { organism: query.organism, antibiotic: query.antibiotic, guideline, year, method: query.method, value: query.method === 'MIC' ? '1' : '20', breakpointType: type },
      { expectedResistance: false },
    );
    const bp = result.breakpoint;
    if (!bp || bp.type !== type) continue;
    const previous = out[out.length - 1];
    out.push({
      year,
      s: bp.s,
      r: bp.r,
      sdd: bp.sdd !== null && bp.sdd !== '' && bp.sdd !== '-',
      referenceTable: bp.referenceTable,
      matchedAt: result.matchedLevel && bp ? kb.organisms.groupLabel(result.matchedLevel, bp.organismCode).en : '',
      changed: previous !== undefined && previous.year === year - 1 ? previous.s !== bp.s || previous.r !== bp.r : previous !== undefined && (previous.s !== bp.s || previous.r !== bp.r),
    });
  }
  return out;
}
