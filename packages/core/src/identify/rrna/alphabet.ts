/**
 * Nucleotides are stored as 4-bit sets of the bases they may stand for (A=1, C=2, G=4, T=8), so an
 * IUPAC ambiguity code is simply the union of its bases (N = 15) and "compatible" means the sets
 * intersect. U is read as T. 0 never occurs in an encoded sequence.
 */
export const BASE_A = 1;
export const BASE_C = 2;
export const BASE_G = 4;
export const BASE_T = 8;

const IUPAC: Record<string, number> = {
  A: 1, C: 2, G: 4, T: 8, U: 8,
  R: 5, Y: 10, S: 6, W: 9, K: 12, M: 3,
  B: 14, D: 13, H: 11, V: 7, N: 15,
};

/** Byte → base set, 0 for anything that is not an IUPAC nucleotide letter. */
export const CODE_OF_CHAR = new Uint8Array(256);
for (const [letter, code] of Object.entries(IUPAC)) {
  CODE_OF_CHAR[letter.charCodeAt(0)] = code;
  CODE_OF_CHAR[letter.toLowerCase().charCodeAt(0)] = code;
}

/** Base set → letter (A, C, G, T or the IUPAC code). */
export const CHAR_OF_CODE: readonly string[] = (() => {
  const letters = new Array<string>(16).fill('?');
  for (const [letter, code] of Object.entries(IUPAC)) if (letter !== 'U') letters[code] = letter;
  return letters;
})();

/** Base set → 2-bit code (A0 C1 G2 T3) for exact bases, -1 for ambiguity codes. */
export const TWO_BIT = new Int8Array(16).fill(-1);
TWO_BIT[BASE_A] = 0;
TWO_BIT[BASE_C] = 1;
TWO_BIT[BASE_G] = 2;
TWO_BIT[BASE_T] = 3;

/** Complement of a base set: A↔T, C↔G applied to every member. */
export const COMPLEMENT = new Uint8Array(16);
for (let code = 0; code < 16; code++) {
  COMPLEMENT[code] = ((code & 1) << 3) | ((code & 8) >> 3) | ((code & 2) << 1) | ((code & 4) >> 1);
}

/** True when the set holds exactly one base. */
export function isExactBase(code: number): boolean {
  return TWO_BIT[code]! >= 0;
}

export interface EncodedSequence {
  codes: Uint8Array;
  /** Offset of the first character that is not a nucleotide letter (after removing whitespace), -1 if none. */
  invalidAt: number;
}

/**
 * Encodes nucleotide text, skipping whitespace. Anything else that is not an IUPAC letter stops the
 * encoding and is reported, because a sequence with foreign characters is refused as a whole.
 */
export function encodeNucleotides(text: string): EncodedSequence {
  const codes = new Uint8Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    const code = ch < 256 ? CODE_OF_CHAR[ch]! : 0;
    if (code !== 0) {
      codes[length++] = code;
    } else if (ch === 32 || (ch >= 9 && ch <= 13)) {
      continue;
    } else {
      return { codes: codes.subarray(0, length), invalidAt: length };
    }
  }
  return { codes: codes.subarray(0, length), invalidAt: -1 };
}

export function reverseComplement(codes: Uint8Array): Uint8Array {
  const out = new Uint8Array(codes.length);
  for (let i = 0, j = codes.length - 1; j >= 0; i++, j--) out[i] = COMPLEMENT[codes[j]!]!;
  return out;
}

export function decodeNucleotides(codes: Uint8Array, from = 0, to = codes.length): string {
  let text = '';
  for (let i = from; i < to; i++) text += CHAR_OF_CODE[codes[i]!];
  return text;
}

/**
 * Calls `visit` with every word of `k` exact bases (2 bits a base) and the position after its last
 * base; a word touching an ambiguity code is skipped.
 */
export function forEachWord(codes: Uint8Array, k: number, visit: (word: number, end: number) => void): void {
  const mask = (1 << (2 * k)) - 1;
  let word = 0;
  let valid = 0;
  for (let i = 0; i < codes.length; i++) {
    const b = TWO_BIT[codes[i]!]!;
    if (b < 0) {
      valid = 0;
      continue;
    }
    word = ((word << 2) | b) & mask;
    if (++valid >= k) visit(word, i + 1);
  }
}
