import type { LocalizedText } from '../index';
import { biochemErrors } from './errors';
import type { MatrixTaxon, ProbabilityMatrix } from './matrix';
import type { Reaction, Reactions } from './panels';
import { biochemTest, type BiochemTestGroup } from './tests';
import { biochemHeadline, type BiochemHeadline } from './headline';
import { QUALITY_LABELS, QUALITY_LEVELS, type QualityLevel } from './quality';

export { QUALITY_LABELS, QUALITY_LEVELS, type QualityLevel };

/**
 * APIweb's quality thresholds (bioMérieux APIweb / apiweb user manual): a call needs both its
 * %ID and its typicity T at or above the row.
 */
export const QUALITY_THRESHOLDS: readonly { level: QualityLevel; percentId: number; typicity: number }[] = Object.freeze([
  { level: 'excellent', percentId: 99.9, typicity: 0.75 },
  { level: 'very good', percentId: 99.0, typicity: 0.5 },
  { level: 'good', percentId: 90.0, typicity: 0.25 },
  { level: 'acceptable', percentId: 80.0, typicity: 0 },
]);

/**
 * Typicity T. bioMérieux describes T as how close the profile is to the most typical set of
 * reactions of the taxon, from 0 to 1, falling with the number and weight of atypical tests;
 * its exact formula is not published. MDC computes it from the modal likelihood fraction of
 * probabilistic identification (Lapage et al. 1973, J Gen Microbiol 77:273–290; Willcox,
 * Lapage & Holmes 1980, "A review of numerical methods in bacterial identification",
 * Antonie van Leeuwenhoek 46:233–299):
 *
 *   L     = Π over counted tests of p (test entered +) or 1 − p (test entered –)
 *   Lmax  = Π over the same tests of max(p, 1 − p), the likelihood of the taxon's most typical result
 *   D     = log10(Lmax / L), the number of tenfold steps the profile lies below the most typical one
 *   T     = 1 / (1 + D)
 *
 * so T = 1 for the most typical profile, 0.5 for one test at 90 % against (D ≈ 1), 1/3 for one
 * test at 99 % against (D = 2), and it only approaches 0 as atypical tests pile up. Tests without
 * data (p taken as 50 %) leave T unchanged.
 */
export function typicityFromDecades(decades: number): number {
  return 1 / (1 + Math.max(0, decades));
}

/**
 * A profile is unacceptable when even its best taxon lies more than 10^5 times below that
 * taxon's most typical profile (T < 1/6): about four tests at 95 % against, or three at 99 %.
 * The profile then looks like none of the taxa of the matrix, whatever their %ID share says.
 */
export const UNACCEPTABLE_DECADES = 5;
export const UNACCEPTABLE_TYPICITY = typicityFromDecades(UNACCEPTABLE_DECADES);

/**
 * How many tenfold steps the best primary group outside a panel must lie above the best group
 * inside it for a profile to be taken as outside the panel.
 */
export const OUTSIDE_PANEL_DECADES = 1;

/** The APIweb label that a %ID and a typicity earn. */
export function qualityLevel(percentId: number, typicity: number): QualityLevel {
  if (typicity < UNACCEPTABLE_TYPICITY) return 'unacceptable';
  for (const row of QUALITY_THRESHOLDS) {
    if (percentId >= row.percentId && typicity >= row.typicity) return row.level;
  }
  return 'low discrimination';
}

export interface TestComparison {
  code: string;
  entered: Reaction;
  /** % positive of the taxon; undefined when the matrix has no data (weighed as 50 %). */
  percentPositive?: number;
  /** The reaction entered is the one fewer than half of the taxon's strains give. */
  against: boolean;
}

export interface BiochemCandidate {
  rank: number;
  taxon: string;
  zh?: string;
  complex?: string;
  synonyms: readonly string[];
  /** Share of the likelihood among the matrix's taxa, 0–100 (equal priors). */
  percentId: number;
  /** Typicity T, 0–1 (see typicityFromDecades). */
  typicity: number;
  level: QualityLevel;
  /** log10 of the likelihood of the profile for this taxon. */
  log10Likelihood: number;
  /** Every counted test: the reaction entered against this taxon's % positive (for the profile picture). */
  tests: TestComparison[];
  /** The counted tests whose reaction is the minority one for this taxon, strongest first. */
  testsAgainst: TestComparison[];
}

