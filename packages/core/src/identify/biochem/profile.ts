import { biochemErrors, type BiochemField } from './errors';
import type { BiochemPanel, Reaction, Reactions } from './panels';

const WEIGHTS = [1, 2, 4] as const;

/** Number of digits of the panel's numerical profile, or undefined when it has none. */
export function profileLength(panel: BiochemPanel): number | undefined {
  return panel.profile?.groups.length;
}

/**
 * Reactions of a numerical profile: each digit is the sum of the weights (1, 2, 4) of the
 * positive tests of its group, so 5144572 on API 20E reads ONPG, LDC | ODC | IND | GLU |
 * MAN, SOR | RHA, SAC, MEL | ARA. A profile states every test, so tests not positive are "–".
 */
export function decodeProfile(panel: BiochemPanel, profile: string, field: BiochemField = 'profile'): Record<string, Reaction> {
  const groups = panel.profile?.groups;
  if (!groups) throw biochemErrors.profileNotDigits(field, panel.id);
  const digits = profile.trim().replace(/[\s-]+/g, '');
  if (!/^\d+$/.test(digits)) throw biochemErrors.profileNotDigits(field, panel.id);
  if (digits.length !== groups.length) throw biochemErrors.profileLength(field, panel.id, groups.length, digits.length);
  const reactions: Record<string, Reaction> = {};
  groups.forEach((group, i) => {
    const digit = Number(digits[i]);
    const max = group.reduce((sum, _code, j) => sum + WEIGHTS[j]!, 0);
    if (digit > max) throw biochemErrors.profileDigit(field, i + 1, digits[i]!, max);
    group.forEach((code, j) => {
      reactions[code] = (digit & WEIGHTS[j]!) !== 0 ? '+' : '-';
    });
  });
  return reactions;
}

/**
 * The numerical profile of a set of reactions. As on the paper result sheet, a test that is not
 * positive (negative or not read) adds nothing to its digit.
 */
export function encodeProfile(panel: BiochemPanel, reactions: Reactions): string {
  const groups = panel.profile?.groups;
  if (!groups) throw biochemErrors.profileNotDigits('profile', panel.id);
  return groups
    .map((group) => group.reduce((sum, code, j) => sum + (reactions[code] === '+' ? WEIGHTS[j]! : 0), 0))
    .join('');
}
