import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAssemblyFile } from '@mdc/refdata/genome';
import { listMlstSchemes, mlstDir, readMlstScheme, readSchemeSpeciesMap } from '@mdc/refdata/mlst';
import { MlstTyper, schemesForSpecies, type MlstGenome, type MlstScheme } from '@mdc/core/mlst';

let seed = 11;
// xorshift32: reproducible random sequence.
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const bases = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
const mutate = (s: string, positions: number[]) => [...s].map((c, i) => (positions.includes(i) ? ({ A: 'C', C: 'G', G: 'T', T: 'A' } as Record<string, string>)[c]! : c)).join('');
const revcomp = (s: string) => [...s].reverse().map((c) => ({ A: 'T', C: 'G', G: 'C', T: 'A' })[c as 'A']).join('');
const CODE: Record<string, number> = { A: 0, C: 1, G: 2, T: 3 };
function genome(...contigs: string[]): MlstGenome {
  let start = 0;
  return {
    codes: Uint8Array.from(contigs.join(''), (c) => CODE[c] ?? 4),
    contigs: contigs.map((seq, i) => {
      const c = { name: `contig${i + 1}`, start, length: seq.length };
      start += seq.length;
      return c;
    }),
  };
}

// A toy scheme of three loci; alleles of a locus differ at a few positions, as real ones do.
const base = { adk: bases(450), fumC: bases(420), gyrB: bases(480) };
const toy: MlstScheme = {
  name: 'toy',
  loci: ['adk', 'fumC', 'gyrB'],
  alleles: [
    [{ number: '1', sequence: base.adk }, { number: '2', sequence: mutate(base.adk, [100]) }, { number: '3', sequence: mutate(base.adk, [200, 300]) }],
    [{ number: '1', sequence: base.fumC }, { number: '2', sequence: mutate(base.fumC, [50]) }],
    [{ number: '1', sequence: base.gyrB }, { number: '4', sequence: mutate(base.gyrB, [400]) }],
  ],
  profiles: [
    { st: '11', alleles: ['1', '1', '1'], extra: { clonal_complex: 'CC11' } },
    { st: '12', alleles: ['2', '1', '4'], extra: {} },
  ],
};
const other: MlstScheme = {
  name: 'other',
  loci: ['recA', 'mdh'],
  alleles: [[{ number: '1', sequence: bases(400) }], [{ number: '1', sequence: bases(400) }]],
  profiles: [{ st: '5', alleles: ['1', '1'], extra: {} }],
};
const typer = new MlstTyper([toy, other]);
const allele = (locus: number, n: number) => toy.alleles[locus]!.find((a) => a.number === String(n))!.sequence;
const spacer = () => bases(3000);
const calls = (g: MlstGenome, schemes = ['toy']) => {
  const r = typer.type(g, { schemes }).best!;
  return { st: r.st, status: r.status, score: r.score, alleles: r.loci.map((l) => `${l.locus}(${l.call})`).join(' '), result: r };
};

describe('MLST calls', () => {
  it('calls exact alleles and the ST of their profile, with where each lies', () => {
    const left = spacer();
    const c = calls(genome(left + allele(0, 1) + spacer() + allele(1, 1) + spacer() + allele(2, 1) + spacer()));
    expect(c).toMatchObject({ st: '11', status: 'PERFECT', score: 100, alleles: 'adk(1) fumC(1) gyrB(1)' });
    expect(c.result.extra).toEqual({ clonal_complex: 'CC11' });
    expect(c.result.loci[0]!.hits[0]).toMatchObject({ contig: 'contig1', start: left.length + 1, end: left.length + 450, strand: '+', identity: 1 });
  });

  it('finds alleles on the reverse strand and tells exact neighbours apart (adk 2 differs from 1 at one base)', () => {
    const g = genome(spacer() + revcomp(allele(0, 2)) + spacer(), revcomp(allele(1, 1)) + spacer() + revcomp(allele(2, 4)));
    const c = calls(g);
    expect(c).toMatchObject({ st: '12', status: 'PERFECT', alleles: 'adk(2) fumC(1) gyrB(4)' });
    expect(c.result.loci[1]!.hits[0]).toMatchObject({ contig: 'contig2', start: 1, end: 420, strand: '-' });
  });

  it('calls a full-length allele with SNPs novel (~N, its closest allele), without an ST', () => {
    // Three changes to adk 3 that no allele has: closest is 3 (2 differences from 1 at 200/300 are kept).
    const novel = mutate(allele(0, 3), [10, 250, 420]);
    const c = calls(genome(spacer() + novel + spacer() + allele(1, 1) + spacer() + revcomp(mutate(allele(2, 1), [5])) + spacer()));
    expect(c.alleles).toBe('adk(~3) fumC(1) gyrB(~1)');
    expect(c.st).toBe('-');
    expect(c.status).toBe('OK');
    expect(c.score).toBe(Math.floor(((3 - 0.6) * 90) / 3));
    expect(c.result.loci[2]!.hits[0]).toMatchObject({ strand: '-', coverage: 479 / 480 });
  });

  it('calls a locus cut by a contig end partial (N?) and an absent one missing (-)', () => {
    const cut = allele(1, 2).slice(0, 300); // 71 % of fumC at the end of contig 1
    const c = calls(genome(spacer() + allele(0, 1) + spacer() + cut, spacer()));
    expect(c.alleles).toBe('adk(1) fumC(2?) gyrB(-)');
    expect(c).toMatchObject({ st: '-', status: 'MISSING' });
    expect(c.result.loci[1]!.hits[0]).toMatchObject({ coverage: 300 / 420 });
  });

  it('reports every exact copy of a locus (N,M) and gives no ST', () => {
    const c = calls(genome(spacer() + allele(0, 1) + spacer() + allele(0, 2) + spacer() + allele(1, 1) + spacer() + allele(2, 1) + spacer()));
    expect(c.alleles).toBe('adk(1,2) fumC(1) gyrB(1)');
    expect(c).toMatchObject({ st: '-', status: 'MIXED' });
  });

  it('says a combination of known alleles no profile has is a novel profile (ST -, status NOVEL)', () => {
    const c = calls(genome(spacer() + allele(0, 3) + spacer() + allele(1, 2) + spacer() + allele(2, 1) + spacer()));
    expect(c).toMatchObject({ st: '-', status: 'NOVEL', score: 90, alleles: 'adk(3) fumC(2) gyrB(1)' });
  });

  it('picks the scheme with the most exact alleles when none is named, and keeps to a named one', () => {
    const g = genome(spacer() + other.alleles[0]![0]!.sequence + spacer() + other.alleles[1]![0]!.sequence + spacer() + allele(0, 1) + spacer());
    const auto = typer.type(g).best!;
    expect(auto).toMatchObject({ scheme: 'other', st: '5' });
    const named = typer.type(g, { schemes: ['toy'] }).best!;
    expect(named.scheme).toBe('toy');
    expect(named.loci.map((l) => l.call)).toEqual(['1', '-', '-']);
    expect(() => typer.type(g, { schemes: ['nosuch'] })).toThrow(/unknown MLST scheme nosuch/);
    expect(typer.type(genome(spacer())).best).toBeUndefined();
  });
});