export interface NextTest {
  code: string;
  name: LocalizedText;
  /** Matrix the % positive come from ("API20E", "conventional", "primary"). */
  from: string;
  /** Expected reduction of uncertainty among the candidates, in bits. */
  informationBits: number;
  expected: { taxon: string; percentPositive?: number }[];
}

/** Tells the primary tests' verdict when a panel was given them too. */
export interface PrimaryFit {
  /** Share (0–100) of the primary-tests identification that falls on groups this panel covers. */
  inPanelPercent: number;
  /** The best primary group overall, and its share. */
  best: { taxon: string; percentId: number };
  /** The best group outside the panel fits the primary reactions ≥ 10 times better than any inside: the call is then "unacceptable". */
  outsidePanel: boolean;
}

export interface BiochemIdentification {
  matrix: string;
  /** Reactions counted, in matrix order then primary order. */
  counted: { code: string; reaction: Reaction; from: 'panel' | 'primary' }[];
  /** Reactions entered but not counted: "–" of the other members of a group already answered with "+". */
  impliedByGroup: string[];
  candidates: BiochemCandidate[];
  /** Rank 1 with the label its %ID and T earn (or "unacceptable" when the primary tests rule the panel out). */
  call: BiochemCandidate & { label: LocalizedText; note?: LocalizedText };
  /**
   * What the answer is headed with: "unacceptable profile" (the nearest taxa only below), the
   * group morphology cannot split or a presumptive species, a complex the panel cannot split, or
   * the taxon itself.
   */
  headline: BiochemHeadline;
  /**
   * When the call's neighbours share its complex (or genus) and together they earn a better label
   * than the call alone: the identification at that level, with the summed %ID and the call's T.
   */
  groupCall?: { kind: 'complex' | 'genus'; name: string; percentId: number; level: QualityLevel; members: string[] };
  nextTests: NextTest[];
  primaryFit?: PrimaryFit;
}

export interface IdentifyBiochemOptions {
  /** Candidates returned (default 10). */
  top?: number;
  /** Primary tests matrix: narrows the panel's taxa with the primary reactions entered alongside. */
  primary?: ProbabilityMatrix;
  /** Further matrices whose tests may be proposed as next tests (e.g. the conventional tubes for API 20E). */
  nextTestMatrices?: readonly ProbabilityMatrix[];
  /** How many next tests to propose (default 5; 0 skips the search). */
  nextTestCount?: number;
}

const LN10 = Math.log(10);

function probability(taxon: MatrixTaxon | undefined, code: string): number | undefined {
  const value = taxon?.percent[code];
  return value === undefined ? undefined : value / 100;
}

function reactionLog(p: number | undefined, reaction: Reaction): { log: number; max: number } {
  const q = p ?? 0.5;
  return { log: Math.log(reaction === '+' ? q : 1 - q), max: Math.log(Math.max(q, 1 - q)) };
}

/** Drops the "–" of group members when another member of the same group is "+". */
function dropImplied(reactions: Reactions): { kept: [string, Reaction][]; implied: string[] } {
  const positiveGroups = new Set<BiochemTestGroup>();
  for (const [code, reaction] of Object.entries(reactions)) {
    const group = biochemTest(code)?.group;
    if (group && reaction === '+') positiveGroups.add(group);
  }
  const kept: [string, Reaction][] = [];
  const implied: string[] = [];
  for (const [code, reaction] of Object.entries(reactions)) {
    const group = biochemTest(code)?.group;
    if (group && reaction === '-' && positiveGroups.has(group)) implied.push(code);
    else kept.push([code, reaction]);
  }
  return { kept, implied };
}

interface Scored {
  taxon: MatrixTaxon;
  log: number;
  logMax: number;
  comparisons: TestComparison[];
}

function score(
  taxa: readonly MatrixTaxon[],
  tests: readonly [string, Reaction][],
  rowOf: (taxon: MatrixTaxon) => MatrixTaxon | undefined,
): Scored[] {
  return taxa.map((taxon) => {
    const row = rowOf(taxon);
    let log = 0;
    let logMax = 0;
    const comparisons: TestComparison[] = [];
    for (const [code, reaction] of tests) {
      const p = probability(row, code);
      const r = reactionLog(p, reaction);
      log += r.log;
      logMax += r.max;
      const percentPositive = p === undefined ? undefined : p * 100;
      const against = p !== undefined && (reaction === '+' ? p < 0.5 : p > 0.5);
      comparisons.push({ code, entered: reaction, ...(percentPositive === undefined ? {} : { percentPositive }), against });
    }
    return { taxon, log, logMax, comparisons };
  });
}

