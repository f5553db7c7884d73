import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAb1 } from '@mdc/refdata/ab1';
import { breakpointCellsJson, writeBreakpointFile } from '../../src/resource/breakpoint-file';
import { insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { upload } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

/**
 * Issue 28: requests that held the event loop. What changes for a user: the breakpoint download
 * is made once per import (the same request gets the same bytes), a trace declaring too many base
 * calls is refused by its directory, and /api/blast/info is counted once per change of the references.
 */
let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

describe.each(dbKinds)('requests that must not hold the server, on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal(kind, { REFDATA_DIR: small, RATE_LIMIT_API: '100000' }, {}, { imported: small });
  }, 300_000);
  afterAll(async () => portal?.close());

  const exportCsv = async (filter: string) => {
    const answer = await portal.app.inject({ method: 'GET', url: `/api/resource/breakpoints/export?${filter}&format=csv&lang=en` });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  };

  it('keeps a breakpoint download per import: the same request gets the same bytes until the next import', async () => {
    const filter = 'guideline=EUCAST&antibiotic=MEM&method=MIC&organism=EBC';
    const [row] = await portal.db.query<{ line: number; comments: string }>(
      `SELECT line, comments FROM breakpoint WHERE guideline = 'EUCAST' AND year = 2025 AND antibiotic_code = 'MEM' AND method = 'MIC' AND organism_code = 'EBC' ORDER BY line LIMIT 1`,
    );
    const first = await exportCsv(filter);
    expect(first.toString('utf8')).toContain('Meropenem');
    // A change the server was not told of (no import): the kept file is answered.
    await portal.db.query('UPDATE breakpoint SET comments = $1 WHERE line = $2', ['changed without an import', row!.line]);
    const again = await exportCsv(filter);
    expect(again.equals(first)).toBe(true);
    expect(again.toString('utf8')).not.toContain('changed without an import');
    // A new import: the kept files are forgotten, the next download reads the table again.
    await portal.app.refdata.runImport(small, { force: true });
    await portal.db.query('UPDATE breakpoint SET comments = $1 WHERE line = $2', ['changed after the import', row!.line]);
    try {
      expect((await exportCsv(filter)).toString('utf8')).toContain('changed after the import');
    } finally {
      await portal.db.query('UPDATE breakpoint SET comments = $1 WHERE line = $2', [row!.comments, row!.line]);
    }
    // Every year, both formats, both languages: each asked twice, the same bytes.
    for (const url of ['/api/resource/breakpoints/export?year=all&format=xlsx', '/api/resource/breakpoints/export?year=all&format=csv&lang=en']) {
      const a = await portal.app.inject({ method: 'GET', url });
      const b = await portal.app.inject({ method: 'GET', url });
      expect(a.statusCode).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    }
  }, 300_000);

  it('downloads every year in the order the breakpoint list shows, row for row', async () => {
    // The download reads the keys in order once and the rows by key; the list pages by OFFSET.
    const pages: string[] = [];
    let total = Infinity;
    for (let page = 1; (page - 1) * 200 < total; page++) {
      const answer = await call(portal, 'GET', `/api/resource/breakpoints?year=all&pageSize=200&page=${page}`, undefined, { locale: 'en' });
      expect(answer.body.code).toBe(0);
      total = answer.body.data.total;
      pages.push(breakpointCellsJson(answer.body.data.list, 'en'));
    }
    expect(total).toBeGreaterThan(1000);
    const expected = await writeBreakpointFile({ format: 'csv', locale: 'en', pages, importedAt: null });
    expect((await exportCsv('year=all')).equals(expected)).toBe(true);
  }, 300_000);

  it('refuses a trace by the base calls its directory declares, before decoding them, in the language of the request', async () => {
    // 20,001 calls, the first of them no nucleotide code: read whole, the file was refused as
    // unreadable; checked first by the count it declares, it is refused as too long.
    const calls = new Uint8Array(20_001).fill(65);
    calls[0] = 33;
    const trace = writeAb1([{ name: 'PBAS', number: 2, type: 2, elementSize: 1, data: calls }]);
    for (const locale of ['en', 'zh'] as const) {
      const answer = await upload(portal, '/api/blast/tasks', { method: '16S' }, [{ name: 'long.ab1', bytes: trace }], { locale });
      expect(answer.status).toBe(400);
      expect(answer.body.data.reason).toBe('too-long');
      expect(answer.body.data.detail[locale]).toBe(
        locale === 'en'
          ? 'long.ab1: the trace holds 20,001 base calls, more than the 10,000 a sequence may have.'
          : 'long.ab1：峰图含 20001 个碱基判读，超过序列长度上限 10000 个。',
      );
    }
  });

  it('counts the references of /api/blast/info once per change of the shared references', async () => {
    const genomes = async () => ((await call(portal, 'GET', '/api/blast/info')).body.data.methods as { method: string; references: number }[]).find((m) => m.method === 'genome')!.references;
    const before = await genomes();
    // Written behind the server's back (not through an import or the genome store): the kept answer stands.
    await portal.db.query(
      `INSERT INTO genome_reference (source, owner_id, file, species, strain, accession, taxon_mo, length, contigs, n50, gc_percent, contig_names, contig_lengths, md5, sequence)
       VALUES ('admin', NULL, 'hidden.fna', 'Escherichia coli', 'hidden', '', NULL, 4, 1, 4, 50, '{c1}', '{4}', 'not-a-real-md5', '\\x00'::bytea)`,
    );
    expect(await genomes()).toBe(before);
    // Shared genomes written through the store: counted again at once.
    const added = await insertGenomeReferences(portal.db, ['R01']);
    expect(added.length).toBeGreaterThan(0);
    expect(await genomes()).toBe(before + 1 + added.length);
    // An import (another process's as well: the latest import is read each time) counts again too.
    await portal.db.query(`DELETE FROM genome_reference WHERE md5 = 'not-a-real-md5'`);
    await portal.app.refdata.runImport(small, { force: true });
    const [held] = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM genome_reference WHERE owner_id IS NULL');
    expect(held!.n).toBeLessThan(before + 1 + added.length);
    expect(await genomes()).toBe(held!.n);
  }, 300_000);
});
