/**
 * Agreement of `mdc interpret --input … --breakpoints-only` with the AMR package 3.0.0's own
 * as.sir() on `amr/ast_peer_dev_2023_2025.tsv` (its `expected` column), by guideline-year, with
 * every disagreement listed with the row as.sir() read (see peer-row.ts) and the one MDC read, and a
 * second figure on the cases where as.sir()'s row is the organism's most specific one. Run: REFDATA_DIR=/work/shared/data npx tsx bench/ast/agreement.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { describeRow, peerRowFinder } from './peer-row';

const dataDir = findRefdataDir();
if (!dataDir) throw new Error('set REFDATA_DIR');
const input = path.join(dataDir, 'amr/ast_peer_dev_2023_2025.tsv');
const output = path.join(mkdtempSync(path.join(os.tmpdir(), 'mdc-agreement-')), 'out.tsv');
const started = performance.now();
execFileSync('node', ['apps/server/bin/mdc.js', 'interpret', '--input', input, '--output', output, '--breakpoints-only'], { stdio: 'inherit' });
const seconds = (performance.now() - started) / 1000;
const [header, ...rows] = readFileSync(output, 'utf8').trim().split('\n').map((l) => l.split('\t'));
const at = (name: string) => header!.indexOf(name);
const peerRows = peerRowFinder(path.join(dataDir, 'amr/amr-3.0.0'));
const byGuideline = new Map<string, { n: number; agree: number }>();
const specific = { n: 0, agree: 0 };
const misses: string[] = [];
/** "(CLSI 2025, Enterobacterales)" in the reason: the organism level of the row MDC read. */
const mdcLevel = (reason: string) => /\((?:CLSI|EUCAST) \d{4}, ([^)]+)\)/.exec(reason)?.[1] ?? '';
for (const row of rows) {
  const g = row[at('guideline')]!;
  const entry = byGuideline.get(g) ?? { n: 0, agree: 0 };
  entry.n++;
  const agree = row[at('expected')] === row[at('interpretation')];
  if (agree) entry.agree++;
  const peer = peerRows(g, row[at('organism')]!, row[at('antibiotic')]!, row[at('method')]!);
  const peerIsSpecific = peer.first !== undefined && peer.first === peer.mostSpecific;
  if (peerIsSpecific) {
    specific.n++;
    if (agree) specific.agree++;
  }
  if (!agree) {
    const mdc = row[at('breakpoint')] ? `${mdcLevel(row[at('reason')] ?? '')}: ${row[at('breakpoint')]}` : '—';
    misses.push(
      `| ${g} | ${row[at('organism')]} | ${row[at('antibiotic')]} | ${row[at('method')]} ${row[at('value')]} | ${row[at('expected')]} | ${row[at('interpretation')] || '—'} | ${describeRow(peer.first)} | ${describeRow(peer.mostSpecific)} | ${mdc} |`,
    );
  }
  byGuideline.set(g, entry);
}
const total = [...byGuideline.values()].reduce((a, b) => ({ n: a.n + b.n, agree: a.agree + b.agree }), { n: 0, agree: 0 });
const pct = (a: number, n: number) => ((100 * a) / n).toFixed(1);
console.log(`\n# AST agreement with as.sir() (AMR 3.0.0)\n\n${total.agree}/${total.n} = ${pct(total.agree, total.n)} % in ${seconds.toFixed(1)} s\n`);
console.log(
  `On the ${specific.n} cases where as.sir()'s row is the organism's most specific row: ${specific.agree}/${specific.n} = ${pct(specific.agree, specific.n)} %.\n`,
);
console.log('| guideline | cases | agree |\n|---|---|---|');
for (const [g, e] of [...byGuideline].sort()) console.log(`| ${g} | ${e.n} | ${e.agree} (${pct(e.agree, e.n)} %) |`);
console.log(
  "\n| guideline | organism | drug | value | as.sir() | MDC | as.sir()'s row (first candidate in file order) | most specific row | MDC's row |\n|---|---|---|---|---|---|---|---|---|",
);
for (const m of misses) console.log(m);
