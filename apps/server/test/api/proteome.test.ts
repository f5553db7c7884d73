import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifySpectrum, roundScore } from '@mdc/core/identify/proteome';
import { readYangMixtures } from '@mdc/refdata/maldi';
import { maldiLibrary } from '../../src/resource/maldi';
import { pdfAvailable } from '../../src/reports/pdf-document';
import {
  flexZip,
  maldiDir,
  maldiquantSpots,
  platePositions,
  PLACEHOLDER_SPECIES,
  rkiSpectrum,
  seedBuiltinLibrary,
  seedPlaceholderLibrary,
  zipFiles,
  type ExampleSpot,
} from '../../src/blast/proteome/test-spectra';
import { activeAccount } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

const submit = (portal: TestPortal, name: string, bytes: Buffer, options: { token?: string; locale?: 'zh' | 'en' } = {}) =>
  upload(portal, '/api/blast/tasks', { method: 'proteome' }, [{ name, bytes }], options);

async function stored(portal: TestPortal) {
  const rows = await portal.db.query<{ tasks: number; inputs: number; jobs: number; spectra: number }>(
    `SELECT (SELECT count(*)::int FROM blast_task) AS tasks, (SELECT count(*)::int FROM blast_input) AS inputs,
            (SELECT count(*)::int FROM jobs) AS jobs, (SELECT count(*)::int FROM proteome_task_spectrum) AS spectra`,
  );
  return rows[0]!;
}

let spots: ExampleSpot[];
const spot = (label: string, biological: string, replicate = 1) => spots.find((s) => s.label === label && s.spot === biological && s.replicate === replicate)!;
/** Identified in the tests, so kept out of the shared library: spot F10 of species1, and species4 altogether (a lab's own strain). */
const heldOut = (s: ExampleSpot) => (s.label === 'species1' && s.spot === 'F10') || s.label === 'species4';

beforeAll(async () => {
  spots = await maldiquantSpots();
});

