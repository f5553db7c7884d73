// The matrix fill of the ITS 5.8S locator's Smith–Waterman (`localAlign` in
// ../src/identify/its/regions.ts), whose JavaScript loop stays as the reference and the fallback
// (tests compare the two). A command locates the 5.8S of a few dozen reads at most: too few for V8
// to have optimised the JavaScript loop before they are done.
//
// Memory is the caller's: the query at qPtr (n base sets), the reference at rPtr (m), the matrix of
// (n + 1) × (m + 1) i32 at hPtr; the best cell's row and column are written at outPtr.

@inline function get(address: u32): i32 {
  return load<i32>(<usize>address);
}

@inline function put(address: u32, value: i32): void {
  store<i32>(<usize>address, value);
}

/** Fills the matrix; returns the best score (its cell at outPtr). */
export function fill(qPtr: u32, n: u32, rPtr: u32, m: u32, hPtr: u32, match: i32, mismatch: i32, gap: i32, outPtr: u32): i32 {
  const width = m + 1;
  // Row 0 is zero.
  for (let j: u32 = 0; j < width; j++) put(hPtr + (j << 2), 0);
  let best = 0;
  let bi: u32 = 0;
  let bj: u32 = 0;
  for (let i: u32 = 1; i <= n; i++) {
    const q = <i32>load<u8>(<usize>(qPtr + i - 1));
    const row = hPtr + ((i * width) << 2);
    const up = row - (width << 2);
    put(row, 0);
    for (let j: u32 = 1; j <= m; j++) {
      // Base sets: any shared bit is a match.
      let v = get(up + (j << 2) - 4) + select<i32>(match, mismatch, (q & <i32>load<u8>(<usize>(rPtr + j - 1))) != 0);
      v = select<i32>(v, 0, v > 0);
      const above = get(up + (j << 2)) + gap;
      if (above > v) v = above;
      const left = get(row + (j << 2) - 4) + gap;
      if (left > v) v = left;
      put(row + (j << 2), v);
      if (v > best) {
        best = v;
        bi = i;
        bj = j;
      }
    }
  }
  put(outPtr, bi);
  put(outPtr + 4, bj);
  return best;
}
