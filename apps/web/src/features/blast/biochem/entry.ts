import {
  BIOCHEM_PANELS,
  BIOCHEM_TESTS,
  BiochemInputError,
  biochemErrors,
  decodeProfile,
  encodeProfile,
  type BiochemPanel,
  type BiochemTestGroup,
  type PanelId,
  type QualityLevel,
  type Reaction,
} from '@mdc/core/identify/biochem';

/**
 * What the dialog holds while a person reads a strip: each test code → "+" or "–"; a test not
 * done is absent. The grid, the typed profile and the primary tests all read and write this.
 */
export type Entered = Readonly<Record<string, Reaction>>;

/** The field names as the server's messages name them, so that the dialog's own checks speak alike. */
export const FIELD_LABELS = {
  profile: { en: 'Numerical profile', zh: '数码谱' },
  reactions: { en: 'Reactions', zh: '反应' },
} as const;

/** A well clicked: positive, then negative, then not done again. */
export function nextReaction(current: Reaction | undefined): Reaction | undefined {
  return current === undefined ? '+' : current === '+' ? '-' : undefined;
}

export function withReaction(entered: Entered, code: string, reaction: Reaction | undefined): Entered {
  const next = { ...entered };
  if (reaction) next[code] = reaction;
  else delete next[code];
  return next;
}

/** The tests of the panel's profile (API 20E: the 20 wells and oxidase). */
export function profileTests(panel: BiochemPanel): string[] {
  return panel.profile?.groups.flat() ?? [];
}

/**
 * The profile the wells spell, as the paper sheet adds it up (a well not positive adds nothing);
 * empty while no well of the profile is read.
 */
export function profileOf(panel: BiochemPanel, wells: Entered): string {
  if (!panel.profile) return '';
  if (!profileTests(panel).some((code) => wells[code])) return '';
  return encodeProfile(panel, wells);
}

/** Wells of the panel not read yet. */
export function notDone(panel: BiochemPanel, wells: Entered): number {
  return panel.tests.filter((code) => !wells[code]).length;
}

export type ProfileTyped =
  | { kind: 'partial' }
  | { kind: 'complete'; wells: Record<string, Reaction>; profile: string }
  | { kind: 'error'; message: string };

/**
 * A profile as it is being typed: incomplete (nothing changes yet), complete (every well of the
 * profile set from it), or wrong (the engine's own sentence, in the reader's language). `final`:
 * the form is being sent, so a profile still short of its digits is wrong too ("7 digits needed"),
 * not an empty entry.
 */
export function readTypedProfile(panel: BiochemPanel, typed: string, locale: 'zh' | 'en', options: { final?: boolean } = {}): ProfileTyped {
  const digits = typed.replace(/[\s-]+/g, '');
  const length = panel.profile?.groups.length ?? 0;
  try {
    if (digits === '') return { kind: 'partial' };
    if (/^\d+$/.test(digits) && digits.length < length && !options.final) {
      // Check the digits typed so far, so that an 8 is pointed out at once.
      decodeProfile(panel, digits.padEnd(length, '0'), FIELD_LABELS.profile);
      return { kind: 'partial' };
    }
    const wells = decodeProfile(panel, digits, FIELD_LABELS.profile);
    return { kind: 'complete', wells, profile: digits };
  } catch (error) {
    if (error instanceof BiochemInputError) return { kind: 'error', message: error.text[locale] };
    throw error;
  }
}

/** The panel's wells replaced by those a complete profile spells; other tests stay. */
export function applyProfile(panel: BiochemPanel, entered: Entered, wells: Record<string, Reaction>): Entered {
  const next: Record<string, Reaction> = { ...entered };
  for (const code of profileTests(panel)) next[code] = wells[code]!;
  return next;
}

/** Every not-done well of the panel set negative: the bench habit of marking the positives only. */
export function restNegative(panel: BiochemPanel, entered: Entered): Entered {
  const next: Record<string, Reaction> = { ...entered };
  for (const code of panel.tests) next[code] ??= '-';
  return next;
}

