/**
 * Predicted vs measured susceptibility on the 500 dev E. coli (`resistome/geno_pheno`: AMRFinderPlus
 * reports and measured CLSI S/I/R from the NCBI AST browser, via AMRgen), MDC's rules beside a
 * 30-line class rule. Measured I is left out.
 *
 * Each submitted category is also read against its own MIC under CLSI 2020 (M100 30th ed., the
 * isolates were collected in 2019–2020; breakpoints from the shared AMR package table): a label
 * its MIC contradicts is counted and listed, never dropped; a second table scores the set with
 * those labels re-read from their MIC (a MIC that allows the submitted category keeps it).
 * `--vme` lists each very major error (as submitted) with what a reviewer checks: the MIC against
 * the CLSI 2020 breakpoints and the panel's readings, the isolate's related drugs, every element
 * its report holds, what the isolates with the same report measured; then, for every element of
 * those reports, the R rate with and without it among the isolates predicted S for the drug.
 * Usage: npx tsx bench/resistome/predict-vs-measured.ts [--errors] [--labels] [--vme]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAmrfinderReport, predictDrugs, type ResistanceElement } from '@mdc/core/resistome';

const DRUGS = ['AMP', 'CIP', 'LVX', 'CRO', 'CAZ', 'FEP', 'ATM', 'GEN', 'TOB', 'SXT', 'TCY'];
const data = findRefdataDir() ?? '../shared/data';
const dir = path.join(data, 'resistome/geno_pheno');
const reports = readAmrfinderReport(gunzipSync(readFileSync(path.join(dir, 'ecoli_amrfinderplus_dev.tsv.gz'))).toString('utf8'), 'ecoli_amrfinderplus_dev.tsv');

/** CLSI 2020 MIC breakpoints for Enterobacterales (S ≤ bS, R ≥ bR), non-UTI, from the AMR package 3.0.0 table. */
const TABLE = 'CLSI 2020';
const breakpoints = new Map<string, { s: number; r: number }>();
{
  const rows = readFileSync(path.join(data, 'amr/amr-3.0.0/clinical_breakpoints.tsv'), 'utf8').split('\n');
  const h = rows[0]!.split('\t');
  const c = (n: string) => h.indexOf(n);
  for (const line of rows.slice(1)) {
    const f = line.split('\t');
    if (f[c('guideline')] !== TABLE || f[c('method')] !== 'MIC' || f[c('type')] !== 'human' || f[c('mo')] !== 'B_[ORD]_ENTRBCTR' || f[c('uti')] !== 'FALSE') continue;
    const drug = f[c('ab')]!;
    if (DRUGS.includes(drug) && !breakpoints.has(drug)) breakpoints.set(drug, { s: Number(f[c('breakpoint_S')]), r: Number(f[c('breakpoint_R')]) });
  }
  for (const d of DRUGS) if (!breakpoints.has(d)) throw new Error(`no ${TABLE} MIC breakpoint for ${d}`);
}
/** The categories a reported MIC (`<=0.5`, `>16`, `2/38`, `1`) allows under the table. */
function categoriesOf(mic: string, drug: string): Set<string> {
  const { s, r } = breakpoints.get(drug)!;
  const m = /^(<=|<|>=|>)?([\d.]+)/.exec(mic.split('/')[0]!.trim());
  if (!m) return new Set();
  const v = Number(m[2]);
  // A dilution series doubles: `>16` is ≥ 32, `<0.5` is ≤ 0.25.
  const [lo, hi] = m[1] === '<=' ? [0, v] : m[1] === '<' ? [0, v / 2] : m[1] === '>=' ? [v, Infinity] : m[1] === '>' ? [v * 2, Infinity] : [v, v];
  const out = new Set<string>();
  if (lo <= s) out.add('S');
  if (hi > s && lo < r) out.add('I');
  if (hi >= r) out.add('R');
  return out;
}

