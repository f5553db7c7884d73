import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readChineseNames } from '@mdc/refdata/names';
import {
  mergeRetired,
  parseMicroorganisms,
  parseTaxonCodes,
  readCurrentTaxonomy,
  readTaxonomy,
  resolveAcceptedName,
  TaxonomyTable,
  type Taxon,
} from '@mdc/refdata/taxonomy';

/** The AMR 3.0.0 header: the 2022 columns plus oxygen tolerance and MycoBank ids. */
const HEADER_3 =
  'mo\tfullname\tstatus\tkingdom\tphylum\tclass\torder\tfamily\tgenus\tspecies\tsubspecies\trank\tref\toxygen_tolerance\tsource\tlpsn\tlpsn_parent\tlpsn_renamed_to\tmycobank\tmycobank_parent\tmycobank_renamed_to\tgbif\tgbif_parent\tgbif_renamed_to\tprevalence\tsnomed';

function row3(mo: string, name: string, status: string, rank: string, ids: { lpsn?: string; lpsnTo?: string; mb?: string; mbTo?: string; snomed?: string } = {}): string {
  const [genus = '', species = ''] = name.split(' ');
  return [
    mo, name, status, 'Fungi', 'P', 'C', 'O', 'F', genus, species, '', rank, '', 'aerobe', 'MycoBank',
    ids.lpsn ?? '', '', ids.lpsnTo ?? '', ids.mb ?? '', '', ids.mbTo ?? '', '', '', '', '1.5', ids.snomed ?? '',
  ].join('\t');
}

describe('the AMR 3.0.0 table format', () => {
  const taxa = parseMicroorganisms(
    [
      HEADER_3,
      row3('F_ABSID_CRYM', 'Absidia corymbifera', 'synonym', 'species', { mb: '1', mbTo: '2', snomed: '111|222' }),
      row3('F_LCHTH_CRYM', 'Lichtheimia corymbifera', 'accepted', 'species', { mb: '2' }),
      row3('F_CNDDZ', 'Candidozyma', 'not validly published', 'genus'),
      row3('B_BCTRD_FRGL-C', 'Bacteroides fragilis group', 'accepted', 'species group'),
    ].join('\n'),
  );
  const table = new TaxonomyTable(taxa, parseTaxonCodes('code\tmo\nHACEK\tF_CNDDZ\nHACEK\tF_CNDDZ\n'));

  it('reads MycoBank ids, oxygen tolerance, "|"-joined SNOMED codes and the new statuses and ranks', () => {
    expect(taxa[0]).toMatchObject({ mycobankId: '1', mycobankRenamedTo: '2', oxygenTolerance: 'aerobe', snomed: ['111', '222'] });
    expect(taxa[2]?.status).toBe('not validly published');
    expect(taxa[3]?.rank).toBe('species group');
    // A code repeated verbatim is one code, as the 3.0.0 codes file does with HACEK.
    expect(table.codes).toHaveLength(1);
  });

  it('follows MycoBank renames and says so', () => {
    const answer = resolveAcceptedName(table, 'absidia corymbifera');
    expect(answer?.accepted?.name).toBe('Lichtheimia corymbifera');
    expect(answer?.via).toEqual(['mycobank']);
    expect(answer?.isCurrent).toBe(false);
    // A name nothing renames is its own current name, whatever its status.
    expect(resolveAcceptedName(table, 'F_CNDDZ')?.isCurrent).toBe(true);
    expect(resolveAcceptedName(table, 'Nonexistia nowhere')).toBeUndefined();
  });

  it('keeps a dropped code of the earlier table as a synonym of its same-name successor', () => {
    const old: Taxon[] = parseMicroorganisms(
      'mo\tfullname\tstatus\tkingdom\tphylum\tclass\torder\tfamily\tgenus\tspecies\tsubspecies\trank\tref\tsource\tlpsn\tlpsn_parent\tlpsn_renamed_to\tgbif\tgbif_parent\tgbif_renamed_to\tprevalence\tsnomed\n' +
        'P_LCHTH_CRYM\tLichtheimia corymbifera\taccepted\tProtozoa\tP\tC\tO\tF\tLichtheimia\tcorymbifera\t\tspecies\t\tGBIF\t\t\t\t\t\t\t2\t\n' +
        'P_GONE\tGoneia gone\taccepted\tProtozoa\tP\tC\tO\tF\tGoneia\tgone\t\tspecies\t\tGBIF\t\t\t\t\t\t\t2\t\n',
    );
    const [merged, codes] = mergeRetired(taxa, [], old, [{ code: 'LCO', mo: 'P_LCHTH_CRYM', line: 2 }]);
    const current = new TaxonomyTable(merged, codes);
    const moved = resolveAcceptedName(current, 'P_LCHTH_CRYM');
    expect(moved?.accepted?.mo).toBe('F_LCHTH_CRYM');
    expect(moved?.via).toEqual(['retired code']);
    expect(resolveAcceptedName(current, 'LCO')?.accepted?.mo).toBe('F_LCHTH_CRYM');
    // The name itself still finds the current record, not the retired one.
    expect(current.byName('Lichtheimia corymbifera')?.mo).toBe('F_LCHTH_CRYM');
    const gone = resolveAcceptedName(current, 'P_GONE');
    expect(gone?.isCurrent).toBe(true);
    expect(gone?.queried.retired?.replacedByMo).toBeUndefined();
  });
});

