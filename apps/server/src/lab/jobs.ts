import type { JobContext } from '../jobs/context';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { emptySummary, interpretFile, type BatchRow } from './batch';
import { BATCH_QUEUE, INTERPRET_QUEUE, experimentSettings, markFailed, runInterpretJob, storeBatchOutput, type ExperimentRow } from './experiments';
import { IsolateFileError, openIsolateFile, type FileIsolate } from './isolate-file';
import { batchGenomeCounts, type BatchGenomeIsolate } from './genome-link';
import { labKnowledge, type LabKnowledge } from './knowledge';
import { bilingualReason, importHintTexts, labFailureTexts } from './messages';
import { REREAD_QUEUE, rereadIsolates, storeExperiment, storeFileIsolates } from './antibiogram/store';

/** Longest stretch of interpretation between two turns of the event loop. */
const TURN_MS = 20;

interface ExperimentPayload {
  experimentId: number;
}

function experimentId(payload: unknown): number {
  const id = Number((payload as Partial<ExperimentPayload> | null)?.experimentId);
  if (!Number.isInteger(id) || id <= 0) throw new PermanentJobError('the job names no experiment');
  return id;
}

async function knowledgeFor(context: JobContext): Promise<LabKnowledge> {
  const knowledge = await labKnowledge(context.db);
  // Nothing to interpret with: retrying cannot help until someone imports the data.
  if (!knowledge) {
    const texts = importHintTexts(context.config.refdataDir);
    // The queue hands on one message: both languages go in, parted when the experiment is marked failed.
    throw new PermanentJobError(bilingualReason(texts));
  }
  return knowledge;
}

/** Queues of the lab area: one experiment's results, or a whole uploaded isolate file. */
export function labJobHandlers(context: JobContext): Record<string, JobHandler> {
  const { db } = context;
  const onFailed = async (job: { payload: unknown }, error: string) => {
    const id = Number((job.payload as Partial<ExperimentPayload> | null)?.experimentId);
    if (Number.isInteger(id)) await markFailed(db, id, labFailureTexts(error));
  };
  return {
    [INTERPRET_QUEUE]: {
      async run(job) {
        const id = experimentId(job.payload);
        const knowledge = await knowledgeFor(context);
        const outcome = await runInterpretJob(db, id, knowledge);
        // The experiment, with its patient, date and ward when given, joins the antibiogram's isolates.
        if ('results' in outcome) await storeExperiment(db, knowledge.kb, id);
        return outcome;
      },
      onFailed,
    },
    [BATCH_QUEUE]: {
      async run(job) {
        const id = experimentId(job.payload);
        const found = await db.query<Pick<ExperimentRow, 'kind' | 'status' | 'guideline' | 'year' | 'input' | 'user_id'> & { content: string }>(
          `SELECT e.kind, e.status, e.guideline, e.year, e.input, e.user_id, b.content FROM lab_experiment e JOIN lab_batch b ON b.experiment_id = e.id WHERE e.id = $1`,
          [id],
        );
        const row = found[0];
        if (!row) return { skipped: 'deleted' };
        if (row.status !== 'running') return { skipped: row.status };
        const knowledge = await knowledgeFor(context);
        let file;
        try {
          file = openIsolateFile(row.content);
        } catch (error) {
          if (error instanceof IsolateFileError) throw new PermanentJobError(bilingualReason(error.texts));
          throw error;
        }
        const rows: BatchRow[] = [];
        const summary = emptySummary();
        const options = {
          ...(row.guideline ? { guideline: row.guideline } : {}),
          ...(row.year !== null ? { year: row.year } : {}),
          expertRules: experimentSettings(row).expertRules,
        };
        const genomeIsolates: BatchGenomeIsolate[] = [];
        const onIsolate = (isolate: FileIsolate, interpreted: readonly BatchRow[]) => {
          if (!isolate.genomeTask) return;
          genomeIsolates.push({
            genomeTask: isolate.genomeTask,
            measured: interpreted.map((r) => ({ drug: r.antibiotic, category: r.category || null })),
            // The same row objects are stored: each result gets the genome's call and the comparison beside it.
            onCompared: (drugs) => {
              const byDrug = new Map(drugs.map((d) => [d.drug, d]));
              for (const r of interpreted) {
                const d = byDrug.get(r.antibiotic);
                if (!d) continue;
                r.genomePrediction = d.predicted ?? '';
                r.genomeVerdict = d.verdict;
              }
            },
          });
        };
        let turn = performance.now();
        for (const chunk of interpretFile(knowledge.kb, file, { ...options, onIsolate }, summary)) {
          rows.push(...chunk);
          // A long file should not hold the event loop (and the job's heartbeat) for seconds. By
          // time, not by count: with the full reference data 250 results took 0.4-1.2 s at load 22.
          if (performance.now() - turn >= TURN_MS) {
            await new Promise((resolve) => setImmediate(resolve));
            turn = performance.now();
          }
        }
        // The same isolates, with their patients, wards and dates, feed the cumulative antibiogram
        // (before the experiment shows done, so that the antibiogram has them by then).
        await storeFileIsolates(db, knowledge.kb, Number(row.user_id), id, row.content, options);
        if (genomeIsolates.length) summary.genome = await batchGenomeCounts(db, Number(row.user_id), genomeIsolates);
        await storeBatchOutput(db, id, rows, summary);
        return { isolates: summary.isolates, results: summary.results };
      },
      onFailed,
    },
    [REREAD_QUEUE]: {
      async run(job) {
        const payload = job.payload as { userId?: number; guideline?: string; year?: number } | null;
        if (!payload?.userId || !payload.guideline) throw new PermanentJobError('the job names no user or guideline');
        const knowledge = await knowledgeFor(context);
        return { isolates: await rereadIsolates(db, knowledge.kb, payload.userId, { guideline: payload.guideline, ...(payload.year ? { year: payload.year } : {}) }) };
      },
    },
  };
}