const submitted = new Map<string, Map<string, string>>();
const mics = new Map<string, Map<string, string>>();
const reread = new Map<string, Map<string, string>>();
const labelErrors: string[] = [];
const labelCounts = new Map<string, number>();
const ast = gunzipSync(readFileSync(path.join(dir, 'ecoli_ast_dev.tsv.gz'))).toString('utf8').split('\n');
const h = ast[0]!.split('\t');
const [iId, iDrug, iPheno, iGuide, iMic] = ['id', 'drug', 'pheno_provided', 'guideline', 'mic'].map((c) => h.indexOf(c));
for (const line of ast.slice(1)) {
  const f = line.split('\t');
  if (f.length < h.length || f[iGuide!] !== 'CLSI') continue;
  const [id, drug, label, mic] = [f[iId!]!, f[iDrug!]!, f[iPheno!]!, f[iMic!]!];
  for (const m of [submitted, reread, mics]) if (!m.has(id)) m.set(id, new Map());
  mics.get(id)!.set(drug, mic);
  submitted.get(id)!.set(drug, label);
  let label2 = label;
  if (DRUGS.includes(drug)) {
    const allowed = categoriesOf(mic, drug);
    if (allowed.size > 0 && !allowed.has(label)) {
      label2 = allowed.size === 1 ? [...allowed][0]! : label;
      const key = `${drug} submitted ${label}, MIC ${mic} = ${[...allowed].join('/')}`;
      labelCounts.set(key, (labelCounts.get(key) ?? 0) + 1);
      labelErrors.push(`${id}\t${drug}\tMIC ${mic}\tsubmitted ${label}\t${TABLE} ${[...allowed].join('/')}`);
    }
  }
  reread.get(id)!.set(drug, label2);
}

