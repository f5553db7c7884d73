import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { activeAccount } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { pdfRuns } from '../support/pdf-text';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

/**
 * Issue 16: a Shigella boydii genome was headed "Escherichia coli · species level", and the history
 * and CSV said just E. coli. ANI cannot split E. coli from Shigella, so the complex is the call,
 * wherever the call is written. S. boydii itself is among no references: its nearest are E. coli and
 * S. flexneri, both at about 98 %.
 */
describe.each(dbKinds)('a Shigella boydii genome on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await insertGenomeReferences(portal.db, ['R02_Escherichia_coli', 'R04_Shigella_flexneri', 'R06_Salmonella_enterica']);
    token = await activeAccount(portal, smtp);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('is called E. coli / Shigella in the result, the history, the CSV and the PDF', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome', sampleName: 'stool isolate 7' }, [genomeFile('T03_Shigella_boydii')], { token, locale: 'en' });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, token);
    expect(task.status).toBe('done');
    expect(task.genome.call).toMatchObject({ level: 'species', complex: { id: 'escherichia-coli-shigella', name: 'Escherichia coli / Shigella' } });
    expect(task.genome.hits[0].ani).toBeGreaterThan(95);

    const history = await call(portal, 'GET', '/api/blast/tasks?method=genome', undefined, { token });
    expect(history.body.data.list[0]).toMatchObject({ id: task.id, call: { name: 'Escherichia coli / Shigella', level: 'species' } });

    const get = (url: string, locale: 'zh' | 'en') => portal.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, local: locale } });
    for (const locale of ['zh', 'en'] as const) {
      const csv = await get(`/api/blast/tasks/${task.id}/export.csv`, locale);
      expect(csv.statusCode).toBe(200);
      // The call row names the complex, not E. coli alone.
      const callRow = csv.body.split(/\r?\n/).find((line) => line.replace(/^\uFEFF/, '').startsWith(locale === 'zh' ? '鉴定,' : 'call,'));
      expect(callRow, locale).toContain('Escherichia coli / Shigella');
      if (locale === 'zh') expect(callRow).toContain('大肠埃希菌/志贺菌');
      const pdf = await get(`/api/blast/tasks/${task.id}/export.pdf`, locale);
      // The Chinese PDF needs a CJK font, which a machine may lack.
      if (pdf.statusCode !== 200) {
        expect(locale).toBe('zh');
        continue;
      }
      const printed = pdfRuns(pdf.rawPayload).map((r) => r.text).join('');
      expect(printed, locale).toContain('Escherichia coli / Shigella');
    }
  }, 240_000);
});
