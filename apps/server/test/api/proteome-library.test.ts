import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpectrumFileError } from '@mdc/refdata/maldi';
import { repoRoot } from '../../src/config';
import { addLibraryFolder } from '../../src/blast/proteome/library-cli';
import { maldiDir } from '../../src/blast/proteome/test-spectra';
import { importRefdata } from '../../src/resource/importer';
import { fingerprint } from '../../src/resource/sources';
import { insertMaldiEntries, maldiRow } from '../../src/resource/maldi';
import { call, dbKinds, postgresUrl, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

let small: string;
let adminDir: string;
const scratch: string[] = [];

async function shared(db: TestPortal['db']) {
  return db.query<{ id: number; source: string; entry_key: string; species: string; taxon_mo: string | null }>(
    'SELECT id, source, entry_key, species, taxon_mo FROM maldi_library ORDER BY source, entry_key',
  );
}

beforeAll(() => {
  small = buildSmallDataDir();
  scratch.push(small);
  symlinkSync(maldiDir(), path.join(small, 'maldi'));
  // An administrator's folder: two strains of one species, three replicates each, as flex folders.
  adminDir = mkdtempSync(path.join(os.tmpdir(), 'mdc-maldi-admin-'));
  scratch.push(adminDir);
  symlinkSync(path.join(maldiDir(), 'maldiquantexamples_species'), path.join(adminDir, 'spectra'));
  const rows = ['path,species,strain,culture'];
  for (const r of [1, 2, 3]) rows.push(`spectra/species2/0_E11/${r}/1SLin,Exemplia secunda,LAB-E11,"blood agar, 24 h"`);
  for (const r of [1, 2, 3]) rows.push(`spectra/species2/0_F1/${r}/1SLin,Exemplia secunda,LAB-F1,`);
  writeFileSync(path.join(adminDir, 'manifest.csv'), rows.join('\n') + '\n');
});
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe.each(dbKinds)('the MALDI-TOF library in the database on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal(kind);
  });
  afterAll(async () => portal?.close());

  it('mdc import writes the built-in library; a new import replaces it and keeps administrators\' and users\' entries', async () => {
    const first = await importRefdata(portal.db, small);
    expect(first.counts.maldi_library).toBe(22);
    let rows = await shared(portal.db);
    expect(rows.filter((r) => r.source === 'import').map((r) => r.entry_key)).toEqual(expect.arrayContaining(['rki:LMTG73E12_0', 'yang2018:Ec', 'yang2018:Sa']));
    // Named under the taxonomy where it knows the species (the small taxonomy has Escherichia, not Citrobacter).
    expect(rows.find((r) => r.entry_key === 'yang2018:Ec')!.taxon_mo).toMatch(/^B_ESCHR_COLI/);
    expect(rows.find((r) => r.entry_key === 'rki:LMTG73E12_0')!.taxon_mo).toBeNull();
    // Unchanged files: nothing done.
    expect((await importRefdata(portal.db, small)).skipped).toBe(true);

    const [entry] = rows;
    const peaks = [{ mz: 5000, intensity: 1, frequency: 1 }, { mz: 6000, intensity: 2, frequency: 1 }];
    await insertMaldiEntries(portal.db, [maldiRow({ id: 'admin:Kept one|', species: 'Kept one', source: 'admin', peaks })], 'admin');
    const user = (await portal.db.query<{ id: number }>(`INSERT INTO users (email, password_hash) VALUES ('maldi@lab.example.org', 'x') RETURNING id`))[0]!.id;
    await insertMaldiEntries(portal.db, [maldiRow({ id: 'user:abc', species: 'Kept two', source: '', peaks })], 'user', Number(user));
    const again = await importRefdata(portal.db, small, { force: true });
    expect(again.counts.maldi_library).toBe(22);
    rows = await shared(portal.db);
    expect(rows.filter((r) => r.source === 'import')).toHaveLength(22);
    expect(rows.filter((r) => r.source !== 'import').map((r) => r.species).sort()).toEqual(['Kept one', 'Kept two']);
    expect(rows.some((r) => r.id === entry!.id && r.source === 'import')).toBe(false);
  });

  it('shows the shared library on /resource and a taxon\'s main spectra on its page', async () => {
    const all = await call(portal, 'GET', '/api/resource/maldi');
    expect(all.body.data).toMatchObject({ entries: 23, imported: 22, admin: 1, taxon: null });
    expect(all.body.data.bySpecies[0]).toEqual({ species: 'Citrobacter freundii', taxonMo: null, entries: 10 });
    const coli = (await shared(portal.db)).find((r) => r.entry_key === 'yang2018:Ec')!.taxon_mo!;
    const species = await call(portal, 'GET', `/api/resource/maldi?taxon=${coli}`);
    expect(species.body.data.taxon.map((e: { species: string }) => e.species)).toEqual(['Escherichia coli']);
    const genus = (await portal.db.query<{ mo: string }>(`SELECT mo FROM taxon WHERE name = 'Klebsiella' AND rank = 'genus'`))[0]!.mo;
    const klebsiella = await call(portal, 'GET', `/api/resource/maldi?taxon=${genus}`);
    expect(klebsiella.body.data.taxon.map((e: { species: string }) => e.species).sort()).toEqual(['Klebsiella oxytoca', 'Klebsiella pneumoniae']);
    // Accounts' own entries are nobody's business here.
    expect(JSON.stringify(all.body.data)).not.toContain('Kept two');
  });

  it('mdc maldi add: one shared main spectrum per species and strain; run again, it replaces them; a bad file writes nothing', async () => {
    const { rows, ids } = await addLibraryFolder(portal.db, adminDir);
    expect(rows.map((r) => [r.species, r.strain, r.quality!.replicates])).toEqual([
      ['Exemplia secunda', 'LAB-E11', 3],
      ['Exemplia secunda', 'LAB-F1', 3],
    ]);
    expect(rows[0]!.culture).toBe('blood agar, 24 h');
    expect(rows[0]!.instrument).toBe('FLEX-PC');
    const again = await addLibraryFolder(portal.db, adminDir);
    expect(again.ids).toEqual(ids);
    const broken = mkdtempSync(path.join(os.tmpdir(), 'mdc-maldi-broken-'));
    scratch.push(broken);
    cpSync(path.join(maldiDir(), 'maldiquantexamples_species/species3/0_F6'), path.join(broken, 'F6'), { recursive: true });
    writeFileSync(path.join(broken, 'F6/2/1SLin/fid'), Buffer.alloc(10));
    writeFileSync(path.join(broken, 'manifest.csv'), 'path,species,strain\nF6/1/1SLin,Exemplia tertia,X\nF6/2/1SLin,Exemplia tertia,X\n');
    const before = (await shared(portal.db)).length;
    await expect(addLibraryFolder(portal.db, broken)).rejects.toBeInstanceOf(SpectrumFileError);
    writeFileSync(path.join(broken, 'manifest.csv'), 'path,species\nF6/1/1SLin,not a species\n');
    await expect(addLibraryFolder(portal.db, broken)).rejects.toThrow(/Latin binomial/);
    expect((await shared(portal.db)).length).toBe(before);
  });
});

