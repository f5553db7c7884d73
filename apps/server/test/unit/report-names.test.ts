import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { buildBuiltinLibrary } from '@mdc/refdata/maldi';
import { DEFAULT_ASSEMBLY_LIMITS } from '@mdc/refdata/genome';
import { genomePdf } from '../../src/blast/genome/pdf';
// The .ts file, not the thread's .mjs bootstrap of the same name.
import { work } from '../../src/blast/proteome/thread.ts';
import { taskResult } from '../../src/blast/proteome/method';
import { proteomePdf } from '../../src/blast/proteome/pdf';
import { zipFiles } from '../../src/blast/proteome/test-spectra';
import { MAX_DRAWN_RUN } from '../../src/reports/pdf-document';
import { pdfText } from '../support/pdf-text';

// Issue 17 R1 beyond the FASTA header: a genome's contig names (its 16S copies are listed by
// contig, 6.7 s for one PDF) and the folder names inside a MALDI-TOF zip reach the reports too,
// and a long unbroken one cost the PDF drawing time growing with its square.

const dataDir = findRefdataDir();

describe('names from uploaded files, drawn in the method reports', () => {
  it('the genome PDF lists a 16S copy on a contig of the longest accepted name, the name cut', async () => {
    const contig = `contig_${'N'.repeat(DEFAULT_ASSEMBLY_LIMITS.maxNameLength - 7)}`;
    expect(contig.length).toBe(DEFAULT_ASSEMBLY_LIMITS.maxNameLength);
    const copy = { contig, start: 1_200, end: 2_740, strand: '+', length: 1_541, species: 'Escherichia coli', similarity: 99.8 };
    const result = {
      query: { sampleName: 'isolate 7' },
      call: { level: 'none', genus: null, ani: null, queryAf: null, ambiguous: false, runnerUp: null, notes: [] },
      thresholds: { comparable: 78, species: 95, genus: 84.3, speciesQueryAf: 0.5 },
      hits: [],
      qc: { stats: { length: 5_000_000, contigs: 2, n50: 4_000_000, gcPercent: 50.6, nPercent: 0 }, range: null, contamination: null, findings: [] },
      rrna: { found: 2, identityMin: 99.9, identityMax: 99.9, copies: [copy, { ...copy, start: 90_000, end: 91_540 }] },
    };
    const task = { id: 'g1', file_name: 'isolate7.fna', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result };
    const text = pdfText(await genomePdf(task as never, 'en'));
    expect(text).toContain(`${contig.slice(0, MAX_DRAWN_RUN)}…`);
    expect(text).not.toContain(contig.slice(0, MAX_DRAWN_RUN + 1));
    expect(text.split(`${contig.slice(0, MAX_DRAWN_RUN)}…`).length - 1).toBe(2);
  });

  it.skipIf(!dataDir)('the MALDI-TOF PDF names a spectrum zipped under a folder of 20,000 characters, the name cut', async () => {
    const library = await buildBuiltinLibrary(dataDir!);
    const folder = `plate_${'Z'.repeat(20_000)}`;
    const csv = readFileSync(path.join(dataDir!, 'maldi/msclassifr_citrobacter_rki/csv/05_LMTG73E11_0.E11.csv'));
    const spot = path.join(dataDir!, 'maldi/maldiquantexamples_species/species1/0_F10/1/1SLin');
    const files: [string, Buffer][] = [
      [`${folder}/rki.csv`, csv],
      ['0_F10/1/1SLin/fid', readFileSync(path.join(spot, 'fid'))],
      ['0_F10/1/1SLin/acqu', readFileSync(path.join(spot, 'acqu'))],
    ];
    const answer = await work({ type: 'identify', job: 1, name: 'plate.zip', bytes: zipFiles(files), library, options: { profilePoints: 400 }, proteins: null });
    if (answer.type !== 'identified') throw new Error(JSON.stringify(answer).slice(0, 500));
    const result = taskResult(answer.spectra, { entries: library, own: 0 }, {}, { total: 1 });
    // The page and the JSON keep the name whole; only the drawing cuts it.
    expect(result.spectra.map((s) => s.label)).toContain(`${folder}/rki.csv`);
    const pdf = await proteomePdf({ id: 'm1', file_name: 'plate.zip', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result } as never, 'en', new Map());
    const text = pdfText(pdf);
    expect(text).toContain(`${folder.slice(0, MAX_DRAWN_RUN)}…`);
    expect(text).not.toContain(folder.slice(0, MAX_DRAWN_RUN + 1));
  });
});
