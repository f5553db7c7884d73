import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAntibiotics, readBreakpoints, readExpectedResistance, readExpertRules, readOrganisms, readQcRanges } from '@mdc/refdata/whonet';
import { readEucastRules } from '@mdc/refdata/amr';
import { readFastaFile } from '@mdc/refdata/fasta';
import { withAcceptedNames } from '@mdc/refdata/taxonomy';
import { buildKnowledgeBase } from '@mdc/core/ast';
import { loadConfig } from '../../src/config';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db';
import { readCurrentTaxonomy } from '@mdc/refdata/taxonomy';
import { currentBreakpoints, intrinsicResistanceAsWhonet, readIntrinsicResistant } from '@mdc/refdata/amr';
import { importRefdata } from '../../src/resource/importer';
import { loadImportTaxonomy, RefdataMissingError } from '../../src/resource/sources';
import { loadReferenceSequences, loadWhonetTables, toAstTables } from '../../src/resource/tables';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir, countFasta, countRows } from '../unit/support/small-refdata';

const TABLES = ['taxon', 'taxon_code', 'whonet_organism', 'antibiotic_row', 'breakpoint', 'expected_resistance', 'expert_rule', 'eucast_rule', 'qc_range', 'reference_sequence', 'chinese_name_organism', 'ast_reference'];

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  return out;
}

let small: string;
const scratch: string[] = [];

function copyOfSmall(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-refdata-broken-'));
  scratch.push(dir);
  cpSync(small, dir, { recursive: true });
  return dir;
}

