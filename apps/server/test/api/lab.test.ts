import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccountToken } from '../support/accounts';
import { pdfText } from '../support/pdf-text';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir, realDataDir } from '../unit/support/small-refdata';
import { createExperiment } from '../../src/lab/experiments';
import { MAX_BATCH_RESULTS, MAX_BATCH_UPLOAD_BYTES } from '../../src/lab/plugin';
import { labKnowledge } from '../../src/lab/knowledge';
import { pdfFont } from '../../src/lab/export';


let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

type Body = Record<string, string>;

/** A multipart body as a browser sends a file upload. */
function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = `----mdc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dbKinds)('lab API on %s', (kind) => {
  let portal: TestPortal;
  let alice: string;
  let bob: string;

  const account = () => activeAccountToken(portal, 'lab');

  beforeAll(async () => {
    portal = await startPortal(kind, { REFDATA_DIR: small, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000' }, {}, { imported: small });
    alice = await account();
    bob = await account();
  });
  afterAll(async () => portal?.close());

  const get = (url: string, token?: string, locale: 'zh' | 'en' = 'en') => call(portal, 'GET', url, undefined, { locale, ...(token ? { token } : {}) });
  const post = (url: string, body: Body, token?: string, locale: 'zh' | 'en' = 'en') => call(portal, 'POST', url, body, { locale, ...(token ? { token } : {}) });

  async function waitForStatus(id: string, token: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await get(`/api/lab/experiments/${id}`, token);
      expect(body.code).toBe(0);
      if (body.data.status !== 'running') return body.data;
      if (Date.now() > deadline) throw new Error(`experiment ${id} still running`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function counts() {
    const [row] = await portal.db.query<{ e: number; r: number; j: number }>(
      `SELECT (SELECT count(*)::int FROM lab_experiment) AS e, (SELECT count(*)::int FROM lab_result) AS r,
              (SELECT count(*)::int FROM jobs WHERE queue LIKE 'lab.%') AS j`,
    );
    return row!;
  }

  const ecoli = {
    sampleName: 'Blood culture 17',
    sampleType: 'bl',
    organism: 'Escherichia coli',
    method: 'MIC',
    site: 'general',
    guideline: 'EUCAST',
    year: '2022',
    results: JSON.stringify([
      { antibiotic: 'AMP', value: '16' },
      { antibiotic: 'CIP', value: '<=0.25' },
      { antibiotic: '美罗培南', value: '0,125' },
    ]),
  };

  it('offers the form its guidelines, years, sample types, sites and methods', async () => {
    const { body } = await get('/api/lab/options');
    expect(body.code).toBe(0);
    expect(body.data.ready).toBe(true);
    expect(body.data.hint).toBeNull();
    const byName = Object.fromEntries(body.data.guidelines.map((g: { guideline: string; years: number[] }) => [g.guideline, g.years]));
    // WHONET's years and the AMR 3.0.0 years after them, newest first.
    expect(byName.CLSI).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(byName.EUCAST).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(body.data.guidelines[0].guideline).toBe('CLSI');
    expect(body.data.sampleTypes.find((c: { value: string }) => c.value === 'cf').label).toEqual({ zh: '脑脊液', en: 'Cerebrospinal fluid (CSF)' });
    expect(body.data.siteForSample.cf).toBe('meningitis');
    expect(body.data.methods.map((m: { value: string }) => m.value)).toEqual(['MIC', 'DISK']);
  });

  it('completes organism names in Chinese and Latin, and corrects a misspelling', async () => {
    const zh = await get(`/api/lab/organisms?q=${encodeURIComponent('大肠')}`);
    expect(zh.body.data[0]).toMatchObject({ code: 'eco', name: 'Escherichia coli', nameZh: '大肠埃希菌' });
    const latin = await get('/api/lab/organisms?q=klebsiella%20pneu');
    expect(latin.body.data.map((o: { code: string }) => o.code)).toContain('kpn');
    const typo = await get('/api/lab/organisms?q=Escherichia%20colli');
    expect(typo.body.data[0]).toEqual(expect.objectContaining({ code: 'eco', corrected: true }));
    expect(typo.body.data.every((o: { corrected: boolean }) => o.corrected)).toBe(true);
    // "MRSA" is S. aureus; WHONET's screening result "No MRSA found" is not an organism to offer.
    const mrsa = await get('/api/lab/organisms?q=MRSA');
    expect(mrsa.body.data[0]).toMatchObject({ code: 'sau', matched: 'MRSA' });
    expect(mrsa.body.data.map((o: { name: string }) => o.name).filter((n: string) => /^No /.test(n))).toEqual([]);
    const screening = await get(`/api/lab/organisms?q=${encodeURIComponent('No MRSA found')}`);
    expect(screening.body.data.map((o: { code: string }) => o.code)).not.toContain('xmr');
    expect((await get('/api/lab/organisms?q=zzzzqqq')).body.data).toEqual([]);
  });

  it('interprets an organism typed as microbiologists write it, without picking a suggestion', async () => {
    const erin = await account();
    for (const [typed, code] of [
      ['Staph aureus', 'sau'],
      ['MRSA', 'sau'],
      ['K. pneumoniae', 'kpn'],
      // A genus's short name is the genus as labs report it.
      ['staph', 'sta'],
    ] as const) {
      const proposals = await get(`/api/lab/antibiotics?organism=${encodeURIComponent(typed)}&method=MIC&guideline=EUCAST&year=2022`);
      expect(proposals.body.data.organism?.code, typed).toBe(code);
      const created = await post('/api/lab/experiments', { ...ecoli, organism: typed, sampleName: typed }, erin);
      expect(created.body.code, typed).toBe(0);
      const detail = await waitForStatus(created.body.data.id, erin);
      expect(detail.organism, typed).toMatchObject({ input: typed, code });
    }
    // Words that start no organism's name are refused, not guessed at.
    const unknown = await post('/api/lab/experiments', { ...ecoli, organism: 'K. zzz', sampleName: 'unknown' }, erin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields.organism).toBeDefined();
  });

  it('proposes drugs with breakpoints for the organism, method and guideline, the usual panel first', async () => {
    const { body } = await get('/api/lab/antibiotics?organism=eco&method=MIC&guideline=EUCAST&year=2022');
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ organism: { code: 'eco', nameZh: '大肠埃希菌' }, guideline: 'EUCAST', year: 2022 });
    const list = body.data.list as Array<{ code: string; usual: boolean; nameZh: string | null; breakpoint: { r: number }; matchedLevel: string }>;
    const amp = list.find((d) => d.code === 'AMP')!;
    expect(amp).toMatchObject({ usual: true, nameZh: '氨苄西林', matchedLevel: 'FAMILY_CODE' });
    expect(amp.breakpoint.r).toBe(16);
    // Usual drugs come before the rest, and every drug has a breakpoint.
    const firstOther = list.findIndex((d) => !d.usual);
    expect(firstOther === -1 || list.slice(firstOther).every((d) => !d.usual)).toBe(true);
    expect(list.map((d) => d.code)).not.toContain('VAN');
    const disk = await get('/api/lab/antibiotics?organism=eco&method=DISK&guideline=CLSI&q=' + encodeURIComponent('美罗'));
    expect(disk.body.data.year).toBe(2025);
    expect(disk.body.data.list.map((d: { code: string }) => d.code)).toEqual(['MEM']);
    expect(disk.body.data.list[0].potency).toMatch(/10/);
  });

  it('needs a login to submit, list or read experiments', async () => {
    expect((await post('/api/lab/experiments', ecoli)).status).toBe(401);
    expect((await get('/api/lab/experiments')).status).toBe(401);
    expect((await get('/api/lab/experiments/1')).status).toBe(401);
  });

  it.each([
    ['sampleName', { sampleName: '' }, 'SampleName can not be null', '样本名称不能为空'],
    ['organism', { organism: ' ' }, 'Organism is required', '菌种不能为空'],
    ['sampleType', { sampleType: '' }, 'Sample type can not be null', '样本类型不能为空'],
    ['site', { site: '' }, 'Site of infection is required', '感染部位不能为空'],
    ['method', { method: '' }, 'Methods can not be null', '检测方法不能为空'],
    ['results.1.value', { results: JSON.stringify([{ antibiotic: 'AMP', value: '16' }, { antibiotic: 'CIP', value: '' }]) }, 'MIC can not be null', 'MIC 不能为空'],
    ['results.0.value', { results: JSON.stringify([{ antibiotic: 'AMP', value: 'abc' }]) }, 'wrong MIC: not a number (no spaces or text inside the value)', 'MIC 值有误：不是数字（数值中不能有空格或文字）'],
    ['results.0.value', { results: JSON.stringify([{ antibiotic: 'AMP', value: '16 16' }]) }, 'wrong MIC: not a number (no spaces or text inside the value)', 'MIC 值有误：不是数字（数值中不能有空格或文字）'],
    ['results.0.value', { results: JSON.stringify([{ antibiotic: 'AMP', value: '4096' }]) }, 'wrong MIC: outside the dilution range 0.0001–2048 mg/L', 'MIC 值有误：超出稀释范围 0.0001–2048 mg/L'],
    ['results.0.value', { results: JSON.stringify([{ antibiotic: 'AMP', value: '-2' }]) }, 'wrong MIC: negative', 'MIC 值有误：为负数'],
  ])('refuses a missing or wrong %s in both languages and stores nothing', async (field, change, en, zh) => {
    const before = await counts();
    for (const [locale, text] of [['en', en], ['zh', zh]] as const) {
      const { status, body } = await post('/api/lab/experiments', { ...ecoli, ...change }, alice, locale);
      expect(status).toBe(400);
      expect(body.code).toBe(1000);
      expect(body.msg).toBe(text);
      expect(body.data.fields[field]).toBe(text);
    }
    expect(await counts()).toEqual(before);
  });

  it('reports every missing field at once, the first one as the message', async () => {
    const { body } = await post('/api/lab/experiments', {}, alice, 'en');
    expect(body.msg).toBe('SampleName can not be null');
    expect(body.data.fields).toMatchObject({
      sampleName: 'SampleName can not be null',
      organism: 'Organism is required',
      sampleType: 'Sample type can not be null',
      site: 'Site of infection is required',
      method: 'Methods can not be null',
    });
    const disk = await post('/api/lab/experiments', { ...ecoli, method: 'DISK', results: JSON.stringify([{ antibiotic: 'AMP', value: '95' }]) }, alice, 'en');
    expect(disk.body.data.fields['results.0.value']).toBe('wrong zone diameter: outside 6–80 mm');
    const unknown = await post('/api/lab/experiments', { ...ecoli, organism: 'Not a bacterium at all' }, alice, 'zh');
    expect(unknown.body.msg).toBe('无法识别的菌种，请从列表中选择');
  });

  let ecoliId: string;

  it('stores an experiment as running with its job, interprets it in the background and shows every reason', async () => {
    const created = await post('/api/lab/experiments', ecoli, alice);
    expect(created.body).toMatchObject({ code: 0, data: { status: 'running' } });
    ecoliId = created.body.data.id;
    const [job] = await portal.db.query<{ queue: string; payload: { experimentId: number }; id: number }>(
      'SELECT j.queue, j.payload, e.id FROM jobs j JOIN lab_experiment e ON e.job_id = j.id WHERE e.ref = $1',
      [ecoliId],
    );
    expect(job).toMatchObject({ queue: 'lab.interpret', payload: { experimentId: Number(job!.id) } });

    const detail = await waitForStatus(ecoliId, alice);
    expect(detail).toMatchObject({
      status: 'done',
      kind: 'single',
      sampleName: 'Blood culture 17',
      sampleTypeLabel: { en: 'Blood', zh: '血液' },
      organism: { input: 'Escherichia coli', code: 'eco', name: 'Escherichia coli', nameZh: '大肠埃希菌' },
      method: 'MIC',
      guideline: 'EUCAST',
      year: 2022,
      resultCount: 3,
      error: null,
    });
    expect(detail.finishedAt).not.toBeNull();
    const [amp, cip, mem] = detail.results;
    expect(amp).toMatchObject({
      antibioticInput: 'AMP',
      antibiotic: { code: 'AMP', name: 'Ampicillin', nameZh: '氨苄西林' },
      value: '16',
      outcome: 'interpreted',
      reason: 'breakpoint',
      category: 'R',
      originalCategory: null,
      guideline: 'EUCAST',
      year: 2022,
      matchedLevel: 'FAMILY_CODE',
      matchedGroup: { en: 'Enterobacterales', zh: '肠杆菌目' },
      breakpointText: 'S ≤ 8 · R > 8 mg/L',
    });
    expect(amp.breakpoint).toMatchObject({ s: 8, r: 16, referenceTable: 'Enterobacteriaceae', organismCode: 'EBC' });
    expect(amp.explanation.en).toBe('MIC 16 mg/L > R breakpoint 8 (EUCAST 2022, Enterobacterales) → R');
    expect(amp.explanation.zh).toContain('肠杆菌目');
    expect(cip).toMatchObject({ antibiotic: { code: 'CIP' }, value: '<=0.25', category: 'S' });
    expect(mem).toMatchObject({ antibioticInput: '美罗培南', antibiotic: { code: 'MEM' }, value: '0,125', category: 'S' });
    expect(detail.categories).toEqual({ R: 1, S: 2 });
  });

  it('applies intrinsic resistance and expert rules, keeping the original category and naming the rule', async () => {
    const kpn = await post('/api/lab/experiments', { ...ecoli, organism: '肺炎克雷伯菌', results: JSON.stringify([{ antibiotic: 'AMP', value: '2' }]) }, alice);
    const klebsiella = await waitForStatus(kpn.body.data.id, alice);
    expect(klebsiella.results[0]).toMatchObject({ category: 'R', reason: 'expected-resistance' });
    expect(klebsiella.results[0].expectedResistance.guideline).toBe('EUCAST');

    // CLSI: an oxacillin-resistant S. aureus is resistant to every β-lactam (WHONET rule MRS).
    const sau = await post(
      '/api/lab/experiments',
      {
        ...ecoli,
        guideline: 'CLSI',
        organism: 'Staphylococcus aureus',
        results: JSON.stringify([
          { antibiotic: 'OXA', value: '4' },
          { antibiotic: 'AMC', value: '1' },
          { antibiotic: 'VAN', value: '1' },
        ]),
      },
      alice,
    );
    const staph = await waitForStatus(sau.body.data.id, alice);
    const [oxa, amc, van] = staph.results;
    expect(oxa).toMatchObject({ category: 'R', reason: 'breakpoint', changes: [] });
    expect(amc).toMatchObject({ category: 'R', originalCategory: null, reason: 'no-breakpoint-for-organism' });
    expect(amc.changes).toEqual([expect.objectContaining({ source: 'whonet-expert-rule', rule: 'MRS', from: null, to: 'R' })]);
    expect(amc.explanation.en).toContain('WHONET expert rule MRS');
    expect(van).toMatchObject({ category: 'S', changes: [] });
    expect(staph.rules).toEqual([expect.objectContaining({ source: 'whonet-expert-rule', rule: 'MRS', changed: ['AMC'] })]);
  });

  describe('isolate tests and the expert-rules switch', () => {
    let carol: string;
    beforeAll(async () => {
      // Their own account, so the history counts of the tests below stay as they are.
      carol = await account();
    });

    const staph = {
      ...ecoli,
      guideline: 'CLSI',
      organism: 'Staphylococcus aureus',
      results: JSON.stringify([
        { antibiotic: 'OXA', value: '0.5' },
        { antibiotic: 'FOX', value: '4' },
        { antibiotic: 'VAN', value: '1' },
      ]),
    };

    it('mecA/PBP2a positive makes an oxacillin-susceptible S. aureus resistant to the β-lactams (WHONET rule MRS)', async () => {
      const created = await post('/api/lab/experiments', { ...staph, tests: JSON.stringify({ MECA_PCR: '+' }) }, carol);
      expect(created.body.code).toBe(0);
      const detail = await waitForStatus(created.body.data.id, carol);
      expect(detail).toMatchObject({ status: 'done', tests: { MECA_PCR: '+' }, expertRules: true });
      const [oxa, fox, van] = detail.results;
      expect(oxa).toMatchObject({ antibiotic: { code: 'OXA' }, category: 'R', originalCategory: 'S', reason: 'breakpoint' });
      expect(oxa.changes).toEqual([expect.objectContaining({ source: 'whonet-expert-rule', rule: 'MRS', from: 'S', to: 'R' })]);
      expect(oxa.explanation.en).toContain('WHONET expert rule MRS');
      expect(fox).toMatchObject({ antibiotic: { code: 'FOX' }, category: 'R', originalCategory: 'S' });
      expect(van).toMatchObject({ category: 'S', changes: [] });
      expect(detail.rules).toEqual([expect.objectContaining({ source: 'whonet-expert-rule', rule: 'MRS', changed: expect.arrayContaining(['OXA', 'FOX']) })]);
      expect(detail.categories).toEqual({ R: 2, S: 1 });
      const [row] = await portal.db.query<{ input: { tests: unknown; expertRules: unknown } }>('SELECT input FROM lab_experiment WHERE ref = $1', [detail.id]);
      expect(row!.input).toMatchObject({ tests: { MECA_PCR: '+' }, expertRules: true });
    });

    it('with the expert rules off, the same isolate keeps the categories its breakpoints give and no rule fires', async () => {
      // A JSON body this time: the tests as an object, the switch as a boolean.
      const body = { ...staph, results: JSON.parse(staph.results), tests: { MECA_PCR: '+' }, expertRules: false };
      const created = await call(portal, 'POST', '/api/lab/experiments', body as never, { token: carol, locale: 'en', json: true });
      expect(created.body.code).toBe(0);
      const detail = await waitForStatus(created.body.data.id, carol);
      expect(detail).toMatchObject({ status: 'done', tests: { MECA_PCR: '+' }, expertRules: false, rules: [] });
      for (const result of detail.results) expect(result).toMatchObject({ category: 'S', originalCategory: null, changes: [] });
      const [row] = await portal.db.query<{ input: { expertRules: unknown } }>('SELECT input FROM lab_experiment WHERE ref = $1', [detail.id]);
      expect(row!.input.expertRules).toBe(false);
      // The Excel report says which tests were entered and that the rules were off.
      const xlsx = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/export?format=xlsx&lang=zh`, headers: { authorization: `Bearer ${carol}` } });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      workbook.worksheets[0]!.eachRow((r) => r.eachCell((cell) => cells.push(String(cell.value))));
      expect(cells).toEqual(expect.arrayContaining(['菌株试验', 'mecA/PBP2a（MRSA 确认）：阳性（+）', '专家规则', '未应用']));
      // The form's text switch means the same.
      const text = await post('/api/lab/experiments', { ...staph, tests: JSON.stringify({ MECA_PCR: '+' }), expertRules: 'false' }, carol);
      const fromForm = await waitForStatus(text.body.data.id, carol);
      expect(fromForm).toMatchObject({ expertRules: false, rules: [] });
      expect(fromForm.results.map((r: { category: string }) => r.category)).toEqual(['S', 'S', 'S']);
    });

    it('an ESBL-positive E. coli: ESBL-CONFIRMED makes cefoperazone resistant; ESBL negative leaves it alone', async () => {
      const results = JSON.stringify([
        { antibiotic: 'AMP', value: '4' },
        { antibiotic: 'CFP', value: '1' },
      ]);
      const positive = await post('/api/lab/experiments', { ...ecoli, results, tests: JSON.stringify({ ESBL: '+' }) }, carol);
      const esbl = await waitForStatus(positive.body.data.id, carol);
      expect(esbl.tests).toEqual({ ESBL: '+' });
      const cfp = esbl.results.find((r: { antibiotic: { code: string } }) => r.antibiotic.code === 'CFP');
      expect(cfp).toMatchObject({ category: 'R' });
      expect(cfp.changes).toEqual([expect.objectContaining({ rule: 'ESBL-CONFIRMED', to: 'R' })]);
      expect(esbl.rules).toEqual([expect.objectContaining({ rule: 'ESBL-CONFIRMED', changed: ['CFP'] })]);
      expect(esbl.results[0]).toMatchObject({ antibiotic: { code: 'AMP' }, category: 'S', changes: [] });

      const negative = await post('/api/lab/experiments', { ...ecoli, results, tests: JSON.stringify({ ESBL: '-' }) }, carol);
      const plain = await waitForStatus(negative.body.data.id, carol);
      expect(plain.tests).toEqual({ ESBL: '-' });
      expect(plain.rules).toEqual([]);
      expect(plain.results.find((r: { antibiotic: { code: string } }) => r.antibiotic.code === 'CFP')).toMatchObject({ category: null, changes: [] });
    });

    it('an experiment without tests shows none and had the rules on', async () => {
      const detail = await waitForStatus(ecoliId, alice);
      expect(detail).toMatchObject({ tests: {}, expertRules: true });
    });

    it.each([
      ['tests.KPC', { tests: JSON.stringify({ ESBL: '+', KPC: '+' }) }, 'Unknown isolate test: use ESBL, BETA_LACT, MECA_PCR or INDUC_CLI', '无法识别的菌株试验：可用 ESBL、BETA_LACT、MECA_PCR、INDUC_CLI'],
      ['tests.ESBL', { tests: JSON.stringify({ ESBL: 'positive' }) }, 'A test result is + (positive) or - (negative)', '试验结果只能为 +（阳性）或 -（阴性）'],
      ['tests.esbl', { tests: JSON.stringify({ esbl: '+' }) }, 'Unknown isolate test: use ESBL, BETA_LACT, MECA_PCR or INDUC_CLI', '无法识别的菌株试验：可用 ESBL、BETA_LACT、MECA_PCR、INDUC_CLI'],
      ['tests', { tests: '{ESBL: +}' }, 'The isolate tests could not be read', '无法读取菌株试验结果'],
      ['tests', { tests: JSON.stringify(['ESBL']) }, 'The isolate tests could not be read', '无法读取菌株试验结果'],
      ['tests', { tests: `{"ESBL":"+"${' '.repeat(2_000)}}` }, 'The isolate tests could not be read', '无法读取菌株试验结果'],
      ['expertRules', { expertRules: 'maybe' }, 'Apply expert rules is true or false', '“应用专家规则”只能为 true 或 false'],
    ])('refuses a bad %s in both languages and stores nothing', async (field, change, en, zh) => {
      const before = await counts();
      for (const [locale, text] of [['en', en], ['zh', zh]] as const) {
        const { status, body } = await post('/api/lab/experiments', { ...staph, ...change }, carol, locale);
        expect(status).toBe(400);
        expect(body.code).toBe(1000);
        expect(body.msg).toBe(text);
        expect(body.data.fields).toEqual({ [field]: text });
      }
      expect(await counts()).toEqual(before);
    });

    it.each([[['ESBL']], [3], [true]])('refuses tests of the wrong JSON type (%j) with the lab wording in both languages', async (tests) => {
      const before = await counts();
      for (const [locale, text] of [['en', 'The isolate tests could not be read'], ['zh', '无法读取菌株试验结果']] as const) {
        const { status, body } = await call(portal, 'POST', '/api/lab/experiments', { ...staph, tests } as never, { token: carol, locale, json: true });
        expect(status).toBe(400);
        expect(body.msg).toBe(text);
        expect(body.data.fields).toEqual({ tests: text });
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses a test result that is not text in a JSON body, naming the test', async () => {
      const before = await counts();
      const body = { ...staph, tests: { MECA_PCR: true } };
      const { status, body: answer } = await call(portal, 'POST', '/api/lab/experiments', body as never, { token: carol, locale: 'en', json: true });
      expect(status).toBe(400);
      expect(answer.data.fields).toEqual({ 'tests.MECA_PCR': 'A test result is + (positive) or - (negative)' });
      expect(await counts()).toEqual(before);
    });
  });

  it('reads disk zones with their disk content, and says when the content does not match the breakpoint', async () => {
    const disk = await post(
      '/api/lab/experiments',
      {
        ...ecoli,
        method: 'DISK',
        guideline: 'CLSI',
        year: '2021',
        results: JSON.stringify([
          { antibiotic: 'MEM', value: '25', potency: '10' },
          { antibiotic: 'CIP', value: '19', potency: '30µg' },
        ]),
      },
      alice,
    );
    const detail = await waitForStatus(disk.body.data.id, alice);
    const [mem, cip] = detail.results;
    expect(mem).toMatchObject({ method: 'DISK', value: '25', potency: '10', category: 'S', guideline: 'CLSI', year: 2021 });
    expect(mem.breakpointText).toMatch(/^S ≥ 23 .* mm \(10/);
    expect(cip).toMatchObject({ outcome: 'error', reason: 'disk-potency-mismatch', category: null });
    expect(cip.explanation.en).toMatch(/5/);
    await post(`/api/lab/experiments/${detail.id}/delete`, {}, alice);
  });

  it("answers 404 for another user's experiment, and lists only the user's own", async () => {
    const other = await get(`/api/lab/experiments/${ecoliId}`, bob, 'zh');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 1004, msg: '未找到该实验', data: null });
    expect((await get(`/api/lab/experiments/${ecoliId}/export?format=xlsx`, bob)).status).toBe(404);
    expect((await post(`/api/lab/experiments/${ecoliId}/delete`, {}, bob)).status).toBe(404);
    expect((await get('/api/lab/experiments/999999999', alice)).status).toBe(404);
    const bobs = await get('/api/lab/experiments', bob);
    expect(bobs.body.data).toMatchObject({ total: 0, list: [] });
    const alices = await get('/api/lab/experiments', alice);
    expect(alices.body.data.total).toBe(3);
  });

  it('filters the history by status, organism (Latin or Chinese), date and kind, and pages it', async () => {
    const all = (await get('/api/lab/experiments?pageSize=2', alice)).body.data;
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.list).toHaveLength(2);
    // Newest first.
    expect(all.list[0].number).toBeGreaterThan(all.list[1].number);
    const page2 = (await get('/api/lab/experiments?pageSize=2&page=2', alice)).body.data;
    expect(page2.list.map((e: { id: string }) => e.id)).toEqual([ecoliId]);
    const byOrganism = (await get(`/api/lab/experiments?organism=${encodeURIComponent('大肠')}`, alice)).body.data;
    expect(byOrganism.list.map((e: { id: string }) => e.id)).toEqual([ecoliId]);
    expect((await get('/api/lab/experiments?organism=staphylococcus', alice)).body.data.total).toBe(1);
    expect((await get('/api/lab/experiments?status=done', alice)).body.data.total).toBe(3);
    expect((await get('/api/lab/experiments?status=failed', alice)).body.data.total).toBe(0);
    expect((await get('/api/lab/experiments?kind=batch', alice)).body.data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/lab/experiments?from=${today}&to=${today}`, alice)).body.data.total).toBe(3);
    expect((await get('/api/lab/experiments?to=2000-01-01', alice)).body.data.total).toBe(0);
    expect((await get('/api/lab/experiments?from=yesterday', alice)).status).toBe(400);
  });

  it('exports an experiment to Excel and PDF in the chosen language', async () => {
    const xlsx = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${ecoliId}/export?format=xlsx&lang=zh`, headers: { authorization: `Bearer ${alice}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="mdc-ast-\d+-Blood-culture-17\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toEqual(expect.arrayContaining(['氨苄西林', 'R', 'S ≤ 8 · R > 8 mg/L', '大肠埃希菌（Escherichia coli）']));
    expect(cells.some((c) => c.includes('肠杆菌目'))).toBe(true);

    const pdf = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${ecoliId}/export?format=pdf&lang=zh`, headers: { authorization: `Bearer ${alice}`, local: 'en' } });
    if (pdfFont()) {
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The CJK font is embedded (as a subset), so the Chinese text renders anywhere.
      expect(pdf.rawPayload.toString('latin1')).toMatch(/NotoSansCJK|WenQuanYi/);
    } else {
      expect(pdf.statusCode).toBe(501);
      expect(pdf.json().msg).toMatch(/fonts-noto-cjk/);
    }
  });

  it("numbers each user's experiments from #1 and addresses them by opaque references; earlier addresses keep working for their owner", async () => {
    const mine = (await get('/api/lab/experiments?pageSize=100', alice)).body.data.list as { id: string; number: number }[];
    // Alice's own numbers, in order of creation, whatever other users did in between.
    expect(mine.map((e) => e.number).sort((a, b) => a - b)).toEqual(mine.map((_, i) => i + 1));
    for (const e of mine) expect(e.id).toMatch(/^e[0-9a-f]{16}$/);
    const dave = await account();
    const first = await post('/api/lab/experiments', { ...ecoli, sampleName: "Dave's first" }, dave);
    expect(first.body.data).toMatchObject({ number: 1, id: expect.stringMatching(/^e[0-9a-f]{16}$/) });
    const detail = await waitForStatus(first.body.data.id, dave);
    expect(detail).toMatchObject({ id: first.body.data.id, number: 1 });
    // The address of an experiment made before the references: its global id, still its owner's.
    const [row] = await portal.db.query<{ id: number }>('SELECT id FROM lab_experiment WHERE ref = $1', [first.body.data.id]);
    const legacy = await get(`/api/lab/experiments/${row!.id}`, dave);
    expect(legacy.body.data).toMatchObject({ id: first.body.data.id, number: 1 });
    expect((await get(`/api/lab/experiments/${row!.id}`, alice)).status).toBe(404);
    expect((await get(`/api/lab/experiments/${first.body.data.id}`, alice)).status).toBe(404);
    // A deleted number is not given again.
    expect((await post(`/api/lab/experiments/${first.body.data.id}/delete`, {}, dave)).body.code).toBe(0);
    const second = await post('/api/lab/experiments', { ...ecoli, sampleName: "Dave's second" }, dave);
    expect(second.body.data.number).toBe(2);
    // The Excel report names the user's number, not the global id.
    await waitForStatus(second.body.data.id, dave);
    const xlsx = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${second.body.data.id}/export?format=xlsx&lang=en`, headers: { authorization: `Bearer ${dave}` } });
    expect(xlsx.headers['content-disposition']).toMatch(/filename="mdc-ast-2-Dave-s-second\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual(expect.arrayContaining(['#2']));
    // Addresses that are neither are refused.
    expect((await get('/api/lab/experiments/not-an-id!', dave)).status).toBe(400);
  });

  it("writes the report's times in the reader's time zone: the one the browser sends, else China time (zh) or UTC (en)", async () => {
    const created = await post('/api/lab/experiments', { ...ecoli, sampleName: 'Late night' }, alice);
    await waitForStatus(created.body.data.id, alice);
    await portal.db.query(`UPDATE lab_experiment SET created_at = '2026-01-15T23:30:00Z' WHERE ref = $1`, [created.body.data.id]);
    const createdCell = async (query: string) => {
      const xlsx = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${created.body.data.id}/export?format=xlsx&${query}`, headers: { authorization: `Bearer ${alice}` } });
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.worksheets[0]!.eachRow((r) => r.eachCell((cell) => cells.push(String(cell.value))));
      return cells[cells.findIndex((c) => c === '提交时间' || c === 'Submitted') + 1];
    };
    expect(await createdCell('lang=zh&tz=Europe/Berlin')).toBe('2026-01-16 00:30 (Europe/Berlin, UTC+1)');
    expect(await createdCell('lang=en&tz=America/New_York')).toBe('2026-01-15 18:30 (America/New_York, UTC-5)');
    expect(await createdCell('lang=zh')).toBe('2026-01-16 07:30 (Asia/Shanghai, UTC+8)');
    expect(await createdCell('lang=en')).toBe('2026-01-15 23:30 (UTC)');
    if (pdfFont()) {
      // The PDF's footer says when it was made in the same zone as its other times.
      const pdf = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${created.body.data.id}/export?format=pdf&lang=en&tz=Europe/Berlin`, headers: { authorization: `Bearer ${alice}` } });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toMatch(/2026-01-16 00:30 \(Europe\/Berlin,\s*UTC\+1\)/);
      expect(text).toMatch(/Generated \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin, UTC\+[12]\)/);
    }
    const bad = await get(`/api/lab/experiments/${created.body.data.id}/export?format=xlsx&tz=${encodeURIComponent('Mars/Olympus')}`, alice, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/无法识别的时区/);
  });

  it('deletes an experiment with its results', async () => {
    const created = await post('/api/lab/experiments', { ...ecoli, sampleName: 'to delete' }, alice);
    const id = created.body.data.id;
    await waitForStatus(id, alice);
    const removed = await post(`/api/lab/experiments/${id}/delete`, {}, alice, 'zh');
    expect(removed.body).toMatchObject({ code: 0, msg: '已删除', data: { id } });
    expect((await get(`/api/lab/experiments/${id}`, alice)).status).toBe(404);
    expect(await portal.db.query('SELECT 1 FROM lab_result r LEFT JOIN lab_experiment e ON e.id = r.experiment_id WHERE e.ref = $1 OR e.id IS NULL', [id])).toEqual([]);
    const again = await portal.app.inject({ method: 'DELETE', url: `/api/lab/experiments/${id}`, headers: { authorization: `Bearer ${alice}` } });
    expect(again.statusCode).toBe(404);
  });

  async function upload(file: { name: string; content: string | Buffer }, fields: Record<string, string> = {}, locale = 'en') {
    const body = multipart(fields, file);
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/lab/batches',
      headers: { authorization: `Bearer ${alice}`, 'content-type': body.contentType, local: locale },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('interprets every isolate of an uploaded WHONET file and gives the result to download', async () => {
    const sample = readFileSync(path.join(realDataDir(), 'whonet/SampleInputFile.txt'));
    const isolates = sample.toString('utf8').trim().split('\n').length - 1;
    const created = await upload({ name: 'SampleInputFile.txt', content: sample });
    expect(created.body).toMatchObject({ code: 0, data: { status: 'running', format: 'whonet', isolates } });
    const detail = await waitForStatus(created.body.data.id, alice, 60_000);
    expect(detail).toMatchObject({ status: 'done', kind: 'batch', batch: { fileName: 'SampleInputFile.txt', format: 'whonet', isolates, problems: 0 } });
    const tests = sample
      .toString('utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('|'));
    const header = sample.toString('utf8').split('\n')[0]!.trim().split('|');
    const testColumns = header.map((h, i) => (/^[A-Z0-9]{2,4}_[A-Z][DME](\d[0-9A-Za-z_.]*)?$/.test(h) ? i : -1)).filter((i) => i >= 0);
    const expectedResults = tests.reduce((n, cells) => n + testColumns.filter((i) => (cells[i] ?? '').trim() !== '').length, 0);
    expect(detail.batch.results).toBe(expectedResults);
    expect(detail.batch.preview.length).toBe(200);
    expect(detail.batch.preview[0]).toMatchObject({ isolate: '0', specimenNumber: '_8846775327_', patientId: '_9496305229_', organism: 'ent', column: 'PEN_ND10', antibiotic: 'PEN', method: 'DISK', value: '19' });

    const csv = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/download?format=csv&lang=en`, headers: { authorization: `Bearer ${alice}` } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(expectedResults + 1);
    expect(lines[0]).toBe('isolate,specimen_number,patient_id,organism,organism_name,specimen,test,antibiotic,antibiotic_name,method,value,guideline,year,interpretation,original_interpretation,breakpoint,reason');
    expect(lines[1]).toMatch(/^0,_8846775327_,_9496305229_,ent,/);
    const xlsx = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/download?format=xlsx&lang=zh`, headers: { authorization: `Bearer ${alice}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(expectedResults + 1);
    expect(workbook.worksheets[0]!.getRow(1).getCell(14).value).toBe('判读结果');
    expect(workbook.worksheets[0]!.getRow(1).getCell(2).value).toBe('标本号');
    expect((await get('/api/lab/experiments?kind=batch', alice)).body.data.total).toBe(1);
  });

  it('refuses at upload a WHONET file under the size limit whose results are more than a batch job interprets, naming the limit', async () => {
    // The real sample file's isolates repeated with new row and patient ids up to 9.9 MB (~52,000
    // isolates): accepted before, then its job ran out of memory.
    const [header, ...rows] = readFileSync(path.join(realDataDir(), 'whonet/SampleInputFile.txt'), 'latin1').trim().split('\n');
    const columns = header!.split('|');
    const patient = columns.indexOf('PATIENT_ID');
    const lines = [header!];
    let size = header!.length + 1;
    for (let copy = 0, n = 0; size < 9.9e6; copy++) {
      for (const row of rows) {
        const cells = row.split('|');
        cells[0] = String(++n);
        cells[patient] = `${cells[patient]}-${copy}`;
        const line = cells.join('|');
        if (size + line.length + 1 > 9.9e6) {
          size = Infinity;
          break;
        }
        lines.push(line);
        size += line.length + 1;
      }
    }
    const content = Buffer.from(lines.join('\n') + '\n', 'latin1');
    expect(content.length).toBeGreaterThan(9.8e6);
    expect(content.length).toBeLessThan(MAX_BATCH_UPLOAD_BYTES);
    const before = (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lab_experiment'))[0]!.n;
    for (const locale of ['zh', 'en']) {
      const refused = await upload({ name: 'big.txt', content }, {}, locale);
      expect(refused.status).toBe(400);
      const limit = MAX_BATCH_RESULTS.toString();
      expect(refused.body.msg).toContain(limit);
      expect(refused.body.msg).toMatch(locale === 'zh' ? /药敏结果.*最多判读/ : /test results .*at most/);
      if (locale === 'zh') expect(refused.body.msg).not.toMatch(/[A-Za-z]{4,} [A-Za-z]{4,}/);
      expect(refused.body.data.fields.file).toBe(refused.body.msg);
    }
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lab_experiment'))[0]!.n).toBe(before);
  });

  it('applies the expert rules to a batch, reading its test columns, unless switched off', async () => {
    // A WHONET file: S. aureus with mecA positive and an oxacillin MIC that the breakpoint calls S.
    const file = { name: 'mrsa.txt', content: 'ROW_IDX|ORGANISM|MECA_PCR|OXA_NM|VAN_NM\n1|sau|+|0.5|1\n' };
    const oxacillin = async (fields: Record<string, string>) => {
      const created = await upload(file, fields);
      expect(created.body.code).toBe(0);
      const detail = await waitForStatus(created.body.data.id, alice);
      expect(detail.status).toBe('done');
      const tsv = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/download?format=tsv&lang=en`, headers: { authorization: `Bearer ${alice}` } });
      const [header, ...rows] = tsv.body.trim().split('\r\n').map((l) => l.split('\t'));
      const at = (row: string[], column: string) => row[header!.indexOf(column)];
      const row = rows.find((r) => at(r, 'antibiotic') === 'OXA')!;
      return { expertRules: detail.expertRules, interpretation: at(row, 'interpretation'), original: at(row, 'original_interpretation') };
    };
    expect(await oxacillin({})).toEqual({ expertRules: true, interpretation: 'R', original: 'S' });
    expect(await oxacillin({ expertRules: 'false' })).toEqual({ expertRules: false, interpretation: 'S', original: '' });
    const refused = await upload(file, { expertRules: 'sometimes' }, 'zh');
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields.expertRules).toMatch(/应用专家规则/);
  });

  it('reads a CSV of single results: a bad row gets no interpretation and its reason, the rest are interpreted', async () => {
    const csv = [
      'guideline,organism,antibiotic,method,value,site',
      'EUCAST 2022,Escherichia coli,AMP,MIC,16,',
      'CLSI 2021,大肠埃希菌,MEM,DISK,25,',
      'EUCAST 2022,Escherichia coli,AMP,MIC,lots,',
      'EUCAST 2022,Nonexistus bacterium,AMP,MIC,2,',
    ].join('\n');
    const created = await upload({ name: 'cases.csv', content: csv });
    expect(created.body.data).toMatchObject({ format: 'long', isolates: 4 });
    const detail = await waitForStatus(created.body.data.id, alice);
    expect(detail.status).toBe('done');
    const download = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/download?format=tsv&lang=en`, headers: { authorization: `Bearer ${alice}` } });
    const rows = download.body.trim().split('\r\n').map((l) => l.split('\t'));
    expect(rows[0]).toEqual(['guideline', 'organism', 'antibiotic', 'method', 'value', 'site', 'interpretation', 'breakpoint', 'reason']);
    expect(rows[1]!.slice(6, 8)).toEqual(['R', 'S ≤ 8 · R > 8 mg/L']);
    expect(rows[2]![6]).toBe('S');
    expect(rows[3]![6]).toBe('');
    expect(rows[3]![8]).toMatch(/wrong MIC/);
    expect(rows[4]![6]).toBe('');
    expect(rows[4]![8]).toMatch(/unknown organism/i);
  });

  it('writes no cell a spreadsheet would run as a formula, in CSV, TSV and Excel, and keeps plain negative numbers', async () => {
    const csv = [
      'isolate,guideline,organism,antibiotic,method,value,note',
      'X1,EUCAST 2022,Escherichia coli,AMP,MIC,16,"=HYPERLINK(""http://evil.example"",""x"")"',
      "X2,EUCAST 2022,Escherichia coli,AMP,MIC,-1,-2+3+cmd|' /C calc'!A0",
      'X3,EUCAST 2022,Escherichia coli,AMP,MIC,4,@SUM(A1)',
    ].join('\n');
    const created = await upload({ name: 'hostile.csv', content: csv });
    expect(created.body.code).toBe(0);
    const detail = await waitForStatus(created.body.data.id, alice);
    expect(detail.status).toBe('done');
    const download = async (format: string) =>
      portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${detail.id}/download?format=${format}&lang=en`, headers: { authorization: `Bearer ${alice}` } });
    const csvText = (await download('csv')).body;
    expect(csvText).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvText).toContain(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvText).toContain(`,'@SUM(A1),`);
    // "-1" is a number (here a wrong MIC the reason explains), not a formula: it stays readable.
    expect(csvText).toMatch(/,-1,/);
    const cellsStartingAFormula = (rows: string[][]) => rows.flat().filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?$/.test(c));
    const tsvRows = (await download('tsv')).body.trim().split('\r\n').map((l) => l.split('\t'));
    expect(cellsStartingAFormula(tsvRows)).toEqual([]);
    expect(tsvRows.flat()).toContain("'@SUM(A1)");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download('xlsx')).rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((r) => r.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(cellsStartingAFormula([cells])).toEqual([]);

    // A single experiment's Excel report: the specimen name is the user's text too.
    const single = await post('/api/lab/experiments', { ...ecoli, sampleName: '=1+1' }, alice);
    await waitForStatus(single.body.data.id, alice);
    const report = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${single.body.data.id}/export?format=xlsx&lang=en`, headers: { authorization: `Bearer ${alice}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const reportCells: string[] = [];
    book.worksheets[0]!.eachRow((r) => r.eachCell((cell) => reportCells.push(String(cell.value))));
    expect(reportCells).toContain("'=1+1");
    expect(cellsStartingAFormula([reportCells])).toEqual([]);
  });

  it('refuses an upload it cannot read, in the request language, and stores nothing', async () => {
    const before = await counts();
    const garbage = await upload({ name: 'notes.txt', content: 'hello\nworld\n' }, {}, 'zh');
    expect(garbage.status).toBe(400);
    expect(garbage.body.msg).toMatch(/^无法读取该文件/);
    const empty = await upload({ name: 'empty.txt', content: '' });
    expect(empty.body.msg).toBe('Please choose an isolate file');
    const badGuideline = await upload({ name: 'cases.csv', content: 'organism,antibiotic,value\neco,AMP,2\n' }, { guideline: 'NOPE 1999' });
    expect(badGuideline.body.msg).toBe('Unknown guideline or year');
    expect(await counts()).toEqual(before);
    const single = await get(`/api/lab/experiments/${ecoliId}/download`, alice);
    expect(single.status).toBe(400);
  });

  // Issue 17 R10 as found: "无法读取该文件：unrecognised header…", a Chinese sentence ending in the reader's English reason.
  it('says why an isolate file cannot be read in the language of the request alone', async () => {
    const notes = 'Specimen log, week 47\nurine; E. coli; ampicillin resistant\n';
    const zh = await upload({ name: 'notes.txt', content: notes }, {}, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toMatch(/^无法读取该文件：无法识别的表头/);
    // Column names and codes may stay as written (ORGANISM, guideline…); English prose may not.
    expect(zh.body.msg).not.toMatch(/[A-Za-z]{3,} [A-Za-z]{3,}/);
    const en = await upload({ name: 'notes.txt', content: notes }, {}, 'en');
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/^The file could not be read: unrecognised header/);
    expect(en.body.msg).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
  });

  it('builds the knowledge base once and again only after a new import', async () => {
    const before = (await labKnowledge(portal.db))!;
    expect(await labKnowledge(portal.db)).toBe(before);
    await portal.app.refdata.runImport(small, { force: true });
    const after = (await labKnowledge(portal.db))!;
    expect(after).not.toBe(before);
    expect(after.importId).toBeGreaterThan(before.importId!);
    expect(await labKnowledge(portal.db)).toBe(after);
  });

  it('marks an experiment failed, with the reason, when there is nothing to interpret with', async () => {
    const knowledge = (await labKnowledge(portal.db))!;
    await portal.db.query('DELETE FROM refdata_import');
    const [user] = await portal.db.query<{ user_id: number }>('SELECT user_id FROM lab_experiment WHERE ref = $1', [ecoliId]);
    const { ref: id } = await createExperiment(
      portal.db,
      Number(user!.user_id),
      { sampleName: 'orphan', sampleType: 'ur', organism: 'eco', organismCode: 'eco', method: 'MIC', site: 'general', guideline: 'CLSI', year: 2022, results: [{ antibiotic: 'AMP', value: '4' }], tests: {}, expertRules: true },
      knowledge,
    );
    portal.app.jobs.wake();
    const detail = await waitForStatus(id, alice);
    expect(detail.status).toBe('failed');
    // The reason in the reader's language alone (issue 17, R10): it was one string holding both.
    expect(detail.error).toMatch(/has not been imported yet.*mdc import/);
    expect(detail.error).not.toMatch(/[\u3000-\u9fff]/);
    const inChinese = (await get(`/api/lab/experiments/${id}`, alice, 'zh')).body.data;
    expect(inChinese.error).toMatch(/尚未导入.*mdc import/);
    expect(inChinese.error).not.toMatch(/has not been|imported yet/);
    const listed = (await get('/api/lab/experiments?status=failed', alice, 'zh')).body.data.list.find((e: { id: string }) => e.id === id);
    expect(listed.error).toBe(inChinese.error);
    const options = await get('/api/lab/options', undefined, 'zh');
    expect(options.body.data.ready).toBe(false);
    expect(options.body.data.hint.zh).toMatch(/尚未导入/);
    const refused = await post('/api/lab/experiments', ecoli, alice);
    expect(refused.status).toBe(409);
    // Having found nothing once, it still sees the next import (the state of a portal started empty).
    expect(await labKnowledge(portal.db)).toBeNull();
    await portal.app.refdata.runImport(small, { force: true });
    expect((await labKnowledge(portal.db))?.kb.findOrganism('eco')).toBeTruthy();
  });
});
