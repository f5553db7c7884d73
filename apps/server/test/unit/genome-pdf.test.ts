import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { genomePdf } from '../../src/blast/genome/pdf';
import type { GenomeTaskResult } from '../../src/blast/genome/schemas';
import { pdfAvailable } from '../../src/reports/pdf-document';
import { hasPdftotext, pdfText } from '../support/pdf-text';


interface Word {
  text: string;
  page: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** Every word pdftotext finds, with its box. */
function words(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const out: Word[] = [];
  html.split('<page ').slice(1).forEach((page, p) => {
    for (const m of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      out.push({ page: p, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]! });
    }
  });
  return out;
}

/** Pairs of words drawn over each other: on the same line (their heights mostly shared) and overlapping across. */
function overprinted(all: Word[]): string[] {
  const clashes: string[] = [];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!;
      const b = all[j]!;
      if (a.page !== b.page) continue;
      const shared = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (shared < 0.5 * Math.min(a.yMax - a.yMin, b.yMax - b.yMin)) continue;
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      if (across > 0.5) clashes.push(`"${a.text}" over "${b.text}"`);
    }
  }
  return clashes;
}

const hit = (rank: number, species: string, strain: string, ani: number) => ({
  rank,
  referenceId: `import:${rank}`,
  species,
  strain,
  accession: `GCF_0000${rank}5845.2`,
  ani,
  queryAf: 0.81,
  referenceAf: 0.79,
  mappedFragments: 1234,
  queryFragments: 1530,
  sharedHashes: 5000,
  referenceLength: 2_100_000,
  referenceGcPercent: 39.5,
  supported: ani >= 78,
  comparable: ani >= 78,
  taxonId: null,
});

/** A call with the longest names the shared references carry, and longer strain designations than any. */
const result = {
  query: { name: 'GGS_124_assembly_from_a_collection_with_long_file_names.fna.gz', sampleName: 'blood culture 3', stats: { length: 2_106_340, contigs: 1, n50: 2_106_340, largestContig: 2_106_340, gcPercent: 39.6, nPercent: 0 } },
  call: {
    level: 'species',
    species: 'Streptococcus dysgalactiae',
    genus: 'Streptococcus',
    ani: 98.7,
    queryAf: 0.86,
    runnerUp: { species: 'Streptococcus pyogenes', ani: 81.2, queryAf: 0.4 },
    ambiguous: false,
    complex: null,
    notes: [],
  },
  hits: [
    hit(1, 'Streptococcus dysgalactiae subsp. equisimilis', 'GGS_124 clinical isolate, bacteraemia, 2009', 98.7),
    hit(2, 'Streptococcus pseudopneumoniae', 'IS7493 reference strain of the species', 83.4),
    hit(3, 'Enterococcus faecium', 'NBRC 100486 = ATCC 19434 = DSM 20477', 76.2),
  ],
  qc: { stats: { length: 2_106_340, contigs: 1, n50: 2_106_340, largestContig: 2_106_340, gcPercent: 39.6, nPercent: 0 }, range: null, contamination: null, findings: [] },
  rrna: { found: 0, identified: true, copies: [], identityMin: null, identityMax: null, topSpecies: [] },
  library: { references: 44, species: 35, own: 0 },
  thresholds: { species: 95, speciesQueryAf: 0.5, genus: 85, comparable: 78 },
  ms: {},
} as unknown as GenomeTaskResult;

