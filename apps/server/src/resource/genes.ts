import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { drugCodeOf } from '@mdc/core/resistome';
import { parseResfinderPhenotypes, readAmrfinderCatalog, readResfinderDb, resistomeDirs, type AmrfinderCatalog, type ResfinderDb, type ResfinderPhenotype } from '@mdc/refdata/resistome';
import type { Column, TablePlan } from './batch';
import type { Localized } from './labels';

/**
 * The resistance-gene shelf: ResFinder's acquired genes (one row per allele) with the class,
 * drugs, PMIDs and mechanism of its phenotypes.txt, each allele placed in a gene family and,
 * where AMRFinderPlus knows the same gene, its symbol and class.
 */

/** What the gene pages cite as the source (from the shared data's README and debian-copyright). */
export const RESFINDER_SOURCE = {
  name: 'ResFinder database',
  version: 'Debian resfinder-db 0.0+git20220524.fa32d9a',
  licence: 'Apache-2.0',
  url: 'https://bitbucket.org/genomicepidemiology/resfinder_db',
} as const;

export interface ResistanceGeneRow {
  id: string;
  name: string;
  variant: number;
  accession: string;
  family: string;
  sortKey: string;
  /** Database files the allele sits in (`beta-lactam`; two for the few ResFinder files twice). */
  dbClasses: string[];
  classes: string[];
  drugs: string[];
  drugCodes: string[];
  pmids: string[];
  mechanism: string;
  notes: string;
  requiredGene: string;
  length: number;
  amrfinder: { symbol: string; level: 'symbol' | 'family'; class: string; subclass: string; name: string } | null;
}

/**
 * The family an allele belongs to, as microbiologists group them: the allele number dropped
 * (blaKPC-2 → blaKPC, blaCTX-M-15 → blaCTX-M, blaTEM-1B → blaTEM, mcr-1.1 → mcr-1, sul1 → sul,
 * dfrA12 → dfrA, qnrB19 → qnrB); names without one (tet(A), aac(6')-Ib-cr, floR) are their own family.
 */
export function geneFamily(name: string): string {
  if (/^[A-Za-z]+.*-\d+[A-Za-z]?$/.test(name) && !/\(/.test(name)) return name.replace(/-\d+[A-Za-z]?$/, '');
  if (/^[a-z]+-\d+\.\d+$/.test(name)) return name.replace(/\.\d+$/, '');
  const short = /^([a-z]{3}[A-Z]?)\d+$/.exec(name);
  if (short) return short[1]!;
  return name;
}

/** Numbers zero-padded, so that text order is allele order (blaKPC-2 before blaKPC-10). */
export function alleleSortKey(name: string, variant = 0): string {
  return `${name.toLowerCase().replace(/\d+/g, (d) => d.padStart(6, '0'))}#${String(variant).padStart(4, '0')}`;
}

/** ResFinder writes several classes in one cell ("Macrolide, Lincosamide, Streptogramin B"). */
export function splitClasses(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => (c === 'Quaternary Ammonium Compounds' ? 'Quaternary Ammonium Compound' : c));
}

/** The rows of the shelf from ResFinder's database and, when there, AMRFinderPlus's catalogue. */
export function resistanceGeneRows(db: ResfinderDb, catalog?: AmrfinderCatalog): ResistanceGeneRow[] {
  const byId = new Map<string, ResistanceGeneRow>();
  for (const g of db.genes) {
    const seen = byId.get(g.id);
    if (seen) {
      if (!seen.dbClasses.includes(g.dbClass)) seen.dbClasses.push(g.dbClass);
      continue;
    }
    const p = db.phenotypes.get(g.id);
    const family = geneFamily(g.name);
    const drugs = p?.drugs ?? [];
    const drugCodes: string[] = [];
    for (const d of drugs) {
      const code = drugCodeOf(d);
      if (code && !drugCodes.includes(code)) drugCodes.push(code);
    }
    let amrfinder: ResistanceGeneRow['amrfinder'] = null;
    const symbol = catalog?.symbols.get(g.name);
    if (symbol) amrfinder = { symbol: symbol.symbol, level: 'symbol', class: symbol.class, subclass: symbol.subclass, name: symbol.name };
    else {
      const node = catalog?.families.get(family);
      if (node) amrfinder = { symbol: node.node, level: 'family', class: node.class, subclass: node.subclass, name: node.name };
    }
    byId.set(g.id, {
      id: g.id,
      name: g.name,
      variant: g.variant,
      accession: g.accession,
      family,
      sortKey: alleleSortKey(g.name, g.variant),
      dbClasses: [g.dbClass],
      classes: p ? splitClasses(p.class) : [],
      drugs,
      drugCodes,
      pmids: (p?.pmids ?? []).filter((id) => /^\d+$/.test(id)),
      mechanism: p?.mechanism ?? '',
      notes: p?.notes ?? '',
      requiredGene: p?.requiredGene ?? '',
      length: g.sequence.length,
      amrfinder,
    });
  }
  return [...byId.values()];
}

