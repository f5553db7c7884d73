/**
 * Search benchmark: the autocomplete endpoint at a fixed 200 requests/s for 30 s with keywords
 * people type (prefixes, typing mistakes, Chinese, codes), and the search page API, against the
 * portal started as users start it (`mdc serve`, embedded PGlite; and the PostgreSQL server when
 * one answers at DATABASE_URL_TEST / 127.0.0.1:5432). The first run imports the reference data
 * (the server does it on its first start); later runs reuse bench/work/search-*.
 *
 *   npx tsx bench/search/autocomplete.ts [--duration 30] [--rate 200] [--page-rate 20] [--only pglite|postgres] [--fresh] [--classic]
 *
 * `--classic` drives only the keywords of the first version of this benchmark (names, codes,
 * typos, Chinese), for comparisons with runs made before the abbreviations and class names.
 * `--fresh` starts from empty databases, so the run includes the server's first-start import.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { CLASSIC_KEYWORDS, KEYWORDS as ALL_KEYWORDS, PAGE_KEYWORDS } from './keywords';
import { openPglite } from '../../apps/server/src/db/pglite';
import { buildSearchIndex } from '../../apps/server/src/search/build';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const work = path.join(repo, 'bench/work');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '200' },
    'page-rate': { type: 'string', default: '20' },
    'page-duration': { type: 'string', default: '20' },
    only: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    classic: { type: 'boolean', default: false },
  },
});
const KEYWORDS = values.classic ? CLASSIC_KEYWORDS : ALL_KEYWORDS;
const duration = Number(values.duration);
const rate = Number(values.rate);
const pageRate = Number(values['page-rate']);
const pageDuration = Number(values['page-duration']);
const postgresUrl = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Server {
  url: string;
  child: ChildProcess;
}

/** `mdc serve` in its own process, so that the load generator does not share its event loop. */
async function startServer(kind: 'pglite' | 'postgres'): Promise<Server> {
  const port = await freePort();
  const home = path.join(work, `search-${kind}`);
  if (values.fresh) {
    rmSync(home, { recursive: true, force: true });
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query('DROP SCHEMA IF EXISTS bench_search CASCADE');
      await client.end();
    }
  }
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MDC_HOME: home,
    LOG_LEVEL: 'warn',
    // One client at 200 requests per second is far above the per-address limit meant for people.
    RATE_LIMIT_API: '10000000',
  };
  delete env.DATABASE_URL;
  if (kind === 'postgres') Object.assign(env, { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: 'bench_search' });
  const log = createWriteStream(path.join(work, `search-${kind}.log`));
  const child = spawn(process.execPath, [path.join(repo, 'apps/server/bin/mdc.js'), 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let announced = false;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mdc serve exited with ${child.exitCode}; see bench/work/search-${kind}.log`);
    try {
      const response = await fetch(`${url}/api/resource/summary`);
      const { data } = (await response.json()) as { data: { ready: boolean; importing: { running: boolean; table?: string } | null } };
      if (data.ready && !data.importing?.running) break;
      if (!announced) {
        console.log(`  ${kind}: first start, the server imports the reference data…`);
        announced = true;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 600_000) throw new Error('the server did not get ready in 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`  ${kind}: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { url, child };
}

/**
 * CPU time the server process has used (user + system, ms), from /proc: what a request costs the
 * server whatever else the machine is doing, unlike latency on a shared machine.
 */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * A listening server still warms up other areas in the background (the Lab's knowledge base, the
 * identification index); measuring during that would measure them. Waits until the process uses
 * under a tenth of a core for two seconds (at most three minutes).
 */
async function whenIdle(pid: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 2000));
    if (cpuMs(pid) - before < 200 || Date.now() > deadline) return;
  }
}

function rotating(list: readonly string[]): () => string {
  let i = 0;
  return () => list[i++ % list.length]!;
}

async function autocompleteRun(url: string, seconds: number, requestsPerSecond: number): Promise<Result> {
  const next = rotating(KEYWORDS);
  return autocannon({
    url,
    connections: 20,
    duration: seconds,
    overallRate: requestsPerSecond,
    requests: [
      {
        method: 'POST',
        path: '/api/search/autocomplete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => ({ ...request, body: `kwd=${encodeURIComponent(next())}` }),
      },
    ],
  });
}

