/**
 * The comparable form of a name or a typed keyword: compatibility-folded (full-width letters and
 * punctuation from Chinese input methods become ASCII), accents dropped, lower case, and the
 * separators people use interchangeably in names ("amoxicillin/clavulanic acid",
 * "amoxicillin-clavulanic acid", "K. pneumoniae ss. pneumoniae") reduced to single spaces.
 * Everything else, including `%`, `_`, quotes, backslashes and regular-expression characters,
 * stays as it is and is compared as plain text.
 */
export function normalizeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s/\-,.()[\]{};:·、，。（）【】]+/gu, ' ')
    .trim();
}

const HAN = /\p{Script=Han}/u;

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** Start positions of the words after the first: where a word-start match may begin. */
export function wordStarts(key: string): number[] {
  const starts: number[] = [];
  for (let i = 1; i < key.length; i++) {
    if (key.charCodeAt(i - 1) === 32 && key.charCodeAt(i) !== 32) starts.push(i);
  }
  return starts;
}
