// Rows of the alignment table, reused between calls (the index answers one query at a time).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Typing distance between a keyword and the start of a name: the fewest single-character
 * insertions, deletions, substitutions or swaps of neighbours that turn the keyword into some
 * prefix of the name (so a half-typed, misspelt name still finds its target). Returns
 * `max + 1` as soon as the distance is known to exceed `max`. Only the diagonal band of
 * width `max` is computed: cells outside it cannot lead to a distance within `max`.
 */
export function prefixDistance(query: string, name: string, max: number): number {
  const m = query.length;
  if (m === 0) return 0;
  const n = Math.min(name.length, m + max);
  if (rowA.length < n + 1) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  const over = max + 1;
  let before = rowA;
  let previous = rowB;
  let current = rowC;
  for (let j = 0; j <= n; j++) previous[j] = j <= max ? j : over;
  for (let i = 1; i <= m; i++) {
    const lo = i - max > 1 ? i - max : 1;
    const hi = i + max < n ? i + max : n;
    current[0] = i <= max ? i : over;
    if (lo > 1) current[lo - 1] = over;
    let rowMin = current[0];
    const qc = query.charCodeAt(i - 1);
    const qPrev = i > 1 ? query.charCodeAt(i - 2) : -1;
    for (let j = lo; j <= hi; j++) {
      const nc = name.charCodeAt(j - 1);
      let value = previous[j - 1]! + (qc === nc ? 0 : 1);
      const up = previous[j]! + 1;
      if (up < value) value = up;
      const left = current[j - 1]! + 1;
      if (left < value) value = left;
      if (j > 1 && qc === name.charCodeAt(j - 2) && qPrev === nc) {
        const swap = before[j - 2]! + 1;
        if (swap < value) value = swap;
      }
      if (value > over) value = over;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (hi < n) current[hi + 1] = over;
    if (rowMin > max) return over;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  let best = over;
  const lo = m - max > 0 ? m - max : 0;
  for (let j = lo; j <= n; j++) if (previous[j]! < best) best = previous[j]!;
  return best;
}

/** How many typing mistakes a keyword of this length may carry and still be recognised. */
export function editBudget(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  if (length < 16) return 2;
  return 3;
}
