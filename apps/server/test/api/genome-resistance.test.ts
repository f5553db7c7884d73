import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { activeAccount } from '../support/accounts';
import { finished, upload } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

interface Gene {
  name: string;
  intrinsic: boolean;
  partial: boolean;
  identity: number;
  coverage: number;
  contig: string;
}

/**
 * Issue 25: after the species call the genome thread runs the resistome engine on the assembly it
 * read: genes, the species' PointFinder mutations and the predicted category per drug. K. pneumoniae
 * HS11286 (ST11) carries blaKPC-2 and blaCTX-M-14 on plasmids, gyrA S83I and parC S80I (bench/results/
 * resistome-2026-11-28.md: ResFinder 4.3.0 and Kleborate agree), and its chromosomal blaSHV is intrinsic.
 */
describe.each(dbKinds)('resistance in the genome result on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
    await insertGenomeReferences(portal.db, ['R09_Klebsiella_pneumoniae']);
    token = await activeAccount(portal, smtp);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('finds the KPC-2 and CTX-M-14 of K. pneumoniae HS11286 and its QRDR mutations, predicts carbapenems R, in the result, the history and the CSV', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('R10_Klebsiella_pneumoniae_HS11286')], { token, locale: 'en' });
    expect(submit.status).toBe(200);
    const task = await finished(portal, submit.body.data.id, token);
    expect(task.status).toBe('done');
    const resistance = task.genome.resistance;
    expect(resistance).toMatchObject({ status: 'analysed', species: 'Klebsiella pneumoniae', pointfinderSpecies: 'klebsiella' });
    const genes = resistance.genes as Gene[];
    const kpc = genes.find((g) => g.name === 'blaKPC-2');
    expect(kpc).toMatchObject({ intrinsic: false, partial: false, identity: 100, coverage: 100, contig: expect.stringMatching(/^NC_/) });
    expect(genes.find((g) => g.name === 'blaCTX-M-14')).toMatchObject({ intrinsic: false, class: 'Beta-lactam' });
    // The chromosomal SHV of K. pneumoniae is the species' own, not acquired.
    expect(genes.filter((g) => g.name.startsWith('blaSHV')).every((g) => g.intrinsic)).toBe(true);
    expect(resistance.mutations.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['gyrA p.S83I', 'parC p.S80I']));
    const predicted = (drug: string) => resistance.predictions.find((p: { drug: string }) => p.drug === drug);
    expect(predicted('MEM')).toMatchObject({ prediction: 'R', evidence: expect.stringContaining('blaKPC-2') });
    expect(predicted('CRO')).toMatchObject({ prediction: 'R' });
    // gyrA S83I with parC S80I: both targets changed, ciprofloxacin R (as Kleborate scores this ST11 strain).
    expect(predicted('CIP')).toMatchObject({ prediction: 'R', evidence: expect.stringContaining('gyrA_S83I') });
    expect(predicted('CIP')!.evidence).toContain('parC_S80I');
    // Acquired β-lactamases first (carbapenemase before ESBL), no intrinsic gene, no narrow-spectrum TEM-1.
    expect(resistance.key.slice(0, 2)).toEqual(['KPC-2', 'CTX-M-14']);
    expect(resistance.key.some((k: string) => k.startsWith('SHV') || k.startsWith('TEM'))).toBe(false);

    const history = await call(portal, 'GET', '/api/blast/tasks?method=genome', undefined, { token });
    const row = history.body.data.list[0];
    expect(row).toMatchObject({ id: task.id, summary: { resistance: { key: resistance.key } } });
    expect(row.summary.headline).toMatch(/^KPC-2 · CTX-M-14 · .*ST11$/);

    for (const locale of ['zh', 'en'] as const) {
      const csv = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.csv`, headers: { authorization: `Bearer ${token}`, local: locale } });
      const lines = csv.body.split(/\r?\n/);
      const gene = lines.find((line) => line.startsWith(locale === 'zh' ? '耐药基因,' : 'resistance gene,') && line.includes('blaKPC-2'));
      expect(gene).toContain('Beta-lactam');
      expect(gene).toContain('100.00');
      const meropenem = lines.find((line) => line.startsWith(locale === 'zh' ? '预测表型,' : 'predicted phenotype,') && line.includes('(MEM)'));
      expect(meropenem).toContain(locale === 'zh' ? '耐药 (R)' : ',R,');
      expect(meropenem).toContain('blaKPC-2');
    }
  });
});

/** Without the resistance databases the genome is still identified and the section says so. */
describe.each(dbKinds)('resistance without its databases on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  let token: string;
  const empty = mkdtempSync(path.join(tmpdir(), 'mdc-no-refdata-'));

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MDC_BLAST_THREADS: '1', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' }, { refdataDir: empty });
    await insertGenomeReferences(portal.db, ['R09_Klebsiella_pneumoniae']);
    token = await activeAccount(portal, smtp);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('identifies the genome and says resistance is not available', async () => {
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [genomeFile('R10_Klebsiella_pneumoniae_HS11286')], { token, locale: 'en' });
    const task = await finished(portal, submit.body.data.id, token);
    expect(task.status).toBe('done');
    expect(task.genome.call).toMatchObject({ level: 'species', species: 'Klebsiella pneumoniae' });
    expect(task.genome.resistance).toMatchObject({ status: 'not-available', genes: [], predictions: [] });
    const csv = await portal.app.inject({ method: 'GET', url: `/api/blast/tasks/${task.id}/export.csv`, headers: { authorization: `Bearer ${token}`, local: 'en' } });
    expect(csv.body).toContain('resistance not available: no resistance databases on the server');
  });
});
