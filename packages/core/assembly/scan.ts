// The two passes of a batch's scan of the references (`findInReferences` and `countInReferences`
// in ../src/identify/rrna/reference-scan.ts), which stay as the reference and the fallback; tests
// check both give the same candidates. The passes run once per command over millions of positions:
// JavaScript spends much of such a run in V8's slower tiers and its bounds checks.
//
// Memory is the caller's (WasmScan in reference-scan.ts): byte addresses it chose, i32 arrays
// 4-byte aligned. `ranks` holds two i32 per 32 words (the bits, then the words before them), `seen`
// two per batch word (the last reference holding it, then how many do).

@inline function get(address: i32): i32 {
  return load<i32>(<usize>address);
}

@inline function put(address: i32, value: i32): void {
  store<i32>(<usize>address, value);
}

/** References first … last − 1: each one's batch words (once each) appended to hits, hitEnd[r] set; returns the hit count. */
export function find(
  codesPtr: i32,
  offsetsPtr: i32,
  first: u32,
  last: u32,
  ranksPtr: i32,
  mask: i32,
  k: i32,
  seenPtr: i32,
  hitsPtr: i32,
  count: i32,
  hitEndPtr: i32,
  twoBitPtr: i32,
): i32 {
  for (let r = first; r < last; r++) {
    const offset = offsetsPtr + (r << 2);
    let i = <u32>get(offset);
    const end = <u32>get(offset + 4);
    let word = 0;
    let valid = 0;
    for (; i < end; i++) {
      const b = <i32>load<i8>(<usize>(twoBitPtr + <i32>load<u8>(<usize>(codesPtr + i))));
      if (b < 0) {
        valid = 0;
        continue;
      }
      word = ((word << 2) | b) & mask;
      valid++;
      if (valid < k) continue;
      const pair = ranksPtr + ((word >>> 5) << 3);
      const bits = get(pair);
      const bit = 1 << word;
      if ((bits & bit) == 0) continue;
      // The word's slot: the words before its group of 32, and those of the group below it.
      const at = seenPtr + ((get(pair + 4) + popcnt<i32>(bits & (bit - 1))) << 3);
      if (get(at) != r) {
        put(at, r);
        put(at + 4, get(at + 4) + 1);
        put(hitsPtr + (count << 2), (at - seenPtr) >>> 3);
        count++;
      }
    }
    put(hitEndPtr + (r << 2), count);
  }
  return count;
}

/**
 * References first … last − 1: shared counted words per read, each offered to the read's heap when
 * it has room or the count beats the worst it keeps.
 */
export function count(
  hitsPtr: i32,
  hitEndPtr: i32,
  first: u32,
  last: u32,
  countedPtr: i32,
  readsOfPtr: i32,
  listsPtr: i32,
  countsPtr: i32,
  touchedPtr: i32,
  fullPtr: i32,
  worstPtr: i32,
  heapCountsPtr: i32,
  heapRefsPtr: i32,
  sizesPtr: i32,
  limit: u32,
): void {
  let h: u32 = first != 0 ? <u32>get(hitEndPtr + (first << 2) - 4) : 0;
  for (let r = first; r < last; r++) {
    let tc: u32 = 0;
    const end = <u32>get(hitEndPtr + (r << 2));
    for (; h < end; h++) {
      const id = get(hitsPtr + (h << 2));
      if ((get(countedPtr + ((id >>> 5) << 2)) & (1 << id)) == 0) continue;
      const holder = get(readsOfPtr + (id << 2));
      if (holder >= 0) {
        const at = countsPtr + (holder << 2);
        const c = get(at);
        put(at, c + 1);
        if (c == 0) {
          put(touchedPtr + (tc << 2), holder);
          tc++;
        }
      } else {
        // The list at lists[-2 - holder]: its length, then its reads.
        let p = <u32>(listsPtr + (-8 - (holder << 2)));
        const pend = <u32>(get(p) << 2) + p + 4;
        for (p += 4; p < pend; p += 4) {
          const q = get(p);
          const at = countsPtr + (q << 2);
          const c = get(at);
          put(at, c + 1);
          if (c == 0) {
            put(touchedPtr + (tc << 2), q);
            tc++;
          }
        }
      }
    }
    for (let t: u32 = 0; t < tc; t++) {
      const q = get(touchedPtr + (t << 2));
      const at = countsPtr + (q << 2);
      const c = <u32>get(at);
      put(at, 0);
      if (load<u8>(<usize>(fullPtr + q)) == 0 || c > <u32>get(worstPtr + (q << 2))) {
        offer(q, c, r, heapCountsPtr, heapRefsPtr, sizesPtr, fullPtr, worstPtr, limit);
      }
    }
  }
}

/** (count, ref) a worse than b: fewer words, or as many in a later reference. */
@inline function worse(countA: u32, refA: u32, countB: u32, refB: u32): bool {
  return countA < countB || (countA == countB && refA > refB);
}

/** TopReferences.offer of reference-scan.ts: read q's heap of `limit` (count, ref) pairs, its root the worst. */
function offer(q: i32, c: u32, r: u32, countsPtr: i32, refsPtr: i32, sizesPtr: i32, fullPtr: i32, worstPtr: i32, limit: u32): void {
  const counts = countsPtr + ((q * limit) << 2);
  const refs = refsPtr + ((q * limit) << 2);
  const size = <u32>get(sizesPtr + (q << 2));
  if (size < limit) {
    let j = size;
    put(sizesPtr + (q << 2), size + 1);
    while (j != 0) {
      const parent = (j - 1) >>> 1;
      const pc = <u32>get(counts + (parent << 2));
      const pr = <u32>get(refs + (parent << 2));
      if (worse(pc, pr, c, r)) break;
      put(counts + (j << 2), pc);
      put(refs + (j << 2), pr);
      j = parent;
    }
    put(counts + (j << 2), c);
    put(refs + (j << 2), r);
    if (size + 1 == limit) {
      store<u8>(<usize>(fullPtr + q), 1);
      put(worstPtr + (q << 2), get(counts));
    }
    return;
  }
  if (c <= <u32>get(counts)) return;
  let j: u32 = 0;
  while (true) {
    let child = (j << 1) + 1;
    if (child >= limit) break;
    let cc = <u32>get(counts + (child << 2));
    let cr = <u32>get(refs + (child << 2));
    const right = child + 1;
    if (right < limit) {
      const rc = <u32>get(counts + (right << 2));
      const rr = <u32>get(refs + (right << 2));
      if (worse(rc, rr, cc, cr)) {
        child = right;
        cc = rc;
        cr = rr;
      }
    }
    if (!worse(cc, cr, c, r)) break;
    put(counts + (j << 2), cc);
    put(refs + (j << 2), cr);
    j = child;
  }
  put(counts + (j << 2), c);
  put(refs + (j << 2), r);
  put(worstPtr + (q << 2), get(counts));
}
