/**
 * What every `mdc identify` batch shares: each refused input is named on standard error with its
 * reason, and the exit code says whether anything was refused.
 */

/** Every input answered. */
export const EXIT_ALL_ANSWERED = 0;
/** Something refused (each named on standard error), every other input answered — as `mdc identify --method proteome` says it too. */
export const EXIT_REFUSED = 1;
/** Wrong usage (unknown option, unreadable path, bad reference folder). */
export const EXIT_USAGE = 2;

export interface RefusedInput {
  /** The file (or the sequence of a file) refused. */
  item: string;
  reason: string;
}

/** Names each refused input on standard error and sets the exit code of the batch. */
export function finishBatch(refused: readonly RefusedInput[], answered: number, log: (line: string) => void = (line) => process.stderr.write(line + '\n')): void {
  const base = (item: string) => item.replace(/^.*[\\/]/, '');
  // Readers name the file in their reasons already; say it once.
  for (const r of refused) log(`refused ${r.item}: ${r.reason.startsWith(base(r.item)) ? r.reason.slice(base(r.item).length).replace(/^[:：]\s*/, '') : r.reason}`);
  if (refused.length > 0) log(`${refused.length} refused, ${answered} answered`);
  process.exitCode = refused.length === 0 ? EXIT_ALL_ANSWERED : EXIT_REFUSED;
}
