/**
 * Scale check: the whole NCBI 16S collection of the Debian package ncbi-rrna-data (220k sequences)
 * as references: index time, memory and time per query for the 454 held-out 16S queries.
 *
 *   cd bench/work/scale && apt-get download ncbi-rrna-data && dpkg-deb -x ncbi-rrna-data_*.deb pkg
 *   blastdbcmd -db pkg/usr/share/ncbi/data/Combined16SrRNA -entry all > combined16S.fa
 *   node --import tsx bench/identify/scale.ts [--ref bench/work/scale/combined16S.fa] [--threads 2]
 *
 * The collection's headers carry no taxonomy; a hit's species is the binomial opening its
 * description (see referenceInfo), so accuracy here is only indicative. Appends a section to --out when given.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta, readFastaFile } from '@mdc/refdata/fasta';
import { ReferenceIndexBuilder, identifySequences } from '@mdc/core/identify/rrna';
import { IdentifyPool } from '@mdc/core/identify/rrna/parallel';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    ref: { type: 'string', default: path.resolve(here, '../work/scale/combined16S.fa') },
    threads: { type: 'string', default: '2' },
    out: { type: 'string' },
  },
});
const threads = Math.max(1, Number(values.threads));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
let peakRss = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
};
const sampler = setInterval(sample, 200);

const started = performance.now();
const builder = new ReferenceIndexBuilder({ shared: threads > 1 });
let added = 0;
for await (const record of readFasta(values.ref!)) {
  builder.add({ accession: record.accession, description: record.description, sequence: record.sequence });
  if (++added % 50_000 === 0) sample();
}
const read = performance.now();
const index = builder.finish();
const built = performance.now();
sample();

const queries = (await readFastaFile(path.join(findRefdataDir()!, 'rrna', '16S_queries_dev.fasta.gz'))).map((q) => ({ id: q.accession, sequence: q.sequence, expected: q.expected! }));
const searchStart = performance.now();
let results;
if (threads > 1) {
  const pool = new IdentifyPool({ threads });
  await pool.setIndex('16S', index);
  results = await pool.identify('16S', queries, { alignments: false });
  await pool.close();
} else {
  results = identifySequences(index, queries, { alignments: false });
}
const searched = performance.now();
sample();
clearInterval(sampler);

let genus = 0;
let species = 0;
for (const [i, r] of results.entries()) {
  if (!r.ok) continue;
  const expected = queries[i]!.expected;
  if (r.topHit.species === expected) species++;
  if (r.topHit.species.split(' ')[0] === expected.split(' ')[0]) genus++;
}
const lines = [
  `## Scale: ${index.refs.length.toLocaleString('en')} references (${(index.codes.length / 1e6).toFixed(0)} Mbp, NCBI Combined16SrRNA), ${queries.length} queries`,
  '',
  '| read + encode (s) | index build (s) | index size | peak RSS | search, ' + threads + ' thread(s) (s) | per query (ms) | top-hit genus* | top-hit species* |',
  '|---|---|---|---|---|---|---|---|',
  `| ${((read - started) / 1000).toFixed(1)} | ${((built - read) / 1000).toFixed(1)} (word length ${index.wordLength}) | ${mb(index.bytes)} | ${mb(peakRss)} | ${((searched - searchStart) / 1000).toFixed(1)} | ${((searched - searchStart) / queries.length).toFixed(1)} | ${genus} | ${species} |`,
  '',
  '\\* species read from the description (the collection has no taxonomy field); indicative only.',
  '',
];
console.log(lines.join('\n'));
if (values.out) appendFileSync(values.out, '\n' + lines.join('\n'));
