#!/usr/bin/env node
// The `mdc` command. It runs the JavaScript build of the sources (apps/server/dist, made by
// build.mjs at install and again here whenever a source is newer), so that it starts without
// compiling TypeScript. Without esbuild, or with MDC_FROM_SOURCES=1, it runs the TypeScript
// sources through tsx, as the tests do.

import os from 'node:os';

const args = process.argv.slice(2);
// Help is only its text: no build check (a walk over every source file), no bundle, no config.
if (args.length === 1 && ['help', '--help', '-h'].includes(args[0])) {
  const { readFileSync } = await import('node:fs');
  process.stdout.write(readFileSync(new URL('../src/cli/usage.txt', import.meta.url), 'utf8'));
  process.exit(0);
}
// The server's threads (request loop, libuv's pool, the worker threads of searches, genomes, PDFs
// and downloads) each take a malloc arena of their own from glibc, up to 8 per core; an arena
// keeps what its thread freed, and glibc raises its mmap threshold after each large block freed,
// so that later uploads, PDFs and query answers are placed in the arenas and stay resident once
// freed. Two arenas and a fixed threshold of 128 KiB (larger blocks mapped and handed back when
// freed) took the mixed-load bench's server from 1.11 to 0.86 GB after 75 s idle, its peak from
// 1.71 to 1.50 GB (issue 28; two arenas alone: 1.02 and 1.38 GB). glibc reads
// these only as a process starts, so `serve` runs itself again with them (unless
// MALLOC_ARENA_MAX is set already; other C libraries ignore them).
if (args[0] === 'serve' && process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], ...args], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, MALLOC_ARENA_MAX: '2', MDC_LAUNCHED: '1' },
  });
  // A signal sent to this process alone (systemd's main process, a container's first) reaches the
  // server too; one sent to the group reaches it twice, which the server takes as one.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  await new Promise(() => undefined);
}
if (process.env.MDC_LAUNCHED === '1') {
  delete process.env.MDC_LAUNCHED;
  // Run by the lines above: the pipe on stdin closes only when that process ends without waiting
  // for this one — killed (kill -9) — and this one ends as abruptly rather than live on without it.
  process.stdin.on('end', () => process.kill(process.pid, 'SIGKILL'));
  process.stdin.on('error', () => process.kill(process.pid, 'SIGKILL'));
  process.stdin.resume();
  process.stdin.unref?.();
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
