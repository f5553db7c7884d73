/**
 * Which version of the shared references (imported and added by an administrator) this process
 * has seen: answers derived from them (the reference counts of /api/blast/info) are kept until it
 * changes. An import changes the latest import's id (read from the database, so an import by
 * another process counts too); shared genomes or MALDI-TOF entries written or removed in this
 * process move `sharedReferenceGeneration`. Entries an administrator adds with the `mdc` command
 * (another process) are seen when a kept answer's time (`SHARED_REFERENCE_TTL_MS`) runs out.
 */
let generation = 0;

/** How long an answer derived from the shared references is kept at most (entries added by another process). */
export const SHARED_REFERENCE_TTL_MS = 60_000;

/** Shared references were written or removed in this process. */
export function sharedReferencesChanged(): void {
  generation++;
}

export function sharedReferenceGeneration(): number {
  return generation;
}