describe('the import fingerprint', () => {
  it('follows the content of the library\'s spectrum files: a changed file makes the next import rebuild the library', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'mdc-refdata-maldi-'));
    scratch.push(copy);
    cpSync(small, copy, { recursive: true, filter: (src) => !src.endsWith(`${path.sep}maldi`) });
    // Everything of maldi/ an import reads: the library's spectra and the theoretical protein masses.
    for (const folder of ['msclassifr_citrobacter_rki', 'bacid_yang2018/reference_peaklists', 'bacteriamslf']) cpSync(path.join(maldiDir(), folder), path.join(copy, 'maldi', folder), { recursive: true });
    // The same files elsewhere: the same fingerprint (an import would be skipped).
    expect(fingerprint(copy)).toBe(fingerprint(small));
    const file = path.join(copy, 'maldi/bacid_yang2018/reference_peaklists/Ec_Escherichia_coli.csv');
    writeFileSync(file, readFileSync(file, 'utf8').trimEnd() + '\n19990.5,1\n');
    expect(fingerprint(copy)).not.toBe(fingerprint(small));
  });
});

describe('mdc maldi as a command', () => {
  it('adds a folder to the database it is configured with, which mdc identify --method proteome then searches; usage errors exit with 2', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-maldi-home-'));
    scratch.push(home);
    // PostgreSQL when there is one (a fresh schema): an embedded database takes long to create.
    const schema = `t_maldi_${Date.now().toString(36)}`;
    const database = dbKinds.includes('postgres') ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' };
    const env = { ...process.env, MDC_HOME: home, LOG_LEVEL: 'warn', ...database };
    const mdc = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/bin/mdc.js'), 'maldi', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
    try {
      const added = mdc('add', adminDir, '--instrument', 'microflex LT');
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/^Exemplia secunda LAB-E11: 3 replicates, \d+ peaks kept of \d+ seen, agreement \d+ %/m);
      expect(added.stderr).toMatch(/2 shared main spectra written/);
      // mdc identify --method proteome without --reference searches the library in that database.
      const identify = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'apps/server/bin/mdc.js'), 'identify', '--method', 'proteome', '--query', path.join(maldiDir(), 'maldiquantexamples_species/species2/0_E12/1/1SLin'), '--top', '2'],
        { cwd: repoRoot, env, encoding: 'utf8' },
      );
      expect(identify.status, identify.stderr).toBe(0);
      const [header, first] = identify.stdout.trim().split('\n');
      expect(header!.split('\t').slice(0, 5)).toEqual(['query', 'rank', 'species', 'score', 'level']);
      expect(first!.split('\t').slice(1, 3)).toEqual(['1', 'Exemplia secunda']);
      expect(identify.stderr).toMatch(/library: 2 main spectra from the database/);
      const wrong = mdc('add', path.join(adminDir, 'nowhere'));
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toMatch(/mdc maldi: cannot read .*manifest\.csv/);
    } finally {
      if (dbKinds.includes('postgres')) {
        const portal = await startPortal('postgres');
        await portal.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await portal.close();
      }
    }
  });
});