/** Tests of one group of alternatives (cell shape, arrangement, oxygen relation, haemolysis) in panel order. */
export function groupMembers(group: BiochemTestGroup, codes: readonly string[] = BIOCHEM_PANELS.primary.tests): string[] {
  return codes.filter((code) => BIOCHEM_TESTS.find((t) => t.code === code)?.group === group);
}

/** The member of a group chosen (its "+"), "none" when all were read negative, undefined when not done. */
export function groupChoice(entered: Entered, group: BiochemTestGroup): string | 'none' | undefined {
  const members = groupMembers(group);
  const chosen = members.find((code) => entered[code] === '+');
  if (chosen) return chosen;
  return members.length > 0 && members.every((code) => entered[code] === '-') ? 'none' : undefined;
}

/**
 * Choosing within a group: the chosen member "+" and the others "–" (the engine counts the choice
 * once); "none" reads them all negative (no haemolysis); undefined clears the group.
 */
export function chooseInGroup(entered: Entered, group: BiochemTestGroup, choice: string | 'none' | undefined): Entered {
  const next: Record<string, Reaction> = { ...entered };
  for (const code of groupMembers(group)) {
    if (choice === undefined) delete next[code];
    else next[code] = code === choice ? '+' : '-';
  }
  return next;
}

/** The primary tests the dialog offers beside a panel: those the panel does not read itself. */
export function primaryBeside(panel: BiochemPanel, codes: readonly string[]): string[] {
  return codes.filter((code) => !panel.tests.includes(code));
}

export interface BiochemFields {
  method: 'biochem' | 'morphology';
  panel: PanelId;
  reactions: string;
  profile?: string;
  sampleName?: string;
}

/**
 * The submission: the reactions as a typed list, and the numerical profile too when every well of
 * it was read (the task then records it). Refuses an empty entry with the server's sentence.
 */
export function submissionFields(
  method: 'biochem' | 'morphology',
  panel: BiochemPanel,
  entered: Entered,
  allowed: readonly string[],
  sampleName: string,
  locale: 'zh' | 'en',
): { fields: BiochemFields } | { error: { field: 'reactions'; message: string } } {
  const codes = allowed.filter((code) => entered[code]);
  if (codes.length === 0) return { error: { field: 'reactions', message: biochemErrors.noReactions(FIELD_LABELS.reactions).text[locale] } };
  const complete = panel.profile && profileTests(panel).every((code) => entered[code]);
  return {
    fields: {
      method,
      panel: panel.id,
      reactions: codes.map((code) => `${code}=${entered[code]}`).join(','),
      ...(complete ? { profile: encodeProfile(panel, entered) } : {}),
      ...(sampleName.trim() ? { sampleName: sampleName.trim() } : {}),
    },
  };
}

/** How many things were read: a group of alternatives (cell shape …) counts once, however many of its members it sets. */
export function readCount(entered: Entered, allowed: readonly string[]): number {
  const groups = new Set<string>();
  let count = 0;
  for (const code of allowed) {
    if (!entered[code]) continue;
    const group = BIOCHEM_TESTS.find((t) => t.code === code)?.group;
    if (!group) count++;
    else if (!groups.has(group)) {
      groups.add(group);
      count++;
    }
  }
  return count;
}

/**
 * Why no next test is proposed, said so that it agrees with the call's label: an identification
 * (acceptable or better) stands and needs none; only a low discrimination is told that no test
 * at hand separates its leading candidates; an unacceptable profile is sent back to the culture.
 */
export function noNextTestReason(level: QualityLevel | null): 'unacceptable' | 'stands' | 'inseparable' | 'group' {
  if (level === 'unacceptable') return 'unacceptable';
  // A morphology group states no label: another method settles its species, not a further primary test.
  if (level === null) return 'group';
  return level === 'low discrimination' ? 'inseparable' : 'stands';
}
