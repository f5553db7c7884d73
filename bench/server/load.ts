/**
 * Issue 28 item 5: the portal under many visitors at once. `mdc serve` on the embedded database
 * (PGlite under bench/work/load-pglite; the first run imports the full shared reference data, later
 * runs reuse it) takes --connections kept-alive connections (default 50), each in a closed loop
 * (the next request as soon as the last answer has been read) for --duration seconds (default 60),
 * over what anonymous visitors do: the home page and other pages of the single-page app, autocomplete
 * keystrokes, the search page, taxon pages (E. coli, K. pneumoniae, S. aureus) with their breakpoints,
 * breakpoint lists for an organism, drug lists and a drug page, the gene list, /api/blast/info and
 * /api/health.
 *
 * Reports throughput, p50 / p90 / p99 / max per route and overall, errors (network errors and any
 * status but 200), the load average over the run, and the server's own event-loop delay, loop
 * stalls, GC and CPU seconds over the same window (bench/server/load-probe.mjs, preloaded into the
 * server). `--cpu-prof` writes the server's CPU profile to bench/work/load-prof/.
 * Pass: overall p99 ≤ --p99 ms (default 800) with no errors.
 *
 *   npx tsx bench/server/load.ts [--connections 50] [--duration 60] [--warmup 5] [--p99 800] [--web DIR] [--cpu-prof] [--fresh] [--stretch-start]
 *
 * Start-ups that fail (the server exits before it listens) are retried up to five times and
 * reported; `--stretch-start` stretches Fastify's 10 s start-up limit for servers that need it.
 *
 * The web app is served from --web (default WEB_DIST or apps/web/dist); without a build the page
 * requests answer 503 and count as errors.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freePort, repo } from './harness';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    p99: { type: 'string', default: '800' },
    web: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'stretch-start': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const durationS = Number(values.duration);
const warmupS = Number(values.warmup);
const p99TargetMs = Number(values.p99);
const work = path.join(repo, 'bench/work');
const home = path.join(work, 'load-pglite');
const logFile = path.join(work, 'load-server.log');
const webDist = path.resolve(values.web ?? process.env.WEB_DIST ?? path.join(repo, 'apps/web/dist'));

interface Route {
  name: string;
  weight: number;
  /** The request, picked at random among its variants each time. */
  variants: Array<{ method?: 'GET' | 'POST'; path: string; form?: string }>;
}

const form = (kwd: string) => `kwd=${encodeURIComponent(kwd)}`;
// Keystrokes as people type them: each prefix of a word is a request of its own.
const typed = ['Escherichia coli', 'Klebsiella pneumoniae', 'Staphylococcus aureus', 'meropenem', 'vancomycin', 'blaKPC', 'E. coli', 'pip/tazo', '大肠埃希菌', 'MRSA', 'Pseudomonas', 'ceftriaxone'];
const keystrokes = typed.flatMap((word) => Array.from({ length: Math.min(word.length, 8) }, (_, i) => word.slice(0, i + 1)));
const taxa = ['B_ESCHR_COLI', 'B_KLBSL_PNMN', 'B_STPHY_AURS'];
const organisms = ['eco', 'kpn', 'sau'];
const drugs = ['MEM', 'VAN', 'CRO', 'TZP', 'CIP'];

/** Weights: roughly how often a visitor's browser asks for each (autocomplete fires per keystroke). */
const ROUTES: Route[] = [
  { name: 'page /', weight: 8, variants: [{ path: '/' }, { path: '/en' }] },
  { name: 'page taxon', weight: 3, variants: taxa.map((id) => ({ path: `/resource/taxon/${id}` })) },
  { name: 'autocomplete', weight: 25, variants: keystrokes.map((k) => ({ method: 'POST' as const, path: '/api/search/autocomplete', form: form(k) })) },
  { name: 'search page', weight: 6, variants: ['coli', 'meropenem', 'Klebsiella', 'aureus', 'KPC', '碳青霉烯'].map((k) => ({ path: `/api/search?k=${encodeURIComponent(k)}` })) },
  { name: 'summary', weight: 4, variants: [{ path: '/api/resource/summary' }] },
  { name: 'taxon', weight: 8, variants: taxa.map((id) => ({ path: `/api/resource/taxa/${id}` })) },
  { name: 'taxon breakpoints', weight: 6, variants: taxa.map((id) => ({ path: `/api/resource/taxa/${id}/breakpoints` })) },
  { name: 'taxa list', weight: 3, variants: [{ path: '/api/resource/taxa' }, { path: '/api/resource/taxa?q=Klebsiella' }] },
  { name: 'breakpoints', weight: 8, variants: organisms.map((o) => ({ path: `/api/resource/breakpoints?organism=${o}` })) },
  { name: 'breakpoint filters', weight: 3, variants: [{ path: '/api/resource/breakpoints/filters' }] },
  { name: 'drugs', weight: 5, variants: [{ path: '/api/resource/antibiotics' }, { path: '/api/resource/antibiotics?q=cef' }] },
  { name: 'drug', weight: 5, variants: drugs.map((code) => ({ path: `/api/resource/antibiotics/${code}` })) },
  { name: 'genes', weight: 4, variants: [{ path: '/api/resource/genes' }, { path: '/api/resource/genes?q=bla' }] },
  { name: 'blast info', weight: 4, variants: [{ path: '/api/blast/info' }] },
  { name: 'health', weight: 4, variants: [{ path: '/api/health' }] },
];
const totalWeight = ROUTES.reduce((sum, r) => sum + r.weight, 0);
function pick(): Route {
  let at = Math.random() * totalWeight;
  for (const route of ROUTES) if ((at -= route.weight) < 0) return route;
  return ROUTES.at(-1)!;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);

