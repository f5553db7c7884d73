import type { Envelope } from '@mdc/contracts';
import type { MainSpectrumPeak, MainSpectrumQuality, MixtureCall, ProteomeHit, ProteomeLevel } from '@mdc/core/identify/proteome';
import { api, http } from '../../../lib/http';
import type { Localized, SubmitAnswer, SubmitProblem } from '../api';

export type { MainSpectrumPeak, ProteomeLevel };

export type Hit = ProteomeHit & { own: boolean; taxonId: string | null };

/** One spectrum of a task: its call, runner-up, top ten and mixture, as the server keeps it. */
export interface SpectrumResult {
  position: number;
  file: string;
  spot: string | null;
  kind: 'profile' | 'peaks';
  format: 'flex' | 'mzml' | 'mzxml' | 'text';
  points: number;
  instrument: string | null;
  level: ProteomeLevel;
  call: Hit | null;
  runnerUp: Hit | null;
  margin: number | null;
  closeRunnerUp: boolean;
  noReliableIdentification: boolean;
  hits: Hit[];
  mixture: MixtureCall | null;
  text: Localized;
  refused: string | null;
  queryPeaks: number;
  peaksDetected: number;
  noise: number | null;
  notes: Localized[];
  label?: string;
  sameSpectrum?: boolean;
  libraryFree?: LibraryFreeResult | null;
  combined?: CombinedAnswer;
}

/** The library-free path: theoretical protein masses, genus level at most. */
export interface LibraryFreeResult {
  level: 'genus' | 'genus-group' | 'none';
  genus: string | null;
  species: string[];
  genera: string[];
  label: string;
  score: number;
  text: Localized;
  candidates: Array<{ genus: string; species: string; score: number; evidence: number; genesMatched: number; genesSearched: number; matches: Array<{ gene: string; queryMz: number; theoreticalMz: number; weight: number }> }>;
}

/** The answer from both paths and which evidence carried it. */
export interface CombinedAnswer {
  carriedBy: 'spectral-library' | 'library-free' | 'both' | 'none';
  name: string;
  level: ProteomeLevel;
  score: number | null;
  text: Localized;
}

export interface ProteomeReport {
  spectra: SpectrumResult[];
  parameters: { preprocess: Record<string, string | number>; identify: Record<string, string | number | boolean> };
  bands: { subspecies: number; species: number; genus: number };
  library: { entries: number; species: number; own: number };
  proteins?: { species: number; genera: number; proteins: number } | null;
  counts: { spectra: number; subspecies: number; species: number; genus: number; none: number; refused: number; mixtures: number; closeRunnerUp: number };
  ms: Record<string, number>;
}

export interface Explanation {
  spectrum: { position: number; file: string; spot: string | null; kind: 'profile' | 'peaks' };
  hit: Hit;
  score: number;
  level: ProteomeLevel;
  queryMatchedShare: number;
  referenceMatchedShare: number;
  intensityCorrelation: number;
  pearson: number | null;
  queryPeaks: number;
  referencePeaks: number;
  tolerancePpm: number;
  matched: { queryMz: number; queryIntensity: number; referenceMz: number; referenceIntensity: number; referenceFrequency: number; errorPpm: number }[];
  unmatchedQuery: { mz: number; intensity: number }[];
  unmatchedReference: MainSpectrumPeak[];
  profile: [number, number][] | null;
  reference: { entryId: string; species: string; strain: string; origin: string; peaks: MainSpectrumPeak[] };
  bands: { subspecies: number; species: number; genus: number };
  text: Localized;
}

/** What /api/blast/info tells of the proteome method. */
export interface ProteomeInfo {
  references: number;
  species: number;
  maxUploadBytes: number;
  maxSpectra: number;
  formats: { format: string; endings: string[]; limit: number; what: Localized }[];
  bands: { subspecies: number; species: number; genus: number };
  closeMargin: number;
}

export interface LibraryEntry {
  id: number;
  entryId: string;
  source: 'import' | 'admin' | 'user';
  species: string;
  strain: string;
  taxonMo: string | null;
  origin: string;
  culture: string;
  instrument: string;
  replicates: number;
  peakCount: number;
  quality: MainSpectrumQuality | null;
  replicateFiles: string[];
  createdAt: string;
  peaks?: MainSpectrumPeak[];
}

export interface LibraryList {
  own: LibraryEntry[];
  shared: { entries: number; species: number };
  maxOwn: number;
  minReplicates: number;
  maxReplicates: number;
}

/** Multipart upload with progress; refusals come back as the envelope with the server's sentence. */
async function upload<T>(url: string, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Envelope<T | SubmitProblem | null>> {
  const response = await http.post(url, form, {
    timeout: 300_000,
    signal,
    onUploadProgress: (event) => {
      if (event.total) onProgress(event.loaded / event.total);
    },
  });
  return response.data as Envelope<T | SubmitProblem | null>;
}

export function submitSpectra(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('method', 'proteome');
  form.append('file', file, file.name);
  return upload<SubmitAnswer>('/api/blast/tasks', form, onProgress, signal);
}

export function createLibraryEntry(
  fields: { species: string; strain: string; culture: string; instrument: string },
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('files', file, file.name);
  return upload<{ id: number; entry: LibraryEntry }>('/api/blast/proteome/library', form, onProgress, signal);
}

const base = '/api/blast/proteome';

export const proteomeApi = {
  explain: (taskId: string, spectrum: number, rank: number) => api.get<Explanation>(`${base}/tasks/${encodeURIComponent(taskId)}/explain`, { spectrum, rank }, { progress: false, silent: true }),
  library: () => api.get<LibraryList>(`${base}/library`),
  entry: (id: number) => api.get<LibraryEntry>(`${base}/library/${id}`, undefined, { silent: true }),
  remove: (id: number) => api.post<null>(`${base}/library/${id}/delete`),
};