function shares(logs: readonly number[]): number[] {
  const top = Math.max(...logs);
  const weights = logs.map((l) => Math.exp(l - top));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (100 * w) / total);
}

function entropy(weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let h = 0;
  for (const w of weights) if (w > 0) h -= (w / total) * Math.log2(w / total);
  return h;
}

function genusOf(name: string): string {
  return name.split(/\s+/)[0] ?? name;
}

/**
 * Identification by a probability matrix (Bayes' theorem with equal priors, tests taken as
 * independent given the taxon, the model of APIweb and of Lapage et al. 1973). Tests not entered
 * are not counted. Throws BiochemInputError for codes the matrix (and the primary matrix, when
 * given) does not know, or when nothing countable was entered.
 */
export function identifyBiochem(
  matrix: ProbabilityMatrix,
  reactions: Reactions,
  options: IdentifyBiochemOptions = {},
): BiochemIdentification {
  const top = options.top ?? 10;
  if (matrix.taxa.length === 0) throw biochemErrors.noMatrix('panel', matrix.panel);
  const panelCodes = new Set(matrix.tests);
  const primary = options.primary && options.primary !== matrix ? options.primary : undefined;
  const primaryCodes = new Set(primary?.tests ?? []);

  const { kept, implied } = dropImplied(reactions);
  const panelTests: [string, Reaction][] = [];
  const primaryTests: [string, Reaction][] = [];
  for (const [code, reaction] of kept) {
    if (panelCodes.has(code)) panelTests.push([code, reaction]);
    else if (primaryCodes.has(code)) primaryTests.push([code, reaction]);
    else if (!biochemTest(code)) throw biochemErrors.unknownTest('reactions', code);
    else throw biochemErrors.testNotInPanel('reactions', code, matrix.panel);
  }
  const order = (list: [string, Reaction][], codes: readonly string[]) =>
    list.sort((a, b) => codes.indexOf(a[0]) - codes.indexOf(b[0]));
  order(panelTests, matrix.tests);
  if (primary) order(primaryTests, primary.tests);
  if (panelTests.length + primaryTests.length === 0) throw biochemErrors.noReactions('reactions');

  const primaryRows = new Map((primary?.taxa ?? []).map((t) => [t.name, t]));
  const panelScores = score(matrix.taxa, panelTests, (t) => t);
  const primaryScores = primary ? score(matrix.taxa, primaryTests, (t) => (t.primary ? primaryRows.get(t.primary) : undefined)) : undefined;

  const combined = panelScores.map((s, i) => {
    const p = primaryScores?.[i];
    return {
      taxon: s.taxon,
      log: s.log + (p?.log ?? 0),
      logMax: s.logMax + (p?.logMax ?? 0),
      comparisons: [...s.comparisons, ...(p?.comparisons ?? [])],
    };
  });
  const percent = shares(combined.map((c) => c.log));
  const ranked = combined
    .map((c, i) => ({ ...c, percentId: percent[i]! }))
    .sort((a, b) => b.log - a.log || a.taxon.name.localeCompare(b.taxon.name));

  const candidates: BiochemCandidate[] = ranked.slice(0, Math.max(1, top)).map((c, i) => {
    const typicity = typicityFromDecades((c.logMax - c.log) / LN10);
    return {
      rank: i + 1,
      taxon: c.taxon.name,
      ...(c.taxon.zh ? { zh: c.taxon.zh } : {}),
      ...(c.taxon.complex ? { complex: c.taxon.complex } : {}),
      synonyms: c.taxon.synonyms,
      percentId: c.percentId,
      typicity,
      level: qualityLevel(c.percentId, typicity),
      log10Likelihood: c.log / LN10,
      tests: c.comparisons,
      testsAgainst: c.comparisons
        .filter((t) => t.against)
        .sort((a, b) => Math.abs(50 - (b.percentPositive ?? 50)) - Math.abs(50 - (a.percentPositive ?? 50))),
    };
  });

  let primaryFit: PrimaryFit | undefined;
  let note: LocalizedText | undefined;
  // The fit to the panel is judged on every reaction the primary matrix knows, including those
  // the panel also reads (oxidase, indole, motility …), each counted once in the panel's own %ID.
  const fitTests = primary ? [...primaryTests, ...panelTests.filter(([code]) => primaryCodes.has(code))] : [];
  if (primary && fitTests.length > 0) {
    const alone = score(primary.taxa, fitTests, (t) => t);
    const primaryShares = shares(alone.map((s) => s.log));
    const covered = new Set(matrix.taxa.map((t) => t.primary).filter((x): x is string => !!x));
    let inPanel = 0;
    let bestIn = -Infinity;
    let bestOut = -Infinity;
    const outside: { taxon: MatrixTaxon; share: number }[] = [];
    primary.taxa.forEach((t, i) => {
      if (covered.has(t.name)) {
        inPanel += primaryShares[i]!;
        bestIn = Math.max(bestIn, alone[i]!.log);
      } else {
        outside.push({ taxon: t, share: primaryShares[i]! });
        bestOut = Math.max(bestOut, alone[i]!.log);
      }
    });
    outside.sort((a, b) => b.share - a.share);
    const bestIndex = primaryShares.indexOf(Math.max(...primaryShares));
    const best = { taxon: primary.taxa[bestIndex]!.name, percentId: primaryShares[bestIndex]! };
    // The best group the panel does not cover explains the primary reactions at least ten times
    // better than any group it covers (an oxidase-positive isolate on API 20E, a Gram-positive
    // coccus …): a panel answer would mislead. Best against best, not shares, so that the many
    // groups outside a panel do not outvote it by their number alone.
    const outsidePanel = (bestOut - bestIn) / LN10 >= OUTSIDE_PANEL_DECADES;
    primaryFit = { inPanelPercent: inPanel, best, outsidePanel };
    if (outsidePanel) {
      const named = outside.slice(0, 3).filter((o) => o.share >= 1);
      const entered = fitTests.map(([code, reaction]) => `${code}${reaction === '+' ? '+' : '–'}`).join(' ');
      note = {
        en:
          `The primary tests (${entered}) fit the taxa of panel ${matrix.panel} poorly (${inPanel.toFixed(1)} % of their identification); ` +
          `they point to ${named.map((o) => `${o.taxon.name} (${o.share.toFixed(1)} %)`).join(', ')}, which this panel does not cover.`,
        zh:
          `初步试验（${entered}）与鉴定板 ${matrix.panel} 的菌群不符（仅占其鉴定结果的 ${inPanel.toFixed(1)} %）；` +
          `结果指向 ${named.map((o) => `${o.taxon.zh ?? o.taxon.name}（${o.share.toFixed(1)} %）`).join('、')}，不在该鉴定板范围内。`,
      };
    }
  }

  const first = candidates[0]!;
  const earned: QualityLevel = primaryFit?.outsidePanel ? 'unacceptable' : first.level;
  // The morphology matrix (the primary tests alone) cannot claim a species; a panel names the complex it cannot split.
  const { headline, level: callLevel } = biochemHeadline(matrix.panel === 'primary' ? 'morphology' : 'biochem', { name: first.taxon, ...(first.zh ? { zh: first.zh } : {}) }, earned, QUALITY_LABELS.unacceptable);
  const call = { ...first, level: callLevel, label: QUALITY_LABELS[callLevel], ...(note ? { note } : {}) };

  const groupCall = callLevel === 'unacceptable' ? undefined : findGroupCall(ranked, first.typicity, callLevel);

  const nextTests =
    first.percentId >= 99 || callLevel === 'unacceptable' || options.nextTestCount === 0
      ? []
      : chooseNextTests(
          ranked.map((r) => ({ taxon: r.taxon, percentId: r.percentId })),
          new Set(Object.keys(reactions).map((c) => c)),
          [matrix, ...(options.nextTestMatrices ?? []), ...(primary ? [primary] : [])],
          options.nextTestCount ?? 5,
        );

  return {
    matrix: matrix.id,
    counted: [
      ...panelTests.map(([code, reaction]) => ({ code, reaction, from: 'panel' as const })),
      ...primaryTests.map(([code, reaction]) => ({ code, reaction, from: 'primary' as const })),
    ],
    impliedByGroup: implied,
    candidates,
    call,
    headline,
    ...(groupCall ? { groupCall } : {}),
    nextTests,
    ...(primaryFit ? { primaryFit } : {}),
  };
}

