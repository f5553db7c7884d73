import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 17 "Start": `npx mdc` compiled its TypeScript through tsx at every start, and `npm start`
// built the web app every time. Both are checked on a checkout of their own in a temporary
// folder, holding the real start scripts and a small program in place of the sources: the
// folder reaches esbuild but not tsx, so a command that answers there ran compiled JavaScript.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function checkout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mdc-start-'));
  roots.push(root);
  return root;
}

function put(root: string, file: string, text: string): string {
  const at = path.join(root, file);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, text);
  return at;
}

/** Moves a file's modification time forward, as an edit a little later would. */
function touchLater(file: string, seconds: number): void {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(file, when, when);
}

function run(root: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, MDC_FROM_SOURCES: '', ...env }, timeout: 50_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the mdc command runs a build of the sources, made again only when a source changed', () => {
  const root = checkout();
  copyFileSync(path.join(repoRoot, 'apps/server/bin/mdc.js'), put(root, 'apps/server/bin/mdc.js', ''));
  copyFileSync(path.join(repoRoot, 'apps/server/build.mjs'), put(root, 'apps/server/build.mjs', ''));
  put(root, 'apps/server/src/cli/usage.txt', 'usage: mdc <command>\n');
  // TypeScript that Node cannot run as it is (types, an extensionless import): it answers only compiled.
  put(root, 'apps/server/src/cli/main.ts', "import { word } from './word';\nexport async function main(args: string[]): Promise<void> {\n  const count: number = args.length;\n  console.log(`${word} ${count} ${args.join(',')}`);\n}\n");
  const word = put(root, 'apps/server/src/cli/word.ts', "export const word: string = 'first';\n");
  for (const dir of ['packages/contracts/src', 'packages/core/src', 'packages/refdata/src']) mkdirSync(path.join(root, dir), { recursive: true });
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(path.join(repoRoot, 'node_modules/esbuild'), path.join(root, 'node_modules/esbuild'), 'dir');
  const bin = 'apps/server/bin/mdc.js';
  const stamp = path.join(root, 'apps/server/dist/stamp.json');
  const builtAt = () => (JSON.parse(readFileSync(stamp, 'utf8')) as { builtAt: string }).builtAt;

  it('answers help from its text alone, without building', () => {
    const help = run(root, [bin, 'help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe('usage: mdc <command>\n');
    expect(existsSync(stamp)).toBe(false);
  });

  it('builds on first use and runs the build (no tsx to fall back on here)', () => {
    const first = run(root, [bin, 'identify', '--x']);
    expect(first.stderr).not.toMatch(/running from the TypeScript sources/);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('first 2 identify,--x\n');
    expect(existsSync(path.join(root, 'apps/server/dist/mdc.mjs'))).toBe(true);
  });

  it('starts again from the same build while no source changed', () => {
    const before = builtAt();
    const again = run(root, [bin, 'again']);
    expect(again.stdout).toBe('first 1 again\n');
    expect(builtAt()).toBe(before);
  });

  it('builds again when a source changed, and runs the new code', () => {
    const before = builtAt();
    writeFileSync(word, "export const word: string = 'second';\n");
    touchLater(word, 5);
    const changed = run(root, [bin, 'x']);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toBe('second 1 x\n');
    expect(builtAt()).not.toBe(before);
  });

  it('builds again when a source file is added, whatever its time', () => {
    const before = builtAt();
    const added = put(root, 'apps/server/src/cli/extra.ts', 'export const extra = 1;\n');
    utimesSync(added, new Date(0), new Date(0));
    expect(run(root, [bin, 'y']).stdout).toBe('second 1 y\n');
    expect(builtAt()).not.toBe(before);
  });
});

describe('npm start builds the web app only when something it is built from changed', () => {
  const root = checkout();
  copyFileSync(path.join(repoRoot, 'scripts/build-web-if-changed.mjs'), put(root, 'scripts/build-web-if-changed.mjs', ''));
  put(root, 'package.json', JSON.stringify({ name: 'start-check', private: true, workspaces: ['apps/web'] }));
  put(root, 'apps/web/package.json', JSON.stringify({ name: '@mdc/web', private: true, scripts: { build: 'node build.mjs' } }));
  // Stands for vite: writes the page and counts its builds.
  put(root, 'apps/web/build.mjs', "import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('dist', { recursive: true });\nwriteFileSync('dist/index.html', '<html></html>');\nappendFileSync('../../builds.log', 'built\\n');\n");
  const page = put(root, 'apps/web/src/main.tsx', 'export const page = 1;\n');
  const shared = put(root, 'packages/contracts/src/texts.ts', 'export const text = 1;\n');
  const builds = () => (existsSync(path.join(root, 'builds.log')) ? readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length : 0);
  const start = () => run(root, ['scripts/build-web-if-changed.mjs']);

  it('builds when there is no build, then not again while nothing changed', () => {
    expect(start().code).toBe(0);
    expect(builds()).toBe(1);
    const second = start();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/unchanged since its last build/);
    expect(builds()).toBe(1);
  });

  it('builds again after a change to the app or to a package it uses, or a file added', () => {
    touchLater(page, 5);
    start();
    expect(builds()).toBe(2);
    touchLater(shared, 10);
    start();
    expect(builds()).toBe(3);
    utimesSync(put(root, 'apps/web/src/new.tsx', 'export {};\n'), new Date(0), new Date(0));
    start();
    expect(builds()).toBe(4);
    start();
    expect(builds()).toBe(4);
  });

  it('builds again when the build output is gone', () => {
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    start();
    expect(builds()).toBe(5);
  });
});
