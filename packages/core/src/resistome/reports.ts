import { drugCodes } from './drugs';
import type { ResistanceElement } from './predict';

/**
 * Readers of the reports labs already have: AMRFinderPlus's TSV, ResFinder's `results_tab` and
 * hAMRonization's TSV, each into the elements the prediction reads, per sample. Pure: text in.
 */

/** A report the reader cannot take: names the file, the line and what is wrong. */
export class ReportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}, line ${line}: ${reason}`);
    this.name = 'ReportError';
  }
}

export type ReportFormat = 'amrfinderplus' | 'resfinder' | 'hamronization';

export interface ReportSample {
  sample: string;
  elements: ResistanceElement[];
}

interface Table {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

function table(text: string, file: string): Table {
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) throw new ReportError(file, 1, 'the file is empty');
  const header = lines[first]!.replace(/^#/, '').split('\t').map((h) => h.trim());
  if (header.length < 2) throw new ReportError(file, first + 1, 'not a tab-separated report (one column in the header)');
  const rows: Table['rows'] = [];
  for (let i = first + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (!l.trim()) continue;
    const cells = l.split('\t');
    if (cells.length < header.length) throw new ReportError(file, i + 1, `${cells.length} columns where the header has ${header.length}`);
    rows.push({ line: i + 1, cells });
  }
  return { header, rows };
}

function columns(t: Table, file: string, required: Record<string, readonly string[]>): Record<string, number> {
  const out: Record<string, number> = {};
  const missing: string[] = [];
  for (const [key, names] of Object.entries(required)) {
    const i = t.header.findIndex((h) => names.includes(h));
    if (i < 0) missing.push(`"${names[0]}"`);
    else out[key] = i;
  }
  if (missing.length) throw new ReportError(file, 1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return out;
}

const baseName = (file: string) => file.replace(/^.*[\\/]/, '');

export function detectReportFormat(text: string, file: string): ReportFormat {
  const header = table(text, file).header;
  if (header.includes('Gene symbol') || header.includes('Element symbol')) return 'amrfinderplus';
  // A report with AMRFinderPlus's other columns is one with a column lost: said as such.
  const amrfinderColumns = ['Protein identifier', 'Contig id', 'Sequence name', 'Element type', 'Element subtype', 'Subclass', 'Method', '% Coverage of reference sequence', '% Identity to reference sequence'];
  if (header.filter((h) => amrfinderColumns.includes(h)).length >= 2 || (header.includes('Contig id') && header.includes('Class'))) return 'amrfinderplus';
  if (header.includes('Resistance gene')) return 'resfinder';
  if (header.includes('gene_symbol') && header.includes('input_file_name')) return 'hamronization';
  throw new ReportError(file, 1, 'not an AMRFinderPlus report ("Gene symbol" or "Element symbol" column), a ResFinder results_tab ("Resistance gene") or a hAMRonization TSV ("input_file_name", "gene_symbol")');
}

export function readResistanceReport(text: string, file: string): ReportSample[] {
  const format = detectReportFormat(text, file);
  return format === 'amrfinderplus' ? readAmrfinderReport(text, file) : format === 'resfinder' ? readResfinderTab(text, file) : readHamronization(text, file);
}

function group(file: string, pairs: [string, ResistanceElement][]): ReportSample[] {
  const out = new Map<string, ResistanceElement[]>();
  for (const [sample, e] of pairs) {
    const list = out.get(sample) ?? [];
    const i = list.findIndex((x) => x.symbol === e.symbol);
    // A symbol found twice counts once: a whole, uninterrupted copy before a partial or interrupted one.
    if (i < 0) list.push(e);
    else if ((list[i]!.partial || list[i]!.interrupted) && !e.partial && !e.interrupted) list[i] = e;
    out.set(sample, list);
  }
  if (out.size === 0) return [{ sample: baseName(file), elements: [] }];
  return [...out].map(([sample, elements]) => ({ sample, elements }));
}

/** AMRFinderPlus (3.x `Gene symbol` or 4.x `Element symbol`); AMR elements only; `Name` is the sample when present; PARTIAL hits partial, INTERNAL_STOP hits interrupted. */
export function readAmrfinderReport(text: string, file: string): ReportSample[] {
  const t = table(text, file);
  const c = columns(t, file, { symbol: ['Gene symbol', 'Element symbol'], subclass: ['Subclass'], class: ['Class'] });
  const name = t.header.indexOf('Name');
  const type = t.header.findIndex((h) => h === 'Element type' || h === 'Type');
  const subtype = t.header.findIndex((h) => h === 'Element subtype' || h === 'Subtype');
  const method = t.header.indexOf('Method');
  const pairs: [string, ResistanceElement][] = [];
  for (const { cells } of t.rows) {
    if (type >= 0 && cells[type]!.trim() !== 'AMR') continue;
    const symbol = cells[c.symbol!]!.trim();
    if (!symbol) continue;
    const point = (subtype >= 0 && cells[subtype]!.trim() === 'POINT') || /^POINT/.test(method >= 0 ? cells[method]! : '');
    const m = method >= 0 ? cells[method]!.trim() : '';
    // PARTIAL/PARTIAL_CONTIG_END: a part of the gene; INTERNAL_STOP: the whole gene with a stop codon inside.
    const element: ResistanceElement = { kind: point ? 'mutation' : 'gene', symbol, subclass: cells[c.subclass!]!.trim(), partial: /^PARTIAL/.test(m) };
    if (/^INTERNAL_STOP/.test(m)) element.interrupted = true;
    pairs.push([name >= 0 ? cells[name]!.trim() : baseName(file), element]);
  }
  return group(file, pairs);
}

/** ResFinder 4 `ResFinder_results_tab.txt`: one sample a file. */
export function readResfinderTab(text: string, file: string): ReportSample[] {
  const t = table(text, file);
  const c = columns(t, file, { gene: ['Resistance gene'], phenotype: ['Phenotype'], identity: ['Identity'], coverage: ['Coverage'] });
  const pairs: [string, ResistanceElement][] = [];
  for (const { cells, line } of t.rows) {
    const identity = Number(cells[c.identity!]);
    if (!Number.isFinite(identity)) throw new ReportError(file, line, `identity "${cells[c.identity!]}" is not a number`);
    pairs.push([baseName(file), { kind: 'gene', symbol: cells[c.gene!]!.trim(), drugs: drugCodes(cells[c.phenotype!]!.split(',')), partial: Number(cells[c.coverage!]) < 100 }]);
  }
  return group(file, pairs);
}

/** hAMRonization's combined TSV: `input_file_name` is the sample; a PointFinder/AMRFinderPlus mutation keeps its change. */
export function readHamronization(text: string, file: string): ReportSample[] {
  const t = table(text, file);
  const c = columns(t, file, { sample: ['input_file_name'], symbol: ['gene_symbol'], drugClass: ['drug_class'] });
  const agent = t.header.indexOf('antimicrobial_agent');
  const variation = t.header.indexOf('genetic_variation_type');
  const aa = t.header.indexOf('amino_acid_mutation');
  const nt = t.header.indexOf('nucleotide_mutation');
  const pairs: [string, ResistanceElement][] = [];
  for (const { cells } of t.rows) {
    const mutationType = variation >= 0 && /variant|mutation/i.test(cells[variation]!) && !/gene_presence/i.test(cells[variation]!);
    let symbol = cells[c.symbol!]!.trim();
    const change = (aa >= 0 ? cells[aa]!.trim() : '') || (nt >= 0 ? cells[nt]!.trim() : '');
    // p.S83L → gyrA_S83L, the symbol the rules read.
    if (mutationType && change && !symbol.includes('_')) {
      const p = /^p\.([A-Z*])(\d+)([A-Z*])$/.exec(change);
      const n = /^[nc]\.(-?\d+)([ACGT])>([ACGT])$/.exec(change);
      if (p) symbol = `${symbol}_${p[1]}${p[2]}${p[3]}`;
      else if (n) symbol = `${symbol}_${n[2]}${n[1]}${n[3]}`;
    }
    const drugs = agent >= 0 && cells[agent]!.trim() ? drugCodes(cells[agent]!.split(/[,;]/)) : undefined;
    pairs.push([cells[c.sample!]!.trim(), { kind: mutationType ? 'mutation' : 'gene', symbol, drugs: drugs?.length ? drugs : undefined, subclass: cells[c.drugClass!]!.trim().toUpperCase() }]);
  }
  return group(file, pairs);
}
