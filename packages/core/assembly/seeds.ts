// The seed loops of `sketchGenome` (../src/identify/genome/sketch.ts): every base of every genome
// passes through them. The JavaScript loop in sketch.ts stays as the reference and the fallback; a
// test checks that both give the same seeds. The canonical k-mer is chosen with `select`, not a
// branch that mispredicts on half the bases.
//
// Memory (the layout is ../src/identify/genome/kernel.ts's, which grows the memory to hold it): the
// rolling state at STATE, FASTA byte classes at CLASS, one chunk of base codes or FASTA text at
// CODES, hashes written at OUT and their positions (× 2 + strand) HALF bytes further — room for a
// seed at every byte of the chunk, so a chunk never overflows.

export const CHUNK: u32 = 1 << 20;
/** fw, rv, run, pos, gc, ambiguous, stop (7 i32). */
export const STATE: u32 = 0;
/** Byte classes of FASTA text for `fastaSeeds` (256 bytes). */
export const CLASS: u32 = 32;
export const CODES: u32 = 512;
export const OUT: u32 = CODES + CHUNK;
export const HALF: u32 = 4 * CHUNK;
/** The k-mer length: 16 bases fill the 32-bit words exactly. */
const K: u32 = 16;

/** The canonical k-mer's MurmurHash3 finaliser. */
@inline function mix(h: u32): u32 {
  h ^= h >>> 16;
  h *= 0x85ebca6b;
  h ^= h >>> 13;
  h *= 0xc2b2ae35;
  h ^= h >>> 16;
  return h;
}

/** Seeds of codes[0, length) of the chunk; the position of base i is posBase + i. Returns the count. */
export function seeds(length: u32, posBase: u32, limit: u32): u32 {
  let fw = load<u32>(STATE);
  let rv = load<u32>(STATE, 4);
  let run = load<u32>(STATE, 8);
  let count: u32 = 0;
  let out = OUT;
  let i: u32 = 0;
  while (i < length) {
    const x = <u32>load<u8>(CODES + i);
    i++;
    if (x > 3) {
      run = 0;
      continue;
    }
    fw = (fw << 2) | x;
    rv = (rv >>> 2) | ((3 - x) << 30);
    run++;
    if (run < K) continue;
    const lt = fw <= rv;
    const h = mix(select<u32>(fw, rv, lt));
    // Written always, kept (the next seed written past it) only below the limit: one k-mer in
    // eight is kept at random, which a branch would mispredict.
    store<u32>(out, h);
    // First base of the k-mer: i − 16 after the increment above.
    store<u32>(out, ((posBase + i - K) << 1) + (1 - <u32>lt), HALF);
    const keep = <u32>(h < limit);
    out += keep << 2;
    count += keep;
  }
  store<u32>(STATE, fw);
  store<u32>(STATE, rv, 4);
  store<u32>(STATE, run, 8);
  return count;
}

/**
 * Seeds of the FASTA text at CODES[0, length): bases counted from the state's position, G+C and
 * ambiguous letters tallied. Stops at a header or any other byte (its index at STATE + 24, else -1).
 * Classes: 0–3 bases, 4 N and the other ambiguity letters, 5 line ends and blanks, 6 '>', 7 other.
 */
