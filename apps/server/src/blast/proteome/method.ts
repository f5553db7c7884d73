import { defaultTimeZone } from '../../reports/time';
import { proteomeCommand } from './command';
import { ApiCode } from '@mdc/contracts';
import type { IdentificationCall, LocalizedText } from '@mdc/core/identify';
import { answerCall, DEFAULT_IDENTIFY, DEFAULT_PREPROCESS, roundScore, SCORE_BANDS, spectrumLabels, type LibraryEntry, type ProteomeHit } from '@mdc/core/identify/proteome';
import { acceptedFormats, DEFAULT_LIMITS, formatBytes } from '@mdc/refdata/maldi';
import type { Queryable } from '../../db';
import { ApiError } from '../../http/envelope';
import { maldiCounts, maldiLibrary } from '../../resource/maldi';
import type { BlastMethod } from '../method';
import { fileRefused } from '../http';
import { inputFiles, storeInputFile } from '../tasks';
import { BudgetExceeded } from '../../jobs/thread-pool';
import { closeProteomePool, overBudgetText, proteomePoolFor, SpectrumRefusal } from './pool';
import { proteinTableOf, type PackedProteins } from './proteins';
import { proteomeCsv } from './report';
import { proteomeRoutes } from './routes';
import { proteomeResultSchema, type ProteomeHitResult, type ProteomeSpectrumResult, type ProteomeTaskResult } from './schemas';
import { storeSpectra, taskPictures } from './store';
import type { IdentifiedSpectrum } from './thread';

/** A 96-spot plate of linear-mode flex folders zips to about 4 MB; 384 spots to about 15 MB. */
export const MAX_PROTEOME_UPLOAD_BYTES = 32 * 1024 * 1024;
/** Spectra in one task: a 384-spot target (about 8 s of work). Larger targets go in parts. */
export const MAX_SPECTRA_PER_TASK = 384;
/** Points of each query's processed profile kept for the mirrored picture (one per pixel or so of a wide page). */
const PROFILE_POINTS = 1600;

const noLibrary: LocalizedText = {
  zh: '服务器尚未导入 MALDI-TOF 参考谱库，您也还没有自己的谱库条目，暂时无法鉴定。请联系管理员运行 npx mdc import。',
  en: 'No MALDI-TOF library has been imported on the server and you have no entries of your own yet, so spectra cannot be identified. Ask the administrator to run npx mdc import.',
};
const chooseFile: LocalizedText = {
  zh: '请选择一个谱图文件：Bruker flex 文件夹的 zip（单个靶点或整块靶板）、mzML 或文本谱图。',
  en: 'Choose a spectrum file: a zip of Bruker flex folders (one spot or a whole plate), an mzML file or a text spectrum.',
};
const oneFile: LocalizedText = {
  zh: '一次上传一个文件：多个谱图请打包为一个 zip（如整块靶板）。',
  en: 'One file per identification: put several spectra into one zip (a whole plate, for instance).',
};
const tooLarge = (bytes: number): LocalizedText => ({
  zh: `文件 ${formatBytes(bytes)}，超过上限 ${formatBytes(MAX_PROTEOME_UPLOAD_BYTES)}。`,
  en: `The file is ${formatBytes(bytes)}, above the limit of ${formatBytes(MAX_PROTEOME_UPLOAD_BYTES)}.`,
});
const tooManySpectra = (n: number): LocalizedText => ({
  zh: `文件中有 ${n} 个谱图，一次最多鉴定 ${MAX_SPECTRA_PER_TASK} 个，请分批上传。`,
  en: `The file holds ${n} spectra; at most ${MAX_SPECTRA_PER_TASK} are identified at once: upload them in parts.`,
});

async function taxonIds(db: Queryable, species: string[]): Promise<Record<string, string>> {
  if (species.length === 0) return {};
  const rows = await db.query<{ name: string; mo: string }>(
    `SELECT DISTINCT ON (name) name, coalesce(current_mo, mo) AS mo FROM taxon WHERE name = ANY($1::text[]) ORDER BY name, (status = 'accepted') DESC`,
    [species],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.mo]));
}

