import type { DrugPrediction } from './predict';

/**
 * Genome-predicted vs measured susceptibility of one isolate, drug by drug, in the error classes
 * used to validate AST devices and genotypic predictions (ISO 20776-2; CLSI M52; EUCAST's 2017
 * subcommittee report on WGS-based AST): a very major discrepancy when the isolate was measured
 * resistant and the genome predicted susceptible (a resistant isolate would be treated as
 * susceptible), a major one when measured susceptible but predicted resistant, a minor one when
 * one side is intermediate. Each discrepancy names what the laboratory should check.
 */

export type Localized = { zh: string; en: string };

/** The measured side as the Lab's interpretation gives it. */
export interface MeasuredDrug {
  /** The Lab's drug code (WHONET), e.g. `MEM`. */
  drug: string;
  /** S, SDD, I, R, NS; anything else (no breakpoint, ECOFF WT/NWT, not interpreted) is not a category to compare. */
  category: string | null;
}

export type ConcordanceVerdict = 'agree' | 'very-major' | 'major' | 'minor' | 'not-comparable';

export interface DrugConcordance {
  drug: string;
  measured: 'S' | 'SDD' | 'I' | 'R' | 'NS';
  /** The genome's call, or null when the genome's panel has no prediction for the drug. */
  predicted: DrugPrediction['prediction'] | null;
  evidence: string;
  rule: string;
  verdict: ConcordanceVerdict;
  /** Why a drug is not comparable, or what the discrepancy means. */
  reason: Localized;
  /** What to check, for a discrepancy; empty otherwise. */
  checks: Localized[];
}

export interface ConcordanceCounts {
  compared: number;
  agree: number;
  veryMajor: number;
  major: number;
  minor: number;
  notComparable: number;
}

export interface Concordance {
  drugs: DrugConcordance[];
  counts: ConcordanceCounts;
}

const MEASURED = new Set(['S', 'SDD', 'I', 'R', 'NS']);

/**
 * Codes the resistome writes differently from the Lab (the AMR package's STR1 is WHONET's STR);
 * the others are shared.
 */
const LAB_CODE_OF: Record<string, string> = { STR1: 'STR' };
export const labDrugCode = (resistomeCode: string): string => LAB_CODE_OF[resistomeCode] ?? resistomeCode;

export const CONCORDANCE_TEXTS = {
  agree: { zh: '预测与实测一致', en: 'Prediction and measurement agree' },
  uncertain: { zh: '基因组证据不足以区分 S 与 R，不作比较', en: 'The genome evidence does not separate S from R: not compared' },
  notPredicted: { zh: '基因组预测未包含此药物，不作比较', en: 'The genome prediction does not cover this drug: not compared' },
  veryMajor: { zh: '极重大不符（VME）：实测耐药，基因组预测敏感', en: 'Very major discrepancy (VME): measured resistant, genome predicted susceptible' },
  major: { zh: '重大不符（ME）：实测敏感，基因组预测耐药', en: 'Major discrepancy (ME): measured susceptible, genome predicted resistant' },
  minor: { zh: '轻微不符（mE）：一方为中介', en: 'Minor discrepancy (mE): one side is intermediate' },
} as const satisfies Record<string, Localized>;

export const CONCORDANCE_CHECKS = {
  repeatAst: { zh: '复做药敏试验，并检查菌株纯度（混合培养可致假耐药或假敏感）', en: 'Repeat the AST and check the culture is pure (a mixed culture gives false R or false S)' },
  missingMechanism: {
    zh: '基因组可能缺少已知机制之外的耐药原因：孔蛋白缺失（如 OmpK35/36）、外排泵高表达或尚未收录的基因',
    en: 'A mechanism the genome search does not know: porin loss (e.g. OmpK35/36), efflux over-expression or a gene not yet catalogued',
  },
  heteroresistance: { zh: '异质性耐药：检查抑菌圈或孔内的散在菌落，必要时做群体分析', en: 'Heteroresistance: look for colonies inside the zone or in the wells; a population analysis if needed' },
  repeatAstShort: { zh: '复做药敏试验（按标准接种量与孵育条件）', en: 'Repeat the AST (standard inoculum and incubation)' },
  silentGene: { zh: '耐药基因可能沉默或低表达（启动子、插入序列、截短基因），表型可仍为敏感', en: 'The gene may be silent or poorly expressed (promoter, insertion, truncated copy): the phenotype can stay susceptible' },
  sameIsolate: { zh: '核对基因组任务与本实验是否为同一菌株（标本号、菌种）', en: 'Check the genome task is the same isolate as this experiment (specimen number, species)' },
  nearBreakpoint: { zh: '测量值接近折点时复做药敏试验；中介结果常在一个稀释度之内', en: 'Repeat the AST when the value is near the breakpoint: an intermediate result is often within one dilution' },
} as const satisfies Record<string, Localized>;

