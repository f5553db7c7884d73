import { assemble, type WatModule } from '../rrna/wasm/assembler';

/**
 * The seed loop of `sketchGenome` in WebAssembly, hand-written WAT: every base of every genome
 * passes through it, and compiled WebAssembly runs it in a third of the time the JavaScript loop
 * takes (the canonical k-mer is chosen with `select`, not a branch that mispredicts on half the
 * bases). The JavaScript loop in sketch.ts stays as the reference and the fallback; a test
 * checks that both give the same seeds.
 *
 * Memory: the rolling state (forward word, reverse word, run length) at STATE, one chunk of base
 * codes at CODES, hashes written at OUT and their positions (× 2 + strand) at OUT + HALF — room
 * for a seed at every base of the chunk, so a chunk never overflows.
 */
export const CHUNK = 1 << 20;
/** fw, rv, run, pos, gc, ambiguous, stop (7 ints). */
export const STATE = 0;
/** Byte classes of FASTA text for `fastaSeeds` (256 bytes). */
export const CLASS = 32;
export const CODES = 512;
export const OUT = CODES + CHUNK;
/** Hashes at OUT, their positions HALF bytes further: both copied out in one move each. */
export const HALF = 4 * CHUNK;
const PAGES = Math.ceil((OUT + 8 * CHUNK) / 65536) + 1;

const i32 = (value: number) => value | 0;

/**
 * The canonical k-mer of the forward and reverse words ($fw, $rv) into $h, and the MurmurHash3
 * finaliser over it; $lt = 1 when the forward word is the canonical one.
 */
const FINALISE = `
        local.get $fw local.get $rv i32.le_u local.set $lt
        local.get $fw local.get $rv local.get $lt select local.set $h
        local.get $h local.get $h i32.const 16 i32.shr_u i32.xor local.set $h
        local.get $h i32.const ${i32(0x85ebca6b)} i32.mul local.set $h
        local.get $h local.get $h i32.const 13 i32.shr_u i32.xor local.set $h
        local.get $h i32.const ${i32(0xc2b2ae35)} i32.mul local.set $h
        local.get $h local.get $h i32.const 16 i32.shr_u i32.xor local.set $h`;

const seeds = {
  name: 'seeds',
  // Seeds of codes[0, length) of the chunk; position of base i is posBase + i. Returns the count.
  params: ['length', 'posBase', 'limit'],
  result: true,
  locals: ['i', 'x', 'fw', 'rv', 'run', 'lt', 'h', 'count', 'out'],
  body: `
    i32.const ${STATE} i32.load local.set $fw
    i32.const ${STATE} i32.load offset=4 local.set $rv
    i32.const ${STATE} i32.load offset=8 local.set $run
    i32.const 0 local.set $i
    i32.const 0 local.set $count
    i32.const ${OUT} local.set $out
    block $done
      loop $next
        local.get $i local.get $length i32.ge_u br_if $done
        i32.const ${CODES} local.get $i i32.add i32.load8_u local.set $x
        local.get $i i32.const 1 i32.add local.set $i
        local.get $x i32.const 3 i32.gt_u
        if
          i32.const 0 local.set $run
          br $next
        end
        local.get $fw i32.const 2 i32.shl local.get $x i32.or local.set $fw
        local.get $rv i32.const 2 i32.shr_u i32.const 3 local.get $x i32.sub i32.const 30 i32.shl i32.or local.set $rv
        local.get $run i32.const 1 i32.add local.set $run
        local.get $run i32.const 16 i32.lt_u br_if $next
        ${FINALISE}
        local.get $h local.get $limit i32.ge_u br_if $next
        local.get $out local.get $h i32.store
        ;; first base of the k-mer: i − 16 after the increment above
        local.get $out local.get $posBase local.get $i i32.add i32.const 16 i32.sub i32.const 1 i32.shl i32.const 1 local.get $lt i32.sub i32.add i32.store offset=${HALF}
        local.get $out i32.const 4 i32.add local.set $out
        local.get $count i32.const 1 i32.add local.set $count
        br $next
      end
    end
    i32.const ${STATE} local.get $fw i32.store
    i32.const ${STATE} local.get $rv i32.store offset=4
    i32.const ${STATE} local.get $run i32.store offset=8
    local.get $count`,
};

/**
 * Byte classes of FASTA text: 0–3 bases (either case), 4 N and the other ambiguity letters, 5
 * line ends and blanks (skipped), 6 '>' (a header: the caller reads it), 7 anything else (the
 * caller decides: a stray character, protein, a binary file).
 */
