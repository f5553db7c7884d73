import { perImport, scanByKey } from '../reference-counts';
import { itsCommand } from './command';
import { z } from 'zod';
import { ApiCode } from '@mdc/contracts';
import { CONFIDENCE_LABELS } from '@mdc/core/identify/rrna';
import { ITS_BASIS_LABELS, ITS_MAX_LENGTH, ITS_METHOD_NOTE, ITS_MIN_LENGTH, ITS_SPECIES_GROUPS, ITS_THRESHOLDS, ITS_THRESHOLD_SOURCES, MIN_REFERENCE_LENGTH } from '@mdc/core/identify/its';
import { ApiError } from '../../http/envelope';
import type { BlastMethod } from '../method';
import { closeItsEngine, itsEngineFor, NoItsReferencesError, noItsReferencesText } from './engine';
import { drawPdf } from '../../reports/pdf-pool';
import { itsCsv } from './report';
import { itsRoutes } from './routes';
import { itsOutcome, type ItsTaskResult } from './result';
import { MAX_ITS_FILE_BYTES, MAX_ITS_SEQUENCES, checkItsFiles, checkItsText, type ItsQuery } from './submission';

const submitFields = z.object({
  sequence: z.string().optional(),
  file: z.string().optional(),
  fileName: z.string().max(255).optional(),
});

const itsInput = z.object({ sequences: z.array(z.object({ queryId: z.string(), description: z.string(), sequence: z.string(), length: z.number() })) });

/**
 * Fungal ITS: pasted or uploaded FASTA of whole-ITS, ITS1 or ITS2 reads, identified in the ITS
 * thread against the imported ITS1 and ITS2 references. The reads are kept on the task (input), the
 * answer as the task's result.
 */