function verdictOf(measured: DrugConcordance['measured'], predicted: DrugPrediction['prediction'] | null): Pick<DrugConcordance, 'verdict' | 'reason' | 'checks'> {
  if (predicted === null) return { verdict: 'not-comparable', reason: CONCORDANCE_TEXTS.notPredicted, checks: [] };
  if (predicted === 'uncertain') return { verdict: 'not-comparable', reason: CONCORDANCE_TEXTS.uncertain, checks: [] };
  // SDD sits between S and R as I does (ISO 20776-2 counts it with I); NS (no R breakpoint) is on the resistant side.
  const side = measured === 'S' ? 'S' : measured === 'R' || measured === 'NS' ? 'R' : 'I';
  if (side === predicted) return { verdict: 'agree', reason: CONCORDANCE_TEXTS.agree, checks: [] };
  if (side === 'I') return { verdict: 'minor', reason: CONCORDANCE_TEXTS.minor, checks: [CONCORDANCE_CHECKS.nearBreakpoint] };
  if (side === 'R') {
    return {
      verdict: 'very-major',
      reason: CONCORDANCE_TEXTS.veryMajor,
      checks: [CONCORDANCE_CHECKS.repeatAst, CONCORDANCE_CHECKS.missingMechanism, CONCORDANCE_CHECKS.heteroresistance],
    };
  }
  return { verdict: 'major', reason: CONCORDANCE_TEXTS.major, checks: [CONCORDANCE_CHECKS.repeatAstShort, CONCORDANCE_CHECKS.silentGene, CONCORDANCE_CHECKS.sameIsolate] };
}

/**
 * Every drug the Lab measured with a category (S/SDD/I/R/NS), in the Lab's order, against the
 * genome's prediction for it; drugs only the genome predicted are left out (nothing to compare).
 */
export function compareGenomeToMeasured(measured: readonly MeasuredDrug[], predictions: readonly DrugPrediction[]): Concordance {
  const byDrug = new Map(predictions.map((p) => [labDrugCode(p.drug), p]));
  const drugs: DrugConcordance[] = [];
  const seen = new Set<string>();
  for (const m of measured) {
    if (!m.category || !MEASURED.has(m.category) || seen.has(m.drug)) continue;
    seen.add(m.drug);
    const p = byDrug.get(m.drug);
    drugs.push({
      drug: m.drug,
      measured: m.category as DrugConcordance['measured'],
      predicted: p?.prediction ?? null,
      evidence: p?.evidence ?? '',
      rule: p?.rule ?? '',
      ...verdictOf(m.category as DrugConcordance['measured'], p?.prediction ?? null),
    });
  }
  return { drugs, counts: countVerdicts(drugs.map((d) => d.verdict)) };
}

export function countVerdicts(verdicts: Iterable<ConcordanceVerdict>): ConcordanceCounts {
  const counts: ConcordanceCounts = { compared: 0, agree: 0, veryMajor: 0, major: 0, minor: 0, notComparable: 0 };
  for (const v of verdicts) {
    if (v === 'not-comparable') {
      counts.notComparable++;
      continue;
    }
    counts.compared++;
    if (v === 'agree') counts.agree++;
    else if (v === 'very-major') counts.veryMajor++;
    else if (v === 'major') counts.major++;
    else counts.minor++;
  }
  return counts;
}
