/**
 * Which row of AMR 3.0.0's `clinical_breakpoints.tsv` the package's as.sir() reads for a case, and
 * which row the guideline itself would read (the organism's most specific one), so the agreement
 * bench can say why the two answers differ. as.sir() gathers the candidate rows (the species, its
 * genus, family, order and class, the species groups it belongs to, the Gram stain, the anaerobe
 * rows and UNKNOWN = PK/PD) and takes the FIRST of them in the file's order, not the most specific:
 * that is how it answers CLSI Table 2B-5 "Other non-Enterobacterales" for an Enterobacterales
 * species (B_GRAMN sorts before B_[ORD]_ENTRBCTR), or the uncomplicated-UTI row before the systemic one. This file reproduces that choice to explain the
 * disagreements; MDC's answers keep the guideline's rule.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readClinicalBreakpoints, readOrganismGroups, type AmrBreakpointRow } from '@mdc/refdata/amr';

export interface PeerRows {
  /** The row as.sir() reads: the first candidate in file order. */
  first: AmrBreakpointRow | undefined;
  /** The organism's most specific row (lowest rank index; ties in file order). */
  mostSpecific: AmrBreakpointRow | undefined;
}

const GRAM_POSITIVE_PHYLA = new Set(['Bacillota', 'Firmicutes', 'Actinomycetota', 'Actinobacteria', 'Mycoplasmatota', 'Tenericutes', 'Chloroflexota']);

export function peerRowFinder(amrDir: string): (guideline: string, organism: string, drug: string, method: string) => PeerRows {
  const rows = readClinicalBreakpoints(amrDir);
  const groups = readOrganismGroups(amrDir);
  const taxa = gunzipSync(readFileSync(path.join(amrDir, 'microorganisms.tsv.gz'))).toString('utf8').split('\n').map((l) => l.split('\t'));
  const head = taxa[0]!;
  const col = (name: string) => head.indexOf(name);
  const byName = new Map<string, string[]>();
  for (const t of taxa.slice(1)) if (t.length === head.length && !byName.has(`${t[col('rank')]}|${t[col('fullname')]}`)) byName.set(`${t[col('rank')]}|${t[col('fullname')]}`, t);
  const drugs = readFileSync(path.join(amrDir, 'antimicrobials.tsv'), 'utf8').split('\n').map((l) => l.split('\t'));
  const drugCode = new Map(drugs.slice(1).filter((d) => d.length > 2).map((d) => [d[2]!.toLowerCase(), d[0]!]));
  const candidatesOf = (organism: string): Set<string> => {
    const t = byName.get(`species|${organism}`);
    if (!t) return new Set(['UNKNOWN']);
    const mo = new Set<string>([t[col('mo')]!]);
    for (const rank of ['genus', 'family', 'order', 'class'] as const) {
      const higher = byName.get(`${rank}|${t[col(rank)]}`);
      if (higher) mo.add(higher[col('mo')]!);
    }
    for (const g of groups) if (g.mo === t[col('mo')]) mo.add(g.group);
    const positive = GRAM_POSITIVE_PHYLA.has(t[col('phylum')]!) && t[col('class')] !== 'Negativicutes';
    mo.add(positive ? 'B_GRAMP' : 'B_GRAMN');
    if (/^anaerobe/.test(t[col('oxygen_tolerance')]!)) for (const a of ['B_ANAER', positive ? 'B_ANAER-POS' : 'B_ANAER-NEG']) mo.add(a);
    mo.add('UNKNOWN');
    return mo;
  };
  return (guideline, organism, drug, method) => {
    const ab = drugCode.get(drug.toLowerCase());
    const mo = candidatesOf(organism);
    // as.sir() without `uti` keeps the uncomplicated-UTI rows among the candidates (the file lists
    // them before the systemic row: Enterobacterales cefazolin S ≤ 16 before S ≤ 2); a report
    // without a site reads the systemic row.
    const candidates = rows.filter((r) => r.guideline === guideline && r.ab === ab && r.method === method && r.type === 'human' && mo.has(r.mo));
    const systemic = candidates.filter((r) => !r.uti);
    const mostSpecific = [...systemic].sort((a, b) => a.rankIndex - b.rankIndex || a.line - b.line)[0];
    return { first: candidates[0], mostSpecific };
  };
}

/** "B_GRAMN Table 2B-5 (S ≤ 4, R 16)" */
export function describeRow(row: AmrBreakpointRow | undefined): string {
  if (!row) return '—';
  return `${row.mo} ${row.referenceTable}${row.uti ? ' UTI' : ''} (S ${row.s ?? '–'}, R ${row.r ?? '–'})`;
}
