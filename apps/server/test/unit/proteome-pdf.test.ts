import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { buildBuiltinLibrary } from '@mdc/refdata/maldi';
// The .ts file, not the thread's .mjs bootstrap of the same name.
import { work } from '../../src/blast/proteome/thread.ts';
import { taskResult } from '../../src/blast/proteome/method';
import { proteomePdf } from '../../src/blast/proteome/pdf';
import { zipFiles } from '../../src/blast/proteome/test-spectra';
import { pdfAvailable } from '../../src/reports/pdf-document';
import { hasPdftotext } from '../support/pdf-text';

const dataDir = findRefdataDir();

describe.skipIf(!dataDir || !hasPdftotext || !pdfAvailable('zh'))('the MALDI PDF as a reader sees it (issue 16 newcomer\'s list)', () => {
  it('prints Chinese species names, labels replicates of one spot apart, and keeps "correlation" whole', async () => {
    const library = await buildBuiltinLibrary(dataDir);
    // A lab's own entry named in Chinese: the species column used Helvetica-Oblique, which has no CJK glyphs.
    library.push({ ...library[0]!, id: 'user:9', species: '弗氏柠檬酸杆菌（本实验室）', strain: 'LAB-1' });
    const spot = path.join(dataDir!, 'maldi/maldiquantexamples_species/species1/0_F10/1/1SLin');
    const files: [string, Buffer][] = [];
    // Three acquisitions of spot F10: they were all labelled "F10".
    for (const r of ['1', '2', '3']) for (const f of ['fid', 'acqu']) files.push([`0_F10/${r}/1SLin/${f}`, readFileSync(path.join(spot, f))]);
    files.push(['rki.csv', readFileSync(path.join(dataDir!, 'maldi/msclassifr_citrobacter_rki/csv/05_LMTG73E11_0.E11.csv'))]);
    const answer = await work({ type: 'identify', job: 1, name: 'plate.zip', bytes: zipFiles(files), library, options: { profilePoints: 400 }, proteins: null });
    if (answer.type !== 'identified') throw new Error(JSON.stringify(answer));
    const result = taskResult(answer.spectra, { entries: library, own: 1 }, {}, { total: 1 });
    expect(result.spectra.map((s) => s.label)).toEqual(['F10 · 1', 'F10 · 2', 'F10 · 3', 'rki.csv']);
    const tmp = mkdtempSync(path.join(tmpdir(), 'mdc-maldi-pdf-'));
    try {
      for (const lang of ['zh', 'en'] as const) {
        const pdf = await proteomePdf({ id: 'demo', file_name: 'plate.zip', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result } as never, lang, new Map());
        const file = path.join(tmp, `${lang}.pdf`);
        writeFileSync(file, pdf);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toContain('弗氏柠檬酸杆菌（本实验室）');
        expect(text).toMatch(/F10 · 2/);
        if (lang === 'en') {
          expect(text).toMatch(/correlation/);
          expect(text).not.toMatch(/correlati\s+on/);
        } else expect(text).toContain('强度相关');
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