function findGroupCall(
  ranked: readonly { taxon: MatrixTaxon; percentId: number }[],
  typicity: number,
  callLevel: QualityLevel,
): BiochemIdentification['groupCall'] {
  const first = ranked[0]!.taxon;
  const tries: { kind: 'complex' | 'genus'; name: string; member: (t: MatrixTaxon) => boolean }[] = [];
  if (first.complex) tries.push({ kind: 'complex', name: first.complex, member: (t) => t.complex === first.complex });
  tries.push({ kind: 'genus', name: genusOf(first.name), member: (t) => genusOf(t.name) === genusOf(first.name) });
  for (const attempt of tries) {
    const members = ranked.filter((r) => attempt.member(r.taxon) && r.percentId >= 0.1);
    const sum = members.reduce((a, r) => a + r.percentId, 0);
    const level = qualityLevel(sum, typicity);
    if (members.length > 1 && sum >= 80 && QUALITY_LEVELS.indexOf(level) < QUALITY_LEVELS.indexOf(callLevel)) {
      return { kind: attempt.kind, name: attempt.name, percentId: sum, level, members: members.map((m) => m.taxon.name) };
    }
  }
  return undefined;
}

/**
 * The tests that best separate the leading taxa: those whose outcome is expected to remove the
 * most uncertainty (information gain, in bits) among the taxa that together hold 99 % of the
 * %ID (at most 5), taking the %ID as prior. Tests already entered are skipped; the first matrix
 * that has a test supplies its % positive.
 */
