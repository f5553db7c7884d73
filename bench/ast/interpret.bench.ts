/**
 * AST interpretation throughput: builds the knowledge base from the real WHONET
 * and AMR files, draws N realistic results (default 1,000,000) across CLSI and
 * EUCAST years, organisms, drugs, methods and values — mostly combinations that
 * have breakpoints, some that do not, a few bad values — and interprets them on
 * this one thread.
 *
 *   npx tsx bench/ast/interpret.bench.ts [--n=1000000] [--seed=42]
 *
 * Target: 1,000,000 results in ≤ 10 s, peak RSS ≤ 500 MB.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildKnowledgeBase, type AstInput, type BreakpointDefinition, type KnowledgeBase } from '@mdc/core/ast';
import { readAstTables } from '@mdc/refdata/whonet';

function arg(name: string, fallback: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
}

const N = arg('n', 1_000_000);
const SEED = arg('seed', 42);
/** Share of organism names written with a one-letter typo (each one a fuzzy lookup the first time). */
const TYPOS = arg('typos', 0.01);

/** Small seeded generator, so that runs draw the same results. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const MIC_SERIES = [0.008, 0.016, 0.03, 0.06, 0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const GRADIENT = ['0.19', '0.38', '0.75', '1.5', '3', '6', '12', '24', '48'];
const GARBAGE = ['abc', '-1', '9999', '', '>>4', 'S'];

function micValue(row: BreakpointDefinition): string {
  if (chance(0.01)) return pick(GARBAGE);
  if (chance(0.03)) return pick(GRADIENT);
  const anchor = row.s ?? row.r ?? 1;
  const at = MIC_SERIES.findIndex((v) => v >= anchor * 0.9);
  const index = Math.min(MIC_SERIES.length - 1, Math.max(0, (at < 0 ? 8 : at) + Math.floor(random() * 6) - 2));
  const value = String(MIC_SERIES[index]);
  if (chance(0.06)) return `<=${value}`;
  if (chance(0.05)) return `>${value}`;
  if (chance(0.03)) return `≤${value}`;
  return value;
}

function diskValue(row: BreakpointDefinition): string {
  if (chance(0.01)) return pick(GARBAGE);
  const low = Math.max(6, (row.r ?? row.s ?? 20) - 5);
  const high = Math.min(80, (row.s ?? row.r ?? 20) + 6);
  return String(low + Math.floor(random() * (high - low + 1)));
}

function typo(name: string): string {
  if (name.length < 8) return name;
  const at = 2 + Math.floor(random() * (name.length - 4));
  return name.slice(0, at) + name.slice(at + 1);
}

/** How a lab might write the organism: name, code, lower case, abbreviation, a typo. */
function organismText(code: string, name: string): string {
  const r = random();
  if (r < 0.55) return name;
  if (r < 0.75) return code;
  if (r < 0.85) return name.toLowerCase();
  if (r < 1 - TYPOS) {
    const m = /^([A-Z])[a-z]+ ([a-z]+)$/.exec(name);
    return m ? `${m[1]}. ${m[2]}` : name;
  }
  return typo(name);
}

/**
 * The drawn results, stored as columns of indexes into pools of distinct texts.
 * A million input objects kept alive would make every major garbage collection
 * walk them — a cost of the harness, not of the engine; each input object is
 * built just before it is interpreted instead, as a server would.
 */
class DrawnInputs {
  private readonly pool: string[] = [];
  private readonly poolIndex = new Map<string, number>();
  readonly organism: Int32Array;
  readonly antibiotic: Int32Array;
  readonly method: Int32Array;
  readonly value: Int32Array;
  readonly guideline: Int32Array;
  readonly year: Int32Array;
  readonly site: Int32Array;
  readonly potency: Int32Array;

  constructor(readonly size: number) {
    this.organism = new Int32Array(size);
    this.antibiotic = new Int32Array(size);
    this.method = new Int32Array(size);
    this.value = new Int32Array(size);
    this.guideline = new Int32Array(size);
    this.year = new Int32Array(size);
    this.site = new Int32Array(size).fill(-1);
    this.potency = new Int32Array(size).fill(-1);
  }

  text(value: string): number {
    let index = this.poolIndex.get(value);
    if (index === undefined) {
      index = this.pool.length;
      this.pool.push(value);
      this.poolIndex.set(value, index);
    }
    return index;
  }

  input(i: number): AstInput {
    const input: AstInput = {
      organism: this.pool[this.organism[i]!]!,
      antibiotic: this.pool[this.antibiotic[i]!]!,
      method: this.pool[this.method[i]!]!,
      value: this.pool[this.value[i]!]!,
      guideline: this.pool[this.guideline[i]!]!,
    };
    if (this.year[i]! > 0) input.year = this.year[i]!;
    if (this.site[i]! >= 0) input.site = this.pool[this.site[i]!]!;
    if (this.potency[i]! >= 0) input.diskPotency = this.pool[this.potency[i]!]!;
    return input;
  }
}

