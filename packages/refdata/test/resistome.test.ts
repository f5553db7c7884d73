import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  ResistomeDataError,
  familyChain,
  parsePointfinderPhenotypes,
  parseResfinderPhenotypes,
  pointfinderSpeciesList,
  readAmrfinderCatalog,
  readPointfinderSpecies,
  readResfinderDb,
  resistomeDirs,
  splitResfinderId,
} from '@mdc/refdata/resistome';

const dataDir = findRefdataDir();
const dirs = dataDir ? resistomeDirs(dataDir) : undefined;

describe('ResFinder identifiers', () => {
  it('splits gene, variant and accession, accessions with an underscore included', () => {
    expect(splitResfinderId('blaKPC-2_1_AY034847')).toEqual({ name: 'blaKPC-2', variant: 1, accession: 'AY034847' });
    expect(splitResfinderId("aac(6')-Iaa_1_NC_003197")).toEqual({ name: "aac(6')-Iaa", variant: 1, accession: 'NC_003197' });
    expect(splitResfinderId('kmr_1_ENA_ACB88605')).toEqual({ name: 'kmr', variant: 1, accession: 'ENA_ACB88605' });
    expect(splitResfinderId('aac(3)-VIa_2_NC_009838')).toEqual({ name: 'aac(3)-VIa', variant: 2, accession: 'NC_009838' });
  });
});

describe('malformed files are named with their line', () => {
  it('ResFinder phenotypes without the header', () => {
    expect(() => parseResfinderPhenotypes('blaX_1_A\tBeta-lactam\tAmpicillin\n', 'p.txt')).toThrow(/p\.txt, line 1: header/);
  });
  it('PointFinder phenotypes with a bad position', () => {
    const text = '#header\ngyrA_1_X\tAA\tSER-83\teighty\tTCG\tS\tL\tQuinolone\tCiprofloxacin\n';
    expect(() => parsePointfinderPhenotypes(text, 'ph.txt')).toThrow(ResistomeDataError);
    expect(() => parsePointfinderPhenotypes(text, 'ph.txt')).toThrow(/ph\.txt, line 2: position "eighty"/);
  });
});

describe.runIf(dirs)('the shared databases', () => {
  it('ResFinder: every allele with a phenotype row, KPC-2 a carbapenemase', () => {
    const db = readResfinderDb(dirs!.resfinder);
    expect(db.genes.length).toBeGreaterThan(3000);
    const kpc = db.genes.find((g) => g.name === 'blaKPC-2')!;
    expect(kpc.dbClass).toBe('beta-lactam');
    expect(kpc.sequence.length % 3).toBe(0);
    expect([...kpc.sequence.subarray(0, 3)]).toEqual([0, 3, 2]); // ATG
    const missing = db.genes.filter((g) => !db.phenotypes.has(g.id));
    expect(missing.length).toBeLessThan(db.genes.length * 0.01);
    expect(db.phenotypes.get(kpc.id)!.drugs).toContain('Meropenem');
    expect(db.phenotypes.get('blaSHV-12_1_KF976405')!.drugs).toContain('Ceftazidime');
    expect(db.phenotypes.get('blaSHV-1_1_AF148850')!.drugs).not.toContain('Ceftazidime');
  });

  it('PointFinder: E. coli gyrA S83 and the ampC promoter, every mutation on a gene of the species', () => {
    expect(pointfinderSpeciesList(dirs!.pointfinder)).toEqual(expect.arrayContaining(['escherichia_coli', 'klebsiella', 'salmonella']));
    const ec = readPointfinderSpecies(dirs!.pointfinder, 'escherichia_coli');
    const s83 = ec.mutations.find((m) => m.geneId.startsWith('gyrA') && m.position === 83)!;
    expect(s83).toMatchObject({ type: 'AA', ref: 'S', refNuc: 'TCG', alternatives: ['L', 'W', 'A', 'V'] });
    const gyrA = ec.genes.find((g) => g.name === 'gyrA')!;
    // The reference codon 83 of the FASTA is the one phenotypes.txt names.
    expect([...gyrA.sequence.subarray(82 * 3, 83 * 3)].map((c) => 'ACGT'[c]).join('')).toBe('TCG');
    const promoter = ec.genes.find((g) => g.name.startsWith('ampC-promoter'))!;
    expect(promoter.promoterSize).toBe(53);
    const c42 = ec.mutations.find((m) => m.position === -42)!;
    expect('ACGT'[promoter.sequence[promoter.promoterSize + c42.position]!]).toBe(c42.ref);
    const ids = new Set(ec.genes.map((g) => g.id));
    for (const m of ec.mutations) expect(ids.has(m.geneId), m.geneId).toBe(true);
    expect(ec.genes.find((g) => g.name === '23S')!.noncoding).toBe(true);
    // Required partners of A84P: any gyrA S83 change.
    expect(ec.mutations.find((m) => m.geneId.startsWith('gyrA') && m.position === 84)!.required).toEqual(['gyrA_1_CP073768.1_S83L.W.A.V']);
  });

  it('AMRFinderPlus: symbols with family and subclass, the OXA-51 family chain', () => {
    const cat = readAmrfinderCatalog(dirs!.amrfinderplus);
    expect(cat.symbols.get('blaCTX-M-15')).toMatchObject({ family: 'blaCTX-M', class: 'BETA-LACTAM', subclass: 'CEPHALOSPORIN' });
    expect(cat.symbols.get('blaKPC-2')!.subclass).toBe('CARBAPENEM');
    expect(familyChain(cat, 'blaOXA-66')[0]).toBe('blaOXA-51_fam');
    expect(cat.families.get('tet(A)')).toMatchObject({ class: 'TETRACYCLINE' });
  });
});

