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
  let references: ReturnType<typeof identificationReferences>;
  let index: ReturnType<typeof buildReferenceIndex>;

  beforeAll(async () => {
    statuses = amr3Statuses(amr3!, readStatusCorrections());
    const taxonomy = await loadImportTaxonomy(dataDir!);
    references = identificationReferences(await readFastaFile(path.join(dataDir!, 'rrna/16S_reference.fasta.gz')), taxonomy, []);
    queries = await readFastaFile(path.join(dataDir!, 'rrna/16S_queries_dev.fasta.gz'));
    index = buildReferenceIndex(references.sound);
    results = identifySequences(index, queries.map((q) => ({ id: q.accession, sequence: q.sequence })), { alignments: false });
  }, 300_000);

  /**
   * Reference records asked as queries against the set without them (leave-out), so that an
   * answer cannot rest on the record's own copy.
   */
  function heldOut(accessions: readonly string[]): Map<string, IdentificationResult> {
    const out = new Set(accessions);
    const asked = references.sound.filter((r) => out.has(r.accession));
    expect(asked.map((r) => r.accession).sort()).toEqual([...out].sort());
    const rest = buildReferenceIndex(references.sound.filter((r) => !out.has(r.accession)));
    const answers = identifySequences(rest, asked.map((r) => ({ id: r.accession, sequence: r.sequence })), { alignments: false });
    return new Map(asked.map((r, i) => [r.accession, answers[i]!]));
  }

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

  it('calls the M. bovis, M. africanum, M. pinnipedii and M. microti references the M. tuberculosis complex, gaps in their records or not', () => {
    const members = { AB292583: 'Mycobacterium bovis', AF480605: 'Mycobacterium africanum', AF502574: 'Mycobacterium pinnipedii', AF480584: 'Mycobacterium microti' };
    for (const [accession, deposited] of Object.entries(members)) {
      expect(references.named.find((r) => r.accession === accession)?.header, accession).toContain(deposited);
    }
    for (const [accession, result] of heldOut(Object.keys(members))) {
      expect(result.ok && result.confidence, accession).toMatchObject({ level: 'species', complex: { name: 'Mycobacterium tuberculosis complex' } });
    }
  });

  it('files the Blautia deposited as Ruminococcus or Clostridium under Blautia, and answers a held-out one as Blautia', () => {
    const renamed = references.named.filter((r) => r.species?.startsWith('Blautia ') && /^(Ruminococcus|Clostridium) /.test(r.depositedSpecies ?? ''));
    expect(new Set(renamed.map((r) => r.depositedSpecies))).toEqual(new Set(['Ruminococcus obeum', 'Ruminococcus productus', 'Ruminococcus schinkii', 'Clostridium coccoides']));
    // One record of each species that has a second one to be found by.
    const bySpecies = new Map<string, string[]>();
    for (const r of renamed) bySpecies.set(r.species!, [...(bySpecies.get(r.species!) ?? []), r.accession]);
    const asked = [...bySpecies.values()].filter((a) => a.length > 1).map((a) => a[0]!);
    expect(asked.length).toBeGreaterThanOrEqual(3);
    for (const [accession, result] of heldOut(asked)) {
      expect(result.ok, accession).toBe(true);
      if (!result.ok) continue;
      expect(result.topHit.species, accession).toMatch(/^Blautia /);
      for (const name of result.confidence.names) expect(name, accession).toMatch(/^Blautia( |$)/);
      for (const hit of result.hits) expect(hit.species, accession).not.toMatch(/^Ruminococcus (obeum|productus|schinkii)|^Clostridium coccoides/);
    }
  });

  it('keeps the L. sphaericus record inside B. licheniformis and the L. lactis record inside L. casei out of their groups, and says where they sit', () => {
    const misplaced = new Map(references.misplaced.map((m) => [m.accession, m]));
    expect(misplaced.get('EU200968')).toMatchObject({ species: 'Lysinibacillus sphaericus', insideGenus: 'Bacillus', closest: { species: 'Bacillus licheniformis' } });
    expect(misplaced.get('AB182585')).toMatchObject({ species: 'Lactococcus lactis', insideGenus: 'Lacticaseibacillus', closest: { species: 'Lacticaseibacillus casei' } });
    // The records they sit beside, asked as queries: their groups hold their own genus alone.
    const beside = { AB039328: 'Bacillus', CP000423: 'Lacticaseibacillus' };
    const answers = identifySequences(
      index,
      Object.keys(beside).map((accession) => ({ id: accession, sequence: references.sound.find((r) => r.accession === accession)!.sequence })),
      { alignments: false },
    );
    Object.values(beside).forEach((genus, i) => {
      const result = answers[i]!;
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      for (const name of result.confidence.names) expect(name).toMatch(new RegExp(`^${genus} `));
      for (const hit of result.hits) expect(hit.species).not.toMatch(/^(Lysinibacillus sphaericus|Lactococcus lactis)$/);
    });
  });
});
