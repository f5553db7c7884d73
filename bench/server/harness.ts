/** What the server benchmarks share: a portal child process, a latency prober, the RSS of a process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface BenchPortal {
  base: string;
  child: ChildProcess;
  /** Resident memory of the server process now (MB). */
  rssMb(): number;
  output(): string;
  stop(): Promise<void>;
}

/** `startTimeoutMs`: how long the child may take to say READY (an import of reference data on a loaded machine takes minutes). */
export async function startBenchPortal(env: Record<string, string> = {}, startTimeoutMs = 180_000): Promise<BenchPortal> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-bench-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/server/portal-child.ts')], {
    cwd: repo,
    env: { ...process.env, MDC_HOME: home, PORT: String(port), REFDATA_DIR: process.env.REFDATA_DIR ?? '/work/shared/data', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + startTimeoutMs;
  while (!output.includes('READY')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`portal did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    rssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * Sends a light request every `everyMs` while it runs, each one as soon as the last answered
 * or the interval passed, and keeps every wait: how long "any other request" waits meanwhile.
 */
export function probe(url: string, everyMs = 100, init: RequestInit = {}) {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(url, init);
        await response.arrayBuffer();
      } catch {
        /* a refused probe counts by its time */
      }
      waits.push(performance.now() - started);
      const left = everyMs - (performance.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...waits].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { count: waits.length, maxMs: sorted.at(-1) ?? 0, p99Ms: at(0.99), p50Ms: at(0.5) };
    },
  };
}

export async function json(response: Response): Promise<{ code: number; msg: string; data: any }> {
  return (await response.json()) as { code: number; msg: string; data: any };
}

/** Submits one file to a method as the web client uploads it, the answer in English; with the time the answer took. */
export async function submitFile(base: string, method: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('method', method);
  form.append('file', new Blob([bytes]), name);
  const started = performance.now();
  const answer = await fetch(`${base}/api/blast/tasks`, { method: 'POST', body: form, headers: { local: 'en' } });
  return { status: answer.status, body: await json(answer), ms: performance.now() - started };
}

export async function waitDone(base: string, id: string, token?: string, timeoutMs = 120_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await json(await fetch(`${base}/api/blast/tasks/${id}${token ? `?token=${token}` : ''}`));
    if (answer.data?.status && answer.data.status !== 'running') return answer.data;
    if (Date.now() > deadline) throw new Error(`task ${id} still running`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
