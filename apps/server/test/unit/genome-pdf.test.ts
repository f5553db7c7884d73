import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { genomePdf } from '../../src/blast/genome/pdf';
import type { GenomeTaskResult } from '../../src/blast/genome/schemas';
import { pdfAvailable } from '../../src/reports/pdf-document';
import { hasPdftotext } from '../support/pdf-text';


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
