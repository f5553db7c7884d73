import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode, type Locale } from '@mdc/contracts';
import { DEFAULT_MAIN_SPECTRUM, DEFAULT_PREPROCESS, explainScore, levelOfScore, roundScore, SCORE_BANDS } from '@mdc/core/identify/proteome';
import { ApiError, ok, requestLocale } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { checkTextField } from '../../http/text-input';
import { deleteOwnMaldiEntry, insertMaldiEntries, listMaldiEntries, maldiCounts, maldiEntry, maldiRow, taxonOfSpecies } from '../../resource/maldi';
import { findTask, taskNotFound, userIdOf } from '../http';
import type { MethodContext } from '../method';
import { taskIdParam } from '../schemas';
import { cleanSpecies, MAX_OWN_ENTRIES, MAX_REPLICATES, MIN_REPLICATES } from './library-rules';
import { BudgetExceeded } from '../../jobs/thread-pool';
import { overBudgetText, proteomePoolFor, SpectrumRefusal } from './pool';
import { explanationSchema, libraryEntrySchema, proteomeHit, type ProteomeTaskResult } from './schemas';
import { taskReference, taskSpectrum } from './store';

const tags = ['blast'];
const texts = {
  added: { zh: '已加入您的谱库', en: 'Added to your library' },
  deleted: { zh: '已删除', en: 'Deleted' },
  notFound: { zh: '未找到该谱库条目', en: 'No such library entry' },
  species: { zh: '请填写菌种的拉丁学名（属名 种加词），如 Escherichia coli。', en: 'Give the species as a Latin binomial (genus and species), e.g. Escherichia coli.' },
  files: { zh: `请选择同一菌株的至少 ${MIN_REPLICATES} 个重复谱图（可多选文件，或上传含多个谱图的 zip）。`, en: `Choose at least ${MIN_REPLICATES} replicate spectra of the strain (several files, or a zip holding them).` },
  tooFew: (n: number) => ({
    zh: `只读到 ${n} 个谱图：建立主谱图至少需要 ${MIN_REPLICATES} 个重复谱图。`,
    en: `Only ${n} spectrum was read: a main spectrum needs at least ${MIN_REPLICATES} replicate spectra.`,
  }),
  tooMany: { zh: `一个条目最多 ${MAX_REPLICATES} 个重复谱图。`, en: `At most ${MAX_REPLICATES} replicate spectra per entry.` },
  noPeaks: { zh: '这些谱图没有共同的峰，无法建立主谱图：请检查谱图质量，或是否来自同一菌株。', en: 'These spectra share no peaks, so no main spectrum can be made: check their quality, and that they come from one strain.' },
  full: { zh: `每个账号最多保存 ${MAX_OWN_ENTRIES} 个谱库条目，请先删除不再需要的。`, en: `An account keeps at most ${MAX_OWN_ENTRIES} library entries; delete some you no longer need first.` },
  tooLarge: { zh: '文件过大', en: 'The file is too large' },
  notDone: { zh: '该鉴定尚未完成', en: 'This identification has not finished' },
  noHit: { zh: '该谱图没有这个名次的匹配', en: 'This spectrum has no match of that rank' },
};

function fieldError(field: string, message: { zh: string; en: string }, locale: Locale, status = 400): ApiError {
  return new ApiError(ApiCode.BAD_REQUEST, status, message, { fields: { [field]: message[locale] } });
}

const pct = (x: number) => (100 * x).toFixed(0);

/**
 * The proteome method's own endpoints: the account's own library of main spectra (list, create
 * from replicates, view, delete) and the explanation of one hit's score.
 */