/** The peer: the class rule the issue describes, as a lab would write it in 30 lines. */
function classRule(elements: readonly ResistanceElement[], drug: string): 'R' | 'S' {
  const s = elements.map((e) => e.symbol).filter((x) => !/^blaEC(-\d+)?$/.test(x));
  const anyBla = s.some((x) => x.startsWith('bla') && !x.startsWith('blaTEMp'));
  const esblAmpc = s.some((x) => /^bla(CTX-M|CMY|DHA|ACC|FOX|MOX|KPC|NDM|VIM|IMP|OXA-48|SHV-(2|5|12)\b|TEM-(10|12|26|52)\b)/.test(x));
  const quinolone = s.filter((x) => /^(gyrA_|parC_|parE_|qnr|aac\(6'\)-Ib-cr|qepA|oqx)/.test(x)).length;
  const sul = s.some((x) => /^sul/.test(x));
  const dfr = s.some((x) => /^dfr/.test(x));
  const amg = (re: RegExp) => s.some((x) => re.test(x));
  switch (drug) {
    case 'AMP': return anyBla ? 'R' : 'S';
    case 'CRO': case 'CAZ': case 'FEP': case 'ATM': return esblAmpc ? 'R' : 'S';
    case 'CIP': case 'LVX': return quinolone >= 2 ? 'R' : 'S';
    case 'SXT': return sul && dfr ? 'R' : 'S';
    case 'GEN': return amg(/^(aac\(3\)|ant\(2''\)|armA|rmt)/) ? 'R' : 'S';
    case 'TOB': return amg(/^(aac\(3\)|ant\(2''\)|aac\(6'\)|armA|rmt)/) ? 'R' : 'S';
    case 'TCY': return amg(/^tet\(/) ? 'R' : 'S';
  }
  return 'S';
}

type Tally = { n: number; agree: number; S: number; R: number; me: number; vme: number; uncertain: number };
const blank = (): Tally => ({ n: 0, agree: 0, S: 0, R: 0, me: 0, vme: 0, uncertain: 0 });
const add = (t: Tally, m: string, p: string) => {
  t.n++;
  if (m === 'S') t.S++;
  else t.R++;
  if (p === 'uncertain') t.uncertain++;
  else if (p === m) t.agree++;
  else if (m === 'S') t.me++;
  else t.vme++;
};
const predictions = new Map(reports.map(({ sample, elements }) => [sample, { elements, preds: new Map(predictDrugs(elements, { organism: 'Escherichia coli', drugs: DRUGS }).map((p) => [p.drug, p])) }]));
const pct = (a: number, b: number) => (b === 0 ? '–' : ((100 * a) / b).toFixed(1));

function score(measured: Map<string, Map<string, string>>): { table: string[]; errors: string[] } {
  const tallies = { mdc: new Map<string, Tally>(), peer: new Map<string, Tally>() };
  const errors: string[] = [];
  for (const [sample, { elements, preds }] of predictions) {
    const m = measured.get(sample);
    if (!m) continue;
    for (const drug of DRUGS) {
      const truth = m.get(drug);
      if (truth !== 'S' && truth !== 'R') continue;
      for (const [tool, call] of [['mdc', preds.get(drug)!.prediction], ['peer', classRule(elements, drug)]] as const) {
        const map = tallies[tool];
        for (const key of [drug, 'pooled']) {
          if (!map.has(key)) map.set(key, blank());
          add(map.get(key)!, truth, call);
        }
      }
      const p = preds.get(drug)!;
      if (p.prediction !== 'uncertain' && p.prediction !== truth) errors.push(`${sample}\t${drug}\tmeasured ${truth}\tpredicted ${p.prediction}\t${p.evidence || '-'}\t${p.rule.split(':')[0]}`);
    }
  }
  const row = (t: Tally) => [t.n, t.R, pct(t.agree, t.n - t.uncertain), pct(t.me, t.S), pct(t.vme, t.R), pct(t.uncertain, t.n)];
  const table = [
    '| drug | calls | measured R | MDC agreement % | MDC ME % | MDC VME % (n) | MDC uncertain % | class rule agreement % | class rule ME % | class rule VME % (n) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const key of [...DRUGS, 'pooled']) {
    const a = tallies.mdc.get(key)!;
    const b = tallies.peer.get(key)!;
    const [n, r, ag, me, vme, un] = row(a);
    const [, , pag, pme, pvme] = row(b);
    table.push(`| ${key} | ${n} | ${r} | ${ag} | ${me} | ${vme} (${a.vme}) | ${un} | ${pag} | ${pme} | ${pvme} (${b.vme}) |`);
  }
  return { table, errors };
}

const asSubmitted = score(submitted);
const reRead = score(reread);
console.log('### Measured categories as submitted\n');
console.log(asSubmitted.table.join('\n'));
console.log(`\n### Submitted categories read against their MIC under ${TABLE} (M100 30th ed.)\n`);
const totalLabels = [...labelCounts.values()].reduce((a, b) => a + b, 0);
console.log(`${totalLabels} submitted categories of the 11 drugs disagree with their own MIC under ${TABLE}; none dropped:`);
for (const [k, n] of [...labelCounts].sort()) console.log(`- ${k}: ${n}`);
console.log(`\nThe same run with those labels re-read from their MIC (a MIC that allows the submitted category keeps it):\n`);
console.log(reRead.table.join('\n'));
if (process.argv.includes('--labels')) console.log('\n' + labelErrors.join('\n'));
if (process.argv.includes('--errors')) console.log('\n### Errors, as submitted\n\n' + asSubmitted.errors.join('\n') + `\n\n### Errors, labels re-read under ${TABLE}\n\n` + reRead.errors.join('\n'));

/** Drugs whose results in the same isolate bear on a very major error's drug. */
const RELATED: Record<string, readonly string[]> = {
  AMP: ['AMC', 'TZP', 'CZO', 'CRO', 'CAZ'],
  CIP: ['CIP', 'LVX'],
  LVX: ['CIP', 'LVX'],
  GEN: ['GEN', 'TOB', 'AMK'],
  TOB: ['GEN', 'TOB', 'AMK'],
  SXT: ['SXT'],
  TCY: ['TCY'],
};

/** Each very major error with the evidence a reviewer weighs; Fisher's exact test (two-sided) for the element table. */
function vmeReview(): string[] {
  const out: string[] = [];
  const symbols = (s: string) => [...new Set(predictions.get(s)!.elements.map((e) => e.symbol))].sort();
  const key = new Map([...predictions.keys()].map((s) => [s, symbols(s).join(',')]));
  const readings = (drug: string) => {
    const n = new Map<string, number>();
    for (const m of mics.values()) if (m.has(drug)) n.set(m.get(drug)!, (n.get(m.get(drug)!) ?? 0) + 1);
    const value = (v: string) => Number(/[\d.]+/.exec(v)?.[0] ?? 0) * (v.startsWith('>') ? 2 : 1);
    return [...n].sort((a, b) => value(a[0]) - value(b[0])).map(([v, c]) => `${v} ×${c}`).join(', ');
  };
  const vmes: [string, string][] = [];
  for (const [sample, { preds }] of predictions) for (const drug of DRUGS) if (submitted.get(sample)?.get(drug) === 'R' && preds.get(drug)!.prediction === 'S') vmes.push([sample, drug]);
  out.push(`${vmes.length} very major errors (measured R as submitted, predicted S)`, '');
  for (const drug of [...new Set(vmes.map((v) => v[1]))]) {
    const { s, r } = breakpoints.get(drug)!;
    out.push(`${drug}: ${TABLE} S ≤ ${s}, R ≥ ${r}; the set's readings ${readings(drug)}`);
  }
  out.push('', 'sample\tdrug\tMIC\trelated MICs\treport elements (AMR rows)\tisolates with the same report: measured S/I/R');
  for (const [sample, drug] of vmes) {
    const m = mics.get(sample)!;
    const related = (RELATED[drug] ?? []).map((d) => `${d} ${m.get(d) ?? '-'}`).join(', ');
    const elements = predictions.get(sample)!.elements.map((e) => e.symbol + (e.partial ? ' (partial)' : e.interrupted ? ' (internal stop)' : '')).join(' ');
    const mates = [...key].filter(([x, k]) => x !== sample && k === key.get(sample)).map(([x]) => submitted.get(x)?.get(drug) ?? '-');
    out.push(`${sample}\t${drug}\t${m.get(drug)}\t${related}\t${elements}\t${mates.length}: ${['S', 'I', 'R'].map((c) => mates.filter((x) => x === c).length).join('/')}`);
  }
  const logf = (n: number) => { let t = 0; for (let i = 2; i <= n; i++) t += Math.log(i); return t; };
  const fisher = (a: number, b: number, c: number, d: number) => {
    const n = a + b + c + d, r1 = a + b, c1 = a + c;
    const p = (x: number) => Math.exp(logf(r1) + logf(n - r1) + logf(c1) + logf(n - c1) - logf(n) - logf(x) - logf(r1 - x) - logf(c1 - x) - logf(n - r1 - c1 + x));
    const p0 = p(a);
    let t = 0;
    for (let x = Math.max(0, c1 - (n - r1)); x <= Math.min(r1, c1); x++) if (p(x) <= p0 * (1 + 1e-9)) t += p(x);
    return Math.min(1, t);
  };
  out.push('', 'element\tdrug\tR with it (isolates predicted S)\tR without it\tFisher p');
  const inVme = new Set(vmes.flatMap(([s]) => symbols(s)));
  for (const drug of [...new Set(vmes.map((v) => v[1]))]) {
    for (const sym of [...inVme].sort()) {
      const t = [0, 0, 0, 0];
      for (const [sample, { elements, preds }] of predictions) {
        const truth = submitted.get(sample)?.get(drug);
        if ((truth !== 'S' && truth !== 'R') || preds.get(drug)!.prediction !== 'S') continue;
        t[(elements.some((e) => e.symbol === sym) ? 0 : 2) + (truth === 'R' ? 0 : 1)]!++;
      }
      if (t[0]! + t[1]! > 0) out.push(`${sym}\t${drug}\t${t[0]}/${t[0]! + t[1]!}\t${t[2]}/${t[2]! + t[3]!}\t${fisher(t[0]!, t[1]!, t[2]!, t[3]!).toPrecision(2)}`);
    }
  }
  return out;
}
if (process.argv.includes('--vme')) console.log('\n### Very major errors, reviewed\n\n' + vmeReview().join('\n'));
