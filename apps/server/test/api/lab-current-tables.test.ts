import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccountToken } from '../support/accounts';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

describe.each(dbKinds)('the Lab on the current tables (%s)', (kind) => {
  let portal: TestPortal;
  let token: string;
  const get = (url: string, locale: 'zh' | 'en' = 'en') => call(portal, 'GET', url, undefined, { locale, token });

  beforeAll(async () => {
    portal = await startPortal(kind, { REFDATA_DIR: small, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000' }, {}, { imported: small });
    token = await activeAccountToken(portal, 'current');
  }, 180_000);
  afterAll(async () => portal?.close());

  async function experiment(body: Record<string, string>): Promise<{ id: string; detail: Record<string, any> }> {
    const created = await call(portal, 'POST', '/api/lab/experiments', { sampleName: 'Blood culture 7', sampleType: 'bl', method: 'MIC', site: 'general', guideline: 'CLSI', ...body }, { token, locale: 'en' });
    expect(created.body.code).toBe(0);
    const id = created.body.data.id as string;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body: b } = await get(`/api/lab/experiments/${id}`);
      if (b.data.status !== 'running') return { id, detail: b.data };
      if (Date.now() > deadline) throw new Error('still running');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('reads E. coli gentamicin 4 as I under CLSI 2025, says it was S under 2022, raises CRE, and re-reads the experiment under 2022', async () => {
    const { id, detail } = await experiment({ organism: 'Escherichia coli', results: JSON.stringify([{ antibiotic: 'GEN', value: '4' }, { antibiotic: 'MEM', value: '8' }]) });
    expect(detail).toMatchObject({ status: 'done', guideline: 'CLSI' });
    const gentamicin = detail.results.find((r: { antibiotic: { code: string } }) => r.antibiotic.code === 'GEN');
    expect(gentamicin).toMatchObject({ category: 'I', year: 2025, breakpoint: { referenceTable: 'Table 2A-1' } });
    expect(gentamicin.notes.map((n: { en: string }) => n.en)).toContain('I under CLSI 2025 — was S under CLSI 2022 (breakpoint changed in CLSI 2023)');
    expect(detail.alerts.map((a: { id: string }) => a.id)).toEqual(['cre']);
    expect(detail.alerts[0].nextStep.zh).toMatch(/碳青霉烯酶/);
    const reread = await get(`/api/lab/experiments/${id}/reread?year=2022`);
    // Meropenem 8 is R under both (CLSI 2022 and 2025: R ≥ 4): one difference.
    expect(reread.body.data).toMatchObject({ otherYear: 2022, differences: 1 });
    expect(reread.body.data.results[1]).toMatchObject({ antibiotic: 'MEM', category: 'R', otherCategory: 'R', differs: false });
    expect(reread.body.data.results[0]).toMatchObject({ antibiotic: 'GEN', category: 'I', otherCategory: 'S', differs: true });
    const badYear = await get(`/api/lab/experiments/${id}/reread?year=1999`, 'zh');
    expect(badYear.body.msg).toBe('无法识别的指南或年份');
  });

  it('carries the Salmonella reporting instruction with the measured category, and reads "Salmonella enterica" (not a WHONET name)', async () => {
    const { detail } = await experiment({ organism: 'Salmonella enterica', results: JSON.stringify([{ antibiotic: 'GEN', value: '1' }]) });
    expect(detail.organism.code).toBe('sal');
    expect(detail.results[0].category).toBe('S');
    expect(detail.results[0].notes.map((n: { en: string }) => n.en).join(' ')).toMatch(/not to be reported as susceptible/);
  });

  it('gives the E. coli × gentamicin history: S 4 / R 16 until 2022, S 2 / R 8 since CLSI 2023', async () => {
    const { body } = await get('/api/lab/breakpoint-history?organism=eco&antibiotic=GEN&guideline=CLSI&method=MIC');
    const years = body.data.years as Array<{ year: number; s: number; r: number; changed: boolean }>;
    expect(years.find((y) => y.year === 2022)).toMatchObject({ s: 4, r: 16, changed: false });
    expect(years.find((y) => y.year === 2023)).toMatchObject({ s: 2, r: 8, changed: true });
    expect(years.find((y) => y.year === 2025)).toMatchObject({ s: 2, r: 8, changed: false });
  });

  // Issue 24: EUCAST 2025 gives cefazolin breakpoints for Enterobacterales for uncomplicated UTI only.
  it('gives a blood culture (not site-specific) E. coli cefazolin MIC 2 no breakpoint for its site, naming the uUTI row; urine reads that row', async () => {
    const cefazolin = JSON.stringify([{ antibiotic: 'CZO', value: '2' }]);
    const blood = (await experiment({ organism: 'Escherichia coli', guideline: 'EUCAST', year: '2025', results: cefazolin })).detail.results[0];
    expect(blood).toMatchObject({ outcome: 'no-breakpoint', reason: 'no-breakpoint-for-site', category: null, breakpoint: null, breakpointText: '', siteUsed: null });
    expect(blood.explanation.en).toMatch(/^no breakpoint for a systemic infection .*only for Uncomplicated urinary tract infection \(S ≤ \(0\.001\) · I 0\.002–4 · R > 4 mg\/L\); report the MIC without a category/);
    expect(blood.explanation.zh).toMatch(/^无适用于全身感染/);
    const urine = (await experiment({ sampleType: 'ur', site: 'urinary tract infection', organism: 'Escherichia coli', guideline: 'EUCAST', year: '2025', results: cefazolin })).detail.results[0];
    expect(urine).toMatchObject({ category: 'I', siteUsed: 'Uncomplicated urinary tract infection', breakpointText: 'S ≤ (0.001) · I 0.002–4 · R > 4 mg/L' });
    expect(urine.explanation.en).toBe('S breakpoint (0.001) < MIC 2 mg/L ≤ R breakpoint 4 (EUCAST 2025, Enterobacterales, Uncomplicated urinary tract infection) → I');
    // The form's drug list for "Not site-specific (systemic)", the blood-culture choice, offers no cefazolin; for urine it does.
    const offered = async (site: string) =>
      ((await get(`/api/lab/antibiotics?organism=eco&method=MIC&guideline=EUCAST&year=2025${site ? `&site=${encodeURIComponent(site)}` : ''}`)).body.data.list as { code: string }[]).map((d) => d.code);
    expect(await offered('')).toContain('CZO');
    expect(await offered('general')).not.toContain('CZO');
    expect(await offered('urinary tract infection')).toContain('CZO');
  });

  it('reads the site of a WHONET batch from SPEC_TYPE: blood gets no cefazolin category, urine the uUTI row', async () => {
    const file = 'ROW_IDX|SPEC_TYPE|ORGANISM|CZO_EM\n1|bl|eco|2\n2|ur|eco|2\n';
    const boundary = '----mdcsite';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sites.txt"\r\nContent-Type: text/plain\r\n\r\n${file}\r\n--${boundary}--\r\n`;
    const created = await portal.app.inject({ method: 'POST', url: '/api/lab/batches', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, local: 'en' }, payload });
    expect(created.json().code).toBe(0);
    const id = created.json().data.id as string;
    const deadline = Date.now() + 60_000;
    while ((await get(`/api/lab/experiments/${id}`)).body.data.status === 'running') {
      if (Date.now() > deadline) throw new Error('still running');
      await new Promise((r) => setTimeout(r, 100));
    }
    const tsv = await portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${id}/download?format=tsv&lang=en`, headers: { authorization: `Bearer ${token}` } });
    const [header, ...rows] = tsv.body.trim().split('\r\n').map((l) => l.split('\t'));
    const at = (row: string[], column: string) => row[header!.indexOf(column)];
    const blood = rows.find((r) => at(r, 'isolate') === '1')!;
    const urine = rows.find((r) => at(r, 'isolate') === '2')!;
    expect(at(blood, 'interpretation')).toBe('');
    expect(at(blood, 'reason')).toMatch(/^no breakpoint for a systemic infection/);
    expect(at(urine, 'interpretation')).toBe('I');
    expect(at(urine, 'breakpoint')).toBe('S ≤ (0.001) · I 0.002–4 · R > 4 mg/L');
  });

  it('refuses "16 16" naming the field and why, in both languages', async () => {
    const refused = await call(portal, 'POST', '/api/lab/experiments', { sampleName: 'x', sampleType: 'bl', organism: 'eco', method: 'MIC', site: 'general', results: JSON.stringify([{ antibiotic: 'GEN', value: '16 16' }]) }, { token, locale: 'zh' });
    expect(refused.body.data.fields['results.0.value']).toBe('MIC 值有误：不是数字（数值中不能有空格或文字）');
  });
});
