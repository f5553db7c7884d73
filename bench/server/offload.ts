/**
 * Issue 28, items 1–4: requests that must not hold the server's event loop. An in-process portal
 * (as the API tests start it) on the embedded database and on PostgreSQL imports the whole shared
 * reference data folder; then, while GET /api/health is asked every 25 ms on the same event loop
 * (each wait counted from when the probe was due, so a held loop counts in full), each item runs:
 *
 * 1. "export": anonymous GET /api/resource/breakpoints/export?format=xlsx&year=all (once cold, once
 *    again, then three at once), and the default year.
 * 2. "traces": one anonymous 16S submission of six .ab1 files of 10.4 million base calls each
 *    (no quality values: ~9.9 MB each, under the 10 MB a file may have) — refused (HTTP 400).
 *    The body is made before the probe starts and handed over 64 KB at a time, as a socket would.
 * 3. "batch": a Lab batch of --isolates WHONET isolates (copies of the shared SampleInputFile,
 *    default 11,900: just under the upload's limit), from upload until its job is done.
 * 4. "info": 8 anonymous clients asking GET /api/blast/info in a loop for 5 s (after one call).
 *
 * Reported per item: the request's own time, the longest health wait meanwhile, the load average.
 * Pass: every longest health wait < 1 s.
 *
 *   npx tsx bench/server/offload.ts [--items export,traces,batch,info] [--db pglite,postgres] [--isolates 11900] [--data full|small]
 *
 * --data small imports the small reference folder the API tests use instead (seconds, not minutes
 * on a loaded machine): enough for "traces" and "batch", not representative for "export" and "info".
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { writeAb1 } from '../../packages/refdata/src/ab1';
import { activeAccountToken } from '../../apps/server/test/support/accounts';
import { startPortal, type DbKind, type TestPortal } from '../../apps/server/test/support/portal';
import { buildSmallDataDir, realDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { injectProbe } from './inject-probe';
import { interpretedBatch } from './lab-portal';

const { values } = parseArgs({
  options: { items: { type: 'string', default: 'export,traces,batch,info' }, db: { type: 'string', default: 'pglite,postgres' }, isolates: { type: 'string', default: '11900' }, data: { type: 'string', default: 'full' } },
});
const items = new Set(values.items!.split(','));
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let pass = true;

/** Runs `work` while /api/health is asked every 25 ms: its value, its time, the longest health wait. */
async function probing<T>(portal: TestPortal, work: () => Promise<T>): Promise<{ value: T; ms: number; healthMs: number }> {
  const health = injectProbe(portal, '/api/health', 25);
  await new Promise((r) => setTimeout(r, 100));
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 100));
  const { maxMs } = await health.stop();
  return { value, ms, healthMs: maxMs };
}

function row(db: DbKind, what: string, ms: number, healthMs: number, outcome: string) {
  const ok = healthMs < 1000;
  pass &&= ok;
  console.log(`| ${db} | ${what} | ${s(ms)} | ${s(healthMs)} | ${outcome} | ${load()} | ${ok ? 'pass' : 'FAIL'} |`);
}

/** A trace of `calls` base calls (no quality values), as an instrument would lay it out. */
function hugeTrace(calls: number): Uint8Array {
  const bases = new Uint8Array(calls);
  const acgt = [65, 67, 71, 84];
  for (let i = 0; i < calls; i++) bases[i] = acgt[(i * 7 + (i >> 3)) & 3]!;
  return writeAb1([
    { name: 'PBAS', number: 2, type: 2, elementSize: 1, data: bases },
    { name: 'SMPL', number: 1, type: 18, elementSize: 1, data: Uint8Array.from([4, 66, 73, 71, 49]) },
  ]);
}

/**
 * A request body as a client's socket hands it to the server: 64 KB at a time, each in a turn of
 * the event loop of its own. Injected as one buffer, the whole 62 MB would reach the multipart
 * reader in one synchronous write, which no network connection does.
 */
function socketLike(payload: Buffer, chunkBytes = 64 * 1024): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < payload.length; at += chunkBytes) {
        await new Promise((r) => setImmediate(r));
        yield payload.subarray(at, at + chunkBytes);
      }
    })(),
    { objectMode: false },
  );
}

