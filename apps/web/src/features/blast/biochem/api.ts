import type { Envelope } from '@mdc/contracts';
import type { BiochemIdentification, PanelId, QualityLevel, Reaction } from '@mdc/core/identify/biochem';
import { api } from '../../../lib/http';
import type { Localized, SubmitAnswer, SubmitProblem } from '../api';
import type { BiochemFields } from './entry';

export type { BiochemIdentification, PanelId, QualityLevel, Reaction };

/** A biochemical or morphological task's result, as GET /api/blast/tasks/:id gives it under `biochem`. */
export interface BiochemReport {
  sampleName: string | null;
  panel: { id: PanelId; name: Localized };
  matrix: { id: string; name: Localized; source: string; taxa: number };
  profile: string | null;
  reactions: { code: string; reaction: Reaction }[];
  identification: BiochemIdentification;
  ms: number;
}

/** What /api/blast/info tells of the panels (under `biochem`). */
export interface BiochemInfo {
  panels: {
    id: PanelId;
    method: 'biochem' | 'morphology';
    name: Localized;
    description: Localized;
    tests: string[];
    profile: { groups: string[][]; weights: number[] } | null;
    matrix: { id: string; name: Localized; source: string; taxa: number } | null;
  }[];
  quality: { level: QualityLevel; label: Localized; percentId: number | null; typicity: number | null }[];
  unacceptableTypicity: number;
}

export function submitBiochem(fields: BiochemFields): Promise<Envelope<SubmitAnswer | SubmitProblem | null>> {
  return api.post<SubmitAnswer | SubmitProblem | null>('/api/blast/tasks', { ...fields }, { toast: false }) as Promise<Envelope<SubmitAnswer | SubmitProblem | null>>;
}
