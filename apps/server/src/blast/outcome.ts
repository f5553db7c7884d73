import type { IdentificationCall, LocalizedText } from '@mdc/core/identify';

/** How a job ended, as the frame records it on the task. */
export interface Outcome {
  status: 'done' | 'failed';
  /** Why it failed, in both languages (for the history and the result page). */
  error?: LocalizedText | null;
  /** The call of the first identified item, for the history. */
  call?: IdentificationCall | null;
  /** Items identified (the rest were refused). */
  identified?: number;
  /** Which reference set answered and how long the search took. */
  reference?: { version: string; count: number } | null;
  searchMs?: number | null;
  /** The method's whole answer when it keeps it on the task row. */
  result?: unknown;
  /** What the history shows beside the call (group members, a note). */
  summary?: unknown;
}