/** `mdc serve` as users start it, with the probe preloaded; started again if it dies during start-up. */
async function startServer(): Promise<{ child: ChildProcess; base: string; failedStarts: string[] }> {
  if (values.fresh) rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MDC_HOME: home,
    WEB_DIST: webDist,
    REFDATA_DIR: process.env.REFDATA_DIR ?? '/work/shared/data',
    LOG_LEVEL: 'warn',
    // 50 connections from one address: the per-address limit for people is not what is measured.
    RATE_LIMIT_API: '100000000',
  };
  delete env.DATABASE_URL;
  const nodeArgs = ['--import', path.join(repo, 'bench/server/load-probe.mjs')];
  // Servers from before 2026-11-29 waited for the index in a start-up hook and exited at Fastify's
  // 10 s limit on a busy machine: --stretch-start stretches that limit, to measure them at all.
  if (values['stretch-start']) nodeArgs.push('--import', path.join(repo, 'bench/search/start-limit.mjs'));
  if (values['cpu-prof']) {
    mkdirSync(path.join(work, 'load-prof'), { recursive: true });
    nodeArgs.push('--cpu-prof', '--cpu-prof-dir', path.join(work, 'load-prof'));
  }
  const failedStarts: string[] = [];
  const started = Date.now();
  let announced = false;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const log = createWriteStream(logFile, { flags: attempt === 1 ? 'w' : 'a' });
    let output = '';
    // Its own process group: `mdc serve` may run the server as a child of its own (with glibc's
    // malloc settings), and the probe's signal must reach the server, not only its launcher.
    const child = spawn(process.execPath, [...nodeArgs, path.join(repo, 'apps/server/bin/mdc.js'), 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    for (;;) {
      if (child.exitCode !== null) {
        const reason = /FST_ERR_\w+/.exec(output)?.[0] ?? `exit ${child.exitCode}`;
        failedStarts.push(reason);
        console.log(`  mdc serve exited during start-up (${reason}), starting it again`);
        break;
      }
      try {
        const response = await fetch(`${base}/api/resource/summary`);
        const { data } = (await response.json()) as { data: { ready: boolean; importing: { running: boolean } | null } };
        if (data.ready && !data.importing?.running) {
          console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          (child as ChildProcess & { output?: () => string }).output = () => output;
          return { child, base, failedStarts };
        }
        if (!announced) {
          console.log('  the server imports the reference data (first start) or builds its index…');
          announced = true;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 1_200_000) throw new Error(`the server did not get ready in 20 minutes; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`mdc serve exited during start-up five times (${failedStarts.join(', ')}); see ${logFile}`);
}

interface Sample {
  route: string;
  ms: number;
  ok: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

function send(base: string, request: Route['variants'][number]): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const body = request.form;
    const req = http.request(
      `${base}${request.path}`,
      {
        agent,
        method: request.method ?? 'GET',
        headers: {
          accept: request.path.startsWith('/api') ? 'application/json' : 'text/html',
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function drive(base: string, seconds: number, samples: Sample[] | undefined, errors: Map<string, number>) {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const route = pick();
        const variant = route.variants[Math.floor(Math.random() * route.variants.length)]!;
        const started = performance.now();
        let ok = false;
        try {
          const { status } = await send(base, variant);
          ok = status === 200;
          if (!ok) errors.set(`${route.name} ${status}`, (errors.get(`${route.name} ${status}`) ?? 0) + 1);
        } catch (error) {
          const key = `${route.name} ${(error as NodeJS.ErrnoException).code ?? 'error'}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        samples?.push({ route: route.name, ms: performance.now() - started, ok });
      }
    }),
  );
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

const { child, base, failedStarts } = await startServer();
const serverOutput = (child as ChildProcess & { output?: () => string }).output!;
const signalServer = (signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
};
let exitCode = 0;
try {
  // The server goes on with start-up work after it says ready (the identification indexes are
  // built once it listens): measure the steady state, once health answers within 100 ms for 5 s.
  const settleStarted = Date.now();
  for (let quietSince = Date.now(); Date.now() - quietSince < 5000 && Date.now() - settleStarted < 240_000; ) {
    const asked = performance.now();
    await send(base, { path: '/api/health' }).catch(() => undefined);
    if (performance.now() - asked > 100) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`  settled in ${((Date.now() - settleStarted) / 1000).toFixed(1)} s`);
  // Warm-up: every route once, then a short spell of load (JIT, caches, the index's first answers).
  for (const route of ROUTES) for (const variant of route.variants) await send(base, variant).catch(() => undefined);
  await drive(base, warmupS, undefined, new Map());

  const errors = new Map<string, number>();
  const samples: Sample[] = [];
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  const loads: number[][] = [loadavg()];
  const loadTimer = setInterval(() => loads.push(loadavg()), 5000);
  signalServer('SIGUSR2');
  clientLoop.enable();
  const started = performance.now();
  await drive(base, durationS, samples, errors);
  const elapsedS = (performance.now() - started) / 1000;
  signalServer('SIGUSR2');
  clientLoop.disable();
  clearInterval(loadTimer);
  loads.push(loadavg());
  // The probe answers the signal on the server's event loop: wait for its line. A launcher
  // process prints one too; the server is the one that worked.
  let probe: Record<string, any> | undefined;
  for (let i = 0; i < 100; i++) {
    const lines = serverOutput().match(/^LOADPROBE .*$/gm) ?? [];
    const reports = lines.map((line) => JSON.parse(line.slice('LOADPROBE '.length)) as Record<string, any>);
    probe = reports.sort((a, b) => b.cpuSeconds - a.cpuSeconds)[0];
    if (probe && probe.cpuSeconds > 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const overall = stats(samples.map((s) => s.ms));
  const failed = samples.filter((s) => !s.ok).length;
  const one = loads.map((l) => l[0]!);
  console.log(`\n## Load: ${connections} connections, closed loop, ${durationS} s, embedded database (${new Date().toISOString()})\n`);
  console.log(`Load average (1 min) at start ${one[0]!.toFixed(2)}, during ${Math.min(...one).toFixed(2)}–${Math.max(...one).toFixed(2)}, at end ${loads.at(-1)!.map((l) => l.toFixed(2)).join(' / ')}`);
  console.log(`Throughput ${(samples.length / elapsedS).toFixed(1)} req/s (${samples.length} answers in ${elapsedS.toFixed(1)} s), errors ${failed}${failed ? ': ' + [...errors].map(([k, n]) => `${k} ×${n}`).join(', ') : ''}`);
  if (failedStarts.length) console.log(`Start-up: mdc serve exited ${failedStarts.length} time(s) before it listened (${failedStarts.join(', ')})`);
  console.log('\n| route | share | n | p50 ms | p90 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|---:|');
  const byRoute = new Map<string, number[]>();
  for (const s of samples) {
    const list = byRoute.get(s.route) ?? [];
    list.push(s.ms);
    byRoute.set(s.route, list);
  }
  for (const route of ROUTES) {
    const s = stats(byRoute.get(route.name) ?? []);
    console.log(`| ${route.name} | ${((route.weight / totalWeight) * 100).toFixed(0)} % | ${s.n} | ${ms(s.p50)} | ${ms(s.p90)} | ${ms(s.p99)} | ${ms(s.max)} |`);
  }
  console.log(`| **all** | | ${overall.n} | ${ms(overall.p50)} | ${ms(overall.p90)} | **${ms(overall.p99)}** | ${ms(overall.max)} |`);
  if (probe) {
    const perRequest = (probe.cpuSeconds * 1000) / Math.max(1, samples.length);
    console.log(
      `\nServer (probe, same window): CPU ${probe.cpuSeconds} s (${perRequest.toFixed(2)} ms per answer, ${((probe.cpuSeconds / probe.seconds) * 100).toFixed(0)} % of one core); ` +
        `event-loop delay p50 ${probe.loopDelayMs.p50} / p90 ${probe.loopDelayMs.p90} / p99 ${probe.loopDelayMs.p99} / max ${probe.loopDelayMs.max} ms; ` +
        `stalls > 50 ms: ${probe.stalls.count} (${probe.stalls.totalMs} ms in all, longest ${probe.stalls.maxMs} ms); ` +
        `GC ${probe.gc.count} pauses, ${probe.gc.totalMs} ms in all, longest ${probe.gc.maxMs} ms, ${probe.gc.major} major; RSS ${probe.rssMb} MB`,
    );
  } else console.log('\nServer probe: no report (see bench/work/load-server.log)');
  console.log(`Client (this process): event-loop delay p99 ${(clientLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(clientLoop.max / 1e6).toFixed(1)} ms`);
  const pass = overall.p99 <= p99TargetMs && failed === 0;
  console.log(`${pass ? 'PASS' : 'FAIL'}: p99 ${ms(overall.p99)} ms (target ≤ ${p99TargetMs} ms), ${failed} errors`);
  if (!pass) exitCode = 1;
} finally {
  agent.destroy();
  signalServer('SIGTERM');
  await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
process.exit(exitCode);
