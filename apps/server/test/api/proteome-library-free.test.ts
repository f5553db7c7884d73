import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfAvailable } from '../../src/reports/pdf-document';
import { rkiSpectrum, seedBuiltinLibrary, seedProteinTable } from '../../src/blast/proteome/test-spectra';
import { finished, upload } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';

const here = path.dirname(fileURLToPath(import.meta.url));

/** One Christner 2014 E. coli isolate (bench/identify/proteome/data) as a text peak list. */
function ecoliPeakList(isolate: number): Buffer {
  const rows = readFileSync(path.join(here, '../../../../bench/identify/proteome/data/christner2014-ecoli-top100.csv'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${isolate},`))
    .map((l) => l.split(',').slice(1).join(','));
  return Buffer.from(['mz,intensity', ...rows].join('\n') + '\n');
}

const submit = (portal: TestPortal, name: string, bytes: Buffer, locale: 'zh' | 'en' = 'en') => upload(portal, '/api/blast/tasks', { method: 'proteome' }, [{ name, bytes }], { locale });

describe.each(dbKinds)('proteome: both paths on every spectrum, on %s', (kind) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startPortal(kind);
    await seedBuiltinLibrary(portal.db);
    expect(await seedProteinTable(portal.db)).toBe(83_453);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('an E. coli spectrum the spectral library cannot name is answered library-free at genus level, and says so', async () => {
    const answer = await submit(portal, 'ecoli-isolate-12.csv', ecoliPeakList(12));
    expect(answer.status).toBe(200);
    const task = await finished(portal, answer.body.data.id);
    expect(task.status).toBe('done');
    const s = task.proteome.spectra[0];
    // The built-in spectral library has no real E. coli spectrum: no species call from it.
    expect(['genus', 'none']).toContain(s.level);
    expect(s.libraryFree).toMatchObject({ level: 'genus', genus: 'Escherichia' });
    expect(s.libraryFree.species).toContain('coli');
    expect(s.libraryFree.label).toMatch(/^Escherichia: /);
    expect(s.libraryFree.score).toBeGreaterThanOrEqual(1.7);
    expect(s.libraryFree.candidates[0].matches.map((m: { gene: string }) => m.gene)).toContain('rpmc');
    expect(s.combined).toMatchObject({ carriedBy: 'library-free', level: 'genus', name: s.libraryFree.label });
    expect(s.combined.text.en).toMatch(/^Library-free identification/);
    expect(s.combined.text.zh).toMatch(/^无谱库鉴定/);
    // Never the spectral library's species band.
    expect(['species', 'subspecies']).not.toContain(s.combined.level);
    expect(task.proteome.proteins).toMatchObject({ genera: 41 });
    // The history shows the answer as it claims: the genus, the species it cannot separate as the closest.
    expect(task.call).toMatchObject({ name: 'Escherichia', level: 'genus' });
    expect(task.call.closest ?? 'Escherichia coli').toMatch(/^Escherichia coli/);
    // Exports carry it, in the reader's language.
    const csv = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { locale: 'zh' });
    const [header, first] = csv.raw.replace(/^\ufeff/, '').split('\r\n');
    expect(header).toMatch(/,结论,依据,无谱库鉴定（理论蛋白质量）$/);
    expect(first).toContain('无谱库（理论蛋白质量）');
    expect(first).toContain('Escherichia: coli');
    // Rank 1 is the answer, headed as the genus; the library's entries follow as the closest, without a level.
    const cells = first!.split(',');
    expect(cells.slice(2, 4)).toEqual(['1', expect.stringMatching(/^"?Escherichia 属未定种（最接近：Escherichia coli/)]);
    const rest = csv.raw.replace(/^\ufeff/, '').trim().split('\r\n').slice(2);
    expect(rest.length).toBeGreaterThan(0);
    for (const row of rest) {
      expect(row).toContain(',最接近的谱库条目,');
      expect(row).not.toMatch(/属（\+）|种（\+\+/);
    }
    for (const locale of ['zh', 'en'] as const) {
      if (!pdfAvailable(locale)) continue;
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { local: locale } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('a Citrobacter spectrum (a genus the theoretical masses lack) is not given another genus', async () => {
    const rki = await rkiSpectrum(4);
    const task = await finished(portal, (await submit(portal, rki.name, rki.bytes)).body.data.id);
    const s = task.proteome.spectra[0];
    expect(['genus-group', 'none']).toContain(s.libraryFree.level);
    // Its own spectrum is in the built-in library: the spectral library carries it, and says it is the same spectrum.
    expect(s.call.entryId).toBe(`rki:${rki.strain}`);
    expect(s.sameSpectrum).toBe(true);
    expect(s.text.en).toMatch(/self-match, not independent evidence/);
    expect(s.combined.carriedBy).toBe('spectral-library');
    expect(s.combined.text.en).toMatch(/do not cover the genus Citrobacter/);
  });

  it('answers without the protein table when an import did not bring it (library-free left out, said)', async () => {
    await portal.db.query('DELETE FROM maldi_protein_species');
    // The table is cached per import: a new import row makes the server read it again.
    await portal.db.query(`INSERT INTO refdata_import (fingerprint, source_dir, counts, duration_ms) VALUES ('test', 'test', '{}'::jsonb, 0)`);
    const task = await finished(portal, (await submit(portal, 'ecoli-isolate-3.csv', ecoliPeakList(3))).body.data.id);
    const s = task.proteome.spectra[0];
    expect(s.libraryFree).toBeNull();
    expect(task.proteome.proteins).toBeNull();
    expect(s.combined.carriedBy).not.toBe('library-free');
    await seedProteinTable(portal.db);
    await portal.db.query(`INSERT INTO refdata_import (fingerprint, source_dir, counts, duration_ms) VALUES ('test2', 'test', '{}'::jsonb, 0)`);
  });
});
