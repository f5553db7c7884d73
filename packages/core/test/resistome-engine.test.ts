import { describe, expect, it } from 'vitest';
import { findResistome, prepareResistome, type KnownMutationRef, type ResistomeReference } from '@mdc/core/resistome';

let seed = 11;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const bases = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
const codes = (s: string) => Uint8Array.from(s, (c) => 'ACGT'.indexOf(c));
const revcomp = (s: string) => [...s].reverse().map((c) => 'TGCA'['ACGT'.indexOf(c)]).join('');
const mutate = (s: string, at: number, base: string) => s.slice(0, at) + base + s.slice(at + 1);
/** A random coding sequence without internal stop codons: ATG, n codons, TAA. */
const codingSequence = (codons: number) => {
  const sense = ['GCT', 'TCG', 'GAC', 'CTG', 'AAA', 'GGC', 'CCA', 'ACC', 'ATT', 'CGT', 'TTC', 'CAG', 'GTG', 'AAC', 'TAC', 'TGG'];
  return 'ATG' + Array.from({ length: codons }, () => sense[Math.floor(random() * sense.length)]).join('') + 'TAA';
};

function assembly(contigs: [string, string][]) {
  let start = 0;
  const list = contigs.map(([name, seq]) => {
    const c = { name, start, length: seq.length };
    start += seq.length;
    return c;
  });
  return { codes: codes(contigs.map(([, s]) => s).join('')), contigs: list };
}

// Two alleles of one β-lactamase family differing at one base (position 300), as blaSHV-11 (narrow) and blaSHV-12 (ESBL) differ.
const narrow = codingSequence(280);
const esbl = mutate(narrow, 300, narrow[300] === 'A' ? 'C' : 'A');
const other = codingSequence(250);
const reference: ResistomeReference = {
  genes: [
    { id: 'blaSHV-11_1_X', name: 'blaSHV-11', dbClass: 'beta-lactam', sequence: codes(narrow) },
    { id: 'blaSHV-12_1_Y', name: 'blaSHV-12', dbClass: 'beta-lactam', sequence: codes(esbl) },
    { id: 'tet(A)_1_Z', name: 'tet(A)', dbClass: 'tetracycline', sequence: codes(other) },
  ],
  phenotypes: new Map([
    ['blaSHV-11_1_X', { class: 'Beta-lactam', drugs: ['Amoxicillin', 'Ampicillin', 'Piperacillin'] }],
    ['blaSHV-12_1_Y', { class: 'Beta-lactam', drugs: ['Amoxicillin', 'Ampicillin', 'Piperacillin', 'Ceftazidime', 'Cefotaxime', 'Aztreonam'] }],
    ['tet(A)_1_Z', { class: 'Tetracycline', drugs: ['Tetracycline', 'Doxycycline'] }],
  ]),
  pointfinder: new Map(),
};
const prepared = prepareResistome(reference);