const dataDir = values.data === 'small' ? buildSmallDataDir() : realDataDir();
console.log('| database | request | its time | /api/health longest wait | outcome | load average (1/5/15 min) | |');
console.log('|---|---|---|---|---|---|---|');
for (const db of values.db!.split(',') as DbKind[]) {
  const portal = await startPortal(db, { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_API: '1000000' });
  try {
    const imported = performance.now();
    await portal.app.refdata.runImport(dataDir);
    console.error(`${db}: reference data imported in ${s(performance.now() - imported)}`);

    if (items.has('export')) {
      const url = '/api/resource/breakpoints/export?format=xlsx&year=all';
      const digests = new Set<string>();
      for (const round of ['cold', 'again']) {
        const r = await probing(portal, () => portal.app.inject({ method: 'GET', url }));
        digests.add(createHash('sha256').update(r.value.rawPayload).digest('hex').slice(0, 12));
        const said = r.value.statusCode === 200 ? '' : ` ${r.value.body.slice(0, 120)}`;
        row(db, `breakpoint export xlsx, year=all (${round})`, r.ms, r.healthMs, `HTTP ${r.value.statusCode}, ${(r.value.rawPayload.length / 1e6).toFixed(2)} MB${said}`);
      }
      const three = await probing(portal, () => Promise.all([0, 1, 2].map(() => portal.app.inject({ method: 'GET', url }))));
      row(db, 'breakpoint export xlsx, year=all, three at once', three.ms, three.healthMs, three.value.map((v) => v.statusCode).join('/'));
      for (const v of three.value) digests.add(createHash('sha256').update(v.rawPayload).digest('hex').slice(0, 12));
      const latest = await probing(portal, () => portal.app.inject({ method: 'GET', url: '/api/resource/breakpoints/export?format=xlsx' }));
      row(db, 'breakpoint export xlsx, default year', latest.ms, latest.healthMs, `HTTP ${latest.value.statusCode}, ${(latest.value.rawPayload.length / 1e6).toFixed(2)} MB`);
      console.error(`${db}: year=all files: ${digests.size === 1 ? 'the same bytes every time' : `${digests.size} different files`} (${[...digests].join(', ')})`);
    }

    if (items.has('traces')) {
      const trace = hugeTrace(10_400_000);
      const files = [1, 2, 3, 4, 5, 6].map((i) => ({ name: `isolate${i}_F.ab1`, bytes: trace }));
      // The multipart body is made before the probe starts: making 62 MB of it is the client's work, not the server's.
      const form = new FormData();
      form.append('method', '16S');
      for (const f of files) form.append('file', new Blob([f.bytes]), f.name);
      const request = new Request('http://portal.test/', { method: 'POST', body: form });
      const payload = Buffer.from(await request.arrayBuffer());
      const headers = { 'content-type': request.headers.get('content-type')!, 'content-length': String(payload.length), local: 'en' };
      const r = await probing(portal, () => portal.app.inject({ method: 'POST', url: '/api/blast/tasks', headers, payload: socketLike(payload) }));
      const body = r.value.json() as { msg: unknown; data?: { reason?: unknown; refused?: { reason?: unknown }[] } };
      row(db, `16S submission, six .ab1 of 10.4 M calls (${(trace.length / 2 ** 20).toFixed(1)} MB each)`, r.ms, r.healthMs, `HTTP ${r.value.statusCode}: ${JSON.stringify(body.data?.reason ?? body.data?.refused?.[0]?.reason ?? body.msg).slice(0, 90)}`);
    }

    if (items.has('batch')) {
      const token = await activeAccountToken(portal, 'offload');
      const wanted = Number(values.isolates);
      const r = await probing(portal, () => interpretedBatch(portal, token, wanted));
      row(db, `Lab batch of ${wanted} isolates, upload to done`, r.ms, r.healthMs, `${r.value.results} results`);
    }

    if (items.has('info')) {
      const first = await probing(portal, () => portal.app.inject({ method: 'GET', url: '/api/blast/info' }));
      row(db, 'GET /api/blast/info, one call', first.ms, first.healthMs, `HTTP ${first.value.statusCode}`);
      const calls: number[] = [];
      const r = await probing(portal, async () => {
        const until = performance.now() + 5000;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (performance.now() < until) {
              const started = performance.now();
              await portal.app.inject({ method: 'GET', url: '/api/blast/info' });
              calls.push(performance.now() - started);
            }
          }),
        );
      });
      calls.sort((a, b) => a - b);
      row(db, `GET /api/blast/info, 8 clients looping 5 s (${calls.length} calls, median ${calls[calls.length >> 1]!.toFixed(0)} ms)`, r.ms, r.healthMs, 'HTTP 200');
    }
  } finally {
    await portal.close();
  }
}
console.log(pass ? 'PASS: no health wait of 1 s or more' : 'FAIL: a health wait of 1 s or more');
process.exit(pass ? 0 : 1);
