/**
 * Disk contents are written many ways ("30μg", "30 µg", "30ug", "30 mcg",
 * "1.25μg/23.75μg", "1.25/23.75µg", "10 units", "10U"). Two contents are the same
 * disk when their amounts agree and, if both say it, their unit agrees.
 */

export interface Potency {
  amounts: number[];
  unit: 'µg' | 'units' | null;
}

const UNITS_WORD = /(units?|iu|u)(?![a-z])/i;
const MICROGRAM_WORD = /(µg|μg|ug|mcg)/i;

export function parsePotency(text: string | null | undefined): Potency | null {
  if (text === null || text === undefined) return null;
  const normalized = text.normalize('NFKC').trim();
  if (normalized === '') return null;
  const amounts = [...normalized.matchAll(/\d+(\.\d+)?/g)].map((m) => Number(m[0]));
  if (amounts.length === 0) return null;
  const firstPart = normalized.split('/')[0] ?? normalized;
  const unit = UNITS_WORD.test(firstPart) ? 'units' : MICROGRAM_WORD.test(normalized) ? 'µg' : null;
  return { amounts, unit };
}

/** Same disk? The comparison covers the amounts both texts give. */
export function samePotency(a: Potency, b: Potency): boolean {
  const shared = Math.min(a.amounts.length, b.amounts.length);
  for (let i = 0; i < shared; i++) {
    if (Math.abs((a.amounts[i] ?? 0) - (b.amounts[i] ?? 0)) > 1e-9) return false;
  }
  if (a.unit !== null && b.unit !== null && a.unit !== b.unit) return false;
  return true;
}

/** Display form with the micro sign used throughout ("30µg"). */
export function displayPotency(text: string): string {
  return text.normalize('NFKC').replace(/μg/g, 'µg');
}
