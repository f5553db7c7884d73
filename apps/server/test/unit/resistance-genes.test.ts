import { describe, expect, it } from 'vitest';
import { parseResfinderPhenotypes } from '@mdc/refdata/resistome';
import { alleleSortKey, geneFamily, resistanceGeneRows, splitClasses } from '../../src/resource/genes';

describe('resistance-gene families', () => {
  it.each([
    ['blaKPC-2', 'blaKPC'],
    ['blaCTX-M-15', 'blaCTX-M'],
    ['blaTEM-1B', 'blaTEM'],
    ['blaOXA-48', 'blaOXA'],
    ['blaOKP-B-1', 'blaOKP-B'],
    ['mcr-1.1', 'mcr-1'],
    ['sul1', 'sul'],
    ['dfrA12', 'dfrA'],
    ['qnrB19', 'qnrB'],
    ['ARR-3', 'ARR'],
    ['tet(A)', 'tet(A)'],
    ["aac(6')-Ib-cr", "aac(6')-Ib-cr"],
    ["aph(3')-Ia", "aph(3')-Ia"],
    ['floR', 'floR'],
    ['OqxA', 'OqxA'],
  ])('%s belongs to %s', (name, family) => {
    expect(geneFamily(name)).toBe(family);
  });

  it('orders alleles by their numbers, not their letters', () => {
    const names = ['blaKPC-10', 'blaKPC-2', 'blaKPC-3'];
    expect([...names].sort((a, b) => (alleleSortKey(a) < alleleSortKey(b) ? -1 : 1))).toEqual(['blaKPC-2', 'blaKPC-3', 'blaKPC-10']);
  });

  it('splits the classes ResFinder writes in one cell', () => {
    expect(splitClasses('Macrolide, Lincosamide, Streptogramin B')).toEqual(['Macrolide', 'Lincosamide', 'Streptogramin B']);
    expect(splitClasses('Quaternary Ammonium Compounds')).toEqual(['Quaternary Ammonium Compound']);
  });
});

describe('ResFinder phenotypes with an allele listed twice', () => {
  const text = [
    'Gene_accession no.\tClass\tPhenotype\tPMID\tMechanism of resistance\tNotes\tRequired_gene',
    "aac(6')-Ib-cr_1_DQ303918\tAminoglycoside, Quinolone\tTobramycin, Amikacin, Ciprofloxacin\tunpublished\tEnzymatic modification\tMIC note",
    'blaKPC-2_1_AY034847\tBeta-lactam\tMeropenem, Imipenem\t12615876, 11257029\tEnzymatic inactivation\tClass A',
    "aac(6')-Ib-cr_1_DQ303918\tQuinolone\tCiprofloxacin, Norfloxacin\t16369542\tEnzymatic inactivation",
  ].join('\n');

  it('keeps every row: classes, drugs and PMIDs joined, the first mechanism', () => {
    const merged = parseResfinderPhenotypes(text);
    expect(merged.size).toBe(2);
    expect(merged.get("aac(6')-Ib-cr_1_DQ303918")).toMatchObject({
      class: 'Aminoglycoside, Quinolone',
      drugs: ['Tobramycin', 'Amikacin', 'Ciprofloxacin', 'Norfloxacin'],
      pmids: ['unpublished', '16369542'],
      mechanism: 'Enzymatic modification',
      notes: 'MIC note',
    });
    expect(merged.get('blaKPC-2_1_AY034847')).toMatchObject({ pmids: ['12615876', '11257029'] });
  });

  it('refuses a file without its header, naming the file', () => {
    expect(() => parseResfinderPhenotypes('gene\tclass\n', 'x/phenotypes.txt')).toThrow(/x\/phenotypes.txt, line 1/);
  });

  it('gives one row per allele, drugs as MDC codes, numeric PMIDs, both class files', () => {
    const genes = [
      { id: "aac(6')-Ib-cr_1_DQ303918", name: "aac(6')-Ib-cr", variant: 1, accession: 'DQ303918', dbClass: 'aminoglycoside', sequence: new Uint8Array(600) },
      { id: "aac(6')-Ib-cr_1_DQ303918", name: "aac(6')-Ib-cr", variant: 1, accession: 'DQ303918', dbClass: 'quinolone', sequence: new Uint8Array(600) },
      { id: 'blaKPC-2_1_AY034847', name: 'blaKPC-2', variant: 1, accession: 'AY034847', dbClass: 'beta-lactam', sequence: new Uint8Array(882) },
    ];
    const rows = resistanceGeneRows({ genes, phenotypes: parseResfinderPhenotypes(text) });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ dbClasses: ['aminoglycoside', 'quinolone'], classes: ['Aminoglycoside', 'Quinolone'], drugCodes: ['TOB', 'AMK', 'CIP', 'NOR'], pmids: ['16369542'] });
    expect(rows[1]).toMatchObject({ family: 'blaKPC', drugCodes: ['MEM', 'IPM'], length: 882, amrfinder: null });
  });
});
