import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAb1 } from '@mdc/refdata/ab1';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';
import { activeAccount } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

/** Real traces (ABI 3730xl, 16S F and R of isolate 3sm1; sources in refdata/test/fixtures/ab1/README.md). */
const fixtures = path.join(import.meta.dirname, '../../../../packages/refdata/test/fixtures/ab1');
const real = (file: string, name = file) => ({ name, bytes: readFileSync(path.join(fixtures, file)) });

const counts = async (portal: TestPortal) =>
  (
    await portal.db.query<{ t: number; s: number; i: number }>(
      'SELECT (SELECT count(*)::int FROM blast_task) AS t, (SELECT count(*)::int FROM blast_sequence) AS s, (SELECT count(*)::int FROM blast_input) AS i',
    )
  )[0]!;

const text = (v: string) => Uint8Array.from(v, (c) => c.charCodeAt(0));

describe.each(dbKinds)('Sanger traces, F/R pairs and batches on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let alice: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await insertReferences(portal.db, '16S', await smallReferenceSet('16S'));
    await insertGenomeReferences(portal.db);
    alice = await activeAccount(portal, smtp);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('assembles the forward and reverse trace of one isolate (named …F/…R) into one consensus and identifies it', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: '16S' }, [real('3sm1_16SF.ab1', 'S1_F.ab1'), real('3sm1_16SR.ab1', 'S1_R.ab1')], { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    expect(submit.body.data).toMatchObject({ itemCount: 1, sequenceCount: 1 });
    expect(submit.body.data.refused).toBeUndefined();
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.status).toBe('done');
    expect(task.sequences).toHaveLength(1);
    const [sequence] = task.sequences;
    expect(sequence.queryId).toBe('S1');
    expect(sequence.read).toMatchObject({ source: 'ab1', fileName: 'S1_F.ab1', calledLength: 1237, baseTag: 'PBAS 1' });
    expect(sequence.read.pair.reverse).toMatchObject({ fileName: 'S1_R.ab1', calledLength: 1183 });
    expect(sequence.read.pair.overlapLength).toBeGreaterThan(500);
    expect(sequence.read.pair.identity).toBeGreaterThan(97);
    expect(sequence.length).toBe(sequence.read.pair.consensusLength);
    // Longer than either trimmed read: the consensus spans both.
    expect(sequence.length).toBeGreaterThan(sequence.read.qualityTrim.end - sequence.read.qualityTrim.start);
    expect(sequence.length).toBeGreaterThan(sequence.read.pair.reverse.qualityTrim.end - sequence.read.pair.reverse.qualityTrim.start);
    expect(sequence.result).not.toBeNull();
    const exported = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.csv`, headers: { authorization: `Bearer ${alice}`, local: 'en' } });
    expect(exported.body).toMatch(/assembled with the reverse trace S1_R\.ab1: overlap \d{3} bp at 9\d\.\d% identity, consensus \d{4} bp/);
  });

  it('pairs as the user says (pairs field), or not at all; a malformed pairs field is refused naming it', async () => {
    const files = [real('3sm1_16SF.ab1', 'forward-read.ab1'), real('3sm1_16SR.ab1', 'other-read.ab1')];
    const unpaired = await upload(portal, '/api/blast/tasks', { method: '16S' }, files, { token: alice });
    expect(unpaired.body.data.itemCount).toBe(2);
    const paired = await upload(portal, '/api/blast/tasks', { method: '16S', pairs: JSON.stringify([['forward-read.ab1', 'other-read.ab1']]) }, files, { token: alice });
    expect(paired.body.data.itemCount).toBe(1);
    const none = await upload(portal, '/api/blast/tasks', { method: '16S', pairs: 'none' }, [real('3sm1_16SF.ab1', 'S1_F.ab1'), real('3sm1_16SR.ab1', 'S1_R.ab1')], { token: alice });
    expect(none.body.data.itemCount).toBe(2);
    const before = await counts(portal);
    for (const locale of ['en', 'zh'] as const) {
      const bad = await upload(portal, '/api/blast/tasks', { method: '16S', pairs: '[["a"]]' }, files, { token: alice, locale });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields.pairs).toMatch(locale === 'en' ? /The field pairs is malformed/ : /参数 pairs 格式错误/);
    }
    expect(await counts(portal)).toEqual(before);
    for (const id of [unpaired, paired, none].map((a) => a.body.data.id)) await finished(portal, id, alice);
  });

  it('reads a trace that arrives in many small chunks, as from a socket, byte for byte (issue 28: files over 1 MB are joined in turns)', async () => {
    // 1.6 MB each: the real traces with bytes after their data, which no entry points at.
    const padded = (file: string) => Buffer.concat([readFileSync(path.join(fixtures, file)), Buffer.alloc(1_300_000, 7)]);
    const form = new FormData();
    form.append('method', '16S');
    form.append('file', new Blob([padded('3sm1_16SF.ab1')]), 'S1_F.ab1');
    form.append('file', new Blob([padded('3sm1_16SR.ab1')]), 'S1_R.ab1');
    const request = new Request('http://portal.test/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const chunks = Readable.from(
      (async function* () {
        for (let at = 0; at < body.length; at += 16 * 1024) yield body.subarray(at, at + 16 * 1024);
      })(),
      { objectMode: false },
    );
    const headers = { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${alice}`, local: 'en' };
    const answer = await portal.app.inject({ method: 'POST', url: '/api/blast/tasks', headers, payload: chunks });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ itemCount: 1, sequenceCount: 1 });
    const task = await finished(portal, answer.json().data.id, alice);
    expect(task.sequences[0].read).toMatchObject({ fileName: 'S1_F.ab1', calledLength: 1237, baseTag: 'PBAS 1' });
    expect(task.sequences[0].read.pair.reverse).toMatchObject({ fileName: 'S1_R.ab1', calledLength: 1183 });
  });

  it('refuses a trace with more base calls than a sequence may have, as it refuses the same FASTA (issue 17 R8)', async () => {
    const calls = 'ACGT'.repeat(5_000);
    const long = writeAb1([
      { name: 'PBAS', number: 1, type: 2, elementSize: 1, data: text(calls) },
      { name: 'PCON', number: 1, type: 2, elementSize: 1, data: new Uint8Array(calls.length).fill(40) },
    ]);
    const before = await counts(portal);
    for (const locale of ['en', 'zh'] as const) {
      const answer = await upload(portal, '/api/blast/tasks', { method: '16S' }, [{ name: 'long.ab1', bytes: long }], { token: alice, locale });
      expect(answer.status).toBe(400);
      expect(answer.body.data.reason).toBe('too-long');
      expect(answer.body.data.detail[locale]).toMatch(locale === 'en' ? /^long\.ab1: the trace holds 20,000 base calls, more than the 10,000/ : /^long\.ab1：峰图含 20000 个碱基判读，超过序列长度上限 10000/);
    }
    const fasta = await upload(portal, '/api/blast/tasks', { method: '16S' }, [{ name: 'long.fasta', bytes: Buffer.from(`>long\n${calls}\n`) }], { token: alice });
    expect(fasta.body.data.reason).toBe('too-long');
    expect(await counts(portal)).toEqual(before);
  });

  it('a 16S batch answers every file it can and names each refused one with its reason; nothing of those is stored', async () => {
    const before = await counts(portal);
    const files = [real('3sm1_16SF.ab1', 'S1_F.ab1'), real('3sm1_16SR.ab1', 'S1_R.ab1'), { name: 'cut.ab1', bytes: readFileSync(path.join(fixtures, 'biopython-310.ab1')).subarray(0, 5000) }, real('biopython-3730.ab1')];
    const submit = await upload(portal, '/api/blast/tasks', { method: '16S' }, files, { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    expect(submit.body.msg).toMatch(/1 file was refused/);
    expect(submit.body.data.itemCount).toBe(2); // the S1 consensus and the 3730 read
    expect(submit.body.data.refused).toEqual([{ fileName: 'cut.ab1', reason: { en: expect.stringMatching(/^cut\.ab1: .*(truncated|outside the file)/), zh: expect.stringMatching(/^cut\.ab1：/) } }]);
    const after = await counts(portal);
    expect(after.t - before.t).toBe(1);
    expect(after.s - before.s).toBe(2);
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.refused).toEqual(submit.body.data.refused);
    expect(task.sequences.map((s: { queryId: string }) => s.queryId)).toEqual(['S1', '226032_C-ME-18_pCAGseqF']);

    // Every file refused: one answer names them all, the headline carries the first reason.
    const none = await upload(portal, '/api/blast/tasks', { method: '16S' }, [files[2]!, { name: 'photo.ab1', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }], { token: alice, locale: 'en' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/^None of the 2 files can be identified: cut\.ab1: /);
    expect(none.body.data.refused.map((r: { fileName: string }) => r.fileName)).toEqual(['cut.ab1', 'photo.ab1']);
    const zh = await upload(portal, '/api/blast/tasks', { method: '16S' }, [files[2]!, { name: 'photo.ab1', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }], { token: alice, locale: 'zh' });
    expect(zh.body.msg).toMatch(/^2 个文件均无法鉴定：cut\.ab1：/);
    expect((await counts(portal)).t).toBe(after.t);
  });

  it('a genome batch makes one task per assembly and names the refused file; nothing of it is stored', async () => {
    const before = await counts(portal);
    const pylori = genomeFile('T13_Helicobacter_pylori');
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori, { name: 'tiny.fna', bytes: Buffer.from('>c\nACGTACGTAC\n') }, { ...pylori, name: 'again.fna.gz' }], { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    expect(submit.body.data.tasks.map((t: { fileName: string }) => t.fileName)).toEqual([pylori.name, 'again.fna.gz']);
    expect(submit.body.data.id).toBe(submit.body.data.tasks[0].id);
    expect(submit.body.data.refused).toHaveLength(1);
    expect(submit.body.data.refused[0]).toMatchObject({ fileName: 'tiny.fna', reason: { en: expect.stringMatching(/tiny\.fna/) } });
    const after = await counts(portal);
    expect([after.t - before.t, after.i - before.i]).toEqual([2, 2]);
    for (const t of submit.body.data.tasks) expect((await finished(portal, t.id, alice)).status).toBe('done');
  });
});
