import type { Envelope } from '@mdc/contracts';
import type { GenomeReport } from '@mdc/core/identify/genome';
import { http } from '../../../lib/http';
import type { SubmitAnswer, SubmitProblem } from '../api';

export type { GenomeReport };

/** What /api/blast/info tells of the genome method. */
export interface GenomeInfo {
  references: number;
  species: number;
  minBases: number;
  maxBases: number;
  maxUploadBytes: number;
  thresholds: { species: number; speciesQueryAf: number; genus: number; ambiguity: number };
}

/**
 * Sends an assembly as multipart (the file as it is, gzipped or not), reporting upload progress.
 * Refusals come back as the envelope with the server's sentence.
 */
export async function submitGenome(
  file: File,
  sampleName: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Envelope<SubmitAnswer | SubmitProblem | null>> {
  const form = new FormData();
  form.append('method', 'genome');
  if (sampleName.trim()) form.append('sampleName', sampleName.trim());
  form.append('file', file, file.name);
  const response = await http.post('/api/blast/tasks', form, {
    timeout: 300_000,
    signal,
    onUploadProgress: (event) => {
      if (event.total) onProgress(event.loaded / event.total);
    },
  });
  return response.data as Envelope<SubmitAnswer | SubmitProblem | null>;
}