/** A task's result from the thread's answer: every spectrum's call, runner-up, top ten and mixture, with the parameters used. */
export function taskResult(
  spectra: readonly IdentifiedSpectrum[],
  library: { entries: readonly LibraryEntry[]; own: number },
  ids: Record<string, string>,
  ms: Record<string, number>,
  proteins: { species: number; genera: number; proteins: number } | null = null,
): ProteomeTaskResult {
  const withExtras = (h: ProteomeHit | null): ProteomeHitResult | null => (h ? { ...h, own: h.entryId.startsWith('user:'), taxonId: ids[h.species] ?? null } : null);
  const out: ProteomeSpectrumResult[] = spectra.map((s, position) => {
    const r = s.identification;
    return {
      position,
      file: s.summary.file,
      spot: s.summary.spot,
      kind: s.summary.kind,
      format: s.summary.format,
      points: s.summary.points,
      instrument: s.summary.instrument,
      level: r.level,
      call: withExtras(r.call),
      runnerUp: withExtras(r.runnerUp),
      margin: r.margin,
      closeRunnerUp: r.closeRunnerUp,
      noReliableIdentification: r.noReliableIdentification,
      hits: r.hits.map((h) => withExtras(h)!),
      mixture: r.mixture,
      text: r.text,
      refused: r.refused ?? null,
      queryPeaks: r.queryPeaks,
      peaksDetected: s.peaksDetected,
      noise: s.noise,
      notes: s.summary.notes,
      sameSpectrum: r.sameSpectrum,
      libraryFree: s.libraryFree,
      combined: s.combined,
    };
  });
  spectrumLabels(out).forEach((label, i) => (out[i]!.label = label));
  const count = (test: (s: ProteomeSpectrumResult) => boolean) => out.filter(test).length;
  const first = spectra[0]?.identification;
  return {
    spectra: out,
    parameters: { preprocess: { ...DEFAULT_PREPROCESS }, identify: first ? first.parameters : { ...DEFAULT_IDENTIFY } },
    bands: { ...SCORE_BANDS },
    library: { entries: library.entries.length, species: new Set(library.entries.map((e) => e.species)).size, own: library.own },
    proteins,
    counts: {
      spectra: out.length,
      subspecies: count((s) => s.level === 'subspecies'),
      species: count((s) => s.level === 'species'),
      genus: count((s) => s.level === 'genus'),
      none: count((s) => s.level === 'none'),
      refused: count((s) => s.refused !== null),
      mixtures: count((s) => s.mixture !== null),
      closeRunnerUp: count((s) => s.closeRunnerUp),
    },
    ms,
  };
}

/** The call as the history shows it: the first spectrum's answer from both paths, with the score of the evidence that carried it. */
function callOf(result: ProteomeTaskResult): IdentificationCall | null {
  const s = result.spectra.find((x) => x.combined && x.combined.level !== 'none') ?? result.spectra.find((x) => x.call) ?? result.spectra[0];
  if (!s) return null;
  const c = s.combined;
  // At genus level the call is the genus, its species (or library entry) only the closest.
  const claim = c ? answerCall(c) : s.call ? answerCall({ name: s.call.species, level: s.level }) : null;
  if (!claim) return { name: '', value: null, measure: 'logScore', level: 'none' };
  const score = c ? c.score : s.call!.score;
  return { name: claim.name, value: score === null || claim.level === 'none' ? null : roundScore(score), measure: 'logScore', level: claim.level, ...(claim.closest ? { closest: claim.closest } : {}) };
}

/** The reference's size as a result states it. */
function proteinCounts(p: PackedProteins | null): { species: number; genera: number; proteins: number } | null {
  if (!p) return null;
  const species = new Set<string>();
  const genera = new Set<number>();
  for (let i = 0; i < p.mw.length; i++) {
    species.add(`${p.genus[i]} ${p.species[i]}`);
    genera.add(p.genus[i]!);
  }
  return { species: species.size, genera: genera.size, proteins: p.mw.length };
}

/**
 * MALDI-TOF identification: a spectrum (flex zip, mzML, text) or a whole target plate as a zip,
 * each spot preprocessed and scored against the built-in library plus the account's own main
 * spectra, Biotyper-style (log scores 0–3, bands, runner-up, mixtures), with score explanations.
 * Reading and preprocessing run in a worker thread.
 */