beforeAll(() => {
  small = buildSmallDataDir();
  scratch.push(small);
});
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe.each(dbKinds)('reference data import on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal(kind);
  });
  afterAll(async () => portal?.close());

  it('loads every file, one row per record', async () => {
    const summary = await importRefdata(portal.db, small);
    expect(summary.skipped).toBe(false);
    const found = await counts(portal.db);
    const taxonomy = await readCurrentTaxonomy(small);
    // The AMR 3.0.0 rows and the 2022 ones it no longer has.
    expect(taxonomy.size).toBeGreaterThan(countRows(path.join(small, 'taxonomy/microorganisms.tsv')));
    expect(found.taxon).toBe(taxonomy.size);
    expect(found.taxon_code).toBe(taxonomy.codes.length);
    expect(found.whonet_organism).toBe(countRows(path.join(small, 'whonet/Organisms.txt')));
    expect(found.antibiotic_row).toBe(countRows(path.join(small, 'whonet/Antibiotics.txt')));
    // WHONET's rows and the AMR 3.0.0 rows of the years WHONET lacks.
    const whonetDir = path.join(small, 'whonet');
    const served = currentBreakpoints(small, { organisms: readOrganisms(whonetDir), antibiotics: readAntibiotics(whonetDir), breakpoints: readBreakpoints(whonetDir) }, taxonomy);
    expect(found.breakpoint).toBe(served.records.length);
    expect(found.breakpoint).toBeGreaterThan(countRows(path.join(small, 'whonet/Breakpoints.txt')));
    expect(Object.keys(served.perGuidelineYear)).toEqual(expect.arrayContaining(['CLSI 2025', 'EUCAST 2025']));
    expect(found.ast_reference).toBeGreaterThan(0);
    // WHONET's rows and the EUCAST intrinsic pairs of AMR 3.0.0 placed on WHONET codes.
    const intrinsic = intrinsicResistanceAsWhonet(readIntrinsicResistant(path.join(small, 'amr/amr-3.0.0')), { organisms: readOrganisms(whonetDir), antibiotics: readAntibiotics(whonetDir), taxonomy });
    expect(intrinsic.records.length).toBeGreaterThan(0);
    expect(found.expected_resistance).toBe(countRows(path.join(small, 'whonet/ExpectedResistancePhenotypes.txt')) + intrinsic.records.length);
    expect(found.expert_rule).toBe(countRows(path.join(small, 'whonet/ExpertInterpretationRules.txt')));
    expect(found.qc_range).toBe(countRows(path.join(small, 'whonet/QC_Ranges.txt')));
    // AMR 3.0.0's interpretive_rules.tsv replaces the 2021 eucast_rules.tsv (whose one malformed row is gone with it).
    expect(found.eucast_rule).toBe(countRows(path.join(small, 'amr/amr-3.0.0/interpretive_rules.tsv')));
    // So is the one E. coli genome contig of the shared 16S set that carries a eukaryotic 18S gene.
    // AMR 3.0.0 breakpoint rows of organisms this cut has no WHONET code for are counted and named.
    // EF059885, an E. asburiae at 99.86 % to K. aerogenes, is not flagged as sitting inside Klebsiella:
    // another E. asburiae record (EF059842) is at 98.42 %, close to its own genus. (It was flagged while
    // the search listed a species' further records after every other species, past the 40 hits read.)
    expect(summary.warnings).toEqual([
      expect.stringMatching(/^clinical_breakpoints\.tsv: \d+ rows left out \(organism without a WHONET code: /),
      expect.stringMatching(/^intrinsic_resistant\.tsv\.gz: \d+ organism × drug pairs left out/),
      expect.stringMatching(/^16S reference AAJT01000133 is an 18S gene/),
    ]);
    expect(found.reference_sequence).toBe(countFasta(path.join(small, 'rrna/16S_reference.fasta.gz')) + countFasta(path.join(small, 'rrna/18S_reference.fasta.gz')));
    expect(summary.counts.breakpoint).toBe(found.breakpoint);
  });

  it('links WHONET organisms, sequences and Chinese names to taxa', async () => {
    const [kpn] = await portal.db.query<{ taxon_mo: string }>(`SELECT taxon_mo FROM whonet_organism WHERE name = 'Klebsiella pneumoniae ss. pneumoniae'`);
    expect(kpn?.taxon_mo).toBe('B_KLBSL_PNMN_PNMN');
    const [genus] = await portal.db.query<{ taxon_mo: string }>(`SELECT taxon_mo FROM whonet_organism WHERE name = 'Klebsiella sp.'`);
    expect(genus?.taxon_mo).toBe('B_KLBSL');
    const [ecoli] = await portal.db.query<{ name_zh: string; parent_mo: string; current_mo: string }>(`SELECT name_zh, parent_mo, current_mo FROM taxon WHERE mo = 'B_ESCHR_COLI'`);
    expect(ecoli).toEqual({ name_zh: '大肠埃希菌', parent_mo: 'B_ESCHR', current_mo: 'B_ESCHR_COLI' });
    const [synonym] = await portal.db.query<{ current_mo: string }>(`SELECT current_mo FROM taxon WHERE name = 'Klebsiella mobilis'`);
    expect(synonym?.current_mo).toBe('B_KLBSL_AERG');
    const sequences = await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reference_sequence WHERE taxon_mo = 'B_ESCHR_COLI'`);
    expect(sequences[0]!.n).toBeGreaterThan(0);
    const [amc] = await portal.db.query<{ name_zh: string; potencies: string[]; breakpoint_count: number }>(`SELECT name_zh, potencies, breakpoint_count FROM antibiotic WHERE code = 'AMC'`);
    expect(amc?.name_zh).toBe('阿莫西林/克拉维酸');
    expect(amc?.potencies).toContain('20/10µg');
    expect(amc?.breakpoint_count).toBeGreaterThan(0);
  });

  it('gives the Lab exactly the parser records back, and an engine can be built on them', async () => {
    const whonet = path.join(small, 'whonet');
    const tables = await loadWhonetTables(portal.db);
    expect(tables.organisms).toEqual(readOrganisms(whonet));
    expect(tables.antibiotics).toEqual(readAntibiotics(whonet));
    const taxonomy = await readCurrentTaxonomy(small);
    expect(tables.breakpoints).toEqual(
      currentBreakpoints(small, { organisms: readOrganisms(whonet), antibiotics: readAntibiotics(whonet), breakpoints: readBreakpoints(whonet) }, taxonomy).records,
    );
    const intrinsic = intrinsicResistanceAsWhonet(readIntrinsicResistant(path.join(small, 'amr/amr-3.0.0')), { organisms: readOrganisms(whonet), antibiotics: readAntibiotics(whonet), taxonomy });
    // Stored by line: WHONET's first, then the AMR pairs (numbered from 1,000,000).
    expect(tables.expectedResistance).toEqual([...readExpectedResistance(whonet), ...intrinsic.records]);
    expect(tables.expertRules).toEqual(readExpertRules(whonet));
    expect(tables.qcRanges).toEqual(readQcRanges(whonet));
    expect(tables.eucastRules).toEqual(readEucastRules(path.join(small, 'amr'), { onInvalidRow: () => undefined }));
    const engine = buildKnowledgeBase(toAstTables(tables));
    expect(engine).toBeDefined();

    // The parser's records, filed under the accepted names of their species.
    const sequences = await loadReferenceSequences(portal.db, '18S');
    const fromFile = withAcceptedNames(await readFastaFile(path.join(small, 'rrna/18S_reference.fasta.gz')), await loadImportTaxonomy(small));
    expect(sequences.map(({ marker: _m, taxonId: _t, ...record }) => record)).toEqual(fromFile);
    expect(sequences.every((s) => s.marker === '18S')).toBe(true);
  });

  it('imports the same files again without change, and replaces the data when forced', async () => {
    const before = await counts(portal.db);
    const imports = (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refdata_import'))[0]!.n;
    const again = await importRefdata(portal.db, small);
    expect(again.skipped).toBe(true);
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refdata_import'))[0]!.n).toBe(imports);
    const forced = await importRefdata(portal.db, small, { force: true });
    expect(forced.skipped).toBe(false);
    expect(await counts(portal.db)).toEqual(before);
    const duplicates = await portal.db.query('SELECT code FROM antibiotic GROUP BY code HAVING count(*) > 1');
    expect(duplicates).toEqual([]);
  });

  it('keeps the previous data when a file is corrupted', async () => {
    const before = await counts(portal.db);
    const broken = copyOfSmall();
    const file = path.join(broken, 'whonet/Breakpoints.txt');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[Math.floor(lines.length / 2)] = lines[Math.floor(lines.length / 2)]!.split('\t').slice(0, 7).join('\t');
    writeFileSync(file, lines.join('\n'));
    await expect(importRefdata(portal.db, broken)).rejects.toThrow(/Breakpoints\.txt: line \d+/);
    expect(await counts(portal.db)).toEqual(before);
  });

  it('rolls back everything when the database refuses a row late in the import', async () => {
    const before = await counts(portal.db);
    const broken = copyOfSmall();
    // The FASTA reader accepts a repeated record; the sequence table's key does not, and it is
    // written after every WHONET table has already been replaced inside the transaction.
    const file = path.join(broken, 'rrna/16S_reference.fasta.gz');
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    const first = text.slice(0, text.indexOf('\n>') + 1);
    writeFileSync(file, gzipSync(text + first));
    await expect(importRefdata(portal.db, broken)).rejects.toThrow();
    expect(await counts(portal.db)).toEqual(before);
    const ok = await importRefdata(portal.db, small);
    expect(ok.skipped).toBe(true);
  });

  it('rolls back an interrupted import', async () => {
    const before = await counts(portal.db);
    const controller = new AbortController();
    await expect(
      importRefdata(portal.db, small, {
        force: true,
        batchSize: 200,
        signal: controller.signal,
        onProgress: (event) => {
          if (event.stage === 'write' && event.table === 'breakpoint' && event.done > 0) controller.abort();
        },
      }),
    ).rejects.toThrow();
    expect(await counts(portal.db)).toEqual(before);
  });

  it('keeps a reference that is a gene of the other marker out of identification, and says why', async () => {
    const misfiledDir = copyOfSmall();
    const file16S = path.join(misfiledDir, 'rrna/16S_reference.fasta.gz');
    const yeast = (await readFastaFile(path.join(misfiledDir, 'rrna/18S_reference.fasta.gz')))[0]!;
    // A genome contig of E. coli that carries this yeast 18S gene, as deposited contigs sometimes do.
    const contig = `>MISFILED1 Escherichia coli strain X contig 7, whole genome shotgun sequence |taxonomy=Bacteria;Pseudomonadota;Gammaproteobacteria;Enterobacterales;Enterobacteriaceae;Escherichia;Escherichia coli\n${yeast.sequence}\n`;
    writeFileSync(file16S, gzipSync(Buffer.concat([gunzipSync(readFileSync(file16S)), Buffer.from(contig)])));
    try {
      const summary = await importRefdata(portal.db, misfiledDir, { force: true });
      expect(summary.warnings).toContainEqual(expect.stringMatching(new RegExp(`^16S reference MISFILED1 is an 18S gene \\(\\d+\\.\\d % to ${yeast.species} ${yeast.accession}\\)`)));
      const [row] = await portal.db.query<{ misfiled: { resembles: string; match: { accession: string } } }>(
        `SELECT misfiled FROM reference_sequence WHERE marker = '16S' AND accession = 'MISFILED1'`,
      );
      expect(row!.misfiled).toMatchObject({ resembles: '18S', match: { accession: yeast.accession } });
      // Kept in the data (the taxon page lists it, flagged), left out of what identification searches.
      const searched = await loadReferenceSequences(portal.db, '16S');
      expect(searched.map((r) => r.accession)).not.toContain('MISFILED1');
      expect(searched).toHaveLength(countFasta(file16S) - (await portal.db.query(`SELECT 1 FROM reference_sequence WHERE marker = '16S' AND (misfiled IS NOT NULL OR misplaced IS NOT NULL)`)).length);
      const listed = await call(portal, 'GET', '/api/resource/taxa/B_ESCHR_COLI/sequences?marker=16S&pageSize=100');
      const entry = listed.body.data.list.find((r: { accession: string }) => r.accession === 'MISFILED1');
      expect(entry.misfiled).toMatchObject({ resembles: '18S', match: { accession: yeast.accession, species: yeast.species } });
      expect(listed.body.data.list.filter((r: { misfiled: unknown }) => r.misfiled === null).length).toBeGreaterThan(0);
    } finally {
      await importRefdata(portal.db, small, { force: true });
    }
  }, 150_000); // two forced imports of the small set, 20–35 s each on a loaded machine

  it('files references under accepted names with the deposited label kept, and lists one inside another genus for curators', async () => {
    const dir = copyOfSmall();
    const file16S = path.join(dir, 'rrna/16S_reference.fasta.gz');
    const records = await readFastaFile(file16S);
    const pneumoniae = records.find((r) => r.species === 'Klebsiella pneumoniae')!;
    const aerogenes = records.find((r) => r.species === 'Enterobacter aerogenes' || r.species === 'Klebsiella aerogenes')!;
    // A K. pneumoniae gene deposited as S. aureus (a mislabelled record), and an E. aerogenes label (Klebsiella aerogenes today).
    const added =
      `>MISLABEL1 Staphylococcus aureus strain Y 16S ribosomal RNA |taxonomy=Bacteria;Bacillota;Bacilli;Bacillales;Staphylococcaceae;Staphylococcus;Staphylococcus aureus\n${pneumoniae.sequence}\n` +
      `>RENAMED1 Enterobacter aerogenes strain Z 16S ribosomal RNA |taxonomy=Bacteria;Pseudomonadota;Gammaproteobacteria;Enterobacterales;Enterobacteriaceae;Enterobacter;Enterobacter aerogenes\n${aerogenes.sequence}\n`;
    writeFileSync(file16S, gzipSync(Buffer.concat([gunzipSync(readFileSync(file16S)), Buffer.from(added)])));
    try {
      await importRefdata(portal.db, dir, { force: true });
      const [renamed] = await portal.db.query<{ species: string; deposited_species: string; lineage: string[]; taxon_mo: string }>(
        `SELECT species, deposited_species, lineage, taxon_mo FROM reference_sequence WHERE accession = 'RENAMED1'`,
      );
      expect(renamed).toMatchObject({ species: 'Klebsiella aerogenes', deposited_species: 'Enterobacter aerogenes', taxon_mo: 'B_KLBSL_AERG' });
      expect(renamed!.lineage[5]).toBe('Klebsiella');
      const searched = await loadReferenceSequences(portal.db, '16S');
      expect(searched.find((r) => r.accession === 'RENAMED1')).toMatchObject({ species: 'Klebsiella aerogenes', depositedSpecies: 'Enterobacter aerogenes' });
      expect(searched.map((r) => r.accession)).not.toContain('MISLABEL1');
      const listed = await call(portal, 'GET', '/api/resource/references/flagged?marker=16S&pageSize=200');
      expect(listed.status).toBe(200);
      const entry = listed.body.data.list.find((r: { accession: string }) => r.accession === 'MISLABEL1');
      expect(entry).toMatchObject({ reason: 'other-genus', species: 'Staphylococcus aureus', misplaced: { genus: 'Staphylococcus', insideGenus: 'Klebsiella' } });
      expect(entry.misplaced.closest.similarity).toBeGreaterThan(99);
      expect(entry.misplaced.ownGenusSimilarity === null || entry.misplaced.ownGenusSimilarity < 94.5).toBe(true);
    } finally {
      await importRefdata(portal.db, small, { force: true });
    }
  });

  it('names the missing files of an incomplete data folder', async () => {
    const partial = copyOfSmall();
    rmSync(path.join(partial, 'whonet/QC_Ranges.txt'));
    rmSync(path.join(partial, 'rrna'), { recursive: true });
    const error = await importRefdata(portal.db, partial).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefdataMissingError);
    expect((error as RefdataMissingError).missing).toEqual(['whonet/QC_Ranges.txt', 'rrna/16S_reference.fasta.gz', 'rrna/18S_reference.fasta.gz']);
  });
});

describe('first start', () => {
  it('imports automatically into an empty embedded database when a data folder is found', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-first-start-'));
    scratch.push(home);
    const config = loadConfig({ MDC_HOME: home, REFDATA_DIR: small, LOG_LEVEL: 'warn' });
    let portal = await buildApp(config, { logger: false });
    try {
      await portal.app.listen({ port: 0, host: '127.0.0.1' });
      await portal.app.refdata.whenReady();
      const summary = await call(portal, 'GET', '/api/resource/summary');
      expect(summary.body.data.ready).toBe(true);
      // WHONET's rows and the AMR 3.0.0 rows of the years WHONET lacks.
      expect(summary.body.data.counts.breakpoints).toBeGreaterThan(countRows(path.join(small, 'whonet/Breakpoints.txt')));
      const search = await call(portal, 'POST', '/api/search/autocomplete', { kwd: '大肠埃希' });
      expect(search.body.data.list[0]).toMatchObject({ id: 'B_ESCHR_COLI', value: '大肠埃希菌' });
    } finally {
      await portal.close();
    }
    // A restart finds the data in place and does not import again.
    portal = await buildApp(config, { logger: false });
    try {
      await portal.app.listen({ port: 0, host: '127.0.0.1' });
      await portal.app.refdata.whenReady();
      const imports = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refdata_import');
      expect(imports[0]!.n).toBe(1);
    } finally {
      await portal.close();
    }
  }, 180_000); // the first start imports everything, the AMR 3.0.0 tables included

  it('starts without data and says in both languages how to import', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'mdc-no-data-'));
    scratch.push(empty);
    const portal = await startPortal('pglite', { REFDATA_DIR: empty });
    try {
      await portal.app.refdata.whenReady();
      const zh = await call(portal, 'GET', '/api/resource/summary');
      expect(zh.body.data.ready).toBe(false);
      expect(zh.body.msg).toContain('npx mdc import');
      expect(zh.body.msg).toContain('参考数据尚未导入');
      const en = await call(portal, 'GET', '/api/resource/taxa', undefined, { locale: 'en' });
      expect(en.body).toMatchObject({ code: 0, data: { total: 0, list: [] } });
      expect(en.body.msg).toContain('has not been imported yet');
      const detail = await call(portal, 'GET', '/api/resource/taxa/B_ESCHR_COLI', undefined, { locale: 'en' });
      expect(detail.status).toBe(404);
      expect(detail.body.msg).toContain('npx mdc import');
    } finally {
      await portal.close();
    }
  });
});
