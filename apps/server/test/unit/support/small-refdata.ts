import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { stampFiles } from '../../../src/files-stamp';

/**
 * A small reference data folder cut from the real files at test time (never committed): the
 * higher ranks and a handful of clinically important genera, their WHONET organisms, recent CLSI
 * and EUCAST breakpoints of a few drugs, every rule, and the 16S/18S sequences of those genera.
 * Small enough to import in a second or two on either database.
 */
export const SMALL_GENERA = ['Escherichia', 'Klebsiella', 'Pseudomonas', 'Staphylococcus', 'Enterobacter', 'Candida', 'Bacteroides'];
/** Genera only the Lab needs (their taxa and WHONET organisms, not their sequences): Salmonella's reporting rules. */
const LAB_GENERA = ['Salmonella'];
/** Genera kept in the AMR 3.0.0 taxonomy alone: those of the names the curated status corrections make accepted (an import warns of a correction the list does not warrant). */
const TAXONOMY_GENERA = ['Microcystis', 'Planktothricoides'];
export const SMALL_DRUGS = ['AMP', 'AMX', 'AMC', 'MEM', 'CAZ', 'CIP', 'GEN', 'OXA', 'VAN', 'FOX', 'TZP', 'CRO', 'COL'];

export function realDataDir(): string {
  const dir = findRefdataDir();
  if (!dir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
  return dir;
}

const AMR_3 = 'amr/amr-3.0.0';

function filterTsv(file: string, keep: (cell: (column: string) => string, line: string) => boolean, options: { comment?: string } = {}): string {
  const raw = readFileSync(file);
  const lines = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').split('\n');
  const out: string[] = [];
  let header: string[] | undefined;
  for (const line of lines) {
    if (line.trim() === '' || (options.comment && line.startsWith(options.comment))) {
      if (!header) out.push(line);
      continue;
    }
    if (!header) {
      header = line.replace(/\r$/, '').split('\t');
      out.push(line);
      continue;
    }
    const cells = line.replace(/\r$/, '').split('\t');
    const cell = (column: string) => cells[header!.indexOf(column)] ?? '';
    if (keep(cell, line)) out.push(line);
  }
  return out.join('\n') + '\n';
}

function filterFasta(file: string, keep: (header: string, index: number) => boolean): Buffer {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const records = text.split(/\n(?=>)/);
  return gzipSync(records.filter((record, i) => keep(record.slice(0, record.indexOf('\n')), i)).join('\n').trimEnd() + '\n');
}

/**
 * A fresh copy of the small folder (callers may add or break files in it). The folder is cut once
 * per version of the real files and of this file, and kept in the temp folder: cutting it reads
 * and unzips the real tables, about 2.5 s of CPU, and some twenty test files each want one.
 */
export function buildSmallDataDir(into = mkdtempSync(path.join(os.tmpdir(), 'mdc-refdata-'))): string {
  const kept = keptSmallDataDir();
  cpSync(kept, into, { recursive: true });
  return into;
}

/** The real folders the small folder is cut from (its cache key). */
const SOURCE_FOLDERS = ['taxonomy', 'whonet', 'amr', 'rrna'];

function keptSmallDataDir(): string {
  const real = realDataDir();
  // The real folders the small one is cut from, by their files' names, sizes and times.
  const hash = stampFiles(createHash('sha256').update(readFileSync(new URL(import.meta.url))), real, SOURCE_FOLDERS);
  const dir = path.join(os.tmpdir(), `mdc-small-refdata-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(dir)) return dir;
  // Cut aside and renamed: a test file beside this one never copies half a folder.
  const aside = mkdtempSync(`${dir}.`);
  cutSmallDataDir(aside);
  try {
    renameSync(aside, dir);
  } catch {
    // Another process renamed its own copy first: the same content.
    rmSync(aside, { recursive: true, force: true });
  }
  return dir;
}

function cutSmallDataDir(into: string): void {
  const real = realDataDir();
  const genera = new Set(SMALL_GENERA);
  const labGenera = new Set([...SMALL_GENERA, ...LAB_GENERA]);
  const drugs = new Set(SMALL_DRUGS);
  for (const sub of ['taxonomy', 'whonet', 'amr', 'rrna']) mkdirSync(path.join(into, sub), { recursive: true });

  const kept = new Set<string>();
  const taxa = filterTsv(path.join(real, 'taxonomy/microorganisms.tsv'), (cell) => {
    const keep = ['kingdom', 'phylum', 'class', 'order', 'family'].includes(cell('rank')) || genera.has(cell('genus'));
    if (keep) kept.add(cell('mo'));
    return keep;
  });
  writeFileSync(path.join(into, 'taxonomy/microorganisms.tsv'), taxa);
  writeFileSync(path.join(into, 'taxonomy/microorganisms.codes.tsv'), filterTsv(path.join(real, 'taxonomy/microorganisms.codes.tsv'), (cell) => kept.has(cell('mo'))));

  // The AMR 3.0.0 taxonomy cut the same way (the import merges the 2022 records it dropped).
  mkdirSync(path.join(into, AMR_3), { recursive: true });
  const keptAmr = new Set<string>();
  const amrTaxa = filterTsv(path.join(real, AMR_3, 'microorganisms.tsv.gz'), (cell) => {
    const keep = ['kingdom', 'phylum', 'class', 'order', 'family'].includes(cell('rank')) || labGenera.has(cell('genus')) || TAXONOMY_GENERA.includes(cell('genus'));
    if (keep) keptAmr.add(cell('mo'));
    return keep;
  });
  writeFileSync(path.join(into, AMR_3, 'microorganisms.tsv.gz'), gzipSync(amrTaxa));
  // Breakpoints 2023–2025 of the same drugs (and tetracycline, for TET), every group, every drug name.
  writeFileSync(
    path.join(into, AMR_3, 'clinical_breakpoints.tsv'),
    filterTsv(path.join(real, AMR_3, 'clinical_breakpoints.tsv'), (cell) => /20(2[1-5])$/.test(cell('guideline')) && (drugs.has(cell('ab')) || ['TCY', 'FEP', 'CZO', 'ETP', 'IPM'].includes(cell('ab')))),
  );
  copyFileSync(path.join(real, AMR_3, 'microorganisms.groups.tsv'), path.join(into, AMR_3, 'microorganisms.groups.tsv'));
  copyFileSync(path.join(real, AMR_3, 'antimicrobials.tsv'), path.join(into, AMR_3, 'antimicrobials.tsv'));
  // EUCAST rules (Expert Rules 3.3, Expected phenotypes 1.2) whole; intrinsic resistance of the kept taxa.
  copyFileSync(path.join(real, AMR_3, 'interpretive_rules.tsv'), path.join(into, AMR_3, 'interpretive_rules.tsv'));
  writeFileSync(path.join(into, AMR_3, 'intrinsic_resistant.tsv.gz'), gzipSync(filterTsv(path.join(real, AMR_3, 'intrinsic_resistant.tsv.gz'), (cell) => keptAmr.has(cell('mo')))));
  writeFileSync(path.join(into, AMR_3, 'microorganisms.codes.tsv'), filterTsv(path.join(real, AMR_3, 'microorganisms.codes.tsv'), (cell) => keptAmr.has(cell('mo'))));

  const whonet = (file: string) => path.join(real, 'whonet', file);
  const out = (file: string) => path.join(into, 'whonet', file);
  writeFileSync(out('Organisms.txt'), filterTsv(whonet('Organisms.txt'), (cell) => labGenera.has(cell('GENUS')) || /^(ana|an\+|an-|sta|scn|sc\+|xmr)$/.test(cell('WHONET_ORG_CODE'))));
  copyFileSync(whonet('Antibiotics.txt'), out('Antibiotics.txt'));
  writeFileSync(
    out('Breakpoints.txt'),
    filterTsv(whonet('Breakpoints.txt'), (cell) => ['CLSI', 'EUCAST'].includes(cell('GUIDELINES')) && Number(cell('YEAR')) >= 2021 && drugs.has(cell('WHONET_ABX_CODE'))),
  );
  copyFileSync(whonet('ExpectedResistancePhenotypes.txt'), out('ExpectedResistancePhenotypes.txt'));
  copyFileSync(whonet('ExpertInterpretationRules.txt'), out('ExpertInterpretationRules.txt'));
  writeFileSync(out('QC_Ranges.txt'), filterTsv(whonet('QC_Ranges.txt'), (cell) => Number(cell('YEAR')) >= 2022 && drugs.has(cell('WHONET_ABX_CODE'))));
  copyFileSync(path.join(real, 'amr/eucast_rules.tsv'), path.join(into, 'amr/eucast_rules.tsv'));

  // The last taxonomy element of a header is "Genus species".
  const genusOf = (header: string) => header.slice(header.lastIndexOf(';') + 1).split(' ')[0];
  writeFileSync(path.join(into, 'rrna/16S_reference.fasta.gz'), filterFasta(path.join(real, 'rrna/16S_reference.fasta.gz'), (h) => genera.has(genusOf(h) ?? '')));
  writeFileSync(path.join(into, 'rrna/18S_reference.fasta.gz'), filterFasta(path.join(real, 'rrna/18S_reference.fasta.gz'), (h, i) => genera.has(genusOf(h) ?? '') || i < 20));
}

/** Number of data rows (not header, comment or blank lines) of a text table, for expectations. */
export function countRows(file: string, comment?: string): number {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '' && !(comment && l.startsWith(comment)));
  return lines.length - 1;
}

export function countFasta(file: string): number {
  return (gunzipSync(readFileSync(file)).toString('utf8').match(/^>/gm) ?? []).length;
}
