/** Deterministic helpers for identification tests: seeded random sequences and controlled edits. */
export function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

const BASES = 'ACGT';

export function randomSequence(length: number, random: () => number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASES[Math.floor(random() * 4)];
  return out;
}

/** A base different from `base`. */
export function otherBase(base: string, random: () => number): string {
  const choices = BASES.replace(base.toUpperCase(), '');
  return choices[Math.floor(random() * choices.length)]!;
}

/** Substitutes `count` distinct positions (never within `spacing` of each other), returns the new text. */
export function substitute(sequence: string, count: number, random: () => number, spacing = 1): string {
  const chars = sequence.split('');
  const chosen: number[] = [];
  while (chosen.length < count) {
    const p = Math.floor(random() * chars.length);
    if (chosen.some((q) => Math.abs(q - p) < spacing)) continue;
    chosen.push(p);
    chars[p] = otherBase(chars[p]!, random);
  }
  return chars.join('');
}

export function reverseComplementText(sequence: string): string {
  const pair: Record<string, string> = { A: 'T', C: 'G', G: 'C', T: 'A', N: 'N' };
  return sequence
    .split('')
    .reverse()
    .map((c) => pair[c] ?? 'N')
    .join('');
}