/** The folders and files an import reads for the shelf (an older data folder has none). */
export function resistanceGeneFiles(dir: string): string[] {
  const dirs = resistomeDirs(dir);
  if (!existsSync(path.join(dirs.resfinder, 'phenotypes.txt'))) return [];
  const files = [path.join(dirs.resfinder, 'phenotypes.txt'), path.join(dirs.resfinder, 'config')];
  const fam = path.join(dirs.amrfinderplus, 'fam.tab');
  if (existsSync(fam)) files.push(fam, path.join(dirs.amrfinderplus, 'AMRProt.gz'));
  for (const line of existsSync(files[1]!) ? readFileSync(files[1]!, 'utf8').split(/\r?\n/) : []) {
    const name = line.split('\t')[0]!.trim();
    if (name && !name.startsWith('#')) files.push(path.join(dirs.resfinder, `${name}.fsa`));
  }
  return files.filter((file) => existsSync(file));
}

export function readResistanceGenes(dir: string): ResistanceGeneRow[] {
  const dirs = resistomeDirs(dir);
  if (!existsSync(path.join(dirs.resfinder, 'phenotypes.txt'))) return [];
  const catalog = existsSync(path.join(dirs.amrfinderplus, 'fam.tab')) ? readAmrfinderCatalog(dirs.amrfinderplus) : undefined;
  const db = readResfinderDb(dirs.resfinder);
  const phenotypes = path.join(dirs.resfinder, 'phenotypes.txt');
  return resistanceGeneRows({ genes: db.genes, phenotypes: parseResfinderPhenotypes(readFileSync(phenotypes, 'utf8'), phenotypes) }, catalog);
}

const COLUMNS: Column[] = [
  { name: 'id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'variant', type: 'int' },
  { name: 'accession', type: 'text' },
  { name: 'family', type: 'text' },
  { name: 'sort_key', type: 'text' },
  { name: 'db_classes', type: 'text[]' },
  { name: 'classes', type: 'text[]' },
  { name: 'drugs', type: 'text[]' },
  { name: 'drug_codes', type: 'text[]' },
  { name: 'pmids', type: 'text[]' },
  { name: 'mechanism', type: 'text' },
  { name: 'notes', type: 'text' },
  { name: 'required_gene', type: 'text' },
  { name: 'length', type: 'int' },
  { name: 'amrfinder_symbol', type: 'text' },
  { name: 'amrfinder_level', type: 'text' },
  { name: 'amrfinder_class', type: 'text' },
  { name: 'amrfinder_subclass', type: 'text' },
  { name: 'amrfinder_name', type: 'text' },
];

export function resistanceGenePlan(rows: readonly ResistanceGeneRow[]): TablePlan {
  return {
    table: 'resistance_gene',
    columns: COLUMNS,
    rows: rows.map((r) => [
      r.id,
      r.name,
      r.variant,
      r.accession,
      r.family,
      r.sortKey,
      r.dbClasses,
      r.classes,
      r.drugs,
      r.drugCodes,
      r.pmids,
      r.mechanism,
      r.notes,
      r.requiredGene,
      r.length,
      r.amrfinder?.symbol ?? null,
      r.amrfinder?.level ?? null,
      r.amrfinder?.class ?? null,
      r.amrfinder?.subclass ?? null,
      r.amrfinder?.name ?? null,
    ]),
  };
}

/** ResFinder's classes in Chinese (the drug-class words of the Chinese guidelines). */
const CLASS_ZH: Record<string, string> = {
  'Beta-lactam': 'β-内酰胺类',
  Aminoglycoside: '氨基糖苷类',
  'Folate pathway antagonist': '叶酸途径拮抗剂',
  Tetracycline: '四环素类',
  Quinolone: '喹诺酮类',
  Macrolide: '大环内酯类',
  Lincosamide: '林可酰胺类',
  'Streptogramin A': '链阳菌素 A',
  'Streptogramin B': '链阳菌素 B',
  Polymyxin: '多黏菌素类',
  Glycopeptide: '糖肽类',
  Fosfomycin: '磷霉素',
  Amphenicol: '酰胺醇类',
  Oxazolidinone: '噁唑烷酮类',
  Nitroimidazole: '硝基咪唑类',
  Pleuromutilin: '截短侧耳素类',
  Rifamycin: '利福霉素类',
  'Quaternary Ammonium Compound': '季铵盐类消毒剂',
  'Steroid antibacterial': '甾体类抗菌药（夫西地酸）',
  'Pseudomonic acid': '假单胞菌酸（莫匹罗星）',
  Peroxide: '过氧化物',
  Aminocyclitol: '氨基环醇类',
};

export function geneClassLabel(value: string): Localized {
  return { en: value, zh: CLASS_ZH[value] ?? value };
}

/** ResFinder's mechanisms in Chinese; one the table lacks stays as written. */
const MECHANISM_ZH: Record<string, string> = {
  'Enzymatic inactivation': '酶灭活',
  'Enzymatic modification': '酶修饰',
  'Target protection': '靶位保护',
  'Target Protection': '靶位保护',
  'Target modification': '靶位修饰',
  'Purine synthesis': '嘌呤合成',
  'Increased efflux': '外排增加',
  'Efflux pump': '外排泵',
  'Enzymatic degradation': '酶降解',
  'Alternate Pathway': '替代途径',
  'Alternate Patheway': '替代途径',
  Transport: '转运',
  Ribosylation: '核糖基化',
};

export function mechanismLabel(value: string): Localized {
  return { en: value, zh: MECHANISM_ZH[value] ?? value };
}
