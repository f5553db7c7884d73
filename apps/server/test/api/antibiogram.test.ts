import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccountToken } from '../support/accounts';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { upload, waitFor } from '../support/blast';
import { pdfText } from '../support/pdf-text';
import { buildSmallDataDir, realDataDir, SMALL_DRUGS } from '../unit/support/small-refdata';
import { pdfFont } from '../../src/lab/export';

let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

const fixture = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../fixtures/antibiogram/expected-sample-clsi2022.tsv');

/** The independent computation's cells of the sample file (hand-computation.R). */
function expectedCells(): Map<string, Record<string, string>> {
  const [header, ...rows] = readFileSync(fixture, 'utf8').replace(/\n+$/, '').split('\n').map((l) => l.split('\t'));
  return new Map(rows.map((cells) => {
    const row = Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? '']));
    return [`${row.organism_code} ${row.drug}`, row];
  }));
}

/** Rows of the sample file that are one isolate each (the first row of each patient + specimen + organism + date), counted where `keep`. */
function distinctIsolates(keep: (cells: string[]) => boolean = () => true): number {
  const rows = readFileSync(path.join(realDataDir(), 'whonet/SampleInputFile.txt'), 'utf8').split(/\r?\n/).slice(1).filter((l) => l.trim() !== '').map((l) => l.split('|'));
  const first = new Map<string, string[]>();
  for (const c of rows) {
    const key = [c[3], c[14], c[20], c[15]].join('|');
    if (!first.has(key)) first.set(key, c);
  }
  return [...first.values()].filter(keep).length;
}