async function pageRun(url: string, seconds: number, requestsPerSecond: number): Promise<Result> {
  const next = rotating(PAGE_KEYWORDS);
  return autocannon({
    url,
    connections: 10,
    duration: seconds,
    overallRate: requestsPerSecond,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/search?k=${encodeURIComponent(next())}` }) }],
  });
}

/** autocannon's p95 is not reported; it lies between p90 and p97.5 of the recorded histogram. */
function summary(result: Result) {
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

const kinds: ('pglite' | 'postgres')[] = [];
if (values.only !== 'postgres') kinds.push('pglite');
if (values.only !== 'pglite') {
  if (await postgresReachable()) kinds.push('postgres');
  else console.log(`PostgreSQL not reachable at ${postgresUrl}: embedded database only`);
}

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const report: Record<string, unknown> = { date: new Date().toISOString(), rate, duration, loadAverage: os.loadavg() };
for (const kind of kinds) {
  const server = await startServer(kind);
  try {
    // JIT and connection pools warm up first; the measured runs follow.
    const pid = server.child.pid!;
    await whenIdle(pid);
    await autocompleteRun(server.url, 5, rate);
    let cpu = cpuMs(pid);
    const auto = { ...summary(await autocompleteRun(server.url, duration, rate)), loadAverage: os.loadavg()[0]! };
    const autoCpu = (cpuMs(pid) - cpu) / auto.requests;
    console.log(`  ${kind}: autocomplete ${auto.requests} requests at ${auto.perSecond}/s: p50 ${auto.p50} ms, p90 ${auto.p90} ms, p99 ${auto.p99} ms, max ${auto.max} ms, errors ${auto.errors}, timeouts ${auto.timeouts}, non-2xx ${auto.non2xx}; server CPU ${autoCpu.toFixed(2)} ms/request; load ${auto.loadAverage.toFixed(1)}`);
    await pageRun(server.url, 3, pageRate);
    cpu = cpuMs(pid);
    const page = { ...summary(await pageRun(server.url, pageDuration, pageRate)), loadAverage: os.loadavg()[0]! };
    const pageCpu = (cpuMs(pid) - cpu) / page.requests;
    console.log(`  ${kind}: search page ${page.requests} requests at ${page.perSecond}/s: p50 ${page.p50} ms, p90 ${page.p90} ms, p97.5 ${page.p97_5} ms, p99 ${page.p99} ms, errors ${page.errors}, non-2xx ${page.non2xx}; server CPU ${pageCpu.toFixed(2)} ms/request`);
    report[kind] = { autocomplete: { ...auto, serverCpuMsPerRequest: autoCpu }, searchPage: { ...page, serverCpuMsPerRequest: pageCpu } };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}
/**
 * The index alone, in this process: every keyword asked once on a fresh index (nothing
 * remembered yet), then again (answered from memory), after warming the code on other words.
 */
if (kinds.includes('pglite')) {
  const db = await openPglite(path.join(work, 'search-pglite', 'db'));
  const index = await buildSearchIndex(db);
  await db.close();
  for (const word of ['zyx', 'Qwertz', 'unknownus typus', '未知', 'XYZ9']) for (let i = 0; i < 50; i++) index.search(word + i);
  const pass = () =>
    KEYWORDS.map((word): number => {
      const started = performance.now();
      index.search(word, { limit: 10 });
      return performance.now() - started;
    });
  const at = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!;
  const cold: number[] = [];
  for (let round = 0; round < 5; round++) {
    index.forgetAnswers();
    cold.push(...pass());
  }
  cold.sort((a, b) => a - b);
  const warm = pass().sort((a, b) => a - b);
  const line = (times: number[]) => `p50 ${at(times, 0.5).toFixed(3)} ms, p90 ${at(times, 0.9).toFixed(3)} ms, p99 ${at(times, 0.99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`;
  console.log(`  index (${index.size} names): first time ${line(cold)}; remembered ${line(warm)}`);
  report.index = { names: index.size, cold: { p50: at(cold, 0.5), p90: at(cold, 0.9), p99: at(cold, 0.99), max: cold.at(-1) }, remembered: { p50: at(warm, 0.5), p99: at(warm, 0.99) } };
}

const out = path.join(work, 'search-bench.json');
writeFileSync(out, JSON.stringify(report, null, 2));
console.log(`written ${path.relative(repo, out)}`);
