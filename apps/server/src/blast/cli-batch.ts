/**
 * What every `mdc identify` batch shares: each refused input is named on standard error with its
 * reason, and the exit code says whether anything was refused.
 */

/** Every input answered. */
export const EXIT_ALL_ANSWERED = 0;
/** Nothing answered: every input was refused. */
export const EXIT_NOTHING_ANSWERED = 1;
/** Wrong usage (unknown option, unreadable path, bad reference folder). */
export const EXIT_USAGE = 2;
/** Some inputs refused, every other one answered. */
export const EXIT_SOME_REFUSED = 3;

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
  process.exitCode = refused.length === 0 ? EXIT_ALL_ANSWERED : answered === 0 ? EXIT_NOTHING_ANSWERED : EXIT_SOME_REFUSED;
}
