import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { biochemTest, type MatrixTaxon, type PanelId, type ProbabilityMatrix } from '@mdc/core/identify/biochem';
import { BiochemFileError } from './errors';

/** The project's own matrices, `packages/refdata/biochem`, found from this module's location. */
export const projectBiochemDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../biochem');

export interface MatrixFileSpec {
  file: string;
  id: string;
  panel: PanelId;
  name: { en: string; zh: string };
  source: string;
}

/** The matrices MDC ships, one file each; a panel has exactly one. */
export const MATRIX_FILES: readonly MatrixFileSpec[] = Object.freeze([
  {
    file: 'enterobacterales.conventional.tsv',
    id: 'enterobacterales-conventional',
    panel: 'conventional',
    name: { en: 'Enterobacterales, conventional tubes', zh: '肠杆菌目常规生化' },
    source: "Bergey's Manual of Determinative Bacteriology, 9th ed. (1994), Enterobacteriaceae table (codes → % positive), refined with Farmer et al. 1985, J Clin Microbiol 21:46–76",
  },
  {
    file: 'enterobacterales.api20e.tsv',
    id: 'enterobacterales-api20e',
    panel: 'API20E',
    name: { en: 'API 20E', zh: 'API 20E' },
    source: 'Derived per well from the conventional reactions that the API 20E wells correspond to (see each row)',
  },
  {
    file: 'primary.tsv',
    id: 'primary',
    panel: 'primary',
    name: { en: 'Primary tests and morphology', zh: '初步试验与形态学' },
    source: 'Genus and species descriptions of the Manual of Clinical Microbiology (12th ed., 2019) and Cowan and Steel’s Manual (3rd ed., 1993), see each row',
  },
]);

const FIXED_BEFORE = ['taxon', 'zh', 'synonyms', 'complex', 'primary'] as const;

/**
 * Reads a matrix file: `#` comment lines, a header `taxon zh synonyms complex primary <test
 * codes…> source`, then one taxon per line with % positive 1–99 (empty: no data) and its source.
 */
export function parseMatrix(text: string, spec: MatrixFileSpec): ProbabilityMatrix {
  const file = spec.file;
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  let header: string[] | undefined;
  let headerLine = 0;
  const taxa: MatrixTaxon[] = [];
  const names = new Set<string>();
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const cells = raw.split('\t');
    if (!header) {
      header = cells.map((c) => c.trim());
      headerLine = line;
      FIXED_BEFORE.forEach((name, j) => {
        if (header![j] !== name) throw new BiochemFileError(`column ${j + 1} of the header must be "${name}"`, { file, line });
      });
      if (header[header.length - 1] !== 'source') throw new BiochemFileError('the last column of the header must be "source"', { file, line });
      const codes = header.slice(FIXED_BEFORE.length, -1);
      if (codes.length === 0) throw new BiochemFileError('no test columns', { file, line });
      for (const code of codes) {
        const test = biochemTest(code);
        if (!test || test.code !== code) throw new BiochemFileError(`"${code}" is not a test code`, { file, line, column: code });
      }
      if (new Set(codes).size !== codes.length) throw new BiochemFileError('a test column appears twice', { file, line });
      return;
    }
    if (cells.length !== header.length) {
      throw new BiochemFileError(`${cells.length} cells where the header has ${header.length}`, { file, line });
    }
    const name = cells[0]!.trim();
    if (!name) throw new BiochemFileError('empty taxon name', { file, line, column: 'taxon' });
    if (names.has(name)) throw new BiochemFileError(`taxon "${name}" appears twice`, { file, line, column: 'taxon' });
    names.add(name);
    const percent: Record<string, number> = {};
    for (let j = FIXED_BEFORE.length; j < header.length - 1; j++) {
      const cell = cells[j]!.trim();
      if (cell === '') continue;
      if (!/^\d{1,2}$/.test(cell) || Number(cell) < 1) {
        throw new BiochemFileError(`"${cell}" is not a % positive from 1 to 99`, { file, line, column: header[j]! });
      }
      percent[header[j]!] = Number(cell);
    }
    const source = cells[header.length - 1]!.trim();
    if (!source) throw new BiochemFileError('every row needs its source', { file, line, column: 'source' });
    const zh = cells[1]!.trim();
    const complex = cells[3]!.trim();
    const primary = cells[4]!.trim();
    taxa.push({
      name,
      ...(zh ? { zh } : {}),
      synonyms: cells[2]!.split(';').map((s) => s.trim()).filter(Boolean),
      ...(complex ? { complex } : {}),
      ...(primary ? { primary } : {}),
      percent,
      source,
    });
  });
  if (!header) throw new BiochemFileError('no header', { file });
  if (taxa.length === 0) throw new BiochemFileError('no taxa', { file, line: headerLine });
  return { id: spec.id, panel: spec.panel, name: spec.name, tests: header.slice(FIXED_BEFORE.length, -1), taxa, source: spec.source };
}

/** Writes a matrix in the format parseMatrix reads (used by the generator). */
export function formatMatrix(matrix: ProbabilityMatrix, comments: readonly string[]): string {
  const head = [...FIXED_BEFORE, ...matrix.tests, 'source'].join('\t');
  const rows = matrix.taxa.map((t) =>
    [t.name, t.zh ?? '', t.synonyms.join('; '), t.complex ?? '', t.primary ?? '', ...matrix.tests.map((c) => (t.percent[c] === undefined ? '' : String(t.percent[c]))), t.source].join('\t'),
  );
  return [...comments.map((c) => `# ${c}`), head, ...rows, ''].join('\n');
}

export type BiochemMatrices = Readonly<Record<PanelId, ProbabilityMatrix>>;

/** Reads the three matrices from a folder (default: the project's own). */
export function readBiochemMatrices(dir: string = projectBiochemDir): BiochemMatrices {
  const out: Partial<Record<PanelId, ProbabilityMatrix>> = {};
  for (const spec of MATRIX_FILES) out[spec.panel] = parseMatrix(readFileSync(path.join(dir, spec.file), 'utf8'), spec);
  return out as BiochemMatrices;
}
