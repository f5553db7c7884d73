import type { Hash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Adds each file under `folders` (relative to `root`) to `hash` by its path, size and time: a
 * name for the state of code or data that kept copies are made from (an edited file names
 * another copy), without reading the files.
 */
export function stampFiles(hash: Hash, root: string, folders: readonly string[]): Hash {
  for (const folder of folders) {
    for (const file of filesUnder(path.join(root, folder))) {
      const { size, mtimeMs } = statSync(file);
      hash.update(`\0${path.relative(root, file)}\0${size}\0${mtimeMs}`);
    }
  }
  return hash;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
