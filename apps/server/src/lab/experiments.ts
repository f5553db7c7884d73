import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { FiredRule, IsolateAlert, IsolateResult, Localized } from '@mdc/core/ast';
import type { Locale } from '@mdc/contracts';
import type { Db, Queryable } from '../db';
import { enqueue } from '../jobs/queue';
import { breakpointText, sampleTypeLabel, siteChoiceLabel, type IsolateTests } from './catalog';
import type { LabKnowledge } from './knowledge';
import type { BatchRow, BatchSummary } from './batch';
import type { ExperimentContext } from './validate';
import { siteForEngine, type ResultDraft, type ValidExperiment } from './validate';

export const INTERPRET_QUEUE = 'lab.interpret';
export const BATCH_QUEUE = 'lab.batch';

export type ExperimentStatus = 'running' | 'done' | 'failed';

export interface ExperimentRow {
  id: number;
  /** The opaque reference experiments are addressed by (pages, API). */
  ref: string;
  /** The experiment's number among its user's own: #1, #2… */
  number: number;
  user_id: number;
  kind: 'single' | 'batch';
  status: ExperimentStatus;
  sample_name: string;
  sample_type: string;
  organism_input: string;
  organism_code: string | null;
  organism_name: string | null;
  organism_zh: string | null;
  organism_match: { kind: string; matched: string; similarity: number } | null;
  method: string | null;
  site: string;
  guideline: string | null;
  year: number | null;
  /** What was submitted. Single experiments: results, tests and expertRules; batches: the file's name, format and count, and expertRules (absent in older rows: none, and on). */
  input: {
    results?: ResultDraft[];
    tests?: IsolateTests;
    expertRules?: boolean;
    fileName?: string;
    format?: string;
    isolates?: number;
    options?: Record<string, unknown>;
    /** Patient, specimen, date, ward, setting: what the cumulative antibiogram groups by. */
    context?: ExperimentContext;
    /** The genome identification task of the same isolate (single experiments; see genome-link.ts). */
    genomeTaskId?: string;
  };
  summary: ExperimentSummary | null;
  /** The reason of an experiment failed before reasons were kept per language (see error_zh, error_en). */
  error: string | null;
  error_zh?: string | null;
  error_en?: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  result_count?: number;
  total?: number;
}

export interface ExperimentSummary {
  categories: Record<string, number>;
  rules?: FiredRule[];
  /** What the isolate's results call for next (CRE, MRSA…). */
  alerts?: IsolateAlert[];
  batch?: BatchSummary;
}

export interface ResultRow {
  position: number;
  antibiotic_input: string;
  antibiotic_code: string | null;
  antibiotic_name: string | null;
  antibiotic_zh: string | null;
  method: string | null;
  value: string;
  potency: string;
  outcome: string;
  reason: string;
  category: string | null;
  original_category: string | null;
  guideline: string | null;
  year: number | null;
  breakpoint: IsolateResult['breakpoint'];
  matched_level: string | null;
  matched_group: Localized | null;
  explanation_zh: string;
  explanation_en: string;
  notes: Localized[];
  changes: NonNullable<IsolateResult['changes']>;
  expected_resistance: IsolateResult['expectedResistance'] | null;
  site_used: string | null;
  inferred: boolean;
}