describe.each(dbKinds)('antibiogram API on %s', (kind) => {
  let portal: TestPortal;
  let alice: string;
  let bob: string;

  const account = () => activeAccountToken(portal, 'ag');

  const get = (url: string, token: string, locale: 'zh' | 'en' = 'en') => call(portal, 'GET', url, undefined, { locale, token });
  const sample = () => readFileSync(path.join(realDataDir(), 'whonet/SampleInputFile.txt'));

  async function uploadSample(token: string, fields: Record<string, string> = {}) {
    const created = await upload(portal, '/api/lab/batches', { guideline: 'CLSI 2022', ...fields }, [{ name: 'SampleInputFile.txt', bytes: sample() }], { token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    await waitFor(async () => {
      const detail = await get(`/api/lab/experiments/${created.body.data.id}`, token);
      return detail.body.data.status === 'done' ? true : undefined;
    }, 60_000);
  }

  const stored = async (token: string) => (await get('/api/lab/antibiogram', token)).body.data.facets.isolates as number;

  beforeAll(async () => {
    portal = await startPortal(kind, { REFDATA_DIR: small, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_API: '100000' }, {}, { imported: small });
    alice = await account();
    bob = await account();
    await uploadSample(alice);
  });
  afterAll(async () => portal?.close());

  it("an uploaded WHONET file's isolates give the table the independent computation gives, with the rules stated", async () => {
    const { body } = await get('/api/lab/antibiogram?period=1995', alice);
    expect(body.code).toBe(0);
    const data = body.data;
    expect(data.period).toBe('1995');
    expect(data.periods).toEqual(['1995']);
    // 19 rows of the file repeat another row's patient, specimen, organism and date: stored once.
    expect(distinctIsolates()).toBe(603);
    expect(data.counts).toMatchObject({ received: 603, first: 550, repeats: 53 });
    expect(data.statements.map((s: { en: string }) => s.en).join('\n')).toMatch(/First isolate of each organism per patient per analysis period[\s\S]*at least 30/);
    const expected = expectedCells();
    const eco = data.table.organisms.find((o: { organism: string }) => o.organism === 'eco');
    expect(eco.name).toEqual({ en: 'Escherichia coli', zh: '大肠埃希菌' });
    expect(eco.gram).toBe('-');
    let compared = 0;
    for (const cell of eco.cells) {
      if (!SMALL_DRUGS.includes(cell.drug)) continue;
      const want = expected.get(`eco ${cell.drug}`)!;
      expect({ drug: cell.drug, n: String(cell.n), s: String(cell.susceptible), pct: cell.percent === null ? '' : cell.percent.toFixed(1) }).toEqual({
        drug: cell.drug,
        n: want.n,
        s: want.susceptible,
        pct: want.percent_s,
      });
      expect(cell.guidelines).toEqual(['CLSI 2022']);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(4);
    expect(data.facets.wards).toContain('icu1');
    expect(data.facets.settings).toEqual(expect.arrayContaining(['inpatient', 'outpatient', 'emergency']));
  });

  it("nothing of one account's isolates is visible to another", async () => {
    const { body } = await get('/api/lab/antibiogram', bob);
    expect(body.code).toBe(0);
    expect(body.data.facets).toMatchObject({ isolates: 0, wards: [], specimenTypes: [] });
    expect(body.data.table).toBeNull();
    expect(body.data.counts.received).toBe(0);
    const pdf = await portal.app.inject({ method: 'GET', url: '/api/lab/antibiogram/export?format=xlsx', headers: { authorization: `Bearer ${bob}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(pdf.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['统计规则']);
    expect((await call(portal, 'GET', '/api/lab/antibiogram')).status).toBe(401);
  });

  it('the same file uploaded again adds no isolate (patient + specimen + organism + date)', async () => {
    const before = await stored(alice);
    expect(before).toBe(distinctIsolates());
    await uploadSample(alice);
    expect(await stored(alice)).toBe(before);
  });

  it('filters by ward and setting before the first-isolate rule; combination and alert views', async () => {
    const icu = (await get('/api/lab/antibiogram?period=1995&ward=icu1', alice)).body.data;
    const rows = sample().toString('utf8').split(/\r?\n/).slice(1).filter((l) => l.split('|')[9] === 'icu1');
    expect(icu.counts.filtered).toBe(603 - distinctIsolates((c) => c[9] === 'icu1'));
    expect(icu.counts.first).toBeLessThanOrEqual(rows.length);
    expect(icu.counts.first).toBeGreaterThan(0);
    const outpatients = (await get('/api/lab/antibiogram?period=1995&setting=outpatient', alice)).body.data;
    expect(outpatients.counts.first).toBeLessThan(550);
    const combo = (await get('/api/lab/antibiogram?period=1995&organism=eco&drugA=AMP&drugB=GEN', alice)).body.data.combination;
    const eco = (await get('/api/lab/antibiogram?period=1995', alice)).body.data.table.organisms.find((o: { organism: string }) => o.organism === 'eco');
    const amp = eco.cells.find((c: { drug: string }) => c.drug === 'AMP');
    const gen = eco.cells.find((c: { drug: string }) => c.drug === 'GEN');
    expect(combo.n).toBeLessThanOrEqual(Math.min(amp.n, gen.n));
    expect(combo.susceptible).toBeGreaterThanOrEqual(Math.max(amp.susceptible, gen.susceptible) - (Math.max(amp.n, gen.n) - combo.n));
    // The file's own ESBL column gives an ESBL rate per organism.
    const all = (await get('/api/lab/antibiogram', alice)).body.data;
    const esbl = all.incidence.filter((r: { alert: string }) => r.alert === 'ESBL');
    expect(esbl.length).toBeGreaterThan(0);
    for (const r of esbl) expect(r.withAlert).toBeLessThanOrEqual(r.isolates);
    const bad = await get('/api/lab/antibiogram?organism=eco&drugA=AMP', alice, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('联合用药视图需要一种菌种和两种不同的药物');
    const period = await get('/api/lab/antibiogram?period=95', alice);
    expect(period.status).toBe(400);
  });

  it('exports the pocket card (PDF, A4 and A5, both languages) and Excel with the rules and counts', async () => {
    const xlsx = await portal.app.inject({ method: 'GET', url: '/api/lab/antibiogram/export?format=xlsx&period=1995&lang=zh', headers: { authorization: `Bearer ${alice}` } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['革兰阴性菌', '革兰阳性菌', '其他', '统计规则']);
    const negatives = book.getWorksheet('革兰阴性菌')!;
    const ampRow = negatives.getSheetValues().find((r) => Array.isArray(r) && r[1] === '大肠埃希菌' && r[3] === 'AMP') as unknown[];
    const amp = expectedCells().get('eco AMP')!;
    expect([String(ampRow[5]), String(ampRow[6]), String(ampRow[7])]).toEqual([amp.n, amp.susceptible, amp.percent_s]);
    if (!pdfFont()) return;
    for (const [lang, size, words] of [
      ['zh', 'A5', ['累积药敏报告', '革兰阴性菌', '大肠埃希菌', '统计规则']],
      ['en', 'A4', ['Cumulative antibiogram', 'Gram-negative organisms', 'Escherichia coli', 'Rules applied']],
    ] as const) {
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/lab/antibiogram/export?format=pdf&period=1995&size=${size}&lang=${lang}`, headers: { authorization: `Bearer ${alice}` } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      for (const word of words) expect(text).toContain(word);
    }
  });

  it('re-reads every stored isolate under another guideline year in one action', async () => {
    const bad = await call(portal, 'POST', '/api/lab/antibiogram/reread', { guideline: 'CLSI 1990' }, { token: alice, locale: 'zh' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('无法识别的指南或年份');
    const asked = await call(portal, 'POST', '/api/lab/antibiogram/reread', { guideline: 'EUCAST 2022' }, { token: alice });
    expect(asked.body).toMatchObject({ code: 0, data: { guideline: 'EUCAST', year: 2022 } });
    // Wait until the page no longer says it is re-reading, then read it afresh: the table and the re-reading flag are
    // two reads, and the job could finish between them.
    await waitFor(async () => {
      const { body } = await get('/api/lab/antibiogram?period=1995', alice);
      return !body.data.rereading && body.data.facets.guidelines.includes('EUCAST 2022') ? true : undefined;
    }, 60_000);
    const done = (await get('/api/lab/antibiogram?period=1995', alice)).body.data;
    const eco = done.table.organisms.find((o: { organism: string }) => o.organism === 'eco');
    const cip = eco.cells.find((c: { drug: string }) => c.drug === 'CIP');
    expect(cip.guidelines).toEqual(['EUCAST 2022']);
    expect(done.facets.isolates).toBe(603);
    // Bob's store is untouched.
    expect((await get('/api/lab/antibiogram', bob)).body.data.facets.isolates).toBe(0);
  });

  it('an experiment of the Lab form joins the store with its patient, date and ward; a wrong date is refused by name', async () => {
    const carol = await account();
    const experiment = {
      sampleName: 'Blood culture 17',
      sampleType: 'bl',
      organism: 'Escherichia coli',
      method: 'MIC',
      site: 'general',
      guideline: 'CLSI',
      year: '2022',
      results: JSON.stringify([
        { antibiotic: 'AMP', value: '32' },
        { antibiotic: 'CIP', value: '<=0.25' },
      ]),
    };
    const bad = await call(portal, 'POST', '/api/lab/experiments', { ...experiment, collectionDate: '2024-02-30', setting: 'ward 3' }, { token: carol, locale: 'zh' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ collectionDate: '采集日期格式应为 yyyy-mm-dd', setting: '患者类型只能为住院、门诊或急诊' });
    expect((await get('/api/lab/antibiogram', carol)).body.data.facets.isolates).toBe(0);
    const created = await call(portal, 'POST', '/api/lab/experiments', { ...experiment, patientId: 'P-17', specimenNumber: 'S-17', collectionDate: '2024-03-12', ward: 'ICU-2', setting: 'inpatient' }, { token: carol });
    expect(created.body.code).toBe(0);
    const data = await waitFor(async () => {
      const { body } = await get('/api/lab/antibiogram?min=1', carol);
      return body.data.facets.isolates > 0 ? body.data : undefined;
    }, 30_000);
    expect(data.periods).toEqual(['2024']);
    expect(data.facets).toMatchObject({ wards: ['ICU-2'], settings: ['inpatient'], specimenTypes: ['bl'] });
    const eco = data.table.organisms[0];
    expect(eco.organism).toBe('eco');
    expect(eco.cells.map((c: { drug: string; n: number; susceptible: number }) => [c.drug, c.n, c.susceptible])).toEqual([
      ['AMP', 1, 0],
      ['CIP', 1, 1],
    ]);
    // The same specimen submitted again replaces the isolate: still one.
    const again = await call(portal, 'POST', '/api/lab/experiments', { ...experiment, patientId: 'P-17', specimenNumber: 'S-17', collectionDate: '2024-03-12' }, { token: carol });
    await waitFor(async () => {
      const rows = await portal.db.query<{ ref: string }>('SELECT e.ref FROM lab_isolate i JOIN lab_experiment e ON e.id = i.experiment_id WHERE i.patient_id = $1', ['P-17']);
      return rows.length === 1 && rows[0]!.ref === again.body.data.id ? true : undefined;
    }, 30_000);
    expect((await get('/api/lab/antibiogram', carol)).body.data.facets.isolates).toBe(1);
  });

  /** One account with a handful of isolates at the edges of the phenotype definitions, uploaded once for the tests below. */
  let edges: Promise<string> | undefined;
  const edgeAccount = () =>
    (edges ??= (async () => {
      const erin = await account();
      const rows = ['ROW_IDX|PATIENT_ID|SPEC_NUM|SPEC_DATE|WARD|ORGANISM|MEM_NM|CAZ_NM|OXA_NM|MRSA'];
      const add = (organism: string, patient: string, day: number, mem: string, caz: string, oxa = '', mrsa = '') =>
        rows.push(`${rows.length}|${patient}|S${rows.length}|${day}/3/2024|w1|${organism}|${mem}|${caz}|${oxa}|${mrsa}`);
      // E. cloacae (chromosomal AmpC): ceftazidime 8 passes the ESBL screen breakpoint, meropenem 2 is I, not R.
      add('ecl', 'E1', 1, '2', '8');
      add('ecl', 'E2', 1, '2', '8');
      // K. pneumoniae: one patient's ss. pneumoniae and later ss. ozaenae are one first isolate of the species.
      add('kpn', 'K1', 1, '0.5', '8');
      add('koz', 'K1', 9, '8', '0.5');
      add('kpn', 'K2', 2, '0.5', '0.5');
      // E. coli meropenem R: CRE, one isolate.
      add('eco', 'C1', 3, '8', '0.5');
      // A coagulase-negative staphylococcus marked MRSA is no MRSA: the rate is of S. aureus.
      add('sep', 'S1', 3, '', '', '4', '+');
      add('sau', 'S2', 3, '', '', '4');
      const created = await upload(portal, '/api/lab/batches', { guideline: 'CLSI 2022' }, [{ name: 'phenotypes.txt', bytes: Buffer.from(rows.join('\n') + '\n') }], { token: erin });
      expect(created.body.code, JSON.stringify(created.body)).toBe(0);
      await waitFor(async () => ((await get(`/api/lab/experiments/${created.body.data.id}`, erin)).body.data.status === 'done' ? true : undefined), 60_000);
      return erin;
    })());
  type Rate = { alert: string; organism: string; withAlert: number; isolates: number; percent: number | null; belowMinimum: boolean };
  const rates = async (alert: string, query = 'min=1') =>
    ((await get(`/api/lab/antibiogram?${query}`, await edgeAccount())).body.data.incidence as Rate[]).filter((r) => r.alert === alert).map((r) => [r.organism, r.withAlert, r.isolates, r.percent]);

  it('the ESBL screen rate only for E. coli, K. pneumoniae, K. oxytoca, P. mirabilis (never an AmpC producer); MRSA only for S. aureus', async () => {
    expect(await rates('ESBL screen')).toEqual([
      ['kpn', 1, 2, 50],
      ['eco', 0, 1, 0],
    ]);
    expect(await rates('MRSA')).toEqual([['sau', 1, 1, 100]]);
    const { body } = await get('/api/lab/antibiogram', await edgeAccount());
    expect(body.data.phenotypes.find((p: { code: string }) => p.code === 'ESBL screen').scope.en).toBe('E. coli, K. pneumoniae, K. oxytoca, P. mirabilis');
  });

  it('CRE is resistance to a carbapenem: meropenem I is not CRE', async () => {
    expect(await rates('CRE')).toEqual([
      ['ecl', 0, 2, 0],
      ['kpn', 0, 2, 0],
      ['eco', 1, 1, 100],
    ]);
  });

  it('a phenotype rate below the minimum number of isolates is a count without a percentage, as %S is', async () => {
    const { body } = await get('/api/lab/antibiogram', await edgeAccount());
    expect(body.data.incidence.find((r: Rate) => r.alert === 'CRE' && r.organism === 'eco')).toMatchObject({ withAlert: 1, isolates: 1, percent: null, belowMinimum: true });
  });

  it('rows by species: subspecies counted with their species, named as the species in both languages', async () => {
    const { body } = await get('/api/lab/antibiogram', await edgeAccount(), 'zh');
    const klebsiella = body.data.table.organisms.filter((o: { name: { en: string } }) => o.name.en.startsWith('Klebsiella'));
    expect(klebsiella.map((o: { organism: string; name: { en: string; zh: string }; isolates: number }) => [o.organism, o.name.en, o.name.zh, o.isolates])).toEqual([
      ['kpn', 'Klebsiella pneumoniae', '肺炎克雷伯菌', 2],
    ]);
  });

  it('alert rates come from the interpretation alerts: MRSA among S. aureus per year', async () => {
    const dave = await account();
    const rows = ['ROW_IDX|PATIENT_ID|SPEC_NUM|SPEC_DATE|WARD|ORGANISM|OXA_NM|VAN_NM'];
    // 2023: 2 of 4 oxacillin-resistant; 2024: 1 of 2.
    const oxa = [['2023', 4], ['2023', 0.25], ['2023', 8], ['2023', 0.5], ['2024', 4], ['2024', 0.25]] as const;
    oxa.forEach(([year, mic], i) => rows.push(`${i}|P${i}|S${i}|10/5/${year}|w1|sau|${mic}|1`));
    const created = await upload(portal, '/api/lab/batches', {}, [{ name: 'mrsa.txt', bytes: Buffer.from(rows.join('\n') + '\n') }], { token: dave });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    // What a person waits for: the batch shown done (its isolates are stored before that), then the report. Waiting for
    // the isolate count alone raced: the report and the count are two reads, and the isolates could land between them.
    await waitFor(async () => ((await get(`/api/lab/experiments/${created.body.data.id}`, dave)).body.data.status === 'done' ? true : undefined), 60_000);
    const data = (await get('/api/lab/antibiogram', dave)).body.data;
    expect(data.facets.isolates).toBe(6);
    const mrsa = data.incidence.filter((r: { alert: string }) => r.alert === 'MRSA').map((r: { period: string; withAlert: number; isolates: number }) => [r.period, r.withAlert, r.isolates]);
    expect(mrsa).toEqual([
      ['2023', 2, 4],
      ['2024', 1, 2],
    ]);
  });
});
