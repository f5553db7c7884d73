/**
 * Search benchmark: the autocomplete endpoint at a fixed 200 requests/s for 30 s with keywords
 * people type (prefixes, typing mistakes, Chinese, codes), and the search page API, against the
 * portal started as users start it (`mdc serve`, embedded PGlite; and the PostgreSQL server when
 * one answers at DATABASE_URL_TEST / 127.0.0.1:5432). The first run imports the reference data
 * (the server does it on its first start); later runs reuse bench/work/search-*.
 *
 *   npx tsx bench/search/autocomplete.ts [--duration 30] [--rate 200] [--page-rate 20] [--only pglite|postgres] [--fresh] [--classic] [--autocannon]
 *
 * `--classic` drives only the keywords of the first version of this benchmark (names, codes,
 * typos, Chinese), for comparisons with runs made before the abbreviations and class names.
 * `--fresh` starts from empty databases, so the run includes the server's first-start import.
 *
 * Requests leave at an even pace (one every 5 ms at 200/s, over at most 20 kept-alive
 * connections) whatever the answers do, and each latency is the time from sending to the last
 * byte. `--autocannon` adds, on the same server, the measurement the benchmark made until
 * 2026-11-29 with autocannon for comparison: its `overallRate` gives each of the 20 connections 10
 * requests a second sent back to back (a burst of 20 concurrent requests at the start of every
 * second, not an even 200/s), and its latency histogram adds for every answer slower than 1 ms
 * made-up samples at each millisecond below it (its coordinated-omission correction with an
 * interval of ceil(1 / 10 requests per second) = 1 ms): 6,000 answers became about 90,000
 * samples, weighted towards the slow ones. Those percentiles measured the load generator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { CLASSIC_KEYWORDS, KEYWORDS as ALL_KEYWORDS, PAGE_KEYWORDS } from './keywords';

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
    autocannon: { type: 'boolean', default: false },
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
    // The malloc settings `mdc serve` would otherwise start the server again with (bin/mdc.js):
    // given here, the process started is the server, whose CPU time the bench reads.
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
  };
  delete env.DATABASE_URL;
  if (kind === 'postgres') Object.assign(env, { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: 'bench_search' });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let announced = false;
  // On a busy machine `mdc serve` can miss Fastify's 10 s start-up limit while it reads the
  // index (FST_ERR_HOOK_TIMEOUT, the 2026-11-28 runs): start-limit.mjs stretches that limit until
  // the server listens, and a server that exits during start-up anyway is started again.
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    const log = createWriteStream(path.join(work, `search-${kind}.log`), { flags: attempt === 1 ? 'w' : 'a' });
    const candidate = spawn(process.execPath, ['--import', path.join(here, 'start-limit.mjs'), path.join(repo, 'apps/server/bin/mdc.js'), 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    candidate.stdout!.pipe(log);
    candidate.stderr!.pipe(log);
    for (;;) {
      if (candidate.exitCode !== null) {
        if (attempt >= 5) throw new Error(`mdc serve exited with ${candidate.exitCode} five times; see bench/work/search-${kind}.log`);
        console.log(`  ${kind}: mdc serve exited during start-up (${candidate.exitCode}), starting it again`);
        break;
      }
      try {
        const response = await fetch(`${url}/api/resource/summary`);
        const { data } = (await response.json()) as { data: { ready: boolean; importing: { running: boolean; table?: string } | null } };
        if (data.ready && !data.importing?.running) {
          child = candidate;
          break;
        }
        if (!announced) {
          console.log(`  ${kind}: first start, the server imports the reference data…`);
          announced = true;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 900_000) throw new Error('the server did not get ready in 15 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
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

interface Paced {
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** How late this process sent its requests (its own timers and pauses), ms. */
  sendLateP99: number;
  sendLateMax: number;
  /** This process's own event-loop delay and longest GC pause while it measured, ms. */
  clientLoopDelayP99: number;
  clientLoopDelayMax: number;
  clientGcMax: number;
}

const at = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
const ms2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Open-loop load: a request is due every 1000 / rate ms and leaves when due, whether earlier
 * answers have come back or not (kept-alive connections, at most `connections`; a request finding
 * them all busy waits for one, and that wait counts in its latency). Latency is from sending to the
 * answer's last byte. The client's own lateness, event-loop delay and GC pauses are measured too:
 * a slow answer during one of those is the load generator's, not the server's.
 */
async function paced(
  url: string,
  seconds: number,
  requestsPerSecond: number,
  connections: number,
  request: () => { method: string; path: string; body?: string },
): Promise<Paced> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / requestsPerSecond;
  const latencies: number[] = [];
  const late: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let gcMax = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMax = Math.max(gcMax, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  loop.enable();
  const begin = performance.now();
  const end = begin + seconds * 1000;
  let due = begin;
  let pending = 0;
  await new Promise<void>((done) => {
    const finish = () => {
      if (--pending === 0 && due >= end) done();
    };
    const send = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        late.push(now - due);
        due += interval;
        const { method, path: target, body } = request();
        const sent = performance.now();
        pending++;
        const req = http.request(
          `${url}${target}`,
          { method, agent, headers: body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - sent);
              if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
              finish();
            });
          },
        );
        req.on('error', () => {
          errors++;
          finish();
        });
        req.end(body);
      }
      if (due < end) setTimeout(send, Math.max(0, due - performance.now()));
      else if (pending === 0) done();
    };
    send();
  });
  const elapsed = (performance.now() - begin) / 1000;
  loop.disable();
  gc.disconnect();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50: ms2(at(latencies, 0.5)),
    p90: ms2(at(latencies, 0.9)),
    p95: ms2(at(latencies, 0.95)),
    p99: ms2(at(latencies, 0.99)),
    max: ms2(latencies.at(-1) ?? Number.NaN),
    errors,
    non2xx,
    sendLateP99: ms2(at(late, 0.99)),
    sendLateMax: ms2(late.at(-1) ?? Number.NaN),
    clientLoopDelayP99: ms2(loop.percentile(99) / 1e6),
    clientLoopDelayMax: ms2(loop.max / 1e6),
    clientGcMax: ms2(gcMax),
  };
}

