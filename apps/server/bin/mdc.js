#!/usr/bin/env node
// The `mdc` command. It runs the JavaScript build of the sources (apps/server/dist, made by
// build.mjs at install and again here whenever a source is newer), so that it starts without
// compiling TypeScript. Without esbuild, or with MDC_FROM_SOURCES=1, it runs the TypeScript
// sources through tsx, as the tests do.

const args = process.argv.slice(2);
// Help is only its text: no build check (a walk over every source file), no bundle, no config.
if (args.length === 1 && ['help', '--help', '-h'].includes(args[0])) {
  const { readFileSync } = await import('node:fs');
  process.stdout.write(readFileSync(new URL('../src/cli/usage.txt', import.meta.url), 'utf8'));
  process.exit(0);
}
let main;
if (process.env.MDC_FROM_SOURCES !== '1') {
  const { build, buildIsFresh, distDir } = await import('../build.mjs');
  try {
    if (!buildIsFresh()) await build({ quiet: true });
    const { pathToFileURL } = await import('node:url');
    ({ main } = await import(pathToFileURL(`${distDir}/mdc.mjs`).href));
  } catch (error) {
    console.error(`mdc: running from the TypeScript sources (${error instanceof Error ? error.message : error})`);
  }
}
if (!main) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
await main(args);
