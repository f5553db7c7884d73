import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  applyStatusCorrections,
  parseMicroorganisms,
  parseStatusCorrections,
  projectStatusCorrectionsFile,
  readCurrentTaxonomy,
  readStatusCorrections,
  resolveAcceptedName,
  TaxonomyFormatError,
  TaxonomyTable,
  type StatusCorrection,
} from '@mdc/refdata/taxonomy';

const HEADER =
  'mo\tfullname\tstatus\tkingdom\tphylum\tclass\torder\tfamily\tgenus\tspecies\tsubspecies\trank\tref\toxygen_tolerance\tsource\tlpsn\tlpsn_parent\tlpsn_renamed_to\tmycobank\tmycobank_parent\tmycobank_renamed_to\tgbif\tgbif_parent\tgbif_renamed_to\tprevalence\tsnomed';

function row(mo: string, name: string, status: string, ids: { author?: string; gbif?: string; gbifTo?: string; lpsn?: string; lpsnTo?: string } = {}): string {
  const [genus = '', species = '', subspecies = ''] = name.split(' ');
  const rank = subspecies ? 'subspecies' : 'species';
  return [
    mo, name, status, 'Bacteria', 'Cyanobacteriota', 'Cyanophyceae', 'Chroococcales', 'Microcystaceae', genus, species, subspecies, rank, ids.author ?? '', '', 'GBIF',
    ids.lpsn ?? '', '', ids.lpsnTo ?? '', '', '', '', ids.gbif ?? '', '', ids.gbifTo ?? '', '2', '',
  ].join('\t');
}

const correction = (over: Partial<StatusCorrection> = {}): StatusCorrection => ({
  name: 'Microcystis aeruginosa',
  listedAuthority: 'Henfrey, 1856',
  gbifRenamedTo: '900',
  acceptedAuthority: '(Kützing) Kützing, 1846',
  reason: 'same binomial under its accepted authority',
  reasonZh: '同一学名的正确命名人',
  source: ['https://www.marinespecies.org/aphia.php?p=taxdetails&id=146558'],
  file: 'status-corrections.tsv',
  line: 8,
  ...over,
});

const list = (...rows: string[]) => parseMicroorganisms([HEADER, ...rows].join('\n'));

describe('the curated status corrections table', () => {
  const corrections = readStatusCorrections();

  it('gives every row its source, a reason in both languages and the authority it accepts', () => {
    expect(corrections.length).toBeGreaterThan(0);
    for (const c of corrections) {
      expect(c.source.length, c.name).toBeGreaterThan(0);
      for (const address of c.source) expect(address, c.name).toMatch(/^https?:\/\/\S+\.\S+/);
      expect(c.reason.length, c.name).toBeGreaterThan(40);
      expect(c.reasonZh, c.name).toMatch(/\p{Script=Han}/u);
      // A correction of status, not a renaming: the accepted authority is another than the listed one.
      expect(c.acceptedAuthority, c.name).not.toBe(c.listedAuthority);
      expect(c.name).toMatch(/^[A-Z][a-z]+ [a-z-]+$/);
    }
  });

  it('refuses a row without a source, or with a source that is no address', () => {
    const header = 'name\tlisted_authority\tgbif_renamed_to\taccepted_authority\treason\treason_zh\tsource';
    const base = ['Microcystis aeruginosa', 'Henfrey, 1856', '5426712', '(Kützing) Kützing, 1846', 'why', '为何'];
    expect(() => parseStatusCorrections([header, [...base, ''].join('\t')].join('\n'))).toThrow(TaxonomyFormatError);
    expect(() => parseStatusCorrections([header, [...base, 'WoRMS'].join('\t')].join('\n'))).toThrow(/not an address/);
    expect(() => parseStatusCorrections([header, base.join('\t')].join('\n'))).toThrow(/column source/);
    expect(parseStatusCorrections([header, [...base, 'https://example.org/a https://example.org/b'].join('\t')].join('\n'))[0]?.source).toHaveLength(2);
  });
});