export const itsMethod: BlastMethod = {
  ids: itsCommand.ids,
  measure: 'similarity',
  uploads: { files: MAX_ITS_SEQUENCES, fileBytes: MAX_ITS_FILE_BYTES, totalBytes: 64 * 1024 * 1024 },

  async accept(submission, context) {
    const parsed = submitFields.safeParse(submission.fields);
    if (!parsed.success) throw new ApiError(ApiCode.BAD_REQUEST, 400);
    const body = parsed.data;
    const fromText = typeof body.file === 'string' && body.file.trim().length > 0;
    const fromFile = submission.files.length > 0 || fromText;
    const check = submission.files.length > 0 ? checkItsFiles(submission.files) : checkItsText((fromText ? body.file : body.sequence) ?? '');
    if (!check.ok) {
      const { problem } = check;
      const field = fromFile ? 'file' : 'sequence';
      throw new ApiError(ApiCode.BAD_REQUEST, 400, problem.message, {
        fields: { [field]: problem.detail[submission.locale] },
        reason: problem.reason,
        detail: problem.detail,
        ...(problem.position !== undefined ? { position: problem.position } : {}),
        ...(problem.queryId !== undefined ? { queryId: problem.queryId } : {}),
      });
    }
    const counted = await context.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM its_reference WHERE exclusion IS NULL AND region IN ('ITS1', 'ITS2')`);
    if (Number(counted[0]?.n ?? 0) === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, noItsReferencesText());
    const names = submission.files.map((f) => f.fileName).filter(Boolean);
    const fileName = submission.files.length > 0 ? (names.length > 1 ? `${names[0]} (+${names.length - 1})` : (names[0] ?? null)) : fromText ? body.fileName?.trim() || null : null;
    return {
      itemCount: check.sequences.length,
      source: fromFile ? 'file' : 'text',
      fileName: fileName ? fileName.slice(0, 255) : null,
      input: { sequences: check.sequences },
      answer: { sequenceCount: check.sequences.length },
      log: { sequences: check.sequences.length },
    };
  },

  async run(task, context) {
    const input = itsInput.parse(task.input);
    const queries: ItsQuery[] = input.sequences;
    try {
      const answer = await itsEngineFor(context).identify(
        context.db,
        queries.map((q) => ({ id: q.queryId, sequence: q.sequence })),
      );
      const outcome = itsOutcome(queries, answer.results, answer.reference, answer.searchMs);
      return { outcome, log: { identified: outcome.identified, searchMs: answer.searchMs, reference: answer.reference.version } };
    } catch (error) {
      if (error instanceof NoItsReferencesError) return { outcome: { status: 'failed', error: noItsReferencesText() } };
      throw error;
    }
  },

  detailShape: {
    its: z.object({ items: z.array(z.any()) }).nullable().optional().describe('ITS: every read with its regions, parts searched and answer (null while the task runs)'),
  },

  async detail(task) {
    return { its: (task.result as ItsTaskResult | null) ?? null };
  },

  async exportCsv(task, _context, locale) {
    return itsCsv((task.result as ItsTaskResult | null)?.items ?? [], locale);
  },

  async exportPdf(task, _context, locale, options) {
    return drawPdf('its', task, (task.result as ItsTaskResult | null)?.items ?? [], locale, options);
  },

  infoShape: {
    its: z
      .object({
        regions: z.array(z.object({ region: z.string(), references: z.number(), searched: z.number(), species: z.number() })),
        thresholds: z.record(z.string(), z.number()),
        thresholdSources: z.record(z.string(), z.string()),
        minLength: z.number(),
        maxLength: z.number(),
        maxSequences: z.number(),
        minReferenceLength: z.record(z.string(), z.number()),
        methodNote: z.object({ zh: z.string(), en: z.string() }),
        basisLabels: z.record(z.string(), z.object({ zh: z.string(), en: z.string() })),
        confidenceLabels: z.record(z.string(), z.object({ zh: z.string(), en: z.string() })),
        speciesGroups: z.array(z.object({ id: z.string(), name: z.object({ zh: z.string(), en: z.string() }), members: z.array(z.string()), resolvedBy: z.object({ zh: z.string(), en: z.string() }), source: z.string() })),
      })
      .optional()
      .describe('ITS: reference counts per region, thresholds with their basis, limits, species complexes'),
  },

  async info(context) {
    const counts = await perImport(context.db, 'its-references', async () => {
      const byRegion = new Map<string, { references: number; searched: number; species: Set<string> }>();
      await scanByKey<{ region: string; accession: string; species: string; searched: boolean }>(
        context.db,
        'its_reference',
        ['region', 'accession'],
        'region, accession, species, exclusion IS NULL AS searched',
        (rows) => {
          for (const row of rows) {
            let region = byRegion.get(row.region);
            if (!region) byRegion.set(row.region, (region = { references: 0, searched: 0, species: new Set() }));
            region.references++;
            if (!row.searched) continue;
            region.searched++;
            region.species.add(row.species);
          }
        },
      );
      return byRegion;
    });
    const regions = ['ITS1', 'ITS2', 'ITS'].map((region) => {
      const count = counts.get(region);
      return { region, references: count?.references ?? 0, searched: count?.searched ?? 0, species: count?.species.size ?? 0 };
    });
    const searched = regions.filter((r) => r.region !== 'ITS');
    // A species with references of both spacers counts once.
    const species = new Set([...(counts.get('ITS1')?.species ?? []), ...(counts.get('ITS2')?.species ?? [])]);
    return {
      methods: [{ method: 'ITS', references: searched.reduce((s, r) => s + r.searched, 0), species: species.size }],
      fields: {
        its: {
          regions,
          thresholds: { ...ITS_THRESHOLDS },
          thresholdSources: { ...ITS_THRESHOLD_SOURCES },
          minLength: ITS_MIN_LENGTH,
          maxLength: ITS_MAX_LENGTH,
          maxSequences: MAX_ITS_SEQUENCES,
          minReferenceLength: { ...MIN_REFERENCE_LENGTH },
          methodNote: ITS_METHOD_NOTE,
          basisLabels: { ...ITS_BASIS_LABELS },
          confidenceLabels: { ...CONFIDENCE_LABELS },
          speciesGroups: ITS_SPECIES_GROUPS.map((g) => ({ ...g, members: [...g.members] })),
        },
      },
    };
  },

  routes: itsRoutes,

  async warmUp(context) {
    try {
      await itsEngineFor(context).prepare(context.db);
    } catch (error) {
      if (!(error instanceof NoItsReferencesError)) throw error;
    }
  },

  close: closeItsEngine,

  command: itsCommand.run,
};