/** The isolate tests and the expert-rules switch an experiment was submitted with (rows from before the switch: on). */
export function experimentSettings(row: Pick<ExperimentRow, 'kind' | 'input'>): { tests: IsolateTests; expertRules: boolean } {
  return { tests: row.kind === 'single' ? { ...(row.input.tests ?? {}) } : {}, expertRules: row.input.expertRules !== false };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function experimentItem(row: ExperimentRow, locale: Locale) {
  return {
    id: row.ref,
    number: Number(row.number),
    kind: row.kind,
    status: row.status,
    sampleName: row.sample_name,
    sampleType: row.sample_type,
    sampleTypeLabel: row.sample_type ? sampleTypeLabel(row.sample_type) : { zh: '', en: '' },
    organism: { input: row.organism_input, code: row.organism_code, name: row.organism_name, nameZh: row.organism_zh },
    method: row.method,
    site: row.site,
    siteLabel: row.site ? siteChoiceLabel(row.site) : { zh: '', en: '' },
    guideline: row.guideline,
    year: row.year,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
    error: (locale === 'en' ? row.error_en : row.error_zh) ?? row.error,
    resultCount: Number(row.result_count ?? 0),
    categories: row.summary?.categories ?? null,
  };
}

export function resultItem(row: ResultRow) {
  return {
    position: row.position,
    antibioticInput: row.antibiotic_input,
    antibiotic: row.antibiotic_code ? { code: row.antibiotic_code, name: row.antibiotic_name ?? row.antibiotic_code, nameZh: row.antibiotic_zh } : null,
    method: row.method,
    value: row.value,
    potency: row.potency,
    outcome: row.outcome,
    reason: row.reason,
    category: row.category,
    originalCategory: row.original_category,
    guideline: row.guideline,
    year: row.year,
    breakpoint: row.breakpoint ? { ...row.breakpoint } : null,
    breakpointText: breakpointText(row.breakpoint),
    matchedLevel: row.matched_level,
    matchedGroup: row.matched_group,
    explanation: { zh: row.explanation_zh, en: row.explanation_en },
    notes: row.notes ?? [],
    changes: row.changes ?? [],
    expectedResistance: row.expected_resistance ?? null,
    siteUsed: row.site_used,
    inferred: row.inferred,
  };
}

/** A new experiment: its key, the reference it is addressed by and its number among the user's own. */
export interface CreatedExperiment {
  id: number;
  ref: string;
  number: number;
}

/** An opaque reference: a letter and 16 hex digits, never all digits (those are legacy global ids). */
export function newExperimentRef(): string {
  return 'e' + randomBytes(8).toString('hex');
}

/** The user's next experiment number, counted in the transaction that stores it (never reused). */
async function nextNumber(tx: Queryable, userId: number): Promise<number> {
  const rows = await tx.query<{ last: number }>(
    `INSERT INTO lab_experiment_counter (user_id, last) VALUES ($1, 1)
       ON CONFLICT (user_id) DO UPDATE SET last = lab_experiment_counter.last + 1 RETURNING last`,
    [userId],
  );
  return Number(rows[0]!.last);
}

/** Stores a valid experiment and its job in one transaction: both exist, or neither does. */
export async function createExperiment(db: Db, userId: number, experiment: ValidExperiment, knowledge: LabKnowledge, genomeTaskId: string | null = null): Promise<CreatedExperiment> {
  const organism = knowledge.suggestions.label(experiment.organismCode);
  return db.transaction(async (tx) => {
    const number = await nextNumber(tx, userId);
    const ref = newExperimentRef();
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO lab_experiment (user_id, number, ref, kind, sample_name, sample_type, organism_input, organism_code, organism_name, organism_zh,
         method, site, guideline, year, input)
       VALUES ($1, $13, $14, 'single', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        userId,
        experiment.sampleName,
        experiment.sampleType,
        experiment.organism,
        experiment.organismCode,
        organism?.name ?? null,
        organism?.nameZh ?? null,
        experiment.method,
        experiment.site,
        experiment.guideline,
        experiment.year,
        JSON.stringify({
          results: experiment.results,
          tests: experiment.tests,
          expertRules: experiment.expertRules,
          ...(experiment.context && Object.keys(experiment.context).length ? { context: experiment.context } : {}),
          ...(genomeTaskId ? { genomeTaskId } : {}),
        }),
        number,
        ref,
      ],
    );
    const id = Number(rows[0]!.id);
    const jobId = await enqueue(tx, INTERPRET_QUEUE, { experimentId: id });
    await tx.query('UPDATE lab_experiment SET job_id = $2 WHERE id = $1', [id, jobId]);
    return { id, ref, number };
  });
}

