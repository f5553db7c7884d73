/**
 * Regenerates packages/refdata/biochem/*.tsv: `npx tsx packages/refdata/src/biochem/write-matrices.ts`.
 * Needs the shared reference data (REFDATA_DIR or ../shared/data) for the Bergey's table and the
 * taxonomy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findRefdataDir } from '../datadir';
import { readChineseNames } from '../names';
import { readTaxonomy } from '../taxonomy';
import { BERGEYS_DIR, BERGEYS_FILE, parseBergeysCodes } from './bergeys';
import { MATRIX_COMMENTS, buildEnterobacteralesMatrices, buildPrimaryMatrix, type NameHelpers } from './build';
import { MATRIX_FILES, formatMatrix, projectBiochemDir } from './matrices';

export async function nameHelpers(): Promise<NameHelpers> {
  const taxonomy = await readTaxonomy();
  const chinese = readChineseNames();
  return {
    zh: (name) => chinese.organismZh(name),
    renamePath: (name) => taxonomy.resolve(name)?.path.map((t) => t.name) ?? [],
  };
}

export async function generatedMatrixFiles(): Promise<Record<string, string>> {
  const root = findRefdataDir();
  if (!root) throw new Error('reference data not found: set REFDATA_DIR');
  const table = parseBergeysCodes(readFileSync(path.join(root, BERGEYS_DIR, BERGEYS_FILE), 'utf8'));
  const { conventional, api20e } = buildEnterobacteralesMatrices(table, await nameHelpers());
  const primary = buildPrimaryMatrix(conventional);
  const out: Record<string, string> = {};
  for (const m of [conventional, api20e, primary]) {
    const file = MATRIX_FILES.find((f) => f.panel === m.panel)!.file;
    out[file] = formatMatrix(m, MATRIX_COMMENTS[m.panel]!);
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const files = await generatedMatrixFiles();
  for (const [file, text] of Object.entries(files)) {
    writeFileSync(path.join(projectBiochemDir, file), text);
    console.log(`wrote ${file}`);
  }
}
