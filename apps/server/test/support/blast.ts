import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/config';
import { call, postgresUrl, type TestPortal } from './portal';

/** Polls until `check` gives a value. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 120));
  }
}

/** An identification task once it is no longer running. */
export async function finished(portal: TestPortal, id: string, token?: string) {
  return waitFor(async () => {
    const detail = await call(portal, 'GET', `/api/blast/tasks/${id}`, undefined, { token });
    return detail.body.data?.status !== 'running' ? detail.body.data : undefined;
  });
}

/** A multipart request as the browser's FormData sends it: fields and files. */
export async function upload(
  portal: TestPortal,
  url: string,
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer | Uint8Array; field?: string }[],
  options: { token?: string; locale?: 'zh' | 'en' } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'file', new Blob([f.bytes]), f.name);
  const request = new Request('http://portal.test/', { method: 'POST', body: form });
  const headers: Record<string, string> = { 'content-type': request.headers.get('content-type')! };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers.local = options.locale;
  const response = await portal.app.inject({ method: 'POST', url, headers, payload: Buffer.from(await request.arrayBuffer()) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } };
}

/** A separate `mdc worker` process on the portal's PostgreSQL schema, as in production. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it has printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function startWorker(portal: TestPortal, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-worker-'));
  let output = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/bin/mdc.js'), 'worker', '--concurrency', '1'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: postgresUrl, DATABASE_SCHEMA: portal.config.databaseSchema!, MDC_HOME: home, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(async () => (output.includes('mdc worker ready') ? true : undefined), 60_000);
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
