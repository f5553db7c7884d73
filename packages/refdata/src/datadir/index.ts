import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Where the public reference data lives. The files are never part of the repository:
 * REFDATA_DIR wins, otherwise `../shared/data` beside the checkout when it exists.
 */
export function findRefdataDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.REFDATA_DIR) return path.resolve(env.REFDATA_DIR);
  const sibling = path.resolve(repoRoot, '../shared/data');
  return existsSync(sibling) ? sibling : undefined;
}

export { repoRoot };