const dataDir = findRefdataDir();
const amrDir = dataDir ? path.join(dataDir, 'amr/amr-3.0.0') : '';

describe.skipIf(!dataDir)('the portal taxonomy from the real files', () => {
  let table: TaxonomyTable;
  let oldCodes: string[];
  beforeAll(async () => {
    table = await readCurrentTaxonomy(dataDir as string);
    oldCodes = (await readFile(path.join(dataDir as string, 'taxonomy/microorganisms.tsv'), 'utf8'))
      .split('\n')
      .slice(1)
      .filter((l) => l !== '')
      .map((l) => l.slice(0, l.indexOf('\t')));
  });

  it('holds every one of the 78,679 AMR 3.0.0 taxa and every code of the 2022 table', async () => {
    const rows = gunzipSync(await readFile(path.join(amrDir, 'microorganisms.tsv.gz'))).toString('utf8').split('\n').filter((l) => l !== '');
    expect(rows.length - 1).toBe(78_679);
    expect(table.taxa.filter((t) => !t.retired)).toHaveLength(78_679);
    // Every address /resource/taxon/<mo> that worked keeps working.
    expect(oldCodes.filter((mo) => !table.byMo(mo))).toEqual([]);
    const current = new Set(rows.map((r) => r.slice(0, r.indexOf('\t'))));
    expect(table.taxa.filter((t) => t.retired).length).toBe(oldCodes.filter((mo) => !current.has(mo)).length);
  });

  it('answers "accepted name of X" across the nomenclature authorities', () => {
    expect(resolveAcceptedName(table, 'Enterobacter aerogenes')).toMatchObject({ accepted: { name: 'Klebsiella aerogenes' }, via: ['lpsn'] });
    expect(resolveAcceptedName(table, 'Absidia corymbifera')?.via).toEqual(['mycobank']);
    expect(resolveAcceptedName(table, 'P_TXPL_GOND')).toMatchObject({ accepted: { mo: 'C_TXPL_GOND' }, via: ['retired code'] });
    expect(resolveAcceptedName(table, 'eco')?.accepted?.mo).toBe('B_ESCHR_COLI');
    expect(resolveAcceptedName(table, 'Escherichia coli')?.isCurrent).toBe(true);
  });

  it('knows fungi from MycoBank and oxygen tolerance', () => {
    const fungi = table.taxa.filter((t) => t.source === 'MycoBank');
    expect(fungi.length).toBeGreaterThan(10_000);
    expect(table.byName('Escherichia coli')?.oxygenTolerance).toBe('facultative anaerobe');
  });

  it('finds a taxon, directly or through its current name, for every curated Chinese organism name the 2022 table found', async () => {
    const names = readChineseNames();
    const table2022 = await readTaxonomy(path.join(dataDir as string, 'taxonomy'));
    // The curated file also names WHONET spellings outside any taxonomy; what the 2022 table found must still be found.
    const lost = names.organismRecords.filter((r) => table2022.byName(r.name) && !table.byName(r.name)).map((r) => r.name);
    expect(lost).toEqual([]);
    expect(names.organismZhOrCurrent('Klebsiella mobilis', table)).toBe(names.organismZh('Klebsiella aerogenes'));
  });
});
