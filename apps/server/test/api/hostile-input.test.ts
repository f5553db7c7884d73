import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastaRecord } from '@mdc/refdata/fasta';
import { heldOutQueries, insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';
import { MAX_DRAWN_RUN } from '../../src/reports/pdf-document';
import { finished, upload } from '../support/blast';
import { activeAccount } from '../support/accounts';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';
import { pdfText } from '../support/pdf-text';

let references: FastaRecord[];
let query: FastaRecord;

beforeAll(async () => {
  references = await smallReferenceSet('16S');
  query = (await heldOutQueries('16S'))[0]!;
});

describe.each(dbKinds)('hostile and heavy input on %s (issue 17)', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { RATE_LIMIT_API: '100000', SMTP_URL: smtp.url, RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await insertReferences(portal.db, '16S', references);
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('draws the PDF of a task whose FASTA header is one 8,000-character word, with the name cut in the report', async () => {
    const header = `isolate_${'X'.repeat(7_992)}`;
    const submitted = await call(portal, 'POST', '/api/blast/tasks', { method: '16S', sequence: `>${header}\n${query.sequence}` }, { locale: 'en' });
    expect(submitted.body.code).toBe(0);
    const { id, token } = submitted.body.data;
    expect((await finished(portal, id, token)).status).toBe('done');
    const detail = await call(portal, 'GET', `/api/blast/tasks/${id}?token=${token}`);
    // The page and the JSON keep the whole name; only the drawing cuts it.
    expect(detail.body.data.sequences[0].queryId).toBe(header);
    const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${id}/export.pdf?token=${token}`, headers: { local: 'en' } });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`${header.slice(0, MAX_DRAWN_RUN)}…`);
    expect(text).not.toContain(header.slice(0, MAX_DRAWN_RUN + 1));
  });

  it('refuses a FASTA header beyond 10,000 characters at submission, saying the limit, in one language', async () => {
    const header = 'Y'.repeat(10_001);
    const count = async () => Number((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task'))[0]!.n);
    const before = await count();
    for (const locale of ['zh', 'en'] as const) {
      const refused = await call(portal, 'POST', '/api/blast/tasks', { method: '16S', sequence: `>${header}\n${query.sequence}` }, { locale });
      expect(refused.status).toBe(400);
      expect(refused.body.data.reason).toBe('name-too-long');
      expect(refused.body.msg).toContain('10,000');
      if (locale === 'zh') expect(refused.body.msg).toMatch(/^第 1 条序列的名称（FASTA 标题行）有 10,001 个字符/);
      else expect(refused.body.msg).toBe('The name (FASTA header) of sequence 1 has 10,001 characters, more than the limit of 10,000');
    }
    expect(await count()).toBe(before);
  });

  it('refuses a multipart submission the moment it passes the file count, file size or total, naming the limit', async () => {
    const genome = Buffer.from(`>contig_1\n${'ACGT'.repeat(50_000)}\n`);
    const manyGenomes = await upload(portal, '/api/blast/tasks', { method: 'genome' }, Array.from({ length: 21 }, (_, i) => ({ name: `g${i}.fna`, bytes: genome })), { locale: 'en' });
    expect(manyGenomes.status).toBe(413);
    expect(manyGenomes.body.data.reason).toBe('too-many-files');
    expect(manyGenomes.body.msg).toBe('At most 20 files per submission');
    const twoSpectra = await upload(portal, '/api/blast/tasks', { method: 'proteome' }, [{ name: 'a.zip', bytes: genome }, { name: 'b.zip', bytes: genome }], { locale: 'en' });
    expect(twoSpectra.status).toBe(413);
    expect(twoSpectra.body.msg).toMatch(/^One file per identification/);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'A');
    const tooBig = await upload(portal, '/api/blast/tasks', { method: '16S' }, [{ name: 'plate.fasta', bytes: big }], { locale: 'zh' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.data.reason).toBe('file-too-large');
    expect(tooBig.body.msg).toBe('文件 plate.fasta 超过 10 MB 的上限');

    const part = Buffer.alloc(9 * 1024 * 1024, 'C');
    const many = await upload(portal, '/api/blast/tasks', { method: '16S' }, Array.from({ length: 8 }, (_, i) => ({ name: `trace-${i}.ab1`, bytes: part })), { locale: 'en' });
    expect(many.status).toBe(413);
    expect(many.body.data.reason).toBe('upload-too-large');
    expect(many.body.msg).toBe('The files together are larger than the limit of 64 MB');
    expect(many.body.data.limits).toEqual({ files: 100, fileBytes: 10 * 1024 * 1024, totalBytes: 64 * 1024 * 1024 });

    // The method named after its files still holds them to its own limits.
    const form = await upload(portal, '/api/blast/tasks', {}, [{ name: 'a.fna', bytes: genome }, { name: 'b.fna', bytes: genome }], { locale: 'en' });
    expect(form.status).toBe(400);
    expect(form.body.msg).toMatch(/^Choose an identification method/);
    const nofiles = await upload(portal, '/api/blast/tasks', { method: 'biochem' }, [{ name: 'panel.txt', bytes: Buffer.from('x') }], { locale: 'en' });
    expect(nofiles.status).toBe(413);
    expect(nofiles.body.msg).toBe('This identification method takes no files');
    const tasks = await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blast_task WHERE method <> '16S'`);
    expect(Number(tasks[0]!.n)).toBe(0);
  });

  it('says which field passed which limit instead of a bare "Invalid request", in the language of the request', async () => {
    const token = await activeAccount(portal, smtp);
    const long = await call(portal, 'POST', '/api/lab/experiments', { sampleName: 'S'.repeat(5_000), organism: 'Escherichia coli', method: 'MIC' }, { token, locale: 'en' });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('sampleName: more than the limit of 500 characters');
    expect(long.body.data.fields.sampleName).toBe(long.body.msg);
    const zh = await call(portal, 'POST', '/api/lab/experiments', { sampleName: 'S'.repeat(5_000), organism: 'Escherichia coli', method: 'MIC' }, { token, locale: 'zh' });
    expect(zh.body.msg).toBe('sampleName：超过上限，最多 500 个字符');
    const results = await call(portal, 'POST', '/api/lab/experiments', { sampleName: 'a', organism: 'Escherichia coli', method: 'MIC', results: `[${'1,'.repeat(125_000)}1]` }, { token, locale: 'en' });
    expect(results.status).toBe(400);
    expect(results.body.msg).toMatch(/^results: /);
    expect(results.body.msg).toContain('200,000 characters');
    const fileName = await call(portal, 'POST', '/api/blast/tasks', { method: '16S', file: `>q\n${query.sequence}`, fileName: 'f'.repeat(300) }, { locale: 'en' });
    expect(fileName.status).toBe(400);
    expect(fileName.body.msg).toBe('fileName: more than the limit of 255 characters');
    const tz = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/x/export.pdf?tz=${'A'.repeat(65)}`, headers: { local: 'en' } });
    expect(tz.json().msg).toBe('tz: more than the limit of 64 characters');
  });

  // R11 as found: the results sent as JSON of 900 KB (under the 1 MB body limit), as text or as a list.
  it('names the field and its limit for 900 KB of results sent as JSON, as text or as a list', async () => {
    const token = await activeAccount(portal, smtp);
    // Few quotes a row, so that the text, escaped once more inside the body, stays under the 1 MB body limit.
    const rows = Array.from({ length: 3_800 }, (_, i) => ({ antibiotic: 'AMP', value: '16', note: `${i} ${'x'.repeat(200)}` }));
    const asText = JSON.stringify(rows);
    expect(asText.length).toBeGreaterThan(900_000);
    expect(JSON.stringify({ results: asText }).length).toBeLessThan(1024 * 1024);
    const experiment = { sampleName: 'a', organism: 'Escherichia coli', method: 'MIC' };
    for (const locale of ['en', 'zh'] as const) {
      const text = await call(portal, 'POST', '/api/lab/experiments', { ...experiment, results: asText }, { token, locale, json: true });
      expect(text.status).toBe(400);
      expect(text.body.msg).toBe(locale === 'en' ? 'results: more than the limit of 200,000 characters' : 'results：超过上限，最多 200,000 个字符');
      const list = await call(portal, 'POST', '/api/lab/experiments', { ...experiment, results: rows } as unknown as Record<string, string>, { token, locale, json: true });
      expect(list.status).toBe(400);
      expect(list.body.msg).toBe(locale === 'en' ? 'results: more than the limit of 500 items' : 'results：超过上限，最多 500 项');
      expect(list.body.data.fields.results).toBe(list.body.msg);
    }
  });

  // R11 as found: `__proto__` in the reactions of a JSON body got a bare "Invalid request".
  it('names the object that holds a __proto__ or constructor.prototype key, in the language of the request', async () => {
    const post = (payload: string, locale: 'zh' | 'en', url = '/api/blast/tasks') =>
      portal.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', local: locale }, payload });
    const cases: [string, string, { en: string; zh: string }][] = [
      ['{"method":"biochem","panel":"conventional","reactions":{"IND":"+","__proto__":"+"}}', 'reactions', { en: 'reactions: the key "__proto__" is not accepted', zh: 'reactions：不接受名为“__proto__”的键' }],
      ['{"method":"biochem","panel":"conventional","reactions":{"__proto__":{"VP":"+"}}}', 'reactions', { en: 'reactions: the key "__proto__" is not accepted', zh: 'reactions：不接受名为“__proto__”的键' }],
      ['{"method":"biochem","panel":"conventional","reactions":{"constructor":{"prototype":{"VP":"+"}}}}', 'reactions.constructor', { en: 'reactions.constructor: the key "prototype" is not accepted', zh: 'reactions.constructor：不接受名为“prototype”的键' }],
      ['{"__proto__":{"admin":true},"method":"16S","sequence":"ACGT"}', '_', { en: 'The request: the key "__proto__" is not accepted', zh: '请求内容：不接受名为“__proto__”的键' }],
    ];
    const before = Number((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task'))[0]!.n);
    for (const [payload, field, texts] of cases) {
      for (const locale of ['en', 'zh'] as const) {
        const answer = await post(payload, locale);
        expect(answer.statusCode, payload).toBe(400);
        expect(answer.json().msg, payload).toBe(texts[locale]);
        expect(answer.json().data.fields[field], payload).toBe(texts[locale]);
      }
    }
    expect(Number((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task'))[0]!.n)).toBe(before);
    // Keys that only look alike are fields like any other, and refused (or not) by the method as such.
    const lookalike = await post('{"method":"biochem","panel":"conventional","reactions":{"proto":"+","constructor":"+"}}', 'en');
    expect(lookalike.json().msg).toBe('Reactions: unknown test code "proto".');
    // Unreadable JSON says so; a body nested deeper than a call stack goes is answered, not a 500.
    expect((await post('{"method":"biochem",', 'zh')).json().msg).toBe('提交的内容不是有效的 JSON');
    const deep = await post(`${'['.repeat(300_000)}${']'.repeat(300_000)}`, 'en');
    expect(deep.statusCode).toBe(400);
  });
});