export function fastaSeeds(length: u32, limit: u32): u32 {
  let fw = load<u32>(STATE);
  let rv = load<u32>(STATE, 4);
  let run = load<u32>(STATE, 8);
  let pos = load<u32>(STATE, 12);
  let gc = load<u32>(STATE, 16);
  let amb = load<u32>(STATE, 20);
  let stop: i32 = -1;
  let count: u32 = 0;
  let out = OUT;
  let i: u32 = 0;
  while (i < length) {
    const c = <u32>load<u8>(CLASS + <u32>load<u8>(CODES + i));
    i++;
    if (c > 3) {
      if (c == 5) continue;
      if (c == 4) {
        run = 0;
        amb++;
        pos++;
        continue;
      }
      stop = <i32>(i - 1);
      break;
    }
    gc += <u32>(c - 1 < 2);
    pos++;
    fw = (fw << 2) | c;
    rv = (rv >>> 2) | ((3 - c) << 30);
    run++;
    if (run < K) continue;
    const lt = fw <= rv;
    const h = mix(select<u32>(fw, rv, lt));
    // As in `seeds`: no branch on the kept fraction.
    store<u32>(out, h);
    store<u32>(out, ((pos - K) << 1) + (1 - <u32>lt), HALF);
    const keep = <u32>(h < limit);
    out += keep << 2;
    count += keep;
  }
  store<u32>(STATE, fw);
  store<u32>(STATE, rv, 4);
  store<u32>(STATE, run, 8);
  store<u32>(STATE, pos, 12);
  store<u32>(STATE, gc, 16);
  store<u32>(STATE, amb, 20);
  store<i32>(STATE, stop, 24);
  return count;
}

/**
 * Sorts n seeds by hash, stably (equal hashes keep their genome order), in place: hashes at
 * `hashes`, positions at `positions` (u32 each). Two LSD radix passes on the hash's low and high
 * halves (of the bits it uses), each seed moved as one u64 (hash low, position high) so that a
 * scatter writes one place, not two; `a` and `b` hold 8n bytes each, `counts` the two tables
 * (at most 2 × 65,536 u32). The JavaScript sort in sketch.ts (`sortByHash` without the kernel)
 * gives the same order; a test compares them.
 */
export function sortSeeds(n: u32, hashes: u32, positions: u32, a: u32, b: u32, counts: u32): void {
  let all: u32 = 0;
  for (let i: u32 = 0; i < n; i++) all |= load<u32>(hashes + (i << 2));
  const bits: u32 = 32 - clz<u32>(all);
  const lowBits: u32 = bits >>> 1 > 0 ? bits >>> 1 : 1;
  const highBits: u32 = bits > lowBits ? bits - lowBits : 1;
  const lowMask: u32 = (1 << lowBits) - 1;
  const low = counts;
  const high = counts + (4 << lowBits);
  memory.fill(counts, 0, (4 << lowBits) + (4 << highBits));
  for (let i: u32 = 0; i < n; i++) {
    const x = load<u32>(hashes + (i << 2));
    const l = low + ((x & lowMask) << 2);
    store<u32>(l, load<u32>(l) + 1);
    const h = high + ((x >>> lowBits) << 2);
    store<u32>(h, load<u32>(h) + 1);
  }
  let sum: u32 = 0;
  for (let d: u32 = 0, e: u32 = 1 << lowBits; d < e; d++) {
    const c = load<u32>(low + (d << 2));
    store<u32>(low + (d << 2), sum);
    sum += c;
  }
  sum = 0;
  for (let d: u32 = 0, e: u32 = 1 << highBits; d < e; d++) {
    const c = load<u32>(high + (d << 2));
    store<u32>(high + (d << 2), sum);
    sum += c;
  }
  for (let i: u32 = 0; i < n; i++) {
    const x = load<u32>(hashes + (i << 2));
    const l = low + ((x & lowMask) << 2);
    const d = load<u32>(l);
    store<u32>(l, d + 1);
    store<u64>(a + (d << 3), (<u64>load<u32>(positions + (i << 2)) << 32) | <u64>x);
  }
  for (let i: u32 = 0; i < n; i++) {
    const v = load<u64>(a + (i << 3));
    const h = high + ((<u32>v >>> lowBits) << 2);
    const d = load<u32>(h);
    store<u32>(h, d + 1);
    store<u64>(b + (d << 3), v);
  }
  for (let i: u32 = 0; i < n; i++) {
    const v = load<u64>(b + (i << 3));
    store<u32>(hashes + (i << 2), <u32>v);
    store<u32>(positions + (i << 2), <u32>(v >>> 32));
  }
}
