import { biochemErrors, type BiochemField } from './errors';
import type { BiochemPanel, Reaction } from './panels';
import { biochemTest, panelCode } from './tests';

/** Spellings of a reaction accepted from people and files; empty means "not done". */
const POSITIVE = new Set(['+', 'pos', 'positive', '阳性']);
const NEGATIVE = new Set(['-', '–', '—', '−', 'neg', 'negative', '阴性']);

/** The reaction a cell says, undefined when it is empty (test not done); throws on anything else. */
export function parseReaction(value: string, code: string, field: BiochemField): Reaction | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (POSITIVE.has(text)) return '+';
  if (NEGATIVE.has(text)) return '-';
  throw biochemErrors.badReaction(field, code, value.trim());
}

/**
 * Reactions from (code, value) pairs, checked against the tests the panel and the primary
 * tests know. Codes are matched ignoring case and through aliases (MOB → MOT).
 */
export function parseReactionEntries(
  entries: Iterable<readonly [string, string]>,
  allowed: { panel: BiochemPanel; alsoAllowed?: readonly string[] },
  field: BiochemField = 'reactions',
): Record<string, Reaction> {
  const allowedCodes = [...allowed.panel.tests, ...(allowed.alsoAllowed ?? [])];
  const reactions: Record<string, Reaction> = {};
  const seen = new Set<string>();
  for (const [rawCode, value] of entries) {
    const test = biochemTest(rawCode);
    if (!test) throw biochemErrors.unknownTest(field, rawCode.trim());
    // TDA in a panel that reads PDA (or the reverse) is the same reaction: taken under the panel's code.
    const code = panelCode(test.code, allowedCodes);
    if (!code) throw biochemErrors.testNotInPanel(field, test.code, allowed.panel.id);
    if (seen.has(code)) throw biochemErrors.duplicateTest(field, code);
    seen.add(code);
    const reaction = parseReaction(value, code, field);
    if (reaction) reactions[code] = reaction;
  }
  return reactions;
}

/** Reactions typed as `IND=+, VP=-, CIT=` (an empty value means not done). */
export function parseReactionList(
  text: string,
  allowed: { panel: BiochemPanel; alsoAllowed?: readonly string[] },
  field: BiochemField = 'reactions',
): Record<string, Reaction> {
  const entries: [string, string][] = [];
  for (const part of text.split(/[,;\n]/)) {
    if (!part.trim()) continue;
    const match = /^\s*([^=:\s]+)\s*[=:]\s*(.*?)\s*$/.exec(part);
    if (!match) {
      // "IND+" and "VP-" are common shorthand.
      const short = /^\s*([A-Za-z0-9]+?)\s*([+\-–−])\s*$/.exec(part);
      if (!short) throw biochemErrors.badReaction(field, part.trim(), part.trim());
      entries.push([short[1]!, short[2]!]);
      continue;
    }
    entries.push([match[1]!, match[2]!]);
  }
  return parseReactionEntries(entries, allowed, field);
}
