import { drugOf } from './drugs';
import { hasExtendedSpectrumCodes, intrinsicRuleFor, organismMatches } from './intrinsic';
import type { GeneCall, MutationCall, ResistomeResult } from './engine';
import { AMRFINDER_SUBCLASS_DRUGS, DEFAULT_PANEL, EXPECTED_RESISTANCE, NATURAL_POLYMORPHISM_SYMBOLS, PANELS, PREDICTION_RULES, type ElementMatch, type PredictionRule, type Spectrum } from './rules';

/**
 * Predicted susceptibility per drug from the genes and mutations of one sample: `R` when a rule
 * shows a mechanism, `uncertain` when the evidence does not separate R from S, `S` when no known
 * mechanism was found. Every call names its evidence and its rule with the rule's source.
 */

/** One gene or mutation as the prediction reads it, from MDC's own search or another tool's report. */
export interface ResistanceElement {
  kind: 'gene' | 'mutation';
  /** `blaCTX-M-15`, `aac(6')-Ib-cr5`, `gyrA_S83L`, `ampC_C-42T`. */
  symbol: string;
  /** AMR codes the database gives the allele (ResFinder/PointFinder), when known. */
  drugs?: readonly string[];
  /** Drugs only some alleles of an allele tie affect. */
  tieOnlyDrugs?: readonly string[];
  /** AMRFinderPlus class/subclass (`BETA-LACTAM` / `CEPHALOSPORIN`), when known. */
  subclass?: string;
  intrinsic?: boolean;
  partial?: boolean;
  /** A stop codon inside the gene (AMRFinderPlus `INTERNAL_STOP`): the protein may be cut short. */
  interrupted?: boolean;
}

export interface DrugPrediction {
  drug: string;
  drugName: string;
  prediction: 'R' | 'S' | 'uncertain';
  /** The elements the call rests on (`blaCTX-M-15; gyrA_S83L`), empty for S. */
  evidence: string;
  /** Rule id(s) with their source. */
  rule: string;
}

export interface PredictOptions {
  organism?: string;
  /** Drugs to answer (AMR codes); default: the organism's panel. */
  drugs?: readonly string[];
}

const CARBAPENEMASE = /^bla(KPC|NDM|VIM|IMP|SPM|GIM|SIM|IMI|NMC|SME|OXA-(48|162|181|199|204|232|244|245|370|436|484|515|519|535|538|23|24|40|58|72|143|235)\b)/;
const AMPC = /^bla(CMY|DHA|ACC|FOX|MOX|ACT|MIR|LAT|CFE|ADC|PDC|EC)(-|$)/;

/** What a β-lactamase hydrolyses, from its family, AMRFinderPlus subclass or ResFinder drugs. */
export function spectrumOf(e: ResistanceElement): Spectrum | undefined {
  // A family name without an allele (a report's partial or novel hit: `blaTEM`, `blaCMY`) shows no spectrum.
  if (e.kind !== 'gene' || !e.symbol.startsWith('bla') || /^bla[A-Z]+$/.test(e.symbol)) return undefined;
  const sub = (e.subclass ?? '').toUpperCase();
  // OXA-1-like (Bush 2d) are penicillinases whatever subclass a catalogue files them under.
  if (/^blaOXA-(1|30|31|47)$/.test(e.symbol)) return 'narrow';
  if (CARBAPENEMASE.test(e.symbol) || sub === 'CARBAPENEM' || (e.drugs ?? []).some((d) => d === 'MEM' || d === 'IPM' || d === 'ETP')) return 'carbapenemase';
  if (AMPC.test(e.symbol)) return 'ampc';
  if (/^blaCTX-M/.test(e.symbol) || sub === 'CEPHALOSPORIN' || hasExtendedSpectrumCodes(e.drugs ?? [])) return 'esbl';
  return 'narrow';
}

function matches(m: ElementMatch, e: ResistanceElement, spectrum: Spectrum | undefined): boolean {
  if (m.kind && m.kind !== e.kind) return false;
  if (m.symbol && !m.symbol.test(e.symbol)) return false;
  if (m.spectrum && (!spectrum || !m.spectrum.includes(spectrum))) return false;
  return true;
}

/** The organism's drug panel. */
export function panelFor(organism: string | undefined): readonly string[] {
  return PANELS.find((p) => organismMatches(p.organisms, organism))?.drugs ?? DEFAULT_PANEL;
}

/** Elements of MDC's own search (intrinsic genes kept, marked). */
export function elementsOf(result: Pick<ResistomeResult, 'genes' | 'mutations'>, subclassOf?: (symbol: string) => string | undefined): ResistanceElement[] {
  const genes = result.genes.map(
    (g: GeneCall): ResistanceElement => ({ kind: 'gene', symbol: g.name, drugs: g.drugs, tieOnlyDrugs: g.tieOnlyDrugs, subclass: subclassOf?.(g.name), intrinsic: g.intrinsic, partial: g.partial }),
  );
  const mutations = result.mutations.filter((m) => m.drugs.length > 0).map((m: MutationCall): ResistanceElement => ({ kind: 'mutation', symbol: m.symbol, drugs: m.drugs }));
  return [...genes, ...mutations];
}

