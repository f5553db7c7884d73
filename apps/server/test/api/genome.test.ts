import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../src/jobs/queue';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';
import { activeAccount } from '../support/accounts';
import { pdfRuns } from '../support/pdf-text';
import { finished, startWorker, upload, type WorkerProcess } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

const counts = async (portal: TestPortal) => (await portal.db.query<{ t: number; i: number }>('SELECT (SELECT count(*)::int FROM blast_task) AS t, (SELECT count(*)::int FROM blast_input) AS i'))[0];

const pylori = () => genomeFile('T13_Helicobacter_pylori');

describe.each(dbKinds)('genome identification on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await insertGenomeReferences(portal.db);
    await insertReferences(portal.db, '16S', await smallReferenceSet('16S'));
    alice = await activeAccount(portal, smtp);
    bob = await activeAccount(portal, smtp);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('offers the method with its references and limits', async () => {
    const info = await call(portal, 'GET', '/api/blast/info');
    const genome = info.body.data.methods.find((m: { method: string }) => m.method === 'genome');
    expect(genome).toMatchObject({ references: 4, species: 4, minBases: 100_000, maxBases: 20_000_000 });
    expect(genome.thresholds).toMatchObject({ species: 95, genus: 85 });
  });

  it('identifies an uploaded assembly: call, references, QC and 16S copies, in the history and exports', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome', sampleName: 'isolate 42' }, [pylori()], { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    expect(submit.body.data).toMatchObject({ method: 'genome', status: 'running', itemCount: 1, token: null });
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.status).toBe('done');
    const report = task.genome;
    expect(report.call).toMatchObject({ level: 'species', species: 'Helicobacter pylori', ambiguous: false });
    expect(report.call.ani).toBeGreaterThan(95);
    expect(report.call.queryAf).toBeGreaterThan(0.5);
    expect(report.hits[0]).toMatchObject({ rank: 1, species: 'Helicobacter pylori' });
    expect(report.query).toMatchObject({ sampleName: 'isolate 42' });
    expect(report.qc.stats.length).toBe(1_664_587);
    expect(report.qc.range).toMatchObject({ species: 'Helicobacter pylori', references: 1 });
    expect(report.rrna.found).toBe(2);
    expect(report.rrna.identified).toBe(true);
    expect(report.rrna.topSpecies[0].species).toBe('Helicobacter pylori');
    expect(report.rrna.identityMin).toBeGreaterThan(99);
    for (const copy of report.rrna.copies) expect(copy.length).toBeGreaterThan(1400);

    const history = await call(portal, 'GET', '/api/blast/tasks?method=genome', undefined, { token: alice });
    expect(history.body.data.list[0]).toMatchObject({ id: task.id, method: 'genome', status: 'done', call: { name: 'Helicobacter pylori', measure: 'ani', level: 'species' } });
    const only16 = await call(portal, 'GET', '/api/blast/tasks?marker=16S', undefined, { token: alice });
    expect(only16.body.data.list.some((t: { id: string }) => t.id === task.id)).toBe(false);

    for (const locale of ['zh', 'en'] as const) {
      const csv = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.csv`, headers: { authorization: `Bearer ${alice}`, local: locale } });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Helicobacter pylori');
      expect(csv.body).toContain(locale === 'zh' ? '参考基因组' : 'reference genome');
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: locale } });
      if (pdf.statusCode === 200) {
        expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
        // Issue 16: the note under the Chinese report cited its sources in an English sentence.
        const printed = pdfRuns(pdf.rawPayload).map((r) => r.text).join('');
        if (locale === 'zh') {
          expect(printed).toContain('Goris 等 2007');
          expect(printed).not.toMatch(/with aligned fraction|et al\./);
        } else expect(printed).toContain('Goris et al. 2007');
      } else expect(locale).toBe('zh');
    }
    // Another account sees nothing of it.
    expect((await call(portal, 'GET', `/api/blast/tasks/${task.id}`, undefined, { token: bob })).status).toBe(404);
  });

  it('refuses input that is not one assembly, in the reader\'s language, and stores nothing', async () => {
    const before = await counts(portal);
    const bases = (n: number) => 'ACGTTGCAAGGCTTCA'.repeat(Math.ceil(n / 16)).slice(0, n);
    const cases: [string, Buffer, RegExp, RegExp][] = [
      ['reads.fastq', Buffer.from(`@r1\n${bases(150)}\n+\n${'I'.repeat(150)}\n`), /Assemble them first/, /请先组装/],
      ['proteins.faa', Buffer.from(`>p\n${'MKLVEFLQPRRSTAGEILKWQP'.repeat(6000)}\n`), /protein/, /蛋白质/],
      ['16S.fasta', Buffer.from(`>gene\n${bases(1500)}\n`), /16S or 18S/, /16S 或 18S/],
      ['cut.fna.gz', pylori().bytes.subarray(0, 100_000), /damaged or truncated/, /已损坏或不完整/],
      ['photo.fna', Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256)), /binary/, /二进制/],
      // Issue 16: a failed download saved under a .fna.gz name was called "这是蛋白质序列".
      ['page.fna.gz', Buffer.from(`<!DOCTYPE html>\n<html><body>${'<p>The requested file was not found on this server.</p>'.repeat(40)}</body></html>\n`), /is named \.gz but is not gzip-compressed/, /文件名以 \.gz 结尾，但内容没有经过 gzip 压缩/],
      ['short.fna', Buffer.from(`>c\n${bases(20_000)}\n`), /less than the 100 kbp/, /少于/],
      ['twice.fna', Buffer.from(`>c1\n${bases(80_000)}\n>c1\n${bases(80_000)}\n`), /more than once/, /不止一次/],
      ['gaps.fna', gzipSync(Buffer.from(`>c\n${bases(60_000)}${'N'.repeat(90_000)}\n`)), /ambiguity codes/, /N 或简并碱基/],
    ];
    for (const [name, bytes, en, zh] of cases) {
      for (const locale of ['en', 'zh'] as const) {
        const answer = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [{ name, bytes }], { locale });
        expect(answer.status, name).toBe(400);
        expect(answer.body.msg, name).toMatch(locale === 'en' ? en : zh);
        expect(answer.body.msg, name).toContain(name);
        expect(answer.body.data.fields.file).toBe(answer.body.msg);
      }
    }
    const none = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [], { locale: 'en' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/Choose a genome assembly file/);
    expect(await counts(portal)).toEqual(before);
  });

  it('keeps an anonymous identification for its link and moves it into the history on claim', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori()]);
    const { id, token } = submit.body.data;
    expect(token).toEqual(expect.any(String));
    const task = await finished(portal, id);
    expect(task).toMatchObject({ status: 'done', anonymous: true });
    const claimed = await call(portal, 'POST', '/api/blast/claim', { tokens: token }, { token: bob });
    expect(claimed.body.data.claimed).toEqual([id]);
    expect((await call(portal, 'GET', '/api/blast/tasks?method=genome', undefined, { token: bob })).body.data.list.map((t: { id: string }) => t.id)).toContain(id);
  });

  it('lets an account add reference genomes of its own, used by its identifications only', async () => {
    // The lab's own "Campylobacter" genome: an H. pylori assembly filed under another name, so
    // that whose library answered is visible in the call.
    const own = genomeFile('T13_Helicobacter_pylori');
    const bad = await upload(portal, '/api/blast/genome/references', { species: 'pylori' }, [own], { token: alice, locale: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.species).toMatch(/Latin binomial/);
    const added = await upload(portal, '/api/blast/genome/references', { species: 'Helicobacter cetorum', strain: 'lab 7' }, [own], { token: alice });
    expect(added.status).toBe(200);
    const again = await upload(portal, '/api/blast/genome/references', { species: 'Helicobacter cetorum', strain: 'lab 7' }, [own], { token: alice });
    expect(again.status).toBe(409);
    const mine = await call(portal, 'GET', '/api/blast/genome/references', undefined, { token: alice });
    expect(mine.body.data.own).toMatchObject([{ species: 'Helicobacter cetorum', strain: 'lab 7', source: 'user' }]);
    expect((await call(portal, 'GET', '/api/blast/genome/references', undefined, { token: bob })).body.data.own).toEqual([]);

    const hers = await finished(portal, (await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori()], { token: alice })).body.data.id, alice);
    expect(hers.genome.call).toMatchObject({ level: 'species', species: 'Helicobacter cetorum' });
    expect(hers.genome.call.ani).toBeGreaterThan(99.9);
    expect(hers.genome.library.own).toBe(1);
    const his = await finished(portal, (await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori()], { token: bob })).body.data.id, bob);
    expect(his.genome.call.species).toBe('Helicobacter pylori');

    const id = mine.body.data.own[0].id;
    expect((await call(portal, 'POST', `/api/blast/genome/references/${id}/delete`, {}, { token: bob })).status).toBe(404);
    expect((await call(portal, 'POST', `/api/blast/genome/references/${id}/delete`, {}, { token: alice })).status).toBe(200);
    const after = await finished(portal, (await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori()], { token: alice })).body.data.id, alice);
    expect(after.genome.call.species).toBe('Helicobacter pylori');
  });
});

describe('genome identification without reference genomes', () => {
  it('says so before storing anything', async () => {
    const portal = await startPortal('pglite');
    try {
      const answer = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori()], { locale: 'en' });
      expect(answer.status).toBe(503);
      expect(answer.body.msg).toMatch(/No reference genomes have been imported/);
      expect(await counts(portal)).toEqual({ t: 0, i: 0 });
    } finally {
      await portal.close();
    }
  });
});

describe.skipIf(!dbKinds.includes('postgres'))('genome identification by a separate `mdc worker` process on PostgreSQL', () => {
  let portal: TestPortal;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    portal = await startPortal('postgres', { MDC_EMBEDDED_WORKERS: '0' });
    expect(portal.runner).toBeUndefined();
    await insertGenomeReferences(portal.db);
    worker = await startWorker(portal, { MDC_BLAST_THREADS: '1' });
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await portal?.close();
  });

  it('the worker takes the genome task, reads the upload from the database and the server shows the call', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('T09_Haemophilus_influenzae')]);
    expect(submit.body.data.status).toBe('running');
    const task = await finished(portal, submit.body.data.id);
    expect(task.status).toBe('done');
    expect(task.genome.call).toMatchObject({ level: 'species', species: 'Haemophilus influenzae' });
    // The next species is the other Haemophilus, far below the species line.
    expect(task.genome.call.runnerUp.species).toBe('Haemophilus parainfluenzae');
    expect(task.genome.call.runnerUp.ani).toBeLessThan(90);
    const jobId = (await portal.db.query<{ job_id: number }>('SELECT job_id FROM blast_task WHERE id = $1', [task.id]))[0]!.job_id;
    const job = await getJob(portal.db, Number(jobId));
    expect((job?.result as { by: string }).by).toContain(`:${worker!.child.pid}:`);
  });
});
