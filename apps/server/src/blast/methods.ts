import type { IdentificationMethod } from '@mdc/core/identify';
import type { BlastMethod } from './method';
import { biochemMethod } from './biochem/method';
import { genomeMethod } from './genome/method';
import { itsMethod } from './its/method';
import { proteomeMethod } from './proteome/method';
import { rrnaMethod } from './rrna/method';

/**
 * The identification methods this portal offers, each from its own folder. Adding a method is a
 * folder of its own and a line here; the frame (tasks, queue, history, result route, claims,
 * retention) serves it without change.
 */
export const BLAST_METHODS: readonly BlastMethod[] = [rrnaMethod, itsMethod, genomeMethod, proteomeMethod, biochemMethod];

export function methodFor(id: IdentificationMethod): BlastMethod | undefined {
  return BLAST_METHODS.find((m) => m.ids.includes(id));
}

export const OFFERED_METHODS: readonly IdentificationMethod[] = BLAST_METHODS.flatMap((m) => m.ids);
