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
    if (h >= limit) continue;
    store<u32>(out, h);
    // First base of the k-mer: i − 16 after the increment above.
    store<u32>(out, ((posBase + i - K) << 1) + (1 - <u32>lt), HALF);
    out += 4;
    count++;
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
    if (h >= limit) continue;
    store<u32>(out, h);
    store<u32>(out, ((pos - K) << 1) + (1 - <u32>lt), HALF);
    out += 4;
    count++;
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