describe('acquired genes', () => {
  it('finds a gene on either strand with its place, identity and the allele named exactly', () => {
    const chromosome = bases(20_000) + esbl + bases(30_000) + revcomp(other) + bases(20_000);
    const result = findResistome(prepared, assembly([['chr', chromosome]]), 'Escherichia coli');
    expect(result.genes.map((g) => [g.name, g.strand, g.start, g.end, g.identity, g.coverage, g.notes])).toEqual([
      ['blaSHV-12', '+', 20_001, 20_000 + esbl.length, 100, 100, []],
      ['tet(A)', '-', 50_001 + esbl.length, 50_000 + esbl.length + other.length, 100, 100, []],
    ]);
    expect(result.genes[0]!.drugs).toEqual(expect.arrayContaining(['CAZ', 'CTX', 'ATM', 'AMP']));
    expect(result.genes[1]!.drugs).toEqual(['TCY', 'DOX']);
  });

  it('reports one row per locus with an honest tie when the distinguishing base matches neither allele', () => {
    const locus = mutate(narrow, 300, 'ACGT'.split('').find((b) => b !== narrow[300] && b !== esbl[300])!);
    const result = findResistome(prepared, assembly([['chr', bases(30_000) + revcomp(locus) + bases(30_000)]]), 'Escherichia coli');
    expect(result.genes).toHaveLength(1);
    const g = result.genes[0]!;
    expect(g.alleles).toEqual(['blaSHV-11', 'blaSHV-12']);
    expect(g.notes).toContain('allele-tie:blaSHV-11/blaSHV-12');
    // No ESBL claim: the cephalosporins only one of the tied alleles affects stay out of the drugs.
    expect(g.drugs).not.toContain('CAZ');
    expect(g.tieOnlyDrugs).toEqual(expect.arrayContaining(['CAZ', 'CTX', 'ATM']));
    expect(g.identity).toBeCloseTo(100 * (1 - 1 / narrow.length), 2);
  });

  it('names the one best allele when the distinguishing base shows it', () => {
    const result = findResistome(prepared, assembly([['chr', bases(30_000) + narrow + bases(30_000)]]), 'Escherichia coli');
    expect(result.genes.map((g) => [g.name, g.notes])).toEqual([['blaSHV-11', []]]);
  });

  it('says partial when the gene runs off a contig end, and keeps it above the coverage threshold', () => {
    const cut = Math.floor(other.length * 0.7);
    const result = findResistome(prepared, assembly([['c1', bases(40_000) + other.slice(0, cut)], ['c2', bases(40_000)]]), 'Escherichia coli');
    expect(result.genes).toHaveLength(1);
    expect(result.genes[0]!.notes).toEqual(['partial']);
    expect(result.genes[0]!.coverage).toBeCloseTo((100 * cut) / other.length, 1);
    expect(result.genes[0]!.end).toBe(40_000 + cut);
    // Under 60 % coverage it is no hit at ResFinder's default; a lower threshold finds it.
    const short = Math.floor(other.length * 0.5);
    const asm = assembly([['c1', other.slice(other.length - short) + bases(40_000)]]);
    expect(findResistome(prepared, asm, 'Escherichia coli').genes).toHaveLength(0);
    const low = findResistome(prepared, asm, 'Escherichia coli', { minCoverage: 40 }).genes;
    expect(low.map((g) => [g.name, g.start, g.notes])).toEqual([['tet(A)', 1, ['partial']]]);
  });

  it('keeps genes under the identity threshold out unless the threshold is lowered', () => {
    let diverged = other;
    // About 87 % identity, the differences spread at random as between distant alleles.
    for (let i = 0; i < diverged.length; i++) if (random() < 0.12) diverged = mutate(diverged, i, diverged[i] === 'G' ? 'T' : 'G');
    const asm = assembly([['chr', bases(30_000) + diverged + bases(30_000)]]);
    expect(findResistome(prepared, asm, 'Escherichia coli').genes).toHaveLength(0);
    const found = findResistome(prepared, asm, 'Escherichia coli', { minIdentity: 80 }).genes;
    expect(found.map((g) => g.name)).toEqual(['tet(A)']);
    expect(found[0]!.identity).toBeLessThan(90);
  });

  it('marks a species\' chromosomal gene intrinsic, only in that species and only the narrow-spectrum allele', () => {
    const asm = assembly([['chr', bases(30_000) + narrow + bases(30_000)]]);
    expect(findResistome(prepared, asm, 'Klebsiella pneumoniae').genes[0]!.notes).toEqual(['intrinsic']);
    expect(findResistome(prepared, asm, 'Escherichia coli').genes[0]!.notes).toEqual([]);
    const esblAsm = assembly([['chr', bases(30_000) + esbl + bases(30_000)]]);
    expect(findResistome(prepared, esblAsm, 'Klebsiella pneumoniae').genes[0]!.intrinsic).toBe(false);
  });
});

