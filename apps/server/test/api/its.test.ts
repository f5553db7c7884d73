import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta } from '@mdc/refdata/fasta';
import { heldOutItsQueries, insertItsReferences, smallItsReferenceSet, type SmallItsReference } from '../../src/blast/its/test-references';
import { activeAccount } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { pdfText } from '../support/pdf-text';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

let references: SmallItsReference[];
let dev: { id: string; expected: string; sequence: string }[];
/** A whole ITS1-5.8S-ITS2 record of T. mentagrophytes, a complex ITS cannot split, with its primers' flanks. */
let wholeIts: string;

beforeAll(async () => {
  [references, dev] = await Promise.all([smallItsReferenceSet(), heldOutItsQueries()]);
  for await (const r of readFasta(path.join(findRefdataDir()!, 'rrna/its/ITS_full_reference.fasta.gz'))) {
    if (r.header.includes(';Trichophyton_mentagrophytes')) {
      wholeIts = 'TCCGTAGGTGAACCTGCGGAAGGATCATTA' + r.sequence + 'TTTGACCTCAAATCAGGTAGGACTACCCGCTGAACTTAAGCATATCAATAAGCGGAGGA';
      break;
    }
  }
});

describe.each(dbKinds)('ITS identification on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let alice: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    alice = await activeAccount(portal, smtp);
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('says plainly that nothing can be identified before the ITS references are imported, and stores nothing', async () => {
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'ITS', sequence: wholeIts }, { token: alice, locale: 'en' });
    expect(submit.status).toBe(503);
    expect(submit.body.msg).toMatch(/ITS reference sequences have not been imported/);
    const rows = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task');
    expect(Number(rows[0]!.n)).toBe(0);
    await insertItsReferences(portal.db, references);
  });

  it('counts the ITS references by region, and those left out as no evidence', async () => {
    const info = await call(portal, 'GET', '/api/blast/info');
    const its = info.body.data.its;
    const count = (region: string, searched: boolean) => references.filter((r) => r.region === region && (!searched || r.exclusion === null)).length;
    for (const region of ['ITS1', 'ITS2', 'ITS']) expect(its.regions.find((r: { region: string }) => r.region === region)).toMatchObject({ references: count(region, false), searched: count(region, true) });
    expect(count('ITS2', false)).toBeGreaterThan(count('ITS2', true));
    expect(info.body.data.methods.find((m: { method: string }) => m.method === 'ITS').references).toBe(count('ITS1', true) + count('ITS2', true));
    expect(its.thresholds.species).toBe(98.41);
    expect(its.speciesGroups.every((g: { source: string }) => g.source.length > 10)).toBe(true);
  });

  it('identifies a whole ITS and an ITS2 read in one submission: parts, complex, history, CSV and PDF', async () => {
    const fusarium = dev.find((q) => q.expected === 'Fusarium oxysporum')!;
    const submit = await call(portal, 'POST', '/api/blast/tasks', { method: 'ITS', sequence: `>isolate_7 whole ITS\n${wholeIts}\n>${fusarium.id}\n${fusarium.sequence}` }, { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    expect(submit.body.data).toMatchObject({ status: 'running', sequenceCount: 2 });
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.status).toBe('done');
    const [whole, its2] = task.its.items;
    expect(whole.queryId).toBe('isolate_7');
    expect(whole.result.its.basis).toBe('ITS1+ITS2');
    expect(whole.result.its.regions.ssuEnd).toEqual({ start: 0, end: 30 });
    expect(whole.result.its.parts.map((p: { region: string }) => p.region)).toEqual(['ITS1', 'ITS2']);
    expect(whole.result.its.speciesGroup.id).toBe('trichophyton-mentagrophytes-complex');
    expect(whole.result.confidence.level).toBe('species-group');
    expect(its2.result.its.basis).toBe('ITS2');
    expect(its2.result.topHit.genus).toBe('Fusarium');
    expect(task.topHit).toMatchObject({ species: 'Trichophyton mentagrophytes / interdigitale complex', level: 'species-group' });

    const history = await call(portal, 'GET', '/api/blast/tasks?method=ITS', undefined, { token: alice });
    expect(history.body.data.list[0]).toMatchObject({ id: task.id, method: 'ITS', status: 'done' });

    const csv = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { token: alice, locale: 'en' });
    const lines = csv.raw.split('\r\n');
    expect(lines[0]).toContain('Species complex');
    expect(lines[1]).toMatch(/^\uFEFF?isolate_7,ITS1 and ITS2 combined,1,ITS1_\d+ \+ ITS2_\d+,Trichophyton /);
    expect(lines[1]).toContain('Trichophyton mentagrophytes / interdigitale complex');
    const zh = await call(portal, 'GET', `/api/blast/tasks/${task.id}/export.csv`, undefined, { token: alice, locale: 'zh' });
    expect(zh.raw).toContain('ITS1 与 ITS2 合并');
    for (const locale of ['en', 'zh'] as const) {
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.pdf`, headers: { authorization: `Bearer ${alice}`, local: locale } });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(locale === 'en' ? 'fungal ITS identification report' : '真菌 ITS 鉴定报告');
      expect(text).toContain(locale === 'en' ? 'Trichophyton mentagrophytes / interdigitale complex' : '须癣毛癣菌');
    }
  });

  it('refuses input that is no ITS read at once, naming the field and the limit in the reader’s language', async () => {
    const before = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task');
    const short = await call(portal, 'POST', '/api/blast/tasks', { method: 'ITS', sequence: '>tiny\nACGTACGTACGTACGT' }, { token: alice, locale: 'zh' });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('不支持的 ITS 序列，请确认后重新输入');
    expect(short.body.data.fields.sequence).toContain('50 bp');
    const protein = await call(portal, 'POST', '/api/blast/tasks', { method: 'ITS', sequence: 'MKVLILACLVALALARELEELNVPGEIVESLSSSEESITRINKKIEKFQSEEQQQTEDELQDKIHPF' }, { token: alice, locale: 'en' });
    expect(protein.status).toBe(400);
    expect(protein.body.data.reason).toBe('protein');
    const empty = await call(portal, 'POST', '/api/blast/tasks', { method: 'ITS', sequence: '   ' }, { locale: 'en' });
    expect(empty.body.msg).toBe('The ITS sequence can not be empty');
    const binary = await upload(portal, '/api/blast/tasks', { method: 'ITS' }, [{ name: 'x.ab1', bytes: Buffer.from([0, 1, 2, 3, 0xff, 0xfe]) }], { locale: 'en' });
    expect(binary.status).toBe(400);
    expect(binary.body.data.detail.en).toContain('x.ab1');
    const after = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('takes an uploaded FASTA file', async () => {
    const q = dev.find((d) => d.expected.startsWith('Aspergillus'))!;
    const submit = await upload(portal, '/api/blast/tasks', { method: 'ITS' }, [{ name: 'plate.fasta', bytes: Buffer.from(`>${q.id}\n${q.sequence}\n`) }], { token: alice, locale: 'en' });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, alice);
    expect(task.fileName).toBe('plate.fasta');
    expect(task.its.items[0].result.topHit.genus).toBe('Aspergillus');
  });
});
