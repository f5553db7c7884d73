import { compareGenomeToMeasured, countVerdicts, type ConcordanceCounts, type ConcordanceVerdict, type DrugConcordance, type DrugPrediction, type MeasuredDrug } from '@mdc/core/resistome';
import type { Queryable } from '../db';
import { visibleTask, type TaskRow } from '../blast/tasks';
import type { GenomeTaskResult } from '../blast/genome/schemas';
import type { Texts } from './messages';
import type { ResultRow } from './experiments';

/**
 * The Lab link (issue 25): an experiment names the genome task of the same isolate, and its result
 * page compares what the genome predicted with what was measured. The task is read when the
 * experiment is shown, so a task deleted afterwards is said to be gone rather than copied forever.
 */

export const GENOME_LINK_MESSAGES = {
  notFound: {
    en: 'Genome task: no such identification, or not yours (use the id or link of one of your own genome tasks)',
    zh: '基因组任务：未找到该鉴定任务，或不属于您（请填写您自己的基因组任务编号或链接）',
  },
  notGenome: { en: 'Genome task: this identification is not a genome (whole-genome) task', zh: '基因组任务：该鉴定任务不是基因组（全基因组）任务' },
  notFinished: { en: 'Genome task: the identification has not finished successfully yet', zh: '基因组任务：该鉴定任务尚未成功完成' },
  noPrediction: {
    en: 'Genome task: the task has no predicted susceptibility (no resistance databases when it ran)',
    zh: '基因组任务：该任务没有耐药表型预测（运行时服务器上没有耐药数据库）',
  },
} as const satisfies Record<string, Texts>;

/** A task id as typed or pasted: the id itself, or a result page's address with `?id=`. */
export function readGenomeTaskId(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  const fromLink = /[?&]id=([A-Za-z0-9_-]+)/.exec(value);
  return (fromLink ? fromLink[1]! : value).slice(0, 100);
}

interface GenomeTask {
  task: TaskRow;
  result: GenomeTaskResult;
}

/** The viewer's finished genome task with predictions, or why it cannot be linked. */
export async function linkableGenomeTask(db: Queryable, id: string, userId: number): Promise<{ ok: GenomeTask } | { problem: Texts }> {
  // Task ids are 22 base64url characters; anything else cannot name one (and is not sent to the database as such).
  const task = /^[A-Za-z0-9_-]{10,64}$/.test(id) ? await visibleTask(db, id, userId) : undefined;
  if (!task) return { problem: GENOME_LINK_MESSAGES.notFound };
  if (task.method !== 'genome') return { problem: GENOME_LINK_MESSAGES.notGenome };
  const result = task.result as GenomeTaskResult | null;
  if (task.status !== 'done' || !result) return { problem: GENOME_LINK_MESSAGES.notFinished };
  if (result.resistance?.status !== 'analysed' || result.resistance.predictions.length === 0) return { problem: GENOME_LINK_MESSAGES.noPrediction };
  return { ok: { task, result } };
}

export interface GenomeComparison {
  taskId: string;
  /** linked: the task is there; missing: deleted (or no longer visible) since the experiment named it. */
  status: 'linked' | 'missing';
  fileName: string | null;
  species: string | null;
  /** Key acquired mechanisms and the ST, as the genome history states them ("KPC-2 · CTX-M-14 · ST11"). */
  headline: string | null;
  drugs: {
    drug: string;
    drugName: string;
    drugNameZh: string | null;
    value: string;
    measured: string;
    predicted: DrugPrediction['prediction'] | null;
    evidence: string;
    rule: string;
    verdict: ConcordanceVerdict;
    reason: Texts;
    checks: Texts[];
  }[];
  counts: ConcordanceCounts;
}

const NO_COUNTS: ConcordanceCounts = { compared: 0, agree: 0, veryMajor: 0, major: 0, minor: 0, notComparable: 0 };

/** What the genome predicted against the experiment's interpreted results. */
export async function genomeComparison(db: Queryable, userId: number, taskId: string, results: readonly ResultRow[]): Promise<GenomeComparison> {
  const found = await linkableGenomeTask(db, taskId, userId);
  if ('problem' in found) return { taskId, status: 'missing', fileName: null, species: null, headline: null, drugs: [], counts: { ...NO_COUNTS } };
  const { task, result } = found.ok;
  const measured = results.filter((r) => r.antibiotic_code).map((r) => ({ drug: r.antibiotic_code!, category: r.category }));
  const concordance = compareGenomeToMeasured(measured, result.resistance!.predictions);
  const byCode = new Map(results.map((r) => [r.antibiotic_code, r]));
  const summary = (task.summary ?? {}) as { headline?: string | null };
  return {
    taskId,
    status: 'linked',
    fileName: task.file_name ?? result.query.name,
    species: result.call.species,
    headline: summary.headline ?? null,
    drugs: concordance.drugs.map((d) => {
      const row = byCode.get(d.drug);
      return {
        ...d,
        drugName: row?.antibiotic_name ?? d.drug,
        drugNameZh: row?.antibiotic_zh ?? null,
        value: row?.value ?? '',
      };
    }),
    counts: concordance.counts,
  };
}

/** One isolate of a batch file that names its genome task, with its measured categories. */
export interface BatchGenomeIsolate {
  genomeTask: string;
  measured: MeasuredDrug[];
  /** Told the comparison of each of its drugs, to write it beside the result. */
  onCompared?: (drugs: readonly DrugConcordance[]) => void;
}

/**
 * The batch summary's counts: every isolate naming a genome task the uploader may link is compared
 * drug by drug and the verdicts added up; one naming a task that cannot be used (missing, not a
 * genome, unfinished, no prediction) is counted as unlinked. Each task is read once.
 */
export async function batchGenomeCounts(db: Queryable, userId: number, isolates: readonly BatchGenomeIsolate[]): Promise<ConcordanceCounts & { isolates: number; unlinked: number }> {
  const tasks = new Map<string, DrugPrediction[] | null>();
  const verdicts: ConcordanceVerdict[] = [];
  let linked = 0;
  let unlinked = 0;
  for (const isolate of isolates) {
    const id = readGenomeTaskId(isolate.genomeTask);
    if (id && !tasks.has(id)) {
      const found = await linkableGenomeTask(db, id, userId);
      tasks.set(id, 'ok' in found ? found.ok.result.resistance!.predictions : null);
    }
    const predictions = id ? tasks.get(id) : null;
    if (!predictions) {
      unlinked++;
      continue;
    }
    linked++;
    const compared = compareGenomeToMeasured(isolate.measured, predictions).drugs;
    isolate.onCompared?.(compared);
    verdicts.push(...compared.map((d) => d.verdict));
  }
  return { ...countVerdicts(verdicts), isolates: linked, unlinked };
}