describe('point mutations', () => {
  // A gyrA-like gene: codon 30 is TCG (Ser); S30L and S30W confer resistance, D34N only with an S30 change.
  let gene = codingSequence(120);
  gene = gene.slice(0, 29 * 3) + 'TCG' + gene.slice(30 * 3, 33 * 3) + 'GAC' + gene.slice(34 * 3);
  const promoter = bases(40);
  const ampc = promoter + codingSequence(60);
  const mutations: KnownMutationRef[] = [
    { geneId: 'gyrX_1_A', type: 'AA', position: 30, ref: 'S', alternatives: ['L', 'W'], class: 'Quinolone', drugs: ['Ciprofloxacin', 'Nalidixic acid'], required: [], notes: '' },
    { geneId: 'gyrX_1_A', type: 'AA', position: 34, ref: 'D', alternatives: ['N'], class: 'Quinolone', drugs: ['Ciprofloxacin'], required: ['gyrX_1_A_S30L.W'], notes: '' },
    { geneId: 'ampX-promoter-size-40bp_1_B', type: 'NUC', position: -12, ref: promoter[40 - 12]!, alternatives: ['ACGT'.split('').find((b) => b !== promoter[28])!], class: 'Beta-lactam', drugs: ['Ampicillin'], required: [], notes: '' },
  ];
  const withPoint: ResistomeReference = {
    ...reference,
    pointfinder: new Map([
      [
        'escherichia_coli',
        {
          species: 'escherichia_coli',
          genes: [
            { id: 'gyrX_1_A', name: 'gyrX', promoterSize: 0, noncoding: false, sequence: codes(gene) },
            { id: 'ampX-promoter-size-40bp_1_B', name: 'ampX-promoter-size-40bp', promoterSize: 40, noncoding: true, sequence: codes(ampc) },
          ],
          mutations,
        },
      ],
    ]),
  };
  const prep = prepareResistome(withPoint);
  const s30l = gene.slice(0, 29 * 3) + 'TTG' + gene.slice(30 * 3);
  const d34n = (g: string) => g.slice(0, 33 * 3) + 'AAC' + g.slice(34 * 3);

  it('calls the codon change on the forward and on the reverse strand alike', () => {
    for (const [label, locus] of [['forward', s30l], ['reverse', revcomp(s30l)]] as const) {
      const r = findResistome(prep, assembly([['chr', bases(25_000) + locus + bases(25_000) + ampc + bases(10_000)]]), 'Escherichia coli');
      expect(r.mutations.map((m) => [m.name, m.symbol, m.refBases, m.foundBases, m.drugs]), label).toEqual([['gyrX p.S30L', 'gyrX_S30L', 'TCG', 'TTG', ['CIP', 'NAL']]]);
      const m = r.mutations[0]!;
      const codonStart = label === 'forward' ? 25_000 + 29 * 3 + 1 : 25_000 + gene.length - 30 * 3 + 1;
      expect([m.start, m.end, m.strand], label).toEqual([codonStart, codonStart + 2, label === 'forward' ? '+' : '-']);
    }
  });

  it('gives a mutation that needs a partner its drugs only with the partner', () => {
    const alone = findResistome(prep, assembly([['chr', bases(25_000) + d34n(gene) + bases(25_000)]]), 'Escherichia coli');
    expect(alone.mutations.map((m) => [m.name, m.drugs, m.notes])).toEqual([['gyrX p.D34N', [], ['phenotype-unknown-alone']]]);
    const both = findResistome(prep, assembly([['chr', bases(25_000) + d34n(s30l) + bases(25_000)]]), 'Escherichia coli');
    expect(both.mutations.map((m) => [m.name, m.drugs])).toEqual([
      ['gyrX p.S30L', ['CIP', 'NAL']],
      ['gyrX p.D34N', ['CIP']],
    ]);
  });

  it('reads a promoter position before the coding start, and calls nothing on the wild type or for an organism without a scheme', () => {
    const m = mutations[2]!;
    const mutant = mutate(ampc, 40 - 12, m.alternatives[0]!);
    const r = findResistome(prep, assembly([['chr', bases(25_000) + revcomp(mutant) + bases(25_000)]]), 'Escherichia coli');
    expect(r.mutations.map((x) => [x.name, x.symbol, x.drugs])).toEqual([[`ampX-promoter n.-12${m.ref}>${m.alternatives[0]}`, `ampX_${m.ref}-12${m.alternatives[0]}`, ['AMP']]]);
    const wild = findResistome(prep, assembly([['chr', bases(25_000) + gene + ampc + bases(25_000)]]), 'Escherichia coli');
    expect(wild.mutations).toEqual([]);
    expect(findResistome(prep, assembly([['chr', bases(25_000) + s30l + bases(25_000)]]), 'Acinetobacter baumannii').mutations).toEqual([]);
  });

  it('leaves a change to an amino acid the database does not list (a polymorphism) uncalled', () => {
    const s30a = gene.slice(0, 29 * 3) + 'GCG' + gene.slice(30 * 3);
    expect(findResistome(prep, assembly([['chr', bases(25_000) + s30a + bases(25_000)]]), 'Escherichia coli').mutations).toEqual([]);
  });
});