export async function createBatch(
  db: Db,
  userId: number,
  batch: { fileName: string; format: string; content: string; isolates: number; guideline: string | null; year: number | null; sampleName: string; expertRules: boolean },
): Promise<CreatedExperiment> {
  return db.transaction(async (tx) => {
    const number = await nextNumber(tx, userId);
    const ref = newExperimentRef();
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO lab_experiment (user_id, number, ref, kind, sample_name, organism_input, guideline, year, input)
       VALUES ($1, $6, $7, 'batch', $2, '', $3, $4, $5) RETURNING id`,
      [userId, batch.sampleName, batch.guideline, batch.year, JSON.stringify({ fileName: batch.fileName, format: batch.format, isolates: batch.isolates, expertRules: batch.expertRules }), number, ref],
    );
    const id = Number(rows[0]!.id);
    await tx.query('INSERT INTO lab_batch (experiment_id, file_name, format, content) VALUES ($1, $2, $3, $4)', [id, batch.fileName, batch.format, batch.content]);
    const jobId = await enqueue(tx, BATCH_QUEUE, { experimentId: id });
    await tx.query('UPDATE lab_experiment SET job_id = $2 WHERE id = $1', [id, jobId]);
    return { id, ref, number };
  });
}

const ITEM_COLUMNS = `e.*, (SELECT count(*)::int FROM lab_result r WHERE r.experiment_id = e.id) AS result_count`;

/**
 * How an address names an experiment: its opaque reference, or (addresses made before the
 * references) its global id, digits only.
 */
function byAddress(address: string, param: string): string {
  return /^\d{1,15}$/.test(address) ? `e.id = ${param}::bigint` : `e.ref = ${param}`;
}

/** The experiment if it belongs to the user; another user's is the same as a missing one. */
export async function findExperiment(db: Queryable, userId: number, address: string): Promise<ExperimentRow | undefined> {
  const rows = await db.query<ExperimentRow>(`SELECT ${ITEM_COLUMNS} FROM lab_experiment e WHERE ${byAddress(address, '$1')} AND e.user_id = $2`, [address, userId]);
  return rows[0];
}

export async function experimentResults(db: Queryable, id: number): Promise<ResultRow[]> {
  return db.query<ResultRow>('SELECT * FROM lab_result WHERE experiment_id = $1 ORDER BY position', [id]);
}

export interface ListFilter {
  status?: ExperimentStatus;
  kind?: 'single' | 'batch';
  organism?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export async function listExperiments(db: Queryable, userId: number, filter: ListFilter, locale: Locale) {
  const params: unknown[] = [userId];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['e.user_id = $1'];
  if (filter.status) where.push(`e.status = ${add(filter.status)}`);
  if (filter.kind) where.push(`e.kind = ${add(filter.kind)}`);
  if (filter.organism) {
    const like = add(`%${filter.organism.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    where.push(`(lower(e.organism_input) LIKE ${like} OR lower(coalesce(e.organism_name, '')) LIKE ${like} OR coalesce(e.organism_zh, '') LIKE ${like}
      OR lower(coalesce(e.organism_code, '')) LIKE ${like} OR lower(e.sample_name) LIKE ${like})`);
  }
  if (filter.from) where.push(`e.created_at >= ${add(filter.from)}::date`);
  if (filter.to) where.push(`e.created_at < (${add(filter.to)}::date + 1)`);
  const rows = await db.query<ExperimentRow>(
    `SELECT ${ITEM_COLUMNS}, count(*) OVER () AS total FROM lab_experiment e WHERE ${where.join(' AND ')}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${add(filter.pageSize)} OFFSET ${add((filter.page - 1) * filter.pageSize)}`,
    params,
  );
  return { total: Number(rows[0]?.total ?? 0), page: filter.page, pageSize: filter.pageSize, list: rows.map((row) => experimentItem(row, locale)) };
}

export async function deleteExperiment(db: Queryable, userId: number, address: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM lab_experiment e WHERE ${byAddress(address, '$1')} AND e.user_id = $2 RETURNING id`, [address, userId]);
  return rows.length > 0;
}

// ---- the job's side ------------------------------------------------------------------------

function categoryCounts(categories: Iterable<string | null | undefined>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of categories) {
    const key = c || 'none';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Interprets a single experiment's results as one isolate (so expert rules see every drug). */
export function interpretExperiment(row: ExperimentRow, knowledge: LabKnowledge) {
  const { kb } = knowledge;
  const results = row.input.results ?? [];
  const site = siteForEngine(row.site);
  const { tests, expertRules } = experimentSettings(row);
  const interpretation = kb.interpretIsolate(
    {
      organism: row.organism_code ?? row.organism_input,
      ...(row.guideline ? { guideline: row.guideline } : {}),
      ...(row.year !== null ? { year: row.year } : {}),
      ...(site ? { site } : {}),
      tests,
      results: results.map((r, i) => ({
        id: String(i),
        antibiotic: r.antibiotic,
        value: r.value,
        ...(row.method ? { method: row.method } : {}),
        ...(r.potency ? { diskPotency: r.potency } : {}),
      })),
    },
    { whonetExpertRules: expertRules, eucastRules: expertRules },
  );
  const stored = interpretation.results.map((result, position) => {
    const input = result.id !== undefined ? results[Number(result.id)] : undefined;
    const code = result.antibiotic?.code ?? null;
    const drug = code ? kb.antibiotic(code) : undefined;
    const label = drug ? kb.antibiotics.label(drug) : null;
    const bp = result.breakpoint;
    return {
      position,
      antibiotic_input: input?.antibiotic ?? code ?? '',
      antibiotic_code: code,
      antibiotic_name: label?.en ?? result.antibiotic?.name ?? null,
      antibiotic_zh: (code ? knowledge.names.antibioticZh(code) : undefined) ?? (label && label.zh !== label.en ? label.zh : null),
      method: result.method,
      value: input?.value ?? '',
      potency: input?.potency ?? '',
      outcome: result.outcome,
      reason: result.reason,
      category: result.category,
      original_category: result.changes?.length ? (result.originalCategory ?? null) : null,
      guideline: result.guideline || null,
      year: result.year,
      breakpoint: bp,
      matched_level: result.matchedLevel,
      matched_group: bp && result.matchedLevel ? kb.organisms.groupLabel(result.matchedLevel, bp.organismCode) : null,
      explanation_zh: result.explanation.zh,
      explanation_en: result.explanation.en,
      notes: result.notes,
      changes: result.changes ?? [],
      expected_resistance: result.expectedResistance ?? null,
      site_used: result.site.used,
      inferred: result.inferred === true,
    } satisfies ResultRow;
  });
  return { interpretation, stored };
}

const RESULT_COLUMNS = [
  'position',
  'antibiotic_input',
  'antibiotic_code',
  'antibiotic_name',
  'antibiotic_zh',
  'method',
  'value',
  'potency',
  'outcome',
  'reason',
  'category',
  'original_category',
  'guideline',
  'year',
  'breakpoint',
  'matched_level',
  'matched_group',
  'explanation_zh',
  'explanation_en',
  'notes',
  'changes',
  'expected_resistance',
  'site_used',
  'inferred',
] as const;
const JSON_COLUMNS = new Set<string>(['breakpoint', 'matched_group', 'notes', 'changes', 'expected_resistance']);

/**
 * Runs one experiment's job: interprets and stores every result, then marks it done. A retried job
 * starts from scratch (its earlier rows are replaced), and a deleted experiment is simply skipped.
 */
export async function runInterpretJob(db: Db, experimentId: number, knowledge: LabKnowledge): Promise<{ results: number } | { skipped: string }> {
  const rows = await db.query<ExperimentRow>('SELECT * FROM lab_experiment WHERE id = $1', [experimentId]);
  const row = rows[0];
  if (!row) return { skipped: 'deleted' };
  if (row.status !== 'running') return { skipped: row.status };
  const { interpretation, stored } = interpretExperiment(row, knowledge);
  const organism = interpretation.organism;
  const label = organism ? knowledge.suggestions.label(organism.code) : undefined;
  const summary: ExperimentSummary = { categories: categoryCounts(stored.map((r) => r.category)), rules: interpretation.rules, alerts: interpretation.alerts };
  await db.transaction(async (tx) => {
    const alive = await tx.query<{ status: string }>('SELECT status FROM lab_experiment WHERE id = $1 FOR UPDATE', [experimentId]);
    if (alive[0]?.status !== 'running') return;
    await tx.query('DELETE FROM lab_result WHERE experiment_id = $1', [experimentId]);
    if (stored.length > 0) {
      const params: unknown[] = [experimentId];
      const tuples = stored.map((result) => {
        const placeholders = RESULT_COLUMNS.map((column) => {
          const value = result[column];
          params.push(JSON_COLUMNS.has(column) ? JSON.stringify(value ?? null) : value);
          return `$${params.length}`;
        });
        return `($1, ${placeholders.join(', ')})`;
      });
      await tx.query(`INSERT INTO lab_result (experiment_id, ${RESULT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, params);
    }
    await tx.query(
      `UPDATE lab_experiment SET status = 'done', finished_at = now(), error = NULL, summary = $2,
         organism_code = COALESCE($3, organism_code), organism_name = COALESCE($4, organism_name), organism_zh = COALESCE($5, organism_zh),
         organism_match = $6, year = COALESCE(year, $7)
       WHERE id = $1`,
      [
        experimentId,
        JSON.stringify(summary),
        organism?.code ?? null,
        label?.name ?? null,
        label?.nameZh ?? null,
        organism ? JSON.stringify({ kind: organism.kind, matched: organism.matched, similarity: organism.similarity }) : null,
        interpretation.year,
      ],
    );
  });
  return { results: stored.length };
}