export const proteomeMethod: BlastMethod = {
  ids: proteomeCommand.ids,
  measure: 'logScore',
  uploads: { files: 1, fileBytes: MAX_PROTEOME_UPLOAD_BYTES, totalBytes: MAX_PROTEOME_UPLOAD_BYTES, tooManyFiles: oneFile },

  async accept(submission, context) {
    const { locale } = submission;
    const files = submission.files.filter((f) => f.bytes.length > 0);
    if (files.length === 0) throw fileRefused(chooseFile, locale, 'no-file');
    if (files.length > 1) throw fileRefused(oneFile, locale, 'too-many');
    const file = files[0]!;
    const fileName = (file.fileName || 'spectrum.txt').replace(/[\\/]/g, '_').slice(0, 255);
    if (file.bytes.length > MAX_PROTEOME_UPLOAD_BYTES) throw fileRefused(tooLarge(file.bytes.length), locale, 'too-large', 413);
    const available = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM maldi_library WHERE owner_id IS NULL OR owner_id = $1', [submission.userId]);
    if (Number(available[0]?.n ?? 0) === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, noLibrary);
    let spectra;
    try {
      spectra = await proteomePoolFor(context.db).read(fileName, file.bytes);
    } catch (error) {
      if (error instanceof SpectrumRefusal) throw fileRefused(error.text, locale, error.problem);
      if (error instanceof BudgetExceeded) throw fileRefused(overBudgetText(error), locale, 'over-budget');
      throw error;
    }
    if (spectra.length > MAX_SPECTRA_PER_TASK) throw fileRefused(tooManySpectra(spectra.length), locale, 'too-many-spectra');
    const kinds = [...new Set(spectra.map((s) => s.kind))];
    return {
      itemCount: spectra.length,
      source: 'file',
      fileName,
      input: { fileName, bytes: file.bytes.length, spectra: spectra.length, kinds, formats: [...new Set(spectra.map((s) => s.format))] },
      store: (tx, taskId) => storeInputFile(tx, context, taskId, 1, fileName, file),
      log: { bytes: file.bytes.length, spectra: spectra.length },
    };
  },

  async run(task, context) {
    const started = performance.now();
    const [file] = await inputFiles(context, task.id);
    if (!file) return { outcome: { status: 'failed', error: chooseFile } };
    const library = await maldiLibrary(context.db, task.user_id === null ? null : Number(task.user_id));
    if (library.entries.length === 0) return { outcome: { status: 'failed', error: noLibrary } };
    const proteins = await proteinTableOf(context.db);
    let answer;
    try {
      answer = await proteomePoolFor(context.db).identify(file.name, file.content, library.entries, { profilePoints: PROFILE_POINTS }, proteins);
    } catch (error) {
      if (error instanceof SpectrumRefusal) return { outcome: { status: 'failed', error: error.text } };
      // The same file would run over again: failed at once, not retried.
      if (error instanceof BudgetExceeded) return { outcome: { status: 'failed', error: overBudgetText(error) } };
      throw error;
    }
    const species = new Set<string>();
    for (const s of answer.spectra) for (const h of s.identification.hits) species.add(h.species);
    const ids = await taxonIds(context.db, [...species]);
    const ms = { read: Math.round(answer.readMs), identify: Math.round(answer.identifyMs), total: Math.round(performance.now() - started) };
    const searched = answer.spectra.find((x) => x.libraryFree?.reference)?.libraryFree?.reference;
    const result = taskResult(answer.spectra, library, ids, ms, searched ?? proteinCounts(proteins));
    const call = callOf(result);
    return {
      outcome: {
        status: 'done',
        call,
        identified: result.spectra.filter((x) => (x.combined ? x.combined.level !== 'none' : x.level !== 'none')).length,
        // The library is told in the result (main spectra, species, own); the frame's "reference sequences" would misname it.
        reference: null,
        searchMs: ms.total,
        result,
        summary: {
          spectra: result.counts.spectra,
          identified: result.spectra.filter((x) => x.combined ? x.combined.level !== 'none' : x.level !== 'none').length,
          mixtures: result.counts.mixtures,
          closeRunnerUp: result.spectra[0]?.closeRunnerUp ?? false,
          runnerUp: result.spectra[0]?.runnerUp ? { species: result.spectra[0].runnerUp.species, score: roundScore(result.spectra[0].runnerUp.score) } : null,
        },
      },
      store: (tx) => storeSpectra(tx, task.id, answer.spectra, result, library.entries),
      log: { spectra: result.counts.spectra, level: call?.level, species: call?.name, ms },
    };
  },

  detailShape: {
    proteome: proteomeResultSchema.nullable().optional().describe('proteome: every spectrum\'s identification once done (null while running)'),
  },

  async detail(task) {
    return task.method === 'proteome' ? { proteome: (task.result as ProteomeTaskResult | null) ?? null } : {};
  },

  async exportCsv(task, _context, locale) {
    return proteomeCsv(task, locale);
  },

  async exportPdf(task, context, locale, options) {
    const result = task.result as ProteomeTaskResult | null;
    const pictures = result ? await taskPictures(context.db, task.id, result) : new Map();
    const { id, file_name, created_at, finished_at, error_zh, error_en } = task;
    try {
      return await proteomePoolFor(context.db).pdf({ id, file_name, created_at, finished_at, error_zh, error_en, result }, locale, pictures, options?.timeZone ?? defaultTimeZone(locale));
    } catch (error) {
      if (error instanceof BudgetExceeded) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, overBudgetText(error));
      throw error;
    }
  },

  async info(context) {
    const counts = await maldiCounts(context.db);
    return {
      methods: [
        {
          method: 'proteome',
          references: counts.entries,
          species: counts.species,
          maxUploadBytes: MAX_PROTEOME_UPLOAD_BYTES,
          maxSpectra: MAX_SPECTRA_PER_TASK,
          formats: acceptedFormats({ ...DEFAULT_LIMITS, zipFile: MAX_PROTEOME_UPLOAD_BYTES, mzmlFile: Math.min(DEFAULT_LIMITS.mzmlFile, MAX_PROTEOME_UPLOAD_BYTES) }).map((f) => ({ ...f, endings: [...f.endings] })),
          bands: { ...SCORE_BANDS },
          closeMargin: DEFAULT_IDENTIFY.closeMargin,
          tolerancePpm: DEFAULT_IDENTIFY.tolerancePpm,
        },
      ],
    };
  },

  routes: proteomeRoutes,

  close: closeProteomePool,

  command: proteomeCommand.run,
};