describe('scheme of a species', () => {
  const map = [
    { scheme: 'abaumannii', genus: 'Acinetobacter', species: 'baumannii' },
    { scheme: 'abaumannii_2', genus: 'Acinetobacter', species: 'baumannii' },
    { scheme: 'ecoli', genus: 'Escherichia', species: '' },
    { scheme: 'ecoli_2', genus: 'Escherichia', species: '' },
    { scheme: 'kpneumoniae', genus: 'Klebsiella', species: 'pneumoniae' },
    { scheme: 'koxytoca', genus: 'Klebsiella', species: 'oxytoca' },
    { scheme: 'senterica', genus: 'Salmonella', species: 'enterica' },
    { scheme: 'efaecium', genus: 'Enterococcus', species: 'faecium' },
  ];
  const available = ['abaumannii', 'abaumannii_2', 'ecoli', 'ecoli_achtman_4', 'klebsiella', 'koxytoca', 'salmonella', 'senterica_achtman_2', 'efaecium'];
  it.each([
    ['Escherichia coli', ['ecoli_achtman_4']],
    ['Shigella sonnei', ['ecoli_achtman_4']],
    ['Acinetobacter baumannii', ['abaumannii_2']],
    ['Klebsiella pneumoniae', ['klebsiella']],
    ['Klebsiella variicola', ['klebsiella']],
    ['Klebsiella oxytoca', ['koxytoca']],
    ['Salmonella enterica serovar Typhi', ['salmonella']],
    ['Enterococcus faecium', ['efaecium']],
    ['Enterococcus faecalis', []],
    ['Akkermansia muciniphila', []],
  ])('%s → %j (the scheme mlst and Kleborate report)', (species, expected) => {
    expect(schemesForSpecies(species, map, available)).toEqual(expected);
  });
});

const dataDir = findRefdataDir();
const hs11286 = dataDir && path.join(dataDir, 'genome/reference/R10_Klebsiella_pneumoniae_HS11286.fna.gz');
describe.runIf(hs11286 && existsSync(hs11286))('real genomes', () => {
  it('types K. pneumoniae HS11286 as ST11 by its species and without one', async () => {
    const dir = mlstDir(dataDir!);
    const real = new MlstTyper(['klebsiella', 'ecoli_achtman_4'].map((n) => readMlstScheme(dir, n)));
    const assembly = await readAssemblyFile(hs11286!);
    const schemes = schemesForSpecies('Klebsiella pneumoniae', readSchemeSpeciesMap(dir), listMlstSchemes(dir));
    const bySpecies = real.type(assembly, { schemes }).best!;
    expect(bySpecies.loci.map((l) => `${l.locus}(${l.call})`).join(' ')).toBe('gapA(3) infB(3) mdh(1) pgi(1) phoE(1) rpoB(1) tonB(4)');
    expect(bySpecies.st).toBe('11');
    // E. coli's Achtman scheme has an ST for these alleles too; ST11's many single-locus variants decide.
    expect(real.type(assembly).best).toMatchObject({ scheme: 'klebsiella', st: '11' });
  });
});