/** Marks an experiment failed with its reason in each language (see labFailureTexts). */
export async function markFailed(db: Queryable, experimentId: number, reason: { zh: string; en: string }): Promise<void> {
  await db.query(`UPDATE lab_experiment SET status = 'failed', error = NULL, error_zh = $2, error_en = $3, finished_at = now() WHERE id = $1 AND status = 'running'`, [
    experimentId,
    reason.zh.slice(0, 2000),
    reason.en.slice(0, 2000),
  ]);
}

/** Rows of a batch the experiment page shows (the rest are read by a download only). */
export const BATCH_PREVIEW_ROWS = 200;
/** Rows turned into JSON text between two turns of the event loop. */
const ROWS_PER_TURN = 1000;

/**
 * A batch's rows as gzip-compressed JSON text (the text of `JSON.stringify(rows)`): written a
 * thousand rows at a time, compressed on libuv's threads, so that neither the text of the largest
 * batch (66 MB) nor its compression holds the event loop.
 */
export async function packBatchRows(rows: readonly BatchRow[]): Promise<Buffer> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.once('end', resolve);
    gzip.once('error', reject);
  });
  for (let at = 0; at < rows.length; at += ROWS_PER_TURN) {
    const text = (at === 0 ? '[' : ',') + rows.slice(at, at + ROWS_PER_TURN).map((row) => JSON.stringify(row)).join(',');
    if (!gzip.write(text)) await once(gzip, 'drain');
    await new Promise((resolve) => setImmediate(resolve));
  }
  gzip.end(rows.length === 0 ? '[]' : ']');
  await ended;
  return Buffer.concat(chunks);
}

export async function storeBatchOutput(db: Db, experimentId: number, rows: BatchRow[], summary: BatchSummary): Promise<boolean> {
  // Made before the transaction: the embedded database takes one transaction at a time.
  const packed = await packBatchRows(rows);
  const preview = JSON.stringify(rows.slice(0, BATCH_PREVIEW_ROWS));
  return db.transaction(async (tx) => {
    const alive = await tx.query<{ status: string }>('SELECT status FROM lab_experiment WHERE id = $1 FOR UPDATE', [experimentId]);
    if (alive[0]?.status !== 'running') return false;
    // As base64 text: the embedded database's driver writes a bytea parameter out as hex in
    // JavaScript, which held the event loop 2.2 s for an 11,900-isolate batch (issue 28).
    await tx.query("UPDATE lab_batch SET output = NULL, output_gzip = decode($2, 'base64'), preview = $3::jsonb WHERE experiment_id = $1", [experimentId, packed.toString('base64'), preview]);
    await tx.query(`UPDATE lab_experiment SET status = 'done', finished_at = now(), error = NULL, summary = $2 WHERE id = $1`, [
      experimentId,
      JSON.stringify({ categories: summary.categories, batch: summary } satisfies ExperimentSummary),
    ]);
    return true;
  });
}
