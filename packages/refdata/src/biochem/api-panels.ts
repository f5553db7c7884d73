import { csvTable } from './csv';
import { BiochemFileError } from './errors';

export const API_PANELS_DIR = 'biochem/api-panels';

/** File of a strip's well definitions, e.g. `kit_api_20E_meta.csv` for "20E". */
export function apiPanelMetaFile(strip: string): string {
  return `kit_api_${strip}_meta.csv`;
}

export interface ApiWell {
  /** Position on the strip (cupule), 1-based. */
  cupule: number;
  /** Well code as printed, normalised: "LDC (Lys)" → "LDC", "Sor" → "SOR". */
  code: string;
  /** The code exactly as in the file. */
  label: string;
  reaction: string;
  substrate?: string;
  chebi?: number;
  ec?: string;
  line: number;
}

const absent = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return !v || v === 'NULL' ? undefined : v;
};

export function normaliseWellCode(label: string): string {
  return label.replace(/\s*\(.*\)\s*$/, '').replace(/\s+/g, '').toUpperCase();
}

/**
 * Reads a BacDive / kg-microbe API kit table: one row per well, in any order in the file;
 * returned in strip order. Cupule numbers must be whole, unique numbers.
 */
export function parseApiPanelMeta(text: string, file: string): ApiWell[] {
  // Lenient quotes: the kit tables hold unescaped quotes inside quoted cells (see CsvOptions).
  const { index, rows } = csvTable(text, file, ['cupule', 'cupule_Name_Kit', 'reaction_name', 'substrate', 'ID_CHEBI', 'EC_number'], { lenientQuotes: true });
  const cell = (row: { cells: string[] }, column: string) => row.cells[index.get(column)!];
  const seen = new Set<number>();
  const wells = rows.map((row) => {
    const cupuleText = cell(row, 'cupule')!.trim();
    if (!/^\d+$/.test(cupuleText) || Number(cupuleText) < 1) {
      throw new BiochemFileError(`cupule "${cupuleText}" is not a position 1, 2, …`, { file, line: row.line, column: 'cupule' });
    }
    const cupule = Number(cupuleText);
    if (seen.has(cupule)) throw new BiochemFileError(`cupule ${cupule} appears twice`, { file, line: row.line, column: 'cupule' });
    seen.add(cupule);
    const label = cell(row, 'cupule_Name_Kit')!.trim();
    if (!label) throw new BiochemFileError('empty well code', { file, line: row.line, column: 'cupule_Name_Kit' });
    const chebiText = absent(cell(row, 'ID_CHEBI'));
    if (chebiText !== undefined && !/^\d+$/.test(chebiText)) {
      throw new BiochemFileError(`ChEBI id "${chebiText}" is not a number`, { file, line: row.line, column: 'ID_CHEBI' });
    }
    const substrate = absent(cell(row, 'substrate'));
    const ec = absent(cell(row, 'EC_number'));
    return {
      cupule,
      code: normaliseWellCode(label),
      label,
      reaction: cell(row, 'reaction_name')!.trim(),
      ...(substrate ? { substrate } : {}),
      ...(chebiText ? { chebi: Number(chebiText) } : {}),
      ...(ec ? { ec: ec.replace(/^EC\s*/, '') } : {}),
      line: row.line,
    };
  });
  if (wells.length === 0) throw new BiochemFileError('no wells', { file });
  return wells.sort((a, b) => a.cupule - b.cupule);
}
