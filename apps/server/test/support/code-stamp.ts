import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/config';

/** The code an import runs: the server, the parsers and the engines, with the curated files beside them. */
const CODE_FOLDERS = ['apps/server/src', 'packages/refdata/src', 'packages/refdata/taxonomy', 'packages/refdata/names', 'packages/core/src', 'packages/contracts/src'];

let stamp: string | undefined;

/**
 * Names the state of the code (each file's path, size and time) for images kept between test
 * processes: a file edited since the image was made names another image.
 */
export function codeStamp(): string {
  if (stamp) return stamp;
  const hash = createHash('sha256');
  for (const folder of CODE_FOLDERS) {
    const dir = path.join(repoRoot, folder);
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) {
      const { size, mtimeMs } = statSync(file);
      hash.update(`\0${path.relative(repoRoot, file)}\0${size}\0${mtimeMs}`);
    }
  }
  return (stamp = hash.digest('hex'));
}
