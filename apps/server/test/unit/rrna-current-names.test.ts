import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceIndex, identifySequences, type IdentificationResult } from '@mdc/core/identify/rrna';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFastaFile, type FastaRecord } from '@mdc/refdata/fasta';
import { readStatusCorrections, type StatusCorrection } from '@mdc/refdata/taxonomy';
import { identificationReferences, loadImportTaxonomy } from '../../src/resource/sources';

const dataDir = findRefdataDir();
const amr3 = dataDir ? path.join(dataDir, 'amr/amr-3.0.0/microorganisms.tsv.gz') : undefined;

/**
 * Status of every name in the AMR package 3.0.0 list, read here on its own so the check does not
 * lean on the importer; a synonym whose renamed-to ids name no row of the list is
 * `synonym without current name`: the list itself has no accepted name to give for it. Such a
 * name counts as accepted only through a curated correction that names it, its GBIF target and a
 * source (packages/refdata/taxonomy/status-corrections.tsv).
 */
function amr3Statuses(file: string, corrections: readonly StatusCorrection[]): Map<string, string> {
  const [header, ...lines] = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const columns = header!.split('\t');
  const at = (name: string) => columns.indexOf(name);
  const rows = lines.map((line) => line.split('\t')).filter((cells) => cells.length > 3);
  const ids = new Set<string>();
  for (const cells of rows) for (const c of ['lpsn', 'mycobank', 'gbif']) if (cells[at(c)]) ids.add(`${c}:${cells[at(c)]}`);
  const statuses = new Map<string, string>();
  for (const cells of rows) {
    const name = cells[at('fullname')]!;
    if (statuses.get(name) === 'accepted') continue;
    const status = cells[at('status')]!;
    const leadsSomewhere = ['lpsn', 'mycobank', 'gbif'].some((c) => cells[at(`${c}_renamed_to`)] && ids.has(`${c}:${cells[at(`${c}_renamed_to`)]}`));
    const dangling = status === 'synonym' && !leadsSomewhere;
    const corrected = corrections.find(
      (c) => c.name === name && c.gbifRenamedTo === cells[at('gbif_renamed_to')] && !cells[at('lpsn_renamed_to')] && c.source.length > 0,
    );
    statuses.set(name, dangling ? (corrected ? 'accepted' : 'synonym without current name') : status);
  }
  return statuses;
}

/**
 * The 454 held-out 16S queries against the reference set as an import files it: every rank-1
 * species is an accepted name of the AMR 3.0.0 list (the deposited labels are one in five
 * synonyms: Propionibacterium acnes, Enterobacter aerogenes …), and no species group spans two
 * genera (a complex the gene cannot split is named as the complex).
 */
describe.skipIf(!amr3)('16S identification in current names, over the dev queries', () => {
  let queries: FastaRecord[];
  let results: IdentificationResult[];
  let statuses: Map<string, string>;

  beforeAll(async () => {
    statuses = amr3Statuses(amr3!, readStatusCorrections());
    const taxonomy = await loadImportTaxonomy(dataDir!);
    const references = identificationReferences(await readFastaFile(path.join(dataDir!, 'rrna/16S_reference.fasta.gz')), taxonomy, []);
    queries = await readFastaFile(path.join(dataDir!, 'rrna/16S_queries_dev.fasta.gz'));
    results = identifySequences(buildReferenceIndex(references.sound), queries.map((q) => ({ id: q.accession, sequence: q.sequence })), { alignments: false });
  }, 300_000);

  it('names every rank-1 species by an accepted name of the AMR 3.0.0 list', () => {
    expect(queries).toHaveLength(454);
    const named = results.filter((r) => r.ok);
    expect(named.length).toBeGreaterThan(440);
    const notAccepted = [...new Set(named.map((r) => r.topHit.species).filter((species) => statuses.get(species) !== 'accepted'))];
    expect(notAccepted.map((species) => [species, statuses.get(species) ?? 'not in the list'])).toEqual([]);
  });

  it('lets no species group span two genera', () => {
    const mixed = results
      .filter((r) => r.ok && (r.confidence.level === 'species-group' || r.confidence.complex))
      .filter((r) => r.ok && !r.confidence.complex && new Set(r.confidence.names.map((n) => n.split(' ')[0])).size > 1)
      .map((r) => (r.ok ? `${r.queryId}: ${r.confidence.names.join(' / ')}` : ''));
    expect(mixed).toEqual([]);
  });

  const answer = (accession: string) => results[queries.findIndex((q) => q.accession === accession)]!;

  it('answers AF129441 (deposited as Klebsiella ornithinolytica) in accepted species, not five names for two', () => {
    const result = answer('AF129441');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.confidence.names.length).toBeLessThanOrEqual(2);
    expect(result.confidence.names).toContain('Klebsiella ornithinolytica');
    for (const name of result.confidence.names) expect(statuses.get(name)).toBe('accepted');
    for (const hit of result.hits) expect(hit.species).not.toMatch(/^(Raoultella|Enterobacter aerogenes|Klebsiella trevisanii)/);
  });

  it('calls X52917 the M. tuberculosis complex, at species level', () => {
    const result = answer('X52917');
    expect(result.ok && result.confidence).toMatchObject({ level: 'species', complex: { name: 'Mycobacterium tuberculosis complex' } });
  });
});
