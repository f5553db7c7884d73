import { accessSync, constants, statSync } from 'node:fs';

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

/** Wrong usage (an unknown option, an unreadable path): said on one line, exit code 2. */
export class UsageError extends Error {}

/** A path the command can open as a file (said plainly before any reader opens a stream on it). */
export function isReadableFile(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** What every batch command reads the same way: its input files and the output format. */
export interface BatchInputs {
  files: string[];
  format: 'tsv' | 'json';
}

/**
 * The input files of a batch command ("--query a.fna b.fna": the files after the first arrive as
 * positionals) and its `--format`; no file, another format, or a path that is no readable file is
 * a usage error, said before any work starts. `option` is the option naming the files (`--query`,
 * `--genes`) and `what` what they are (`ASSEMBLY`, `FILE`).
 */
export function batchInputs(named: readonly string[] | undefined, positionals: readonly string[], format: string | undefined, option = '--query', what = 'FILE'): BatchInputs {
  const files = [...(named ?? []), ...positionals];
  if (files.length === 0) throw new UsageError(`${option} ${what} is required`);
  if (format !== 'tsv' && format !== 'json') throw new UsageError(`--format must be tsv or json (not "${format}")`);
  for (const file of files) if (!isReadableFile(file)) throw new UsageError(`cannot read ${file}`);
  return { files, format };
}

/**
 * Ends a command that failed for wrong usage — a {@link UsageError}, an option parseArgs refused, or
 * one of the command's own `kinds` (a reference folder that is no reference) — with its message and
 * exit code 2; false for any other error, which the caller throws on.
 */
export function endedOnUsage(error: unknown, help: string, kinds: readonly (abstract new (...args: never[]) => Error)[] = []): boolean {
  const usage = error instanceof UsageError || kinds.some((kind) => error instanceof kind) || (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS');
  if (!usage) return false;
  console.error(`mdc identify: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error(`see ${help}`);
  process.exitCode = EXIT_USAGE;
  return true;
}

/**
 * The sequences a marker-gene search refused as input (empty, not nucleotides, too short …) join
 * the refused; one without a similar reference is answered ("not in our reference"). Then the batch
 * ends as {@link finishBatch} ends it.
 */
export function finishSequenceBatch(
  results: readonly ({ ok: true } | { ok: false; queryId: string; reason: string; detail: { en: string } })[],
  refused: RefusedInput[],
  log?: (line: string) => void,
): void {
  const inputRefusals = results.filter((r) => !r.ok && r.reason !== 'no-similar-reference');
  for (const r of inputRefusals) if (!r.ok) refused.push({ item: r.queryId, reason: r.detail.en });
  finishBatch(refused, results.length - inputRefusals.length, log);
}
