import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { realDataDir } from '../unit/support/small-refdata';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const bin = path.join(repoRoot, 'apps/server/bin/mdc.js');

/** Runs `mdc <command> …` as a user would, from the repository root, against the real reference data. */
export function runMdc(command: string, args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, command, ...args], { cwd: repoRoot, env: { ...process.env, REFDATA_DIR: realDataDir() } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
  });
}