describe('applying a correction', () => {
  it('makes a synonym accepted when its only renaming is a GBIF id the list lacks, and sends what GBIF renames there to it', () => {
    const taxa = list(
      row('B_MCRCY_AERG', 'Microcystis aeruginosa', 'synonym', { author: 'Henfrey, 1856', gbif: '100', gbifTo: '900' }),
      row('B_MCRCY_AERG_AERG', 'Microcystis aeruginosa aeruginosa', 'synonym', { gbif: '101', gbifTo: '900' }),
      row('B_MCRCY_CYAN', 'Microcystis cyanea', 'synonym', { gbif: '102', gbifTo: '900' }),
    );
    const { taxa: corrected, outcome } = applyStatusCorrections(taxa, [correction()]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.applied.map((a) => a.mo)).toEqual(['B_MCRCY_AERG']);
    const table = new TaxonomyTable(corrected, [], { statusCorrections: outcome });
    const answer = resolveAcceptedName(table, 'Microcystis aeruginosa');
    expect(answer).toMatchObject({ isCurrent: true, status: 'accepted', accepted: { author: '(Kützing) Kützing, 1846' } });
    expect(answer?.accepted?.statusCorrection).toMatchObject({ listedStatus: 'synonym', listedAuthority: 'Henfrey, 1856', source: [expect.stringMatching(/^https:/)] });
    expect(resolveAcceptedName(table, 'Microcystis aeruginosa aeruginosa')?.accepted?.mo).toBe('B_MCRCY_AERG');
    expect(table.synonymsOf(table.byMo('B_MCRCY_AERG')!).map((t) => t.mo)).toEqual(['B_MCRCY_AERG_AERG', 'B_MCRCY_CYAN']);
    // The list as given is not touched.
    expect(taxa[0]?.status).toBe('synonym');
  });

  it('never overrides a renaming the list can follow', () => {
    const target = row('B_MCRCY_OTHR', 'Microcystis other', 'accepted', { gbif: '900' });
    const synonym = row('B_MCRCY_AERG', 'Microcystis aeruginosa', 'synonym', { author: 'Henfrey, 1856', gbif: '100', gbifTo: '900' });
    const { taxa, outcome } = applyStatusCorrections(list(synonym, target), [correction()]);
    expect(outcome.applied).toEqual([]);
    expect(outcome.refused[0]?.why).toMatch(/GBIF 900 is Microcystis other .*a real renaming/);
    expect(resolveAcceptedName(new TaxonomyTable(taxa), 'Microcystis aeruginosa')?.accepted?.mo).toBe('B_MCRCY_OTHR');
  });

  it('refuses where LPSN renames the name, even to an id the list lacks', () => {
    const synonym = row('B_MCRCY_AERG', 'Microcystis aeruginosa', 'synonym', { author: 'Henfrey, 1856', gbif: '100', gbifTo: '900', lpsnTo: '777' });
    const { taxa, outcome } = applyStatusCorrections(list(synonym), [correction()]);
    expect(outcome.refused[0]?.why).toMatch(/LPSN 777/);
    expect(taxa[0]?.status).toBe('synonym');
  });

  it('refuses a row that no longer is what the correction was written for', () => {
    const cases: [string, string, RegExp][] = [
      ['another authority', row('B_MCRCY_AERG', 'Microcystis aeruginosa', 'synonym', { author: 'Someone, 1900', gbif: '100', gbifTo: '900' }), /under "Henfrey, 1856"/],
      ['another GBIF target', row('B_MCRCY_AERG', 'Microcystis aeruginosa', 'synonym', { author: 'Henfrey, 1856', gbif: '100', gbifTo: '901' }), /GBIF 901, not 900/],
      ['accepted already', row('B_MCRCY_AERG', 'Microcystis aeruginosa', 'accepted', { author: '(Kützing) Kützing, 1846', gbif: '900' }), /accepts this name already/],
      ['gone', row('B_MCRCY_VRDS', 'Microcystis viridis', 'synonym', { gbif: '5', gbifTo: '6' }), /no species of this name/],
    ];
    for (const [label, given, why] of cases) {
      const { taxa, outcome } = applyStatusCorrections(list(given), [correction()]);
      expect(outcome.applied, label).toEqual([]);
      expect(outcome.refused[0]?.why, label).toMatch(why);
      expect(taxa[0]?.statusCorrection, label).toBeUndefined();
    }
  });
});

const dataDir = findRefdataDir();
const amr3 = dataDir ? path.join(dataDir, 'amr/amr-3.0.0/microorganisms.tsv.gz') : undefined;

describe.skipIf(!amr3)('the corrections against the AMR 3.0.0 list', () => {
  it('each applies, to a species the list calls a synonym of a GBIF id none of its rows has', async () => {
    // Read the list here on its own, not through the importer, so the check does not lean on it.
    const [header, ...lines] = gunzipSync(readFileSync(amr3!)).toString('utf8').split('\n');
    const columns = header!.split('\t');
    const rows = lines.map((l) => l.split('\t')).filter((c) => c.length > 3);
    const at = (cells: string[], column: string) => cells[columns.indexOf(column)] ?? '';
    const gbifIds = new Set(rows.map((c) => at(c, 'gbif')).filter(Boolean));
    const corrections = readStatusCorrections(projectStatusCorrectionsFile);
    for (const c of corrections) {
      const listed = rows.filter((cells) => at(cells, 'fullname') === c.name);
      expect(listed.map((cells) => at(cells, 'status')), c.name).toEqual(['synonym']);
      expect(at(listed[0]!, 'gbif_renamed_to'), c.name).toBe(c.gbifRenamedTo);
      expect(gbifIds.has(c.gbifRenamedTo), c.name).toBe(false);
      expect(at(listed[0]!, 'lpsn_renamed_to') + at(listed[0]!, 'mycobank_renamed_to'), c.name).toBe('');
    }
    const table = await readCurrentTaxonomy(dataDir!);
    expect(table.statusCorrections.refused).toEqual([]);
    expect(table.statusCorrections.applied.map((a) => a.correction.name).sort()).toEqual(corrections.map((c) => c.name).sort());
    for (const c of corrections) {
      const answer = resolveAcceptedName(table, c.name);
      expect(answer, c.name).toMatchObject({ isCurrent: true, status: 'accepted', accepted: { author: c.acceptedAuthority, statusCorrection: { source: c.source } } });
    }
  }, 120_000);
});