const CALL_RANK = { R: 3, uncertain: 2, none: 1 } as const;

export function predictDrugs(elements: readonly ResistanceElement[], options: PredictOptions = {}): DrugPrediction[] {
  const { organism } = options;
  const polymorphic = new Set(NATURAL_POLYMORPHISM_SYMBOLS.filter((p) => organismMatches(p.organisms, organism)).flatMap((p) => p.symbols));
  // A report's genes carry no intrinsic flag: the species' table decides (blaEC in E. coli).
  const isIntrinsic = (e: ResistanceElement) => e.intrinsic ?? (e.kind === 'gene' && !!intrinsicRuleFor(organism, e.symbol, [], []) && (!/^blaSHV/.test(e.symbol) || spectrumOf(e) === 'narrow'));
  const acquired = elements.filter((e) => !isIntrinsic(e) && !polymorphic.has(e.symbol));
  const intrinsic = elements.filter(isIntrinsic);
  const spectra = new Map(acquired.map((e) => [e, spectrumOf(e)]));
  const rules = PREDICTION_RULES.filter((r) => !r.organisms || organismMatches(r.organisms, organism));
  const drugs = options.drugs ?? panelFor(organism);
  return drugs.map((drug) => {
    const drugName = drugOf(drug)?.name ?? drug;
    const expected = EXPECTED_RESISTANCE.find((x) => x.drugs.includes(drug) && organismMatches(x.organisms, organism));
    if (expected) {
      return { drug, drugName, prediction: 'R' as const, evidence: intrinsic.map((e) => e.symbol).join('; ') || 'expected resistant phenotype', rule: `expected-resistance: ${expected.source}` };
    }
    const fired: { rule: PredictionRule | undefined; call: 'R' | 'uncertain' | 'none'; evidence: ResistanceElement[]; source: string; id: string }[] = [];
    const claimed = new Set<ResistanceElement>();
    for (const rule of rules) {
      if (!rule.drugs.includes(drug)) continue;
      const hit = acquired.filter((e) => matches(rule.match, e, spectra.get(e)));
      if (hit.length === 0) continue;
      for (const e of hit) claimed.add(e);
      const partner = rule.with ? acquired.filter((e) => matches(rule.with!, e, spectra.get(e))) : [];
      if (hit.length < (rule.min ?? 1) || (rule.with && partner.length === 0)) continue;
      fired.push({ rule, call: rule.call, evidence: [...hit, ...partner], source: rule.source, id: rule.id });
    }
    // What the curated rows leave: the database's own phenotype of the allele, or the AMRFinderPlus subclass.
    for (const e of acquired) {
      if (claimed.has(e)) continue;
      if (e.drugs?.includes(drug)) fired.push({ rule: undefined, call: 'R', evidence: [e], source: e.kind === 'gene' ? 'ResFinder phenotypes.txt' : 'PointFinder phenotypes.txt', id: 'database-phenotype' });
      else if (!e.drugs && e.subclass && e.subclass.split('/').some((s) => AMRFINDER_SUBCLASS_DRUGS[s.trim().toUpperCase()]?.includes(drug))) {
        fired.push({ rule: undefined, call: 'uncertain', evidence: [e], source: 'AMRFinderPlus subclass (no curated rule for this gene and drug)', id: 'amrfinder-subclass' });
      }
    }
    // A partial gene (cut at a contig end, or a report's PARTIAL) or one with an internal stop codon:
    // whether a whole, working enzyme is made is not shown.
    for (const f of fired) {
      if (f.call === 'R' && f.evidence.length > 0 && f.evidence.every((e) => e.partial || e.interrupted)) {
        const interrupted = f.evidence.some((e) => e.interrupted);
        f.call = 'uncertain';
        f.id += interrupted ? '+internal-stop' : '+partial';
        f.source += interrupted ? '; the gene carries an internal stop codon (AMRFinderPlus INTERNAL_STOP): the protein may be truncated and inactive' : '; only a partial gene shows it';
      }
    }
    // An allele tie whose alleles disagree on this drug: the claim is not shown.
    for (const e of acquired) {
      if (e.tieOnlyDrugs?.includes(drug)) fired.push({ rule: undefined, call: 'uncertain', evidence: [e], source: 'allele tie: only some of the equally good alleles affect this drug; the distinguishing positions do not show which', id: 'allele-tie' });
    }
    const best = fired.reduce((m, f) => Math.max(m, CALL_RANK[f.call]), 0);
    if (best <= CALL_RANK.none) {
      return { drug, drugName, prediction: 'S' as const, evidence: '', rule: 'no-mechanism: no known resistance gene or mutation for this drug was found' };
    }
    const top = fired.filter((f) => CALL_RANK[f.call] === best);
    const evidence = [...new Set(top.flatMap((f) => f.evidence.map((e) => e.symbol + (e.partial ? ' (partial)' : e.interrupted ? ' (internal stop)' : ''))))].join('; ');
    const rule = [...new Map(top.map((f) => [f.id, `${f.id}: ${f.source}`])).values()].join(' | ');
    return { drug, drugName, prediction: best === CALL_RANK.R ? ('R' as const) : ('uncertain' as const), evidence, rule };
  });
}