describe.each(dbKinds)('proteome (MALDI-TOF) identification on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let alice: string;
  let bob: string;
  let spotTask: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await seedBuiltinLibrary(portal.db);
    await seedPlaceholderLibrary(portal.db, heldOut);
    alice = await activeAccount(portal, smtp);
    bob = await activeAccount(portal, smtp);
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('identifies one flex spot: call, band, runner-up, top ten and parameters, kept in the history', async () => {
    const answer = await submit(portal, 'F10.zip', flexZip([spot('species1', 'F10')]), { token: alice, locale: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ method: 'proteome', status: 'running', itemCount: 1, token: null });
    spotTask = answer.body.data.id;
    const task = await finished(portal, spotTask, alice);
    expect(task.status).toBe('done');
    const result = task.proteome;
    expect(result.spectra).toHaveLength(1);
    const s = result.spectra[0];
    expect(s).toMatchObject({ format: 'flex', kind: 'profile', spot: 'F10', refused: null, mixture: null });
    expect(s.call.species).toBe(PLACEHOLDER_SPECIES.species1);
    expect(s.call.score).toBeGreaterThanOrEqual(2);
    expect(['species', 'subspecies']).toContain(s.level);
    expect(s.runnerUp.species).not.toBe(s.call.species);
    expect(s.margin).toBeCloseTo(s.call.score - s.runnerUp.score, 10);
    expect(s.hits).toHaveLength(10);
    expect(s.hits.map((h: { rank: number }) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < s.hits.length; i++) expect(s.hits[i - 1].score).toBeGreaterThanOrEqual(s.hits[i].score);
    expect(s.text.en).toMatch(/Species reliable/);
    expect(s.queryPeaks).toBeGreaterThan(30);
    expect(result.parameters.preprocess).toMatchObject({ transform: 'sqrt', smoothing: 'savitzky-golay', baseline: 'snip', mzFrom: 2000, mzTo: 20000 });
    expect(result.parameters.identify).toMatchObject({ tolerancePpm: 800, top: 10, closeMargin: 0.1 });
    expect(result.library).toEqual({ entries: 22 + 3, species: expect.any(Number), own: 0 });
    // The history's call is the spectrum's top hit, in the method's own measure.
    expect(task.call).toEqual({ name: PLACEHOLDER_SPECIES.species1, value: roundScore(s.call.score), measure: 'logScore', level: s.level, closest: null });
    const history = await call(portal, 'GET', '/api/blast/tasks?method=proteome', undefined, { token: alice });
    expect(history.body.data.list.map((t: { id: string }) => t.id)).toContain(spotTask);
  });

  it('makes one task of a plate zip with a row per spot, each spot called', async () => {
    const plate = [spot('species1', 'F10', 2), spot('species1', 'F7'), spot('species2', 'E11'), spot('species2', 'F3', 2), spot('species3', 'F6'), spot('species3', 'F12', 3)];
    const answer = await submit(portal, 'plate.zip', flexZip(plate, platePositions(plate.length)), { token: alice });
    expect(answer.body.data.itemCount).toBe(plate.length);
    const task = await finished(portal, answer.body.data.id, alice);
    expect(task.status).toBe('done');
    expect(task.itemCount).toBe(plate.length);
    const spectra = task.proteome.spectra;
    expect(spectra.map((s: { spot: string }) => s.spot)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    expect(spectra.map((s: { call: { species: string } }) => s.call.species)).toEqual(plate.map((p) => PLACEHOLDER_SPECIES[p.label]));
    expect(task.proteome.counts.spectra).toBe(plate.length);
    expect(task.identifiedCount).toBe(plate.length);
    const rows = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM proteome_task_spectrum WHERE task_id = $1', [task.id]);
    expect(rows[0]!.n).toBe(plate.length);
  });

  it('identifies a text spectrum (an RKI Citrobacter raw profile) against the built-in library', async () => {
    const rki = await rkiSpectrum(0);
    const task = await finished(portal, (await submit(portal, rki.name, rki.bytes, { token: alice })).body.data.id, alice);
    const s = task.proteome.spectra[0];
    expect(s).toMatchObject({ format: 'text', kind: 'profile' });
    expect(s.call.species).toBe(rki.species);
    expect(s.call.strain).toBe(rki.strain);
    expect(s.call.entryId).toBe(`rki:${rki.strain}`);
  });

  it('reports a possible mixed culture with both species (a Yang 2018 two-species peak list)', async () => {
    // The first mixture list the engine flags against the built-in library (about a quarter are).
    const library = (await maldiLibrary(portal.db, null)).entries;
    const mixtures = await readYangMixtures(path.dirname(maldiDir()));
    const flagged = mixtures.find((m) => identifySpectrum(m.spectrum, library).mixture !== null)!;
    const name = path.basename(flagged.spectrum.file);
    const task = await finished(portal, (await submit(portal, name, readFileSync(flagged.spectrum.file), { token: alice, locale: 'en' })).body.data.id, alice);
    const s = task.proteome.spectra[0];
    expect(s).toMatchObject({ kind: 'peaks', format: 'text' });
    expect([...s.mixture.species].sort()).toEqual([...flagged.species].sort());
    expect(s.text.en).toMatch(/Possible mixed culture/);
    expect(task.proteome.counts.mixtures).toBe(1);
    const csv = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { token: alice, locale: 'en' });
    expect(csv.raw).toContain(`possible mixed culture: ${s.mixture.species.join(' + ')}`);
  });

  it('refuses files it cannot read, naming the file in the language of the request, and stores nothing', async () => {
    const before = await stored(portal);
    const example = path.join(maldiDir(), 'maldiquantexamples_species', spot('species2', 'E11').dir);
    const fid = readFileSync(path.join(example, 'fid'));
    const acqu = readFileSync(path.join(example, 'acqu'));
    const cases: { name: string; bytes: Buffer; zh: RegExp; en: RegExp }[] = [
      { name: 'cut.zip', bytes: zipFiles([['0_E11/1/1SLin/fid', fid.subarray(0, 1001)], ['0_E11/1/1SLin/acqu', acqu]]), zh: /cut\.zip:0_E11\/1\/1SLin/, en: /cut\.zip:0_E11\/1\/1SLin.*(fid|TD)/ },
      { name: 'noacqu.zip', bytes: zipFiles([['0_E11/1/1SLin/fid', fid]]), zh: /noacqu\.zip.*acqu/, en: /noacqu\.zip.*acqu/ },
      { name: 'empty-zip.zip', bytes: zipFiles([['readme.md', Buffer.from('hello')]]), zh: /empty-zip\.zip.*没有谱图/, en: /empty-zip\.zip.*no spectrum/ },
      { name: 'broken.zip', bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), zh: /broken\.zip.*zip/, en: /broken\.zip.*zip/ },
      { name: 'words.txt', bytes: Buffer.from('m/z,intensity\n2000,5\n2001,x\n'), zh: /words\.txt 第 3 行/, en: /words\.txt, line 3/ },
      { name: 'unsorted.csv', bytes: Buffer.from('3000,1\n2000,2\n4000,3\n'), zh: /unsorted\.csv.*递增/, en: /unsorted\.csv.*increase/ },
      { name: 'fid', bytes: fid, zh: /fid.*zip/, en: /fid.*zip/ },
      { name: 'image.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]), zh: /image\.png.*无法识别/, en: /image\.png.*unrecognised/ },
    ];
    for (const c of cases) {
      for (const locale of ['zh', 'en'] as const) {
        const answer = await submit(portal, c.name, c.bytes, { token: alice, locale });
        expect(answer.status, `${c.name} ${locale}`).toBe(400);
        expect(answer.body.msg, `${c.name} ${locale}`).toMatch(c[locale]);
        expect(answer.body.data.fields.file).toBe(answer.body.msg);
      }
    }
    // No file, and two files, are refused too.
    expect((await upload(portal, '/api/blast/tasks', { method: 'proteome' }, [], { locale: 'en' })).body.msg).toMatch(/Choose a spectrum file/);
    const two = await upload(portal, '/api/blast/tasks', { method: 'proteome' }, [{ name: 'a.zip', bytes: flexZip([spot('species2', 'E11')]) }, { name: 'b.zip', bytes: flexZip([spot('species2', 'E12')]) }], { locale: 'zh' });
    expect(two.body.msg).toMatch(/一次上传一个文件/);
    expect(await stored(portal)).toEqual(before);
  });

  it('explains a hit: the three factors, matched and unmatched peaks, and what the mirrored picture draws', async () => {
    const task = await finished(portal, spotTask, alice);
    const s = task.proteome.spectra[0];
    for (const rank of [1, 2]) {
      const answer = await call(portal, 'GET', `/api/blast/proteome/tasks/${spotTask}/explain?spectrum=0&rank=${rank}`, undefined, { token: alice, locale: 'en' });
      expect(answer.status).toBe(200);
      const ex = answer.body.data;
      const hit = s.hits[rank - 1];
      expect(ex.hit.entryId).toBe(hit.entryId);
      expect(ex.score).toBeCloseTo(hit.score, 10);
      expect(ex.matched).toHaveLength(hit.matchedPeaks);
      expect(ex.queryPeaks).toBe(s.queryPeaks);
      expect(ex.matched.length + ex.unmatchedQuery.length).toBe(ex.queryPeaks);
      expect(ex.matched.length + ex.unmatchedReference.length).toBe(ex.referencePeaks);
      expect(ex.reference.peaks).toHaveLength(ex.referencePeaks);
      expect(ex.queryMatchedShare).toBeCloseTo(ex.matched.length / ex.queryPeaks, 10);
      expect(Math.log10(1000 * ex.queryMatchedShare * ex.referenceMatchedShare * ex.intensityCorrelation)).toBeCloseTo(ex.score, 8);
      for (const m of ex.matched) expect(Math.abs(m.errorPpm)).toBeLessThanOrEqual(ex.tolerancePpm);
      expect(ex.profile.length).toBeGreaterThan(500);
      expect(ex.text.en).toContain(`= ${roundScore(hit.score).toFixed(2)}`);
    }
    expect((await call(portal, 'GET', `/api/blast/proteome/tasks/${spotTask}/explain?spectrum=0&rank=11`, undefined, { token: alice })).status).toBe(404);
    expect((await call(portal, 'GET', `/api/blast/proteome/tasks/${spotTask}/explain?spectrum=3&rank=1`, undefined, { token: alice })).status).toBe(404);
    // Another account sees neither the task nor its explanation.
    expect((await call(portal, 'GET', `/api/blast/proteome/tasks/${spotTask}/explain?spectrum=0&rank=1`, undefined, { token: bob })).status).toBe(404);
  });

  it("exports CSV and PDF in the reader's language", async () => {
    const en = await call(portal, 'GET', `/api/blast/tasks/${spotTask}/export.csv`, undefined, { token: alice, locale: 'en' });
    expect(en.status).toBe(200);
    const lines = en.raw.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('spectrum,spot,rank,species,strain,score,level,matched peaks,query peaks matched (%),reference peaks matched (%),intensity correlation,main spectrum,note,answer,carried by,library-free (theoretical protein masses)');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(new RegExp(`^F10\\.zip:0_F10/1/1SLin,F10,1,${PLACEHOLDER_SPECIES.species1},,2\\.\\d\\d,species`));
    const zh = await call(portal, 'GET', `/api/blast/tasks/${spotTask}/export.csv`, undefined, { token: alice, locale: 'zh' });
    expect(zh.raw.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(/^谱图,靶点,名次,菌种/);
    for (const locale of ['en', 'zh'] as const) {
      if (!pdfAvailable(locale)) continue;
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${spotTask}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: locale } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(20_000);
    }
    expect((await call(portal, 'GET', `/api/blast/tasks/${spotTask}/export.csv`, undefined, { token: bob })).status).toBe(404);
  });

  it("builds an account's own main spectrum from replicates, identifies with it, and keeps it private", async () => {
    const replicates = [1, 2, 3].map((r) => ({ field: 'files', name: `G9-${r}.zip`, bytes: flexZip([spot('species4', 'G9', r)]) }));
    const fields = { species: 'Exemplia nova', strain: 'LAB-7', culture: 'Columbia blood agar, 24 h, 37 °C', instrument: 'microflex LT' };
    // Anonymous visitors have no library.
    expect((await upload(portal, '/api/blast/proteome/library', fields, replicates)).status).toBe(401);
    // One replicate, a bad species name and an unreadable file are refused, nothing written.
    const one = await upload(portal, '/api/blast/proteome/library', fields, replicates.slice(0, 1), { token: alice, locale: 'en' });
    expect(one.status).toBe(400);
    expect(one.body.msg).toMatch(/at least 2 replicate/);
    expect((await upload(portal, '/api/blast/proteome/library', { ...fields, species: 'species4' }, replicates, { token: alice, locale: 'en' })).body.data.fields.species).toMatch(/Latin binomial/);
    const bad = await upload(portal, '/api/blast/proteome/library', fields, [...replicates.slice(0, 2), { field: 'files', name: 'notes.txt', bytes: Buffer.from('hello\n') }], { token: alice, locale: 'zh' });
    expect(bad.body.msg).toMatch(/notes\.txt/);
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM maldi_library WHERE owner_id IS NOT NULL'))[0]!.n).toBe(0);

    const created = await upload(portal, '/api/blast/proteome/library', fields, replicates, { token: alice, locale: 'en' });
    expect(created.status).toBe(200);
    const entry = created.body.data.entry;
    expect(entry).toMatchObject({ source: 'user', species: 'Exemplia nova', strain: 'LAB-7', culture: fields.culture, instrument: 'microflex LT', replicates: 3 });
    expect(entry.peakCount).toBeGreaterThan(30);
    expect(entry.quality.replicateScores).toHaveLength(3);
    expect(entry.quality.agreement).toBeGreaterThan(0.7);
    expect(entry.replicateFiles).toHaveLength(3);
    const id: number = created.body.data.id;

    const mine = await call(portal, 'GET', '/api/blast/proteome/library', undefined, { token: alice });
    expect(mine.body.data.own.map((e: { id: number }) => e.id)).toEqual([id]);
    expect(mine.body.data.shared.entries).toBe(25);
    const view = await call(portal, 'GET', `/api/blast/proteome/library/${id}`, undefined, { token: alice });
    expect(view.body.data.peaks).toHaveLength(entry.peakCount);
    for (const p of view.body.data.peaks) expect(p.frequency).toBeGreaterThanOrEqual(0.5);
    // Bob sees nothing of it, cannot delete it, and his identifications do not search it.
    expect((await call(portal, 'GET', '/api/blast/proteome/library', undefined, { token: bob })).body.data.own).toEqual([]);
    expect((await call(portal, 'GET', `/api/blast/proteome/library/${id}`, undefined, { token: bob })).status).toBe(404);
    expect((await call(portal, 'GET', `/api/blast/proteome/library/${id}`)).status).toBe(404);
    expect((await call(portal, 'POST', `/api/blast/proteome/library/${id}/delete`, undefined, { token: bob })).status).toBe(404);

    // A fourth spectrum of the strain (another spot) is identified against it — for Alice only.
    const fourth = flexZip([spot('species4', 'G10')]);
    const hers = await finished(portal, (await submit(portal, 'G10.zip', fourth, { token: alice })).body.data.id, alice);
    const call1 = hers.proteome.spectra[0].call;
    expect(call1).toMatchObject({ species: 'Exemplia nova', strain: 'LAB-7', entryId: `user:${id}`, own: true });
    expect(call1.score).toBeGreaterThanOrEqual(2);
    expect(hers.proteome.library.own).toBe(1);
    const his = await finished(portal, (await submit(portal, 'G10.zip', fourth, { token: bob })).body.data.id, bob);
    expect(his.proteome.spectra[0].hits.some((h: { entryId: string; species: string }) => h.entryId.startsWith('user:') || h.species === 'Exemplia nova')).toBe(false);
    expect(his.proteome.library.own).toBe(0);

    // Deleted: gone from the list; the identification made with it still explains itself.
    expect((await call(portal, 'POST', `/api/blast/proteome/library/${id}/delete`, undefined, { token: alice })).status).toBe(200);
    expect((await call(portal, 'GET', '/api/blast/proteome/library', undefined, { token: alice })).body.data.own).toEqual([]);
    const ex = await call(portal, 'GET', `/api/blast/proteome/tasks/${hers.id}/explain?spectrum=0&rank=1`, undefined, { token: alice });
    expect(ex.body.data.reference.species).toBe('Exemplia nova');
  });

  it('lets anonymous users identify, view by link and claim the task into their history', async () => {
    const answer = await submit(portal, 'E12.zip', flexZip([spot('species2', 'E12')]));
    const { id, token } = answer.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const task = await finished(portal, id);
    expect(task.anonymous).toBe(true);
    expect(task.proteome.spectra[0].call.species).toBe(PLACEHOLDER_SPECIES.species2);
    expect((await call(portal, 'GET', `/api/blast/proteome/tasks/${id}/explain?spectrum=0&rank=1`)).status).toBe(200);
    const claim = await call(portal, 'POST', '/api/blast/claim', { tokens: token }, { token: bob });
    expect(claim.body.data.claimed).toEqual([id]);
    expect((await call(portal, 'GET', `/api/blast/tasks/${id}`)).status).toBe(404);
    const history = await call(portal, 'GET', '/api/blast/tasks?method=proteome', undefined, { token: bob });
    expect(history.body.data.list.find((t: { id: string }) => t.id === id)).toMatchObject({ method: 'proteome', call: { name: PLACEHOLDER_SPECIES.species2, measure: 'logScore' } });
  });

  it('tells what it accepts and what the library holds', async () => {
    const info = await call(portal, 'GET', '/api/blast/info');
    const proteome = info.body.data.methods.find((m: { method: string }) => m.method === 'proteome');
    expect(proteome).toMatchObject({ references: 25, maxSpectra: 384, bands: { subspecies: 2.3, species: 2, genus: 1.7 }, closeMargin: 0.1 });
    expect(proteome.formats.flatMap((f: { endings: string[] }) => f.endings)).toEqual(expect.arrayContaining(['.zip', '.mzML', '.spectrum', '.txt', '.csv', '.tsv']));
  });

  it('refuses at once, storing nothing, when no library is there to search', async () => {
    await portal.db.query(`DELETE FROM maldi_library`);
    const before = await stored(portal);
    const answer = await submit(portal, 'F10.zip', flexZip([spot('species1', 'F10')]), { locale: 'en' });
    expect(answer.status).toBe(503);
    expect(answer.body.msg).toMatch(/No MALDI-TOF library/);
    expect(await stored(portal)).toEqual(before);
  });
});
