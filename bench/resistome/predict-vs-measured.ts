/**
 * Predicted vs measured susceptibility on the 500 dev E. coli (`resistome/geno_pheno`: AMRFinderPlus
 * reports and measured CLSI S/I/R from the NCBI AST browser, via AMRgen), MDC's rules beside a
 * 30-line class rule. Measured I is left out. Usage: npx tsx bench/resistome/predict-vs-measured.ts [--markdown]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAmrfinderReport, predictDrugs, type ResistanceElement } from '@mdc/core/resistome';

const DRUGS = ['AMP', 'CIP', 'LVX', 'CRO', 'CAZ', 'FEP', 'ATM', 'GEN', 'TOB', 'SXT', 'TCY'];
const dir = path.join(findRefdataDir() ?? '../shared/data', 'resistome/geno_pheno');
const reports = readAmrfinderReport(gunzipSync(readFileSync(path.join(dir, 'ecoli_amrfinderplus_dev.tsv.gz'))).toString('utf8'), 'ecoli_amrfinderplus_dev.tsv');
const measured = new Map<string, Map<string, string>>();
const ast = gunzipSync(readFileSync(path.join(dir, 'ecoli_ast_dev.tsv.gz'))).toString('utf8').split('\n');
const h = ast[0]!.split('\t');
const [iId, iDrug, iPheno, iGuide] = ['id', 'drug', 'pheno_provided', 'guideline'].map((c) => h.indexOf(c));
for (const line of ast.slice(1)) {
  const f = line.split('\t');
  if (f.length < h.length || f[iGuide!] !== 'CLSI') continue;
  const m = measured.get(f[iId!]!) ?? new Map<string, string>();
  m.set(f[iDrug!]!, f[iPheno!]!);
  measured.set(f[iId!]!, m);
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
const tallies = { mdc: new Map<string, Tally>(), peer: new Map<string, Tally>() };
const add = (t: Tally, m: string, p: string) => {
  t.n++;
  if (m === 'S') t.S++;
  else t.R++;
  if (p === 'uncertain') t.uncertain++;
  else if (p === m) t.agree++;
  else if (m === 'S') t.me++;
  else t.vme++;
};
const errors: string[] = [];
for (const { sample, elements } of reports) {
  const m = measured.get(sample);
  if (!m) continue;
  const preds = new Map(predictDrugs(elements, { organism: 'Escherichia coli', drugs: DRUGS }).map((p) => [p.drug, p]));
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
const pct = (a: number, b: number) => (b === 0 ? '–' : ((100 * a) / b).toFixed(1));
const row = (t: Tally) => `${t.n} | ${t.R} | ${pct(t.agree, t.n - t.uncertain)} | ${pct(t.me, t.S)} | ${pct(t.vme, t.R)} | ${pct(t.uncertain, t.n)}`;
console.log('| drug | calls | measured R | MDC agreement % | MDC ME % | MDC VME % | MDC uncertain % | class rule agreement % | class rule ME % | class rule VME % |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const key of [...DRUGS, 'pooled']) {
  const a = tallies.mdc.get(key)!;
  const b = tallies.peer.get(key)!;
  const [, , ag, me, vme, un] = row(a).split(' | ');
  const [, , pag, pme, pvme] = row(b).split(' | ');
  console.log(`| ${key} | ${a.n} | ${a.R} | ${ag} | ${me} | ${vme} | ${un} | ${pag} | ${pme} | ${pvme} |`);
}
if (process.argv.includes('--errors')) console.log('\n' + errors.join('\n'));
