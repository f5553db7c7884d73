import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { activeAccount } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

/**
 * Issue 25: after the species call, the genome job types the isolate with its species' PubMLST
 * scheme in the same thread, on the assembly it read, and the result, history and CSV carry the ST.
 * K. pneumoniae HS11286 is ST11 (Kleborate's example); its references hold another strain only.
 */
describe.each(dbKinds)('MLST in the genome result on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await insertGenomeReferences(portal.db, ['R09_Klebsiella_pneumoniae', 'R29_Helicobacter_pylori']);
    token = await activeAccount(portal, smtp);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('gives K. pneumoniae HS11286 its ST11 with the Klebsiella scheme, in the result, the history and the CSV', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('R10_Klebsiella_pneumoniae_HS11286')], { token, locale: 'en' });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, token);
    expect(task.status).toBe('done');
    expect(task.genome.call).toMatchObject({ level: 'species', species: 'Klebsiella pneumoniae' });
    const typing = task.genome.typing;
    expect(typing).toMatchObject({ species: 'Klebsiella pneumoniae', reason: 'typed', mlst: { scheme: 'klebsiella', st: '11', status: 'PERFECT', score: 100 } });
    expect(typing.mlst.loci.map((l: { locus: string; call: string }) => `${l.locus}(${l.call})`).join(' ')).toBe('gapA(3) infB(3) mdh(1) pgi(1) phoE(1) rpoB(1) tonB(4)');
    expect(typing.mlst.loci[0].hits[0]).toMatchObject({ allele: '3', contig: expect.stringMatching(/^NC_016845/), identity: 1 });

    const history = await call(portal, 'GET', '/api/blast/tasks?method=genome', undefined, { token });
    expect(history.body.data.list[0]).toMatchObject({ id: task.id, call: { name: 'Klebsiella pneumoniae' }, summary: { typing: { scheme: 'klebsiella', st: '11' } } });

    for (const locale of ['zh', 'en'] as const) {
      const csv = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.csv`, headers: { authorization: `Bearer ${token}`, local: locale } });
      const row = csv.body.split(/\r?\n/).find((line) => line.startsWith(locale === 'zh' ? 'MLST 分型,' : 'MLST,'));
      expect(row).toContain('klebsiella');
      expect(row).toContain('ST 11 · gapA(3) infB(3) mdh(1) pgi(1) phoE(1) rpoB(1) tonB(4)');
    }
  });

  it('says plainly that a genome without a species call is not typed', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('T21_Akkermansia')], { token, locale: 'en' });
    const task = await finished(portal, submit.body.data.id, token);
    expect(task.genome.call.level).toBe('none');
    expect(task.genome.typing).toEqual({ species: null, reason: 'no-species-call', mlst: null });
    const csv = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.csv`, headers: { authorization: `Bearer ${token}`, local: 'en' } });
    expect(csv.body).toContain('MLST,,,,,,,,,no species called: not typed');
  });
});
