import { isIdentificationMethod, type IdentificationMethod } from '@mdc/core/identify';
import { METHOD_COMMANDS } from './commands';

/** The methods' ids, as the server offers them (methods.ts); only the chosen method's code is loaded. */
const OFFERED_METHODS = METHOD_COMMANDS.flatMap((c) => c.ids);

const usage = `mdc identify — identify isolates from files, with the portal's engines

Usage:
  mdc identify --method METHOD … (see mdc identify --method METHOD --help)

  --method   ${OFFERED_METHODS.join(' | ')}
  --marker   16S | 18S (the same as --method 16S | 18S)`;

/** Takes `--method X` (or `--method=X`) out of the arguments; the method's own command reads the rest. */
function takeMethod(args: string[]): { method?: string; rest: string[] } {
  const rest: string[] = [];
  let method: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--method') method = args[++i] ?? '';
    else if (arg.startsWith('--method=')) method = arg.slice('--method='.length);
    else rest.push(arg);
  }
  return { method, rest };
}

function markerOf(args: string[]): string | undefined {
  const at = args.findIndex((a) => a === '--marker' || a.startsWith('--marker='));
  if (at < 0) return undefined;
  const arg = args[at]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[at + 1] ?? '');
}

/** `mdc identify`: dispatches to the method's own command line. */
export async function runIdentifyCommand(args: string[]): Promise<void> {
  const { method: named, rest } = takeMethod(args);
  const wanted = named ?? markerOf(rest);
  if (wanted === undefined) {
    if (rest.includes('--help') || rest.includes('-h')) {
      console.log(usage);
      return;
    }
    console.error('mdc identify: --method is required\nsee mdc identify --help');
    process.exitCode = 2;
    return;
  }
  const id = OFFERED_METHODS.find((m) => m.toLowerCase() === wanted.trim().toLowerCase());
  const command = id && isIdentificationMethod(id) ? METHOD_COMMANDS.find((c) => c.ids.includes(id)) : undefined;
  if (!id || !command) {
    console.error(`mdc identify: --method must be one of ${OFFERED_METHODS.join(', ')} (got "${wanted}")\nsee mdc identify --help`);
    process.exitCode = 2;
    return;
  }
  await command.run(id as IdentificationMethod, rest);
}