function drawInputs(kb: KnowledgeBase, tables: { breakpoints: BreakpointDefinition[] }): DrawnInputs {
  const rows = tables.breakpoints.filter(
    (b) => (b.guideline === 'CLSI' || b.guideline === 'EUCAST') && b.type === 'Human' && b.antibioticCode !== '' && (b.s !== null || b.r !== null),
  );
  // organisms by the key they have at each level, to draw one a row applies to
  const byLevel = new Map<string, Array<{ code: string; name: string }>>();
  const everyone: Array<{ code: string; name: string }> = [];
  for (const organism of kb.organisms.all()) {
    const entry = { code: organism.code, name: organism.name };
    everyone.push(entry);
    for (const [level, key] of organism.levels) {
      const k = `${level}:${key}`;
      const list = byLevel.get(k);
      if (list) list.push(entry);
      else byLevel.set(k, [entry]);
    }
  }
  const drugs = [...kb.antibiotics.all()].map((a) => ({ code: a.code, name: a.name }));
  const drawn = new DrawnInputs(N);
  for (let i = 0; i < N; i++) {
    if (chance(0.1)) {
      // anything at all: many of these have no breakpoint
      const organism = pick(everyone);
      const drug = pick(drugs);
      const method = chance(0.5) ? 'MIC' : 'DISK';
      drawn.organism[i] = drawn.text(organismText(organism.code, organism.name));
      drawn.antibiotic[i] = drawn.text(drug.code);
      drawn.method[i] = drawn.text(method);
      drawn.value[i] = drawn.text(method === 'MIC' ? pick(['0.5', '2', '8', '>32']) : pick(['12', '18', '25']));
      drawn.guideline[i] = drawn.text(chance(0.5) ? 'CLSI' : 'EUCAST');
      continue;
    }
    const row = pick(rows);
    const key = `${row.organismLevel}:${row.organismLevel === 'ALL' ? 'ALL' : row.organismCode}`;
    const candidates = byLevel.get(key);
    const organism = candidates ? pick(candidates) : pick(everyone);
    const drug = kb.antibiotic(row.antibioticCode);
    drawn.organism[i] = drawn.text(organismText(organism.code, organism.name));
    drawn.antibiotic[i] = drawn.text(drug && chance(0.3) ? drug.name : row.antibioticCode);
    drawn.method[i] = drawn.text(row.method);
    drawn.value[i] = drawn.text(row.method === 'MIC' ? micValue(row) : diskValue(row));
    drawn.guideline[i] = drawn.text(row.guideline);
    drawn.year[i] = row.year;
    if (row.site && chance(0.7)) drawn.site[i] = drawn.text(row.site);
    if (row.method === 'DISK' && row.potency && chance(0.5)) drawn.potency[i] = drawn.text(row.potency);
  }
  return drawn;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

const t0 = performance.now();
const { tables } = readAstTables();
const t1 = performance.now();
const kb = buildKnowledgeBase(tables);
const t2 = performance.now();
const inputs = drawInputs(kb, tables);
const t3 = performance.now();

const outcomes = new Map<string, number>();
let checksum = 0;
// Timed in chunks as well: on a shared machine the fastest chunk shows what the
// code does when it has the core to itself.
const CHUNK = 50_000;
let fastestChunk = Infinity;
const cpuBefore = process.cpuUsage();
const start = performance.now();
for (let from = 0; from < inputs.size; from += CHUNK) {
  const chunkStart = performance.now();
  const to = Math.min(inputs.size, from + CHUNK);
  for (let i = from; i < to; i++) {
    const result = kb.interpret(inputs.input(i));
    const key = result.category ?? result.reason;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    checksum += result.explanation.en.length;
  }
  if (to - from === CHUNK) fastestChunk = Math.min(fastestChunk, performance.now() - chunkStart);
}
const elapsed = performance.now() - start;
const cpu = process.cpuUsage(cpuBefore);

const usage = process.resourceUsage();
const memory = process.memoryUsage();
console.log(`AST interpretation benchmark (seed ${SEED}, typos ${TYPOS}, Node ${process.version}, one thread)`);
console.log(`  read tables        ${(t1 - t0).toFixed(0)} ms (${tables.breakpoints.length} breakpoints, ${tables.organisms.length} organism names)`);
console.log(`  build knowledge    ${(t2 - t1).toFixed(0)} ms`);
console.log(`  draw inputs        ${(t3 - t2).toFixed(0)} ms (not timed below)`);
console.log(`  interpret ${N.toLocaleString('en')} results: ${(elapsed / 1000).toFixed(2)} s wall, ${Math.round(N / (elapsed / 1000)).toLocaleString('en')} results/s`);
// On a shared machine the wall time includes waiting for the CPU; CPU time is this thread's own work.
console.log(`  CPU time (user+sys) ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, ${Math.round(N / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en')} results per CPU-second; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
if (Number.isFinite(fastestChunk)) {
  const rate = CHUNK / (fastestChunk / 1000);
  console.log(`  fastest ${CHUNK.toLocaleString('en')}-result chunk ${fastestChunk.toFixed(0)} ms: ${Math.round(rate).toLocaleString('en')} results/s (1,000,000 in ${(1e6 / rate).toFixed(1)} s at that pace)`);
}
console.log(`  peak RSS (maxRSS)  ${mb(usage.maxRSS * 1024)}; now rss ${mb(memory.rss)}, heap used ${mb(memory.heapUsed)}`);
const shown = [...outcomes.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${((100 * v) / N).toFixed(1)}%`);
console.log(`  outcomes           ${shown.join(', ')}`);
console.log(`  (checksum ${checksum})`);
const ok = elapsed <= 10_000 && usage.maxRSS * 1024 <= 500 * 1024 * 1024;
console.log(ok ? '  within target (≤ 10 s, ≤ 500 MB)' : '  OUTSIDE TARGET (≤ 10 s, ≤ 500 MB)');