describe.skipIf(!hasPdftotext)('the genome PDF as a reader sees it (issue 16 newcomer\'s list)', () => {
  it('sets no label over its neighbour: long species and strain names are cut to their column', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'mdc-genome-pdf-'));
    try {
      for (const lang of ['en', 'zh'] as const) {
        if (!pdfAvailable(lang)) continue;
        const task = { id: 'demo', file_name: 'GGS_124.fna.gz', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result };
        const file = path.join(tmp, `${lang}.pdf`);
        writeFileSync(file, await genomePdf(task as never, lang));
        const found = words(file);
        // The labels are there (cut, not dropped), each in its own column.
        expect(found.some((w) => w.text.startsWith('equisim') || w.text.startsWith('subsp')), lang).toBe(true);
        expect(found.some((w) => w.text.startsWith('GGS_124')), lang).toBe(true);
        expect(overprinted(found), lang).toEqual([]);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

/** K. pneumoniae HS11286 as the genome thread reports it (an extract: a tie, a cut gene, intrinsic genes, two QRDR changes). */
const gene = (name: string, cls: string, extra: Record<string, unknown> = {}) => ({
  name,
  alleles: [name],
  class: cls,
  drugs: [],
  identity: 100,
  coverage: 100,
  contig: 'NC_016846.1',
  start: 20_557,
  end: 21_438,
  strand: '+',
  intrinsic: false,
  partial: false,
  note: '',
  ...extra,
});
const analysed = {
  ...result,
  call: { ...result.call, species: 'Klebsiella pneumoniae', genus: 'Klebsiella', runnerUp: null },
  typing: {
    species: 'Klebsiella pneumoniae',
    reason: 'typed',
    mlst: {
      scheme: 'klebsiella',
      st: '11',
      status: 'PERFECT',
      score: 100,
      loci: ['gapA(3)', 'infB(3)', 'mdh(1)', 'pgi(1)', 'phoE(1)', 'rpoB(1)', 'tonB(4)'].map((l) => ({ locus: l.split('(')[0], call: l.slice(l.indexOf('(') + 1, -1), kind: 'exact', hits: [] })),
      extra: {},
      neighbours: 0,
    },
  },
  resistance: {
    status: 'analysed',
    species: 'Klebsiella pneumoniae',
    pointfinderSpecies: 'klebsiella',
    genes: [
      gene('blaKPC-2', 'Beta-lactam'),
      gene('blaTEM-1B', 'Beta-lactam', { alleles: ['blaTEM-1B', 'blaTEM-1C'], note: 'allele-tie:blaTEM-1B/blaTEM-1C' }),
      gene('rmtB', 'Aminoglycoside', { partial: true, coverage: 71.5, note: 'partial' }),
      gene('blaSHV-182', 'Beta-lactam', { intrinsic: true, contig: 'NC_016845.1', note: 'intrinsic' }),
    ],
    mutations: [{ gene: 'gyrA', name: 'gyrA p.S83I', class: 'Quinolone', drugs: ['CIP'], contig: 'NC_016845.1', start: 3_738_482, end: 3_738_484, note: '' }],
    predictions: [
      { drug: 'MEM', drugName: 'Meropenem', prediction: 'R', evidence: 'blaKPC-2', rule: 'carbapenemase: CLSI M100 / EUCAST guidance on carbapenemase detection' },
      { drug: 'LVX', drugName: 'Levofloxacin', prediction: 'uncertain', evidence: 'gyrA_S83I; parC_S80I', rule: 'qrdr-2: CLSI M100 (2019+)' },
      { drug: 'COL', drugName: 'Colistin', prediction: 'S', evidence: '', rule: 'no-mechanism: no known resistance gene or mutation for this drug was found' },
    ],
    key: ['KPC-2', 'rmtB'],
  },
} as unknown as GenomeTaskResult;

describe.skipIf(!hasPdftotext)('the genome PDF: typing and resistance (issue 25)', () => {
  const task = (r: GenomeTaskResult) => ({ id: 'demo', file_name: 'HS11286.fna.gz', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result: r });
  const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

  it('prints the ST with its alleles, genes by class, the intrinsic gene apart, mutations and the predicted table in the reader\'s language', async () => {
    for (const lang of ['en', 'zh'] as const) {
      if (!pdfAvailable(lang)) continue;
      const pdf = await genomePdf(task(analysed) as never, lang);
      const text = flat(pdf);
      // Every cell within its column.
      const tmp = mkdtempSync(path.join(tmpdir(), 'mdc-genome-pdf-'));
      try {
        writeFileSync(path.join(tmp, 'r.pdf'), pdf);
        expect(overprinted(words(path.join(tmp, 'r.pdf'))), lang).toEqual([]);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      expect(text, lang).toContain('ST11');
      expect(text, lang).toContain('gapA(3) infB(3) mdh(1) pgi(1) phoE(1) rpoB(1) tonB(4)');
      expect(text, lang).toContain('blaKPC-2');
      expect(text, lang).toContain('blaTEM-1B/-1C');
      expect(text, lang).toContain('gyrA p.S83I');
      if (lang === 'en') {
        for (const words of ['Typing (MLST)', 'Resistance', 'Key mechanisms: KPC-2 · rmtB', 'Acquired resistance genes', 'Beta-lactams', 'Aminoglycosides', 'alleles not told apart', 'cut at the contig end', 'Intrinsic genes', 'intrinsic', 'Quinolones', 'Predicted susceptibility', 'Carbapenems', 'Meropenem (MEM)', 'uncertain', 'no known mechanism', 'carbapenemase — CLSI M100'])
          expect(text, words).toContain(words);
      } else {
        for (const words of ['分型（MLST）', '耐药', '主要耐药机制：KPC-2 · rmtB', '获得性耐药基因', 'β-内酰胺类', '氨基糖苷类', '等位基因无法区分', '在 contig 末端截断', '固有耐药基因', '固有', '喹诺酮类', '预测药敏表型', '碳青霉烯类', '美罗培南 (MEM)', '耐药 R', '不确定', '敏感 S', '黏菌素 (COL)'])
          expect(text, words).toContain(words);
        // A Chinese report names the drugs in Chinese only.
        expect(text).not.toMatch(/Meropenem|Levofloxacin|Colistin/);
      }
    }
  });

  it('says when the server has no resistance databases or the species no scheme, and prints neither section for an older result', async () => {
    const without = { ...analysed, typing: { species: 'Klebsiella pneumoniae', reason: 'no-schemes-installed', mlst: null }, resistance: { status: 'not-available', species: 'Klebsiella pneumoniae', pointfinderSpecies: null, genes: [], mutations: [], predictions: [], key: [] } } as unknown as GenomeTaskResult;
    const text = flat(await genomePdf(task(without) as never, 'en'));
    expect(text).toContain('No MLST schemes are installed on the server: not typed.');
    expect(text).toContain('The server has no resistance databases (ResFinder, PointFinder): resistance was not analysed.');
    const older = flat(await genomePdf(task(result) as never, 'en'));
    expect(older).not.toContain('Typing (MLST)');
    expect(older).not.toContain('Resistance');
  });
});