export const proteomeRoutes: FastifyPluginAsyncZod<{ context: MethodContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    '/api/blast/proteome/library',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The logged-in account's own MALDI-TOF library, and the size of the shared one",
        response: {
          200: envelopeOf(
            z.object({
              own: z.array(libraryEntrySchema),
              shared: z.object({ entries: z.number().int(), species: z.number().int() }),
              maxOwn: z.number().int(),
              minReplicates: z.number().int(),
              maxReplicates: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const [own, counts] = await Promise.all([listMaldiEntries(db, { ownerId: userIdOf(request), ownOnly: true }), maldiCounts(db)]);
      return ok(request, reply, { own, shared: { entries: counts.entries, species: counts.species }, maxOwn: MAX_OWN_ENTRIES, minReplicates: MIN_REPLICATES, maxReplicates: MAX_REPLICATES });
    },
  );

  app.post(
    '/api/blast/proteome/library',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Add a main spectrum to the account\'s own library from replicate spectra of one strain',
        description:
          'multipart/form-data: `species` (Latin binomial), `strain`, `culture` (medium, time, temperature), `instrument`, and the replicate spectra as files — ' +
          `at least ${MIN_REPLICATES}: several files (flex zips, mzML, text) or one zip holding them. Each is preprocessed; peaks found in at least half of the replicates make the main spectrum. ` +
          'A file that cannot be read is refused with its name, and nothing is stored. The entry is private: only this account sees it and only its identifications search it.',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ id: z.number().int(), entry: libraryEntrySchema })) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const userId = userIdOf(request)!;
      if (!request.isMultipart()) throw fieldError('files', texts.files, locale);
      const fields: Record<string, string> = {};
      const files: { name: string; bytes: Buffer }[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new ApiError(ApiCode.BAD_REQUEST, 413, texts.tooLarge);
          if (bytes.length > 0) files.push({ name: (part.filename || `replicate-${files.length + 1}`).slice(0, 255), bytes });
        } else {
          checkTextField(part.fieldname, part.value, locale);
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
      const species = cleanSpecies(fields.species ?? '');
      if (!species) throw fieldError('species', texts.species, locale);
      if (files.length === 0) throw fieldError('files', texts.files, locale);
      const strain = (fields.strain ?? '').trim().slice(0, 200);
      const culture = (fields.culture ?? '').trim().slice(0, 300);
      const instrument = (fields.instrument ?? '').trim().slice(0, 200);
      const own = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM maldi_library WHERE owner_id = $1', [userId]);
      if (Number(own[0]?.n ?? 0) >= MAX_OWN_ENTRIES) throw new ApiError(ApiCode.BAD_REQUEST, 400, texts.full);

      const key = `user:${randomUUID()}`;
      let built;
      try {
        built = await proteomePoolFor(db).build(files, { id: key, species, ...(strain ? { strain } : {}), source: '' });
      } catch (error) {
        if (error instanceof SpectrumRefusal) throw fieldError('files', error.text, locale);
        if (error instanceof BudgetExceeded) throw fieldError('files', overBudgetText(error), locale);
        if (error instanceof RangeError) throw fieldError('files', texts.tooFew(0), locale);
        throw error;
      }
      if (built.replicates.length < MIN_REPLICATES) throw fieldError('files', texts.tooFew(built.replicates.length), locale);
      if (built.replicates.length > MAX_REPLICATES) throw fieldError('files', texts.tooMany, locale);
      if (built.entry.peaks.length === 0) throw fieldError('files', texts.noPeaks, locale);
      // Hits say "your library" for entries of the account's own (the page knows them by their source).
      const row = maldiRow(
        { ...built.entry, source: '' },
        {
          culture,
          instrument: instrument || built.replicates.find((r) => r.instrument)?.instrument || '',
          parameters: { preprocess: DEFAULT_PREPROCESS, mainSpectrum: DEFAULT_MAIN_SPECTRUM },
          replicateFiles: built.replicates.map((r) => r.file),
          taxonMo: await taxonOfSpecies(db, species),
        },
      );
      const [id] = await insertMaldiEntries(db, [row], 'user', userId);
      const entry = await maldiEntry(db, id!, userId);
      request.log.info({ maldiEntry: id, species, replicates: built.replicates.length, peaks: built.entry.peaks.length }, 'own MALDI-TOF library entry added');
      return ok(request, reply, { id: id!, entry: entry! }, texts.added);
    },
  );

  app.get(
    '/api/blast/proteome/library/:id',
    {
      schema: {
        tags,
        summary: 'One library entry with its main spectrum (peaks) and quality: a shared one, or the account\'s own',
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: envelopeOf(libraryEntrySchema) },
      },
    },
    async (request, reply) => {
      const entry = await maldiEntry(db, request.params.id, userIdOf(request));
      if (!entry) throw new ApiError(ApiCode.NOT_FOUND, 404, texts.notFound);
      return ok(request, reply, entry);
    },
  );

  app.post(
    '/api/blast/proteome/library/:id/delete',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete one of the account\'s own library entries (identifications already made keep the main spectrum they used)',
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      if (!(await deleteOwnMaldiEntry(db, request.params.id, userIdOf(request)!))) throw new ApiError(ApiCode.NOT_FOUND, 404, texts.notFound);
      return ok(request, reply, null, texts.deleted);
    },
  );

  app.get(
    '/api/blast/proteome/tasks/:id/explain',
    {
      schema: {
        tags,
        summary: 'Why a hit scored what it did: the three factors, matched and unmatched peaks, and what the mirrored picture draws',
        description: 'For the spectrum at `spectrum` (0-based position) of a done proteome task and its hit of `rank` (1 = the call). Visible to whoever may see the task.',
        params: taskIdParam,
        querystring: z.object({ spectrum: z.coerce.number().int().min(0).default(0), rank: z.coerce.number().int().min(1).max(100).default(1) }),
        response: { 200: envelopeOf(explanationSchema) },
      },
    },
    async (request, reply) => {
      const task = await findTask(db, request, request.params.id);
      if (task.method !== 'proteome') throw new ApiError(ApiCode.NOT_FOUND, 404, taskNotFound);
      const result = task.result as ProteomeTaskResult | null;
      if (!result) throw new ApiError(ApiCode.NOT_FOUND, 404, texts.notDone);
      const { spectrum: position, rank } = request.query;
      const s = result.spectra[position];
      const hit = s?.hits.find((h) => h.rank === rank);
      if (!s || !hit) throw new ApiError(ApiCode.NOT_FOUND, 404, texts.noHit);
      const [query, reference] = await Promise.all([taskSpectrum(db, task.id, position), taskReference(db, task.id, hit.entryId)]);
      if (!query || !reference) throw new ApiError(ApiCode.NOT_FOUND, 404, texts.noHit);
      const ex = explainScore(query.peaks, reference.peaks, result.parameters.identify.tolerancePpm);
      const formula = `log10(1000 × ${ex.queryMatchedShare.toFixed(3)} × ${ex.referenceMatchedShare.toFixed(3)} × ${ex.intensityCorrelation.toFixed(3)}) = ${roundScore(ex.score).toFixed(2)}`;
      return ok(request, reply, {
        spectrum: { position, file: s.file, spot: s.spot, kind: s.kind },
        hit: proteomeHit.parse(hit),
        score: ex.score,
        level: levelOfScore(ex.score),
        queryMatchedShare: ex.queryMatchedShare,
        referenceMatchedShare: ex.referenceMatchedShare,
        intensityCorrelation: ex.intensityCorrelation,
        pearson: ex.pearson,
        queryPeaks: ex.queryPeaks,
        referencePeaks: ex.referencePeaks,
        tolerancePpm: ex.tolerancePpm,
        matched: ex.matched,
        unmatchedQuery: ex.unmatchedQuery.map((p) => ({ mz: p.mz, intensity: p.intensity })),
        unmatchedReference: ex.unmatchedReference,
        profile: query.profile,
        reference,
        bands: { ...SCORE_BANDS },
        text: {
          zh: `${ex.matched.length} 个峰匹配：查询谱图 ${ex.queryPeaks} 个峰中的 ${pct(ex.queryMatchedShare)}%，参考主谱图 ${ex.referencePeaks} 个峰中的 ${pct(ex.referenceMatchedShare)}%，匹配峰强度相关 ${ex.intensityCorrelation.toFixed(2)}；${formula}。`,
          en: `${ex.matched.length} peaks match: ${pct(ex.queryMatchedShare)} % of the query's ${ex.queryPeaks} peaks, ${pct(ex.referenceMatchedShare)} % of the main spectrum's ${ex.referencePeaks}, intensity correlation ${ex.intensityCorrelation.toFixed(2)}; ${formula}.`,
        },
      });
    },
  );
};
