import { readTaxonomy, acceptedSpeciesResolver } from '@mdc/refdata/taxonomy';
import { readFasta } from '@mdc/refdata/fasta';
import { findMisplacedReferences } from '@mdc/core/identify/rrna';
const tax = await readTaxonomy('/work/shared/data/taxonomy');
const resolve = acceptedSpeciesResolver(tax);
const refs = [];
for await (const r of readFasta('/work/shared/data/rrna/16S_reference.fasta.gz')) {
  const a = resolve(r.species ?? '', (r.lineage ?? []).slice(0, 6));
  refs.push({ accession: r.accession, species: a.species, lineage: a.lineage, sequence: r.sequence });
}
const limit = Number(process.argv[2] ?? refs.length);
const t0 = Date.now();
const found = findMisplacedReferences(refs.slice(0, limit));
console.log('ms', Date.now() - t0, 'found', found.length);
for (const f of found) console.log(f.accession, f.species, '->', f.insideGenus, f.closest.species, f.closest.similarity.toFixed(2), f.clusterReferences, f.ownGenusSimilarity?.toFixed(2), f.ownGenusReferences);
