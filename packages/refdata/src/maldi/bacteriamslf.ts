import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GeneWeights, ProteinMass } from '@mdc/core/identify/proteome';
import { findRefdataDir } from '../datadir/index';
import { splitCsvLine } from './datasets';

/** Where the theoretical protein masses live under the reference data. */
export const BACTERIAMSLF_DIR = 'maldi/bacteriamslf';
export const BACTERIAMSLF_SOURCE = 'BacteriaMSLF (Cheng, Qiao & Horvatovich 2018, J Proteome Res; BSD-2): UniProt protein masses';

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
}

/**
 * `uniprot_table.csv`: an unnamed row number, then species (epithet), gn (gene name), mw (average
 * molecular weight of the precursor, Da), genus — lower case as the authors wrote them.
 * Rows without a number for mw are skipped and counted.
 */
export function parseProteinTable(text: string): { rows: ProteinMass[]; skipped: number } {
  const all = lines(text);
  const header = splitCsvLine(all[0] ?? '').map((h) => h.toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [cs, cg, cm, cgen] = [col('species'), col('gn'), col('mw'), col('genus')];
  if (cs < 0 || cg < 0 || cm < 0 || cgen < 0) throw new Error('uniprot_table.csv: expected the columns species, gn, mw, genus');
  const rows: ProteinMass[] = [];
  let skipped = 0;
  for (const line of all.slice(1)) {
    const f = line.split(',');
    const mw = Number(f[cm]);
    const species = f[cs]?.trim() ?? '';
    const gene = f[cg]?.trim() ?? '';
    const genus = f[cgen]?.trim() ?? '';
    if (!(mw > 0) || !species || !gene || !genus) {
      skipped++;
      continue;
    }
    rows.push({ genus, species, gene, mw });
  }
  return { rows, skipped };
}

/** `weight.csv`: gene, mean, std — the authors' trained weights (the mean is used). */
export function parseGeneWeights(text: string): GeneWeights {
  const out: Record<string, number> = {};
  for (const line of lines(text).slice(1)) {
    const [gene, mean] = splitCsvLine(line);
    const w = Number(mean);
    if (gene && w > 0) out[gene.toLowerCase()] = w;
  }
  return out;
}

/** Both files from `REFDATA_DIR/maldi/bacteriamslf/`. */
export async function readBacteriaMslf(refdataDir?: string): Promise<{ rows: ProteinMass[]; weights: GeneWeights; skipped: number }> {
  const dir = refdataDir ?? findRefdataDir();
  if (!dir) throw new Error('no reference data: set REFDATA_DIR or place the shared data beside the checkout');
  const base = path.join(dir, BACTERIAMSLF_DIR);
  const [table, weights] = await Promise.all([readFile(path.join(base, 'uniprot_table.csv'), 'utf8'), readFile(path.join(base, 'weight.csv'), 'utf8')]);
  const { rows, skipped } = parseProteinTable(table);
  return { rows, weights: parseGeneWeights(weights), skipped };
}