export function chooseNextTests(
  ranked: readonly { taxon: MatrixTaxon; percentId: number }[],
  entered: ReadonlySet<string>,
  matrices: readonly ProbabilityMatrix[],
  count = 5,
): NextTest[] {
  const pool: { taxon: MatrixTaxon; percentId: number }[] = [];
  let mass = 0;
  for (const r of ranked) {
    if (pool.length >= 5 || (mass >= 99 && pool.length >= 2)) break;
    if (pool.length >= 2 && r.percentId < 0.5) break;
    pool.push(r);
    mass += r.percentId;
  }
  if (pool.length < 2) return [];
  const prior = pool.map((r) => r.percentId);
  const h0 = entropy(prior);
  const seen = new Set<string>();
  const proposals: NextTest[] = [];
  for (const matrix of matrices) {
    const rows = new Map(matrix.taxa.map((t) => [t.name, t]));
    const rowFor = (t: MatrixTaxon): MatrixTaxon | undefined =>
      rows.get(t.name) ?? (matrix.panel === 'primary' && t.primary ? rows.get(t.primary) : undefined);
    for (const code of matrix.tests) {
      if (seen.has(code) || entered.has(code)) continue;
      const ps = pool.map((r) => probability(rowFor(r.taxon), code));
      if (ps.every((p) => p === undefined)) continue;
      seen.add(code);
      const q = ps.map((p) => p ?? 0.5);
      const pos = prior.map((w, i) => w * q[i]!);
      const neg = prior.map((w, i) => w * (1 - q[i]!));
      const total = prior.reduce((a, b) => a + b, 0);
      const pPos = pos.reduce((a, b) => a + b, 0) / total;
      const gain = h0 - (pPos * entropy(pos) + (1 - pPos) * entropy(neg));
      if (gain < 0.05) continue;
      const test = biochemTest(code)!;
      proposals.push({
        code,
        name: test.name,
        from: matrix.panel,
        informationBits: gain,
        expected: pool.map((r, i) => ({ taxon: r.taxon.name, ...(ps[i] === undefined ? {} : { percentPositive: ps[i]! * 100 }) })),
      });
    }
  }
  return proposals.sort((a, b) => b.informationBits - a.informationBits || a.code.localeCompare(b.code)).slice(0, count);
}

/**
 * The most typical profile of a taxon: each test entered as the reaction most of its strains
 * give. Tests at exactly 50 % have no typical reaction and tests without data are left out.
 */
export function typicalReactions(taxon: MatrixTaxon, tests: readonly string[]): Record<string, Reaction> {
  const reactions: Record<string, Reaction> = {};
  for (const code of tests) {
    const p = taxon.percent[code];
    if (p !== undefined && p !== 50) reactions[code] = p > 50 ? '+' : '-';
  }
  return reactions;
}
