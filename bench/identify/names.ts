// 16S species-level calls on the dev queries, before and after issue 16: references under their
// deposited labels with every species group as it came (before), against references under
// accepted names, records inside another genus left out, groups spanning genera named by their
// genera and complexes the gene cannot split named as such (after). Both judged in accepted
// names (AMR 3.0.0 taxonomy), so that a rename alone is no error.
//   npx tsx bench/identify/names.ts [--marker 18S]   (REFDATA_DIR or ../shared/data)
// The 18S references are renamed at import but not scanned for misplaced records (the import scans
// 16S only), so for 18S "after" is the accepted names and the complexes alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isComplexMember, TAXON_COMPLEXES } from '@mdc/core/identify/complexes';
import { buildReferenceIndex, findMisplacedReferences, identifySequences, type Identification, type IdentificationResult } from '@mdc/core/identify/rrna';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFastaFile } from '@mdc/refdata/fasta';
import { acceptedSpeciesResolver, readCurrentTaxonomy, withAcceptedNames } from '@mdc/refdata/taxonomy';

const marker = parseArgs({ options: { marker: { type: 'string', default: '16S' } } }).values.marker as '16S' | '18S';
if (marker !== '16S' && marker !== '18S') throw new Error('--marker is 16S or 18S');
const dir = findRefdataDir();
if (!dir) throw new Error('reference data not found: set REFDATA_DIR');
const taxonomy = await readCurrentTaxonomy(dir);
const resolve = acceptedSpeciesResolver(taxonomy);
const accepted = (name: string) => resolve(name).species;
const isAccepted = (name: string) => {
  const taxon = taxonomy.byName(name);
  return taxon?.status === 'accepted';
};

const raw = await readFastaFile(path.join(dir, `rrna/${marker}_reference.fasta.gz`));
const queries = (await readFastaFile(path.join(dir, `rrna/${marker}_queries_dev.fasta.gz`))).map((q) => ({ id: q.accession, sequence: q.sequence, expected: q.expected! }));
const named = withAcceptedNames(raw, taxonomy);
let t = performance.now();
const misplaced = marker === '16S' ? findMisplacedReferences(named) : [];
const scanS = (performance.now() - t) / 1000;
const out = new Set(misplaced.map((m) => m.accession));
const sound = named.filter((r) => !out.has(r.accession));

t = performance.now();
const before = identifySequences(buildReferenceIndex(raw), queries, { alignments: false, marker });
const after = identifySequences(buildReferenceIndex(sound), queries, { alignments: false, marker });
const searchS = (performance.now() - t) / 1000;

interface Call {
  level: string;
  name: string;
  right: boolean | null;
}

/** The call as the engine made it before issue 16: no complexes, groups across genera kept. */
function beforeCall(result: Identification, expected: string): Call {
  const c = result.confidence;
  const level = c.complex ? (c.names.length > 1 ? 'species-group' : 'species') : c.limitedBy === 'genera' ? 'species-group' : c.level;
  const name = level === 'species' ? (c.complex ? c.names[0]! : c.names[0]!) : '';
  return { level, name, right: level === 'species' ? accepted(name) === accepted(expected) : null };
}

function afterCall(result: Identification, expected: string): Call {
  const c = result.confidence;
  if (c.level !== 'species') return { level: c.level, name: '', right: null };
  if (c.complex) {
    const complex = TAXON_COMPLEXES.find((x) => x.id === c.complex!.id)!;
    return { level: 'species (complex)', name: c.complex.name, right: isComplexMember(complex, accepted(expected)) || isComplexMember(complex, expected) };
  }
  return { level: 'species', name: c.names[0]!, right: c.names[0] === accepted(expected) };
}

const rows: { id: string; expected: string; before: Call; after: Call }[] = [];
queries.forEach((q, i) => {
  const b = before[i] as IdentificationResult;
  const a = after[i] as IdentificationResult;
  rows.push({
    id: q.id,
    expected: q.expected,
    before: b.ok ? beforeCall(b, q.expected) : { level: 'refused', name: '', right: null },
    after: a.ok ? afterCall(a, q.expected) : { level: 'refused', name: '', right: null },
  });
});

const count = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).length;
const synonymsBefore = new Set(before.filter((r): r is Identification => r.ok).map((r) => r.topHit.species).filter((s) => !isAccepted(s)));
const synonymsAfter = new Set(after.filter((r): r is Identification => r.ok).map((r) => r.topHit.species).filter((s) => !isAccepted(s)));
const rank1Before = before.filter((r) => r.ok && !isAccepted(r.topHit.species)).length;
const rank1After = after.filter((r) => r.ok && !isAccepted(r.topHit.species)).length;
const crossGenus = (results: IdentificationResult[], old: boolean) =>
  results.filter((r) => r.ok && (old ? r.confidence.limitedBy === 'genera' || (r.confidence.complex && new Set(r.confidence.names.map((n) => n.split(' ')[0])).size > 1) : r.confidence.level === 'species-group' && new Set(r.confidence.names.map((n) => n.split(' ')[0])).size > 1)).length;

const lines: string[] = [];
const say = (line = '') => lines.push(line);
say(`# ${marker} species-level calls in current names — ${new Date().toISOString().slice(0, 10)}`);
say();
say(`${queries.length} dev queries (\`rrna/${marker}_queries_dev.fasta.gz\`) against ${raw.length} references; taxonomy: AMR 3.0.0 (${taxonomy.size} taxa). Before: references under their deposited labels, species groups as they came. After: accepted names (the deposited label kept), ${misplaced.length} references inside another genus left out (scan ${scanS.toFixed(1)} s), groups spanning genera named by their genera, complexes the gene cannot split named as such. Calls judged in accepted names. Searches ${searchS.toFixed(1)} s for both sets.`);
say();
say('| | before | after |');
say('|---|---|---|');
say(`| species-level calls | ${count((r) => r.before.level === 'species')} | ${count((r) => r.after.level.startsWith('species') && r.after.right !== null)} (${count((r) => r.after.level === 'species (complex)')} of them complexes) |`);
say(`| species-level calls wrong | ${count((r) => r.before.right === false)} | ${count((r) => r.after.right === false)} |`);
say(`| rank-1 species not an accepted name (queries) | ${rank1Before} | ${rank1After} |`);
say(`| distinct rank-1 names not accepted | ${synonymsBefore.size} | ${synonymsAfter.size} |`);
say(`| species groups spanning two genera | ${crossGenus(before, true)} | ${crossGenus(after, false)} |`);
say();
say('Species-level calls wrong before or after:');
say();
say('| query | expected (deposited) | before | after |');
say('|---|---|---|---|');
for (const r of rows.filter((x) => x.before.right === false || x.after.right === false)) {
  const show = (c: Call) => (c.right === null ? `${c.level}` : `${c.name}${c.right ? '' : ' ✗'}`);
  say(`| ${r.id} | ${r.expected} | ${show(r.before)} | ${show(r.after)} |`);
}
say();
say(`Rank-1 names not accepted after: ${[...synonymsAfter].join(', ') || 'none'} (synonyms the AMR list gives no current name for).`);
const file = path.join(path.dirname(new URL(import.meta.url).pathname), '../results', `identify-names-${marker === '16S' ? '' : '18S-'}${new Date().toISOString().slice(0, 10)}.md`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, lines.join('\n') + '\n');
console.log(lines.join('\n'));
console.log(`written to ${path.relative(process.cwd(), file)}`);
