import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { genomePdf } from '../../src/blast/genome/pdf';
import { genomeCsv } from '../../src/blast/genome/report';
import { callText, nextStepText } from '../../src/blast/its/report';
import type { GenomeTaskResult } from '../../src/blast/genome/schemas';
import { pdfAvailable } from '../../src/reports/pdf-document';
import { hasPdftotext } from '../support/pdf-text';

/** A genome at 90 % ANI to its closest reference: the genus, not the species. */
const result = {
  query: { name: 'isolate.fna', sampleName: null, stats: { length: 2_000_000, contigs: 1, n50: 2_000_000, largestContig: 2_000_000, gcPercent: 39.6, nPercent: 0 } },
  call: { level: 'genus', species: 'Streptococcus dysgalactiae', genus: 'Streptococcus', ani: 90.2, queryAf: 0.7, runnerUp: null, ambiguous: false, complex: null, notes: [] },
  hits: [],
  qc: { stats: { length: 2_000_000, contigs: 1, n50: 2_000_000, largestContig: 2_000_000, gcPercent: 39.6, nPercent: 0 }, range: null, contamination: null, findings: [] },
  rrna: { found: 0, identified: true, copies: [], identityMin: null, identityMax: null, topSpecies: [] },
  library: { references: 44, species: 35, own: 0 },
  thresholds: { species: 95, speciesQueryAf: 0.5, genus: 85, comparable: 78 },
  ms: {},
} as unknown as GenomeTaskResult;
const task = { id: 'demo', file_name: 'isolate.fna', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result };

describe('a genus-level genome call in the exports', () => {
  it('is "<Genus> sp." with its closest species and the next step in the CSV', () => {
    const en = genomeCsv(task as never, 'en').split('\r\n')[1]!;
    expect(en).toContain('Streptococcus sp. (closest: Streptococcus dysgalactiae)');
    expect(en).toContain('Next step: no reference genome reaches the species threshold');
    expect(genomeCsv(task as never, 'zh').split('\r\n')[1]).toContain('Streptococcus 属未定种（最接近：Streptococcus dysgalactiae）');
  });

  it.skipIf(!hasPdftotext)('heads the PDF with "<Genus> sp.", the closest species apart', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'mdc-genome-genus-'));
    try {
      for (const lang of ['en', 'zh'] as const) {
        if (!pdfAvailable(lang)) continue;
        const file = path.join(tmp, `${lang}.pdf`);
        writeFileSync(file, await genomePdf(task as never, lang));
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toMatch(lang === 'en' ? /Streptococcus sp\./ : /Streptococcus 属未定种/);
        expect(text).toMatch(lang === 'en' ? /closest: Streptococcus dysgalactiae/ : /最接近：Streptococcus dysgalactiae/);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('a genus-level ITS call in the exports', () => {
  const read = {
    ok: true,
    confidence: { level: 'genus', names: ['Candida'], similarity: 97.1, margin: 0.2 },
    topHit: { species: 'Candida albicans', genus: 'Candida', family: 'Debaryomycetaceae', similarity: 97.1 },
    its: { regions: {}, parts: [] },
  } as never;

  it('is "<Genus> sp." with its closest species, then the next step', () => {
    expect(callText(read, 'en')).toBe('Candida sp. (closest: Candida albicans) (Genus level)');
    expect(callText(read, 'zh')).toBe('Candida 属未定种（最接近：Candida albicans） (属水平)');
    expect(nextStepText(read, 'en')).toMatch(/^Next step: ITS does not separate the species here/);
  });
});
