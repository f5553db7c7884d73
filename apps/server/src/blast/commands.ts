import type { MethodCommand } from './method-command';
import { biochemCommand } from './biochem/command';
import { genomeCommand } from './genome/command';
import { itsCommand } from './its/command';
import { proteomeCommand } from './proteome/command';
import { rrnaCommand } from './rrna/command';

/** The methods' command lines, in the order of BLAST_METHODS (methods.ts), whose ids they give. */
export const METHOD_COMMANDS: readonly MethodCommand[] = [rrnaCommand, itsCommand, genomeCommand, proteomeCommand, biochemCommand];
