import type { LibraryEntry, MainSpectrumPeak, Peak } from '@mdc/core/identify/proteome';
import type { Queryable } from '../../db';
import type { SpectrumPicture } from './pdf';
import type { ProteomeTaskResult } from './schemas';
import type { IdentifiedSpectrum } from './thread';

const packPeaks = (peaks: readonly Peak[]) => JSON.stringify(peaks.map((p) => [p.mz, p.intensity]));
const unpackPeaks = (value: unknown): Peak[] => (value as [number, number][]).map(([mz, intensity]) => ({ mz, intensity }));
const packMain = (peaks: readonly MainSpectrumPeak[]) => JSON.stringify(peaks.map((p) => [p.mz, p.intensity, p.frequency]));
const unpackMain = (value: unknown): MainSpectrumPeak[] => (value as [number, number, number][]).map(([mz, intensity, frequency]) => ({ mz, intensity, frequency }));

/** [[m/z, intensity], …] from an interleaved profile, for JSON. */
function profilePairs(profile: Float64Array): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < profile.length; i += 2) out.push([profile[i]!, profile[i + 1]!]);
  return out;
}

/**
 * Keeps what explanations and the PDF need beside the result: each spectrum's peaks and thinned
 * profile, and the main spectra its hits name as they were when the task ran. Written in the
 * transaction that closes the task.
 */
export async function storeSpectra(tx: Queryable, taskId: string, spectra: readonly IdentifiedSpectrum[], result: ProteomeTaskResult, library: readonly LibraryEntry[]): Promise<void> {
  for (const [position, s] of spectra.entries()) {
    await tx.query('INSERT INTO proteome_task_spectrum (task_id, position, peaks, profile) VALUES ($1, $2, $3::jsonb, $4::jsonb)', [
      taskId,
      position,
      packPeaks(s.peaks),
      s.profile ? JSON.stringify(profilePairs(s.profile)) : null,
    ]);
  }
  const named = new Set<string>();
  for (const s of result.spectra) {
    for (const h of s.hits) named.add(h.entryId);
    if (s.runnerUp) named.add(s.runnerUp.entryId);
    if (s.mixture) named.add(s.mixture.secondEntryId);
  }
  for (const entry of library) {
    if (!named.has(entry.id)) continue;
    await tx.query('INSERT INTO proteome_task_reference (task_id, entry_id, species, strain, origin, peaks) VALUES ($1, $2, $3, $4, $5, $6::jsonb)', [
      taskId,
      entry.id,
      entry.species,
      entry.strain ?? '',
      entry.source,
      packMain(entry.peaks),
    ]);
  }
}

export async function taskSpectrum(db: Queryable, taskId: string, position: number): Promise<{ peaks: Peak[]; profile: [number, number][] | null } | undefined> {
  const rows = await db.query<{ peaks: unknown; profile: [number, number][] | null }>('SELECT peaks, profile FROM proteome_task_spectrum WHERE task_id = $1 AND position = $2', [taskId, position]);
  const row = rows[0];
  return row ? { peaks: unpackPeaks(row.peaks), profile: row.profile } : undefined;
}

export async function taskReference(db: Queryable, taskId: string, entryId: string): Promise<{ entryId: string; species: string; strain: string; origin: string; peaks: MainSpectrumPeak[] } | undefined> {
  const rows = await db.query<{ entry_id: string; species: string; strain: string; origin: string; peaks: unknown }>(
    'SELECT entry_id, species, strain, origin, peaks FROM proteome_task_reference WHERE task_id = $1 AND entry_id = $2',
    [taskId, entryId],
  );
  const row = rows[0];
  return row ? { entryId: row.entry_id, species: row.species, strain: row.strain, origin: row.origin, peaks: unpackMain(row.peaks) } : undefined;
}

/** Every spectrum's picture of its top hit, for the PDF. */
export async function taskPictures(db: Queryable, taskId: string, result: ProteomeTaskResult): Promise<Map<number, SpectrumPicture>> {
  const [spectra, references] = await Promise.all([
    db.query<{ position: number; peaks: unknown; profile: [number, number][] | null }>('SELECT position, peaks, profile FROM proteome_task_spectrum WHERE task_id = $1', [taskId]),
    db.query<{ entry_id: string; peaks: unknown }>('SELECT entry_id, peaks FROM proteome_task_reference WHERE task_id = $1', [taskId]),
  ]);
  const byEntry = new Map(references.map((r) => [r.entry_id, unpackMain(r.peaks)]));
  const out = new Map<number, SpectrumPicture>();
  for (const row of spectra) {
    const position = Number(row.position);
    const top = result.spectra[position]?.call;
    out.set(position, { peaks: unpackPeaks(row.peaks), profile: row.profile ? Float64Array.from(row.profile.flat()) : null, reference: top ? (byEntry.get(top.entryId) ?? null) : null });
  }
  return out;
}
