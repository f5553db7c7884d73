import type { Envelope } from '@mdc/contracts';
import type { ItsItem, ItsResult, ItsSpeciesGroup } from '@mdc/core/identify/its';
import { api } from '../../../lib/http';
import type { Localized, SubmitAnswer, SubmitProblem, Thresholds } from '../api';

export type { ItsItem, ItsResult };

/** What /api/blast/info says of ITS. */
export interface ItsInfo {
  regions: { region: 'ITS1' | 'ITS2' | 'ITS'; references: number; searched: number; species: number }[];
  thresholds: Thresholds;
  thresholdSources: Record<string, string>;
  minLength: number;
  maxLength: number;
  maxSequences: number;
  methodNote: Localized;
  basisLabels: Record<string, Localized>;
  speciesGroups: ItsSpeciesGroup[];
}

export const itsApi = {
  sample: () => api.get<{ species: string; accession: string; fasta: string }>('/api/blast/its/sample'),
  /** Pasted text, or a file's text with its name (kept on the task as the file it came from). */
  submit: (sequence: string, fileName?: string | null) =>
    api.post<SubmitAnswer | SubmitProblem | null>('/api/blast/tasks', fileName ? { method: 'ITS', file: sequence, fileName } : { method: 'ITS', sequence }, { toast: false }) as Promise<
      Envelope<SubmitAnswer | SubmitProblem | null>
    >,
};
