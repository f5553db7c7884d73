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
    portal = await startPortal(kind, { REFDATA_DIR: small, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000' });
    await portal.app.refdata.runImport(small);
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

  it('refuses "16 16" naming the field and why, in both languages', async () => {
    const refused = await call(portal, 'POST', '/api/lab/experiments', { sampleName: 'x', sampleType: 'bl', organism: 'eco', method: 'MIC', site: 'general', results: JSON.stringify([{ antibiotic: 'GEN', value: '16 16' }]) }, { token, locale: 'zh' });
    expect(refused.body.data.fields['results.0.value']).toBe('MIC 值有误：不是数字（数值中不能有空格或文字）');
  });
});
