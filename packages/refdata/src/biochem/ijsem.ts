import { csvTable } from './csv';
import { BiochemFileError } from './errors';

export const IJSEM_DIR = 'biochem/ijsem-phenotypes';
export const IJSEM_FILE = 'IJSEM_pheno_db_v1.0.csv';

export type IjsemGram = 'positive' | 'negative' | 'variable';
export type IjsemShape = 'rod' | 'coccus' | 'coccobacillus' | 'spiral';
export type IjsemOxygen = 'aerobe' | 'facultative' | 'anaerobe' | 'microaerophile';

/** One strain description of the IJSEM phenotype database (Barberán et al. 2017, mSphere 2:e00237-16). */
export interface IjsemStrain {
  line: number;
  genus: string;
  species: string;
  gram?: IjsemGram;
  shape?: IjsemShape;
  /** Motile by any means (flagella, gliding, unspecified); false for "non-motile". */
  motile?: boolean;
  spores?: boolean;
  oxygen?: IjsemOxygen;
  pigment?: boolean;
  /** Positive assays as listed ("catalase positive", "oxidase positive", …). */
  assays: string[];
}

const NA = new Set(['', 'NA']);

function pick<T extends string>(value: string, table: Readonly<Record<string, T>>, column: string, file: string, line: number): T | undefined {
  const v = value.trim();
  if (NA.has(v)) return undefined;
  const mapped = table[v];
  // The curated file holds a handful of values shifted into the wrong column (a page number in
  // Aggregation, "cocci" in Pigment): those cells say nothing about this column and are skipped.
  if (mapped === undefined) {
    if (/^\d+$/.test(v) || v === 'cocci' || v === 'rod') return undefined;
    throw new BiochemFileError(`unexpected value "${v}"`, { file, line, column });
  }
  return mapped;
}

const GRAM: Record<string, IjsemGram> = { positive: 'positive', negative: 'negative', variable: 'variable' };
const SHAPE: Record<string, IjsemShape> = { rod: 'rod', cocci: 'coccus', 'ovoid/coccobacillus': 'coccobacillus', 'spirillum/corkscrew': 'spiral' };
const OXYGEN: Record<string, IjsemOxygen> = {
  'obligate aerobe': 'aerobe',
  aerobic: 'aerobe',
  'facultative anaerobe': 'facultative',
  'facultative aerobe': 'facultative',
  anaerobic: 'anaerobe',
  'obligate anerobe': 'anaerobe',
  anerobic: 'anaerobe',
  microaerophile: 'microaerophile',
  microerophile: 'microaerophile',
};
const MOTILITY: Record<string, 'yes' | 'no'> = {
  'non-motile': 'no',
  flagella: 'yes',
  'motile, but unspecified structure': 'yes',
  gliding: 'yes',
  'axial filament': 'yes',
};
const YESNO: Record<string, 'yes' | 'no'> = { yes: 'yes', no: 'no' };

/**
 * Reads the IJSEM phenotype table. The file is Latin-1 encoded: pass its bytes or text decoded
 * as Latin-1. Unknown values in the columns read here are errors (with line and column).
 */
export function parseIjsemPhenotypes(input: string | Uint8Array, file = IJSEM_FILE): IjsemStrain[] {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  const columns = ['Genus', 'Species', 'Gram', 'Shape', 'Motility', 'Spore', 'Oxygen', 'Pigment', 'MetabAssays'];
  const { index, rows } = csvTable(text, file, columns);
  const get = (cells: string[], column: string) => cells[index.get(column)!] ?? '';
  return rows.map((row) => {
    const genus = get(row.cells, 'Genus').trim();
    if (NA.has(genus)) throw new BiochemFileError('no genus', { file, line: row.line, column: 'Genus' });
    const motility = pick(get(row.cells, 'Motility'), MOTILITY, 'Motility', file, row.line);
    const spores = pick(get(row.cells, 'Spore'), YESNO, 'Spore', file, row.line);
    const pigment = pick(get(row.cells, 'Pigment'), YESNO, 'Pigment', file, row.line);
    const gram = pick(get(row.cells, 'Gram'), GRAM, 'Gram', file, row.line);
    const shape = pick(get(row.cells, 'Shape'), SHAPE, 'Shape', file, row.line);
    const oxygen = pick(get(row.cells, 'Oxygen'), OXYGEN, 'Oxygen', file, row.line);
    const assaysText = get(row.cells, 'MetabAssays').trim();
    return {
      line: row.line,
      genus,
      species: get(row.cells, 'Species').trim(),
      ...(gram ? { gram } : {}),
      ...(shape ? { shape } : {}),
      ...(motility ? { motile: motility === 'yes' } : {}),
      ...(spores ? { spores: spores === 'yes' } : {}),
      ...(oxygen ? { oxygen } : {}),
      ...(pigment ? { pigment: pigment === 'yes' } : {}),
      assays: NA.has(assaysText) ? [] : assaysText.split(',').map((a) => a.trim()).filter(Boolean),
    };
  });
}

export interface GenusPhenotypeSummary {
  genus: string;
  strains: number;
  /** For each character, strains with a value and the % of them positive (Gram-positive, motile …). */
  gramPositive?: { n: number; percent: number };
  motile?: { n: number; percent: number };
  spores?: { n: number; percent: number };
  shape: Partial<Record<IjsemShape, number>>;
  oxygen: Partial<Record<IjsemOxygen, number>>;
  catalasePositive: number;
  oxidasePositive: number;
}

const share = (values: boolean[]) => (values.length ? { n: values.length, percent: (100 * values.filter(Boolean).length) / values.length } : undefined);

/** The strains of one genus summed up, to back a morphology row with published descriptions. */
export function summariseGenus(strains: readonly IjsemStrain[], genus: string): GenusPhenotypeSummary {
  const of = strains.filter((s) => s.genus === genus);
  const count = <K extends string>(values: (K | undefined)[]) => {
    const out: Partial<Record<K, number>> = {};
    for (const v of values) if (v) out[v] = (out[v] ?? 0) + 1;
    return out;
  };
  const gram = share(of.filter((s) => s.gram && s.gram !== 'variable').map((s) => s.gram === 'positive'));
  const motile = share(of.filter((s) => s.motile !== undefined).map((s) => s.motile!));
  const spores = share(of.filter((s) => s.spores !== undefined).map((s) => s.spores!));
  return {
    genus,
    strains: of.length,
    ...(gram ? { gramPositive: gram } : {}),
    ...(motile ? { motile } : {}),
    ...(spores ? { spores } : {}),
    shape: count(of.map((s) => s.shape)),
    oxygen: count(of.map((s) => s.oxygen)),
    catalasePositive: of.filter((s) => s.assays.includes('catalase positive')).length,
    oxidasePositive: of.filter((s) => s.assays.includes('oxidase positive')).length,
  };
}
