import { rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { pdfFont } from '../../src/lab/export';
import { activeAccountToken } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { pdfText } from '../support/pdf-text';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

interface ComparedDrug {
  drug: string;
  measured: string;
  predicted: string | null;
  verdict: string;
  evidence: string;
  checks: { zh: string; en: string }[];
}

/**
 * Issue 25, the Lab link: an experiment of K. pneumoniae HS11286 names the genome task of the same
 * isolate. The genome predicts meropenem R (blaKPC-2) and colistin S (no mcr, no mgrB/pmrB change):
 * meropenem measured S is a major discrepancy, colistin measured R a very major one.
 */
describe.each(dbKinds)('Lab experiment linked to a genome task on %s', (kind) => {
  let portal: TestPortal;
  let alice: string;
  let bob: string;
  let taskId: string;

  beforeAll(async () => {
    // The real data folder for the genome's resistance databases; the small one for the Lab's breakpoints.
    portal = await startPortal(kind, { MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' }, {}, { imported: small });
    await insertGenomeReferences(portal.db, ['R09_Klebsiella_pneumoniae']);
    alice = await activeAccountToken(portal, 'genome-lab');
    bob = await activeAccountToken(portal, 'genome-lab');
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('R10_Klebsiella_pneumoniae_HS11286')], { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.status).toBe('done');
    taskId = task.id;
  }, 240_000);
  afterAll(async () => portal?.close());

  const experiment = (extra: Record<string, string>) => ({
    sampleName: 'HS11286 blood culture',
    sampleType: 'bl',
    organism: 'Klebsiella pneumoniae',
    method: 'MIC',
    site: 'general',
    guideline: 'CLSI',
    year: '2025',
    results: JSON.stringify([
      { antibiotic: 'MEM', value: '0.25' },
      { antibiotic: 'COL', value: '8' },
      { antibiotic: 'CRO', value: '64' },
      { antibiotic: 'CIP', value: '0.5' },
    ]),
    ...extra,
  });

  async function done(id: string, token: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { body } = await call(portal, 'GET', `/api/lab/experiments/${id}`, undefined, { token, locale: 'en' });
      if (body.data.status !== 'running') return body.data;
      if (Date.now() > deadline) throw new Error(`experiment ${id} still running`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('compares the genome prediction with the measured categories: meropenem S is a major, colistin R a very major discrepancy', async () => {
    // A pasted result-page address names the task as well as its id.
    const created = await call(portal, 'POST', '/api/lab/experiments', experiment({ genomeTaskId: `http://portal.test/en/blast/res?id=${taskId}` }), { token: alice, locale: 'en' });
    expect(created.body).toMatchObject({ code: 0 });
    const detail = await done(created.body.data.id, alice);
    expect(detail.status).toBe('done');
    expect(detail.genome).toMatchObject({ taskId, status: 'linked', species: 'Klebsiella pneumoniae', headline: expect.stringMatching(/^KPC-2 · CTX-M-14/) });
    const byDrug = Object.fromEntries((detail.genome.drugs as ComparedDrug[]).map((d) => [d.drug, d]));
    expect(byDrug.MEM).toMatchObject({ measured: 'S', predicted: 'R', verdict: 'major', evidence: expect.stringContaining('blaKPC-2') });
    expect(byDrug.MEM!.checks.map((c) => c.en).join(' ')).toMatch(/same isolate/);
    expect(byDrug.COL).toMatchObject({ measured: 'R', predicted: 'S', verdict: 'very-major' });
    expect(byDrug.COL!.checks.map((c) => c.en).join(' ')).toMatch(/Repeat the AST.*porin loss.*Heteroresistance/);
    expect(byDrug.COL!.checks[0]!.zh).toMatch(/复做药敏试验/);
    expect(byDrug.CRO).toMatchObject({ measured: 'R', predicted: 'R', verdict: 'agree' });
    expect(byDrug.CIP).toMatchObject({ measured: 'I', predicted: 'R', verdict: 'minor' });
    expect(detail.genome.counts).toEqual({ compared: 4, agree: 1, veryMajor: 1, major: 1, minor: 1, notComparable: 0 });

    // The Excel export gains the genome's prediction and the comparison per drug.
    for (const [locale, vme] of [['en', 'very major discrepancy (VME)'], ['zh', '极重大不符（VME）']] as const) {
      const xlsx = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/export?format=xlsx&lang=${locale}`, headers: { authorization: `Bearer ${alice}` } });
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      expect(rows.some((r) => r.includes(locale === 'en' ? 'Genome prediction' : '基因组预测'))).toBe(true);
      const colistin = rows.find((r) => r[1] === 'COL')!;
      expect(colistin).toContain('S');
      expect(colistin.some((cell) => cell.startsWith(vme))).toBe(true);
    }

    // The PDF gains a genome section: the task, the counts, and per drug measured, predicted, the comparison and what to check.
    const pdf = async (id: string, locale: 'zh' | 'en') => {
      const response = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${id}/export?format=pdf&lang=${locale}`, headers: { authorization: `Bearer ${alice}` } });
      expect(response.statusCode).toBe(200);
      return pdfText(response.rawPayload);
    };
    const sections: Record<'zh' | 'en', RegExp[]> = {
      en: [
        /Genome prediction vs measured/,
        /Genome task: .*HS11286.*Klebsiella pneumoniae ·\s?KPC-2/,
        /4 compared: 1 agree, 1 very major, 1 major, 1 minor; 0 not comparable/,
        /Meropenem \(MEM\)S \(0\.25\)RMajor \(ME\)blaKPC-2What to check:.*same isolate/,
        /Colistin \(COL\)R \(8\)SVery major \(VME\)What to check:[•·] Repeat the AST.*porin loss.*Heteroresistance/,
        /Ceftriaxone \(CRO\)R \(64\)RAgree/,
      ],
      zh: [/基因组预测与实测/, /可比 4 种：一致 1，极重大不符 1，重大不符 1，轻微不符 1；不可比 0/, /黏菌素 \(COL\)R \(8\)S极重大不符（VME）应核查：[•·] 复做药敏试验/],
    };
    if (pdfFont()) {
      for (const locale of ['en', 'zh'] as const) {
        const text = await pdf(detail.id, locale);
        for (const expected of sections[locale]) expect(text, `${locale} PDF`).toMatch(expected);
      }
    }

    // An experiment without a link carries none.
    const plain = await call(portal, 'POST', '/api/lab/experiments', experiment({}), { token: alice, locale: 'en' });
    expect((await done(plain.body.data.id, alice)).genome).toBeNull();
    if (pdfFont()) expect(await pdf(plain.body.data.id, 'en')).not.toMatch(/Genome prediction vs measured/);

    // A task deleted afterwards is said to be gone, the experiment itself unchanged.
    const other = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('R10_Klebsiella_pneumoniae_HS11286')], { token: alice, locale: 'en' });
    const otherTask = await finished(portal, other.body.data.id, alice);
    const linked = await call(portal, 'POST', '/api/lab/experiments', experiment({ genomeTaskId: otherTask.id }), { token: alice, locale: 'en' });
    await done(linked.body.data.id, alice);
    expect((await call(portal, 'POST', `/api/blast/tasks/${otherTask.id}/delete`, {}, { token: alice })).status).toBe(200);
    const after = await done(linked.body.data.id, alice);
    expect(after).toMatchObject({ status: 'done', genome: { status: 'missing', drugs: [] } });
    expect(after.results).toHaveLength(4);
    if (pdfFont()) expect(await pdf(after.id, 'en')).toMatch(/Genome prediction vs measured.*The genome task has been deleted or is no longer accessible: nothing to compare\./);
  }, 120_000);

  it('refuses a task id that is missing, foreign, not a genome or unfinished, naming the field in the request language', async () => {
    await portal.db.query(`INSERT INTO blast_task (id, user_id, method, source, file_name, item_count, status) SELECT 'biochemTask0000000000a', id, 'biochem', 'text', NULL, 1, 'done' FROM users WHERE id = (SELECT user_id FROM blast_task WHERE id = $1)`, [taskId]);
    await portal.db.query(`INSERT INTO blast_task (id, user_id, method, source, file_name, item_count, status) SELECT 'runningGenome00000000a', user_id, 'genome', 'file', 'x.fna', 1, 'running' FROM blast_task WHERE id = $1`, [taskId]);
    const before = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lab_experiment');
    const cases: [string, string, 'zh' | 'en', RegExp][] = [
      ['noSuchTaskAtAll000000a', alice, 'en', /^Genome task: no such identification/],
      [taskId, bob, 'en', /^Genome task: no such identification, or not yours/],
      [taskId, bob, 'zh', /^基因组任务：未找到该鉴定任务/],
      ['biochemTask0000000000a', alice, 'en', /^Genome task: this identification is not a genome/],
      ['runningGenome00000000a', alice, 'zh', /^基因组任务：该鉴定任务尚未成功完成/],
      ["'; DROP TABLE lab_result; --", alice, 'en', /^Genome task: no such identification/],
    ];
    for (const [id, token, locale, message] of cases) {
      const refused = await call(portal, 'POST', '/api/lab/experiments', experiment({ genomeTaskId: id }), { token, locale });
      expect(refused.status, id).toBe(400);
      expect(refused.body.msg).toMatch(message);
      expect(refused.body.data.fields.genomeTaskId).toMatch(message);
    }
    // With another field at fault as well, both are named.
    const both = await call(portal, 'POST', '/api/lab/experiments', experiment({ genomeTaskId: 'noSuchTaskAtAll000000a', organism: '' }), { token: alice, locale: 'en' });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.data.fields)).toEqual(expect.arrayContaining(['organism', 'genomeTaskId']));
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lab_experiment'))[0]!.n).toBe(before[0]!.n);
  });

  it('counts the very major and major discrepancies of a batch whose rows name their genome task', async () => {
    const file = [
      'isolate,organism,guideline,antibiotic,method,value,genome_task',
      `K1,Klebsiella pneumoniae,CLSI 2025,MEM,MIC,0.25,${taskId}`,
      `K1,Klebsiella pneumoniae,CLSI 2025,COL,MIC,8,${taskId}`,
      `K1,Klebsiella pneumoniae,CLSI 2025,CRO,MIC,64,${taskId}`,
      'K2,Klebsiella pneumoniae,CLSI 2025,MEM,MIC,0.25,',
      'K3,Klebsiella pneumoniae,CLSI 2025,MEM,MIC,4,noSuchTaskAtAll000000a',
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([file]), 'linked.csv');
    const request = new Request('http://portal.test/', { method: 'POST', body: form });
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/lab/batches',
      headers: { authorization: `Bearer ${alice}`, 'content-type': request.headers.get('content-type')!, local: 'en' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.json()).toMatchObject({ code: 0, data: { format: 'long', isolates: 3 } });
    const detail = await done(response.json().data.id, alice);
    expect(detail.batch.genome).toEqual({ isolates: 1, unlinked: 1, compared: 3, agree: 1, veryMajor: 1, major: 1, minor: 0, notComparable: 0 });
    expect(detail.genome).toBeNull();

    // The result file gains the genome's call and the comparison beside each result of a linked isolate.
    for (const [locale, header, vme] of [['en', 'genome_prediction,genome_comparison', 'very major discrepancy (VME)'], ['zh', '基因组预测,基因组对比', '极重大不符（VME）']] as const) {
      const csv = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/download?format=csv&lang=${locale}`, headers: { authorization: `Bearer ${alice}` } });
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(`isolate,organism,guideline,antibiotic,method,value,genome_task,interpretation,breakpoint,reason,${header}`);
      const colistin = lines.find((l) => l.startsWith('K1,') && l.includes(',COL,'))!;
      expect(colistin).toMatch(new RegExp(`,R,.*,S,${vme.replace(/[()（）]/g, '.')}$`));
      expect(lines.find((l) => l.startsWith('K2,'))).toMatch(/,,$/);
    }
  });
});
