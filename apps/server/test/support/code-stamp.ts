import { createHash } from 'node:crypto';
import { repoRoot } from '../../src/config';
import { stampFiles } from '../../src/files-stamp';

/** The code an import runs: the server, the parsers and the engines, with the curated files beside them. */
const CODE_FOLDERS = ['apps/server/src', 'packages/refdata/src', 'packages/refdata/taxonomy', 'packages/refdata/names', 'packages/core/src', 'packages/contracts/src'];

let stamp: string | undefined;

/** Names the state of the code for images kept between test processes: a file edited since the image was made names another image. */
export function codeStamp(): string {
  return (stamp ??= stampFiles(createHash('sha256'), repoRoot, CODE_FOLDERS).digest('hex'));
}