export const FASTA_CLASS = (() => {
  const table = new Uint8Array(256).fill(7);
  for (const [letters, code] of [['A', 0], ['C', 1], ['G', 2], ['TU', 3], ['NRYKMSWBDHV', 4]] as const) {
    for (const c of letters) {
      table[c.charCodeAt(0)] = code;
      table[c.toLowerCase().charCodeAt(0)] = code;
    }
  }
  for (const c of ' \t\r\n\v\f') table[c.charCodeAt(0)] = 5;
  table[0x3e] = 6;
  return table;
})();

const fastaSeeds = {
  name: 'fastaSeeds',
  // Seeds of the FASTA text at CODES[0, length): bases counted from the state's position, G+C and
  // ambiguous letters tallied. Stops at a header or any other byte (its index in STATE+24, else -1).
  params: ['length', 'limit'],
  result: true,
  locals: ['i', 'c', 'fw', 'rv', 'run', 'pos', 'gc', 'amb', 'lt', 'h', 'count', 'out', 'stop'],
  body: `
    i32.const ${STATE} i32.load local.set $fw
    i32.const ${STATE} i32.load offset=4 local.set $rv
    i32.const ${STATE} i32.load offset=8 local.set $run
    i32.const ${STATE} i32.load offset=12 local.set $pos
    i32.const ${STATE} i32.load offset=16 local.set $gc
    i32.const ${STATE} i32.load offset=20 local.set $amb
    i32.const -1 local.set $stop
    i32.const 0 local.set $i
    i32.const 0 local.set $count
    i32.const ${OUT} local.set $out
    block $done
      loop $next
        local.get $i local.get $length i32.ge_u br_if $done
        i32.const ${CLASS} i32.const ${CODES} local.get $i i32.add i32.load8_u i32.add i32.load8_u local.set $c
        local.get $i i32.const 1 i32.add local.set $i
        local.get $c i32.const 3 i32.gt_u
        if
          local.get $c i32.const 5 i32.eq br_if $next
          local.get $c i32.const 4 i32.eq
          if
            i32.const 0 local.set $run
            local.get $amb i32.const 1 i32.add local.set $amb
            local.get $pos i32.const 1 i32.add local.set $pos
            br $next
          end
          local.get $i i32.const 1 i32.sub local.set $stop
          br $done
        end
        local.get $gc local.get $c i32.const 1 i32.sub i32.const 2 i32.lt_u i32.add local.set $gc
        local.get $pos i32.const 1 i32.add local.set $pos
        local.get $fw i32.const 2 i32.shl local.get $c i32.or local.set $fw
        local.get $rv i32.const 2 i32.shr_u i32.const 3 local.get $c i32.sub i32.const 30 i32.shl i32.or local.set $rv
        local.get $run i32.const 1 i32.add local.set $run
        local.get $run i32.const 16 i32.lt_u br_if $next
        ${FINALISE}
        local.get $h local.get $limit i32.ge_u br_if $next
        local.get $out local.get $h i32.store
        local.get $out local.get $pos i32.const 16 i32.sub i32.const 1 i32.shl i32.const 1 local.get $lt i32.sub i32.add i32.store offset=${HALF}
        local.get $out i32.const 4 i32.add local.set $out
        local.get $count i32.const 1 i32.add local.set $count
        br $next
      end
    end
    i32.const ${STATE} local.get $fw i32.store
    i32.const ${STATE} local.get $rv i32.store offset=4
    i32.const ${STATE} local.get $run i32.store offset=8
    i32.const ${STATE} local.get $pos i32.store offset=12
    i32.const ${STATE} local.get $gc i32.store offset=16
    i32.const ${STATE} local.get $amb i32.store offset=20
    i32.const ${STATE} local.get $stop i32.store offset=24
    local.get $count`,
};

const SEED_MODULE: WatModule = { memoryPages: PAGES, functions: [seeds, fastaSeeds] };

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

export interface SeedKernel {
  memory: { buffer: ArrayBuffer };
  seeds(length: number, posBase: number, limit: number): number;
  fastaSeeds(length: number, limit: number): number;
}

let compiled: object | null | undefined;
let instance: SeedKernel | null | undefined;

/** This thread's seed kernel, or null where WebAssembly is unavailable (the JavaScript loop then runs). */
export function seedKernel(): SeedKernel | null {
  if (instance !== undefined) return instance;
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return (instance = null);
  try {
    compiled ??= new api.Module(assemble(SEED_MODULE));
    instance = new api.Instance(compiled, {}).exports as SeedKernel;
    new Uint8Array(instance.memory.buffer, CLASS, 256).set(FASTA_CLASS);
  } catch {
    instance = null;
  }
  return instance;
}
