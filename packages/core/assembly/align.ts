// The alignment kernels of ../src/identify/rrna/align.ts: `initRow` and `fillRows` are the matrix
// fill of `alignExact`, `scanWords` the word scan of `SemiGlobalAligner.align`. The JavaScript
// versions stay as the reference and the fallback; tests check both give the same alignments.
//
// Why WebAssembly: a fresh process (a CLI run, a new worker) spends its first few hundred
// milliseconds of searching in V8's interpreter before the optimising compiler catches up, more so
// on a busy machine; WebAssembly is compiled before the first call.
//
// Memory is the caller's (KernelMemory in ../src/identify/rrna/wasm/runtime.ts): every address is a
// byte offset it chose. The module keeps nothing in memory itself (no static data, no allocator).

/** The matrix's "minus infinity", as in align.ts. */
const NEG: i32 = -0x3fffffff;

@inline function get(address: i32): i32 {
  return load<i32>(<usize>address);
}

@inline function put(address: i32, value: i32): void {
  store<i32>(<usize>address, value);
}

@inline function byte(address: i32): i32 {
  return <i32>load<u8>(<usize>address);
}

/** Row 0 of the matrix: H (free start: 0, else the gap cost) inside the band, NEG outside; F all NEG. */
export function initRow(hPtr: i32, fPtr: i32, cols: i32, dLo: i32, dHi: i32, freeStart: i32, gapOpen: i32, gapExtend: i32): void {
  for (let j = 0; j <= cols + 1; j++) {
    let v = NEG;
    if ((j <= dHi) & (j >= dLo)) {
      v = 0;
      if (((<i32>(j == 0)) | freeStart) == 0) v = 0 - (gapOpen + j * gapExtend);
    }
    put(hPtr + (j << 2), v);
    put(fPtr + (j << 2), NEG);
  }
}

/** Rows 1..rows of the banded Gotoh matrix; one trace byte per cell as in alignExact. */
export function fillRows(
  qAddr: i32,
  rows: i32,
  rAddr: i32,
  cols: i32,
  dLo: i32,
  dHi: i32,
  width: i32,
  hPtr: i32,
  fPtr: i32,
  tPtr: i32,
  psPtr: i32,
  gapOpen: i32,
  gapExtend: i32,
): void {
  const oe = gapOpen + gapExtend;
  for (let i = 1; i <= rows; i++) {
    const qcode = byte(qAddr + i - 1) << 4;
    const rowBase = i * width - i - dLo + tPtr;
    let jLo = i + dLo;
    let jHi = i + dHi;
    jHi = select<i32>(jHi, cols, jHi < cols);
    let diag: i32;
    let hLeft: i32;
    if (jLo <= 0) {
      diag = get(hPtr);
      hLeft = 0 - (gapOpen + i * gapExtend);
      put(hPtr, hLeft);
      jLo = 1;
    } else {
      diag = get(hPtr + ((jLo - 1) << 2));
      hLeft = NEG;
    }
    let eLeft = NEG;
    for (let j = jLo; j <= jHi; j++) {
      const hAddr = hPtr + (j << 2);
      const fAddr = fPtr + (j << 2);
      const up = get(hAddr);
      const fOpen = up - oe;
      const fExt = get(fAddr) - gapExtend;
      let tb = 0;
      let fij: i32;
      if (fExt > fOpen) {
        fij = fExt;
        tb = 8;
      } else {
        fij = fOpen;
      }
      const eOpen = hLeft - oe;
      const eExt = eLeft - gapExtend;
      let eij: i32;
      if (eExt > eOpen) {
        eij = eExt;
        tb |= 4;
      } else {
        eij = eOpen;
      }
      let best = diag + get(psPtr + ((qcode | byte(rAddr + j - 1)) << 2));
      if (fij > best) {
        best = fij;
        tb = (tb & 12) | 2;
      }
      if (eij > best) {
        best = eij;
        tb = (tb & 12) | 1;
      }
      store<u8>(<usize>(rowBase + j), tb);
      diag = up;
      put(hAddr, best);
      put(fAddr, fij);
      hLeft = best;
      eLeft = eij;
    }
  }
}

/**
 * Word matches of ref[rs, re) in the query's hash table, each extended base by base into a maximal
 * run written as three i32 (query start, reference start, length) at runsPtr; returns the count.
 * twoBitPtr: 16 bytes, base set → 0..3, 255 for ambiguity codes.
 */
export function scanWords(
  refPtr: i32,
  rs: i32,
  re: i32,
  qPtr: i32,
  m: i32,
  k: i32,
  keysPtr: i32,
  posPtr: i32,
  bits: i32,
  runsPtr: i32,
  maxRuns: i32,
  twoBitPtr: i32,
): i32 {
  const mask = (1 << (k << 1)) - 1;
  const sizeMask = (1 << bits) - 1;
  let word = 0;
  let valid = 0;
  let count = 0;
  let e = rs;
  while (e < re) {
    const b = byte(twoBitPtr + byte(refPtr + e));
    if (b == 255) {
      valid = 0;
      e++;
      continue;
    }
    word = ((word << 2) | b) & mask;
    valid++;
    if (valid < k) {
      e++;
      continue;
    }
    // Open addressing, Fibonacci hashing: the same probe as QueryWords in align.ts.
    let slot = (word * -1640531535) >>> (32 - bits);
    let i = -1;
    while (true) {
      const key = get(keysPtr + (slot << 2));
      if (key == word) {
        i = get(posPtr + (slot << 2));
        break;
      }
      if (key == -1) break;
      slot = (slot + 1) & sizeMask;
    }
    if (i < 0) {
      e++;
      continue;
    }
    let qEnd = i + k;
    let rEnd = e + 1;
    while (qEnd < m && rEnd < re) {
      const qb = byte(qPtr + qEnd);
      if (qb != byte(refPtr + rEnd)) break;
      if (byte(twoBitPtr + qb) == 255) break;
      qEnd++;
      rEnd++;
    }
    if (count < maxRuns) {
      const out = runsPtr + count * 12;
      put(out, i);
      put(out + 4, e - k + 1);
      put(out + 8, qEnd - i);
      count++;
    }
    e = rEnd - k + 1;
    valid = 0;
    word = 0;
  }
  return count;
}
