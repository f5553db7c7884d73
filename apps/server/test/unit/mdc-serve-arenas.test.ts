import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../../src/config';

// Issue 28 (memory): glibc gave each of the server's threads a malloc arena of its own, which kept
// what the thread freed, and moved large blocks into them as its mmap threshold rose. `mdc serve`
// runs the server with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072, which glibc reads
// only as a process starts.
const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-serve-arenas-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const children = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const environment = (pid: number): string[] => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return [];
  }
};
/** Running, not gone nor a zombie. */
const running = (pid: number): boolean => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/** `mdc serve` started as a person starts it; resolves with the server's process once it runs with two arenas. */
async function serveCommand() {
  const { MALLOC_ARENA_MAX: _, ...env } = process.env;
  const launcher = spawn(process.execPath, [path.join(repoRoot, 'apps/server/bin/mdc.js'), 'serve'], {
    cwd: repoRoot,
    env: { ...env, MDC_HOME: home, PORT: '0', MDC_FROM_SOURCES: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => launcher.once('exit', () => resolve()));
  let server: number | undefined;
  const stop = () => {
    launcher.kill('SIGKILL');
    if (server && running(server)) process.kill(server, 'SIGKILL');
  };
  try {
    // Read once the child has started the node it runs: between fork and exec it shows this environment.
    server = await vi.waitFor(
      () => {
        const pid = children(launcher.pid!).find((p) => environment(p).includes('MALLOC_ARENA_MAX=2'));
        expect(pid).toBeDefined();
        return pid!;
      },
      { timeout: 90_000, interval: 50 },
    );
  } catch (error) {
    stop();
    throw error;
  }
  expect(environment(server)).toContain('MALLOC_MMAP_THRESHOLD_=131072');
  return { launcher, server, exited, stop };
}

describe.runIf(process.platform === 'linux')('mdc serve on Linux', () => {
  it('runs the server with two malloc arenas; a SIGTERM to the command stops the server', async () => {
    const { launcher, server, exited, stop } = await serveCommand();
    try {
      launcher.kill('SIGTERM');
      await exited;
      await vi.waitFor(() => expect(running(server)).toBe(false), { timeout: 90_000, interval: 100 });
    } finally {
      stop();
    }
  });

  it('the server does not outlive the command, even killed', async () => {
    const { launcher, server, stop } = await serveCommand();
    try {
      launcher.kill('SIGKILL');
      await vi.waitFor(() => expect(running(server)).toBe(false), { timeout: 90_000, interval: 100 });
    } finally {
      stop();
    }
  });
});
