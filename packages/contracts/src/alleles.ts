/**
 * Alleles of a tie as a microbiologist writes them, the shared stem once: blaSHV-11/-13/-70
 * (the stem cut after its last hyphen, so that -1B/-1C stay whole). The result page and the PDF
 * write ties alike.
 */
export function tieText(alleles: readonly string[]): string {
  const [first, ...rest] = alleles;
  if (!first) return '';
  return [
    first,
    ...rest.map((a) => {
      let common = 0;
      while (common < a.length && a[common] === first[common]) common++;
      const cut = first.lastIndexOf('-', common - 1);
      return cut > 0 ? a.slice(cut) : a;
    }),
  ].join('/');
}