function autocompleteRun(url: string, seconds: number, requestsPerSecond: number): Promise<Paced> {
  const next = rotating(KEYWORDS);
  return paced(url, seconds, requestsPerSecond, 20, () => ({ method: 'POST', path: '/api/search/autocomplete', body: `kwd=${encodeURIComponent(next())}` }));
}

function pageRun(url: string, seconds: number, requestsPerSecond: number): Promise<Paced> {
  const next = rotating(PAGE_KEYWORDS);
  return paced(url, seconds, requestsPerSecond, 10, () => ({ method: 'GET', path: `/api/search?k=${encodeURIComponent(next())}` }));
}

/**
 * The measurement made until 2026-11-29 (see the header): autocannon's percentiles, and the
 * percentiles of the same run's answers as they came (one value per answer).
 */
async function autocannonRun(url: string, seconds: number, requestsPerSecond: number) {
  const next = rotating(KEYWORDS);
  const answers: number[] = [];
  const instance = autocannon({
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
  instance.on('response', (_client, _status, _bytes, responseTime) => answers.push(responseTime));
  const result: Result = await instance;
  answers.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    histogramSamples: result.latency.totalCount,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    answers: { p50: ms2(at(answers, 0.5)), p90: ms2(at(answers, 0.9)), p95: ms2(at(answers, 0.95)), p99: ms2(at(answers, 0.99)), max: ms2(answers.at(-1) ?? Number.NaN) },
  };
}

const kinds: ('pglite' | 'postgres')[] = [];
if (values.only !== 'postgres') kinds.push('pglite');
if (values.only !== 'pglite') {
  if (await postgresReachable()) kinds.push('postgres');
  else console.log(`PostgreSQL not reachable at ${postgresUrl}: embedded database only`);
}

const loads = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${loads()}`);
const report: Record<string, unknown> = { date: new Date().toISOString(), rate, duration, loadAverage: os.loadavg() };
for (const kind of kinds) {
  const server = await startServer(kind);
  try {
    // JIT and connection pools warm up first; the measured runs follow.
    const pid = server.child.pid!;
    await whenIdle(pid);
    await autocompleteRun(server.url, 5, rate);
    let cpu = cpuMs(pid);
    const auto = { ...(await autocompleteRun(server.url, duration, rate)), loadAverage: os.loadavg()[0]! };
    const autoCpu = (cpuMs(pid) - cpu) / auto.requests;
    console.log(
      `  ${kind}: autocomplete ${auto.requests} requests at ${auto.perSecond}/s: p50 ${auto.p50} ms, p90 ${auto.p90} ms, p95 ${auto.p95} ms, p99 ${auto.p99} ms, max ${auto.max} ms, errors ${auto.errors}, non-2xx ${auto.non2xx}; server CPU ${autoCpu.toFixed(2)} ms/request; load ${loads()}`,
    );
    console.log(
      `  ${kind}: the load generator itself: sent late p99 ${auto.sendLateP99} ms (max ${auto.sendLateMax}), event-loop delay p99 ${auto.clientLoopDelayP99} ms (max ${auto.clientLoopDelayMax}), longest GC pause ${auto.clientGcMax} ms`,
    );
    let cannon: Awaited<ReturnType<typeof autocannonRun>> | undefined;
    if (values.autocannon) {
      cannon = { ...(await autocannonRun(server.url, duration, rate)) };
      console.log(
        `  ${kind}: autocannon as before 2026-11-29 (bursts, corrected histogram of ${cannon.histogramSamples} samples): p50 ${cannon.p50} ms, p90 ${cannon.p90} ms, p99 ${cannon.p99} ms, max ${cannon.max} ms; ` +
          `its ${cannon.requests} answers as they came: p50 ${cannon.answers.p50} ms, p95 ${cannon.answers.p95} ms, p99 ${cannon.answers.p99} ms; load ${loads()}`,
      );
    }
    await pageRun(server.url, 3, pageRate);
    cpu = cpuMs(pid);
    const page = { ...(await pageRun(server.url, pageDuration, pageRate)), loadAverage: os.loadavg()[0]! };
    const pageCpu = (cpuMs(pid) - cpu) / page.requests;
    console.log(
      `  ${kind}: search page ${page.requests} requests at ${page.perSecond}/s: p50 ${page.p50} ms, p90 ${page.p90} ms, p95 ${page.p95} ms, p99 ${page.p99} ms, errors ${page.errors}, non-2xx ${page.non2xx}; server CPU ${pageCpu.toFixed(2)} ms/request`,
    );
    report[kind] = { autocomplete: { ...auto, serverCpuMsPerRequest: autoCpu }, autocannon: cannon, searchPage: { ...page, serverCpuMsPerRequest: pageCpu } };
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
  // Loaded only now: the load generator above stays a small process of its own.
  const { openPglite } = await import('../../apps/server/src/db/pglite');
  const { buildSearchIndex } = await import('../../apps/server/src/search/build');
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
