import type { AntibiogramIsolate, AntibiogramResult, PatientSetting } from '@mdc/core/antibiogram';
import type { KnowledgeBase } from '@mdc/core/ast';
import type { Db, Queryable } from '../../db';
import { interpretFileIsolate, type BatchOptions } from '../batch';
import type { ExperimentRow } from '../experiments';
import { isProblem, openIsolateFile, type FileIsolate, type IsolateContext } from '../isolate-file';
import { antibiogramIsolate, OrganismResolver, phenotypeTestsOf } from './from-file';

/** What an isolate was measured as: enough to read it again under another guideline year. */
export interface Measurements {
  organism: string;
  site?: string;
  guideline?: string;
  year?: number;
  tests: Record<string, string>;
  results: Array<Pick<FileIsolate['results'][number], 'column' | 'antibiotic' | 'antibioticCode' | 'method' | 'value' | 'potency' | 'guideline'>>;
}

export interface StoredIsolate {
  source: 'batch' | 'experiment';
  experimentId: number | null;
  patientId: string;
  specimenNumber: string;
  specimenType: string;
  context: IsolateContext;
  measurements: Measurements;
  isolate: AntibiogramIsolate;
}

function measurementsOf(isolate: FileIsolate): Measurements {
  return {
    organism: isolate.organism,
    ...(isolate.site ? { site: isolate.site } : {}),
    ...(isolate.guideline ? { guideline: isolate.guideline } : {}),
    ...(isolate.year ? { year: isolate.year } : {}),
    tests: isolate.tests,
    results: isolate.results.map(({ column, antibiotic, antibioticCode, method, value, potency, guideline }) => ({
      column,
      antibiotic,
      ...(antibioticCode ? { antibioticCode } : {}),
      ...(method ? { method } : {}),
      value,
      ...(potency ? { potency } : {}),
      ...(guideline ? { guideline } : {}),
    })),
  };
}

function fileIsolateOf(m: Measurements, context: IsolateContext, ids: { patientId: string; specimenNumber: string; specimenType: string }): FileIsolate {
  return {
    key: ids.specimenNumber || '0',
    line: 0,
    organism: m.organism,
    specimen: ids.specimenType,
    specimenNumber: ids.specimenNumber,
    patientId: ids.patientId,
    ...(m.guideline ? { guideline: m.guideline } : {}),
    ...(m.year ? { year: m.year } : {}),
    ...(m.site ? { site: m.site } : {}),
    context,
    tests: m.tests,
    results: m.results.map((r) => ({ ...r, line: 0 })),
  };
}

/** Patient + specimen + organism + date; null when the isolate names neither patient nor specimen. */
export function dedupKey(patientId: string, specimenNumber: string, organism: string, date: string | undefined): string | null {
  if (!patientId.trim() && !specimenNumber.trim()) return null;
  return [patientId.trim(), specimenNumber.trim(), organism, date ?? ''].join('\u0001');
}

const COLUMNS = [
  'user_id', 'experiment_id', 'source', 'dedup_key', 'patient_id', 'specimen_number', 'specimen_type', 'collection_date', 'ward', 'department', 'setting', 'sex', 'age',
  'screening', 'organism_input', 'organism_code', 'organism_name', 'organism_zh', 'gram', 'measurements', 'results', 'alerts', 'guideline', 'year',
] as const;

async function insert(db: Queryable, userId: number, rows: StoredIsolate[], reading: BatchOptions): Promise<void> {
  if (rows.length === 0) return;
  // One row per key in a statement (ON CONFLICT cannot touch a row twice). Within one upload the
  // first row of a key stands, as M39's first isolate takes the earlier row of a tie; a later
  // upload of the same isolate replaces it.
  const byKey = new Map<string, StoredIsolate>();
  const unkeyed: StoredIsolate[] = [];
  for (const row of rows) {
    const key = dedupKey(row.patientId, row.specimenNumber, row.isolate.organism, row.context.collectionDate);
    if (key === null) unkeyed.push(row);
    else if (!byKey.has(key)) byKey.set(key, row);
  }
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const [key, row] of [...[...byKey.entries()], ...unkeyed.map((r) => [null, r] as const)]) {
    const values = [
      userId, row.experimentId, row.source, key, row.patientId, row.specimenNumber, row.specimenType, row.context.collectionDate ?? null,
      row.context.ward ?? '', row.context.department ?? '', row.context.setting ?? '', row.context.sex ?? '', row.context.age ?? '', row.context.screening === true,
      row.measurements.organism, row.isolate.organism, row.isolate.organismName.en, row.isolate.organismName.zh, row.isolate.gram,
      JSON.stringify(row.measurements), JSON.stringify(row.isolate.results), JSON.stringify(row.isolate.alerts ?? []), reading.guideline ?? null, reading.year ?? null,
    ];
    tuples.push(`(${values.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
  }
  const update = COLUMNS.filter((c) => c !== 'user_id' && c !== 'dedup_key').map((c) => `${c} = EXCLUDED.${c}`);
  await db.query(
    `INSERT INTO lab_isolate (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}
     ON CONFLICT (user_id, dedup_key) DO UPDATE SET ${update.join(', ')}, read_at = now()
       WHERE lab_isolate.experiment_id IS DISTINCT FROM EXCLUDED.experiment_id OR EXCLUDED.experiment_id IS NULL`,
    params,
  );
}

/** Longest stretch of interpretation between two turns of the event loop. */
const TURN_MS = 20;
/** Isolates written per statement (each statement a short hold of the embedded database). */
const ISOLATES_PER_INSERT = 100;

/** An uploaded file's isolates into the user's store (after its batch was interpreted). Returns how many. */
export async function storeFileIsolates(db: Db, kb: KnowledgeBase, userId: number, experimentId: number, content: string, reading: BatchOptions): Promise<number> {
  const file = openIsolateFile(content);
  const resolver = new OrganismResolver(kb);
  let pending: StoredIsolate[] = [];
  let stored = 0;
  let seq = 0;
  let turn = performance.now();
  for (const entry of file.entries) {
    // A long file holds the event loop (and, on the embedded database, every other request) for
    // moments at a time only: interpreting 500 isolates and writing them took 1–4 s under load.
    // By time, not by count: 25 isolates took up to 1 s with the full reference data at load 22.
    if (performance.now() - turn >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
    if (isProblem(entry) || entry.results.length === 0) continue;
    const isolate = antibiogramIsolate(resolver, entry, interpretFileIsolate(kb, entry, reading), seq++);
    pending.push({
      source: 'batch',
      experimentId,
      patientId: entry.patientId,
      specimenNumber: entry.specimenNumber,
      specimenType: entry.specimen,
      context: entry.context ?? {},
      measurements: measurementsOf(entry),
      isolate,
    });
    if (pending.length === ISOLATES_PER_INSERT) {
      await insert(db, userId, pending, reading);
      stored += pending.length;
      pending = [];
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
  await insert(db, userId, pending, reading);
  return stored + pending.length;
}

/** A finished single experiment into the store: its results and the context the form was given. */
export async function storeExperiment(db: Queryable, kb: KnowledgeBase, experimentId: number): Promise<void> {
  const rows = await db.query<ExperimentRow>(`SELECT * FROM lab_experiment WHERE id = $1 AND kind = 'single' AND status = 'done'`, [experimentId]);
  const row = rows[0];
  if (!row) return;
  const input = typeof row.input === 'string' ? (JSON.parse(row.input) as ExperimentRow['input']) : row.input;
  await storeExperimentIsolate(db, kb, Number(row.user_id), experimentId, {
    organism: row.organism_code ?? row.organism_input,
    site: row.site,
    guideline: row.guideline ?? '',
    year: row.year,
    specimenType: row.sample_type,
    context: input.context ?? {},
    tests: input.tests ?? {},
    results: (input.results ?? []).map((r) => ({ antibiotic: r.antibiotic, method: row.method ?? '', value: r.value, potency: r.potency ?? '' })),
  });
}

async function storeExperimentIsolate(
  db: Queryable,
  kb: KnowledgeBase,
  userId: number,
  experimentId: number,
  entry: { organism: string; site: string; guideline: string; year: number | null; specimenType: string; context: IsolateContext & { patientId?: string; specimenNumber?: string }; tests: Record<string, string>; results: Array<{ antibiotic: string; method: string; value: string; potency: string }> },
): Promise<void> {
  const measurements: Measurements = {
    organism: entry.organism,
    ...(entry.site ? { site: entry.site } : {}),
    guideline: entry.guideline,
    ...(entry.year ? { year: entry.year } : {}),
    tests: entry.tests,
    results: entry.results.filter((r) => r.value.trim() !== '').map((r) => ({ column: r.antibiotic, antibiotic: r.antibiotic, method: r.method, value: r.value, ...(r.potency ? { potency: r.potency } : {}) })),
  };
  if (measurements.results.length === 0) return;
  const { patientId = '', specimenNumber = '', ...context } = entry.context;
  const ids = { patientId, specimenNumber, specimenType: entry.specimenType };
  const file = fileIsolateOf(measurements, context, ids);
  const isolate = antibiogramIsolate(new OrganismResolver(kb), file, interpretFileIsolate(kb, file, {}), 0);
  await insert(db, userId, [{ source: 'experiment', experimentId, ...ids, context, measurements, isolate }], { guideline: entry.guideline, ...(entry.year ? { year: entry.year } : {}) });
}

interface IsolateRow {
  id: string;
  patient_id: string;
  specimen_number: string;
  specimen_type: string;
  collection_date: string | Date | null;
  ward: string;
  department: string;
  setting: string;
  sex: string;
  age: string;
  screening: boolean;
  organism_code: string;
  organism_name: string;
  organism_zh: string;
  gram: string;
  results: AntibiogramResult[] | string;
  alerts: string[] | string;
  measurements?: Measurements | string;
  /** The row's phenotype test fields (measurements.tests). */
  tests?: Record<string, string> | string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function isoDate(value: string | Date | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  return value.slice(0, 10);
}

const PAGE = 5000;

/** Jobs that re-read a user's whole store under another guideline year. */
export const REREAD_QUEUE = 'lab.antibiogram.reread';

/** The user's isolates, page by page in id order (a builder takes them one at a time). */
export async function* userIsolates(db: Queryable, userId: number): AsyncGenerator<AntibiogramIsolate[]> {
  let after = '0';
  for (;;) {
    const rows = await db.query<IsolateRow>(
      `SELECT id, patient_id, specimen_number, specimen_type, collection_date::text AS collection_date, ward, department, setting, sex, age, screening,
              organism_code, organism_name, organism_zh, gram, results, alerts, measurements->'tests' AS tests
         FROM lab_isolate WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT ${PAGE}`,
      [userId, after],
    );
    if (rows.length === 0) return;
    after = String(rows[rows.length - 1]!.id);
    yield rows.map((r) => ({
      seq: Number(r.id),
      patientId: r.patient_id,
      specimenNumber: r.specimen_number,
      organism: r.organism_code,
      organismName: { en: r.organism_name, zh: r.organism_zh },
      gram: (r.gram === '+' || r.gram === '-' ? r.gram : '') as AntibiogramIsolate['gram'],
      collectionDate: isoDate(r.collection_date),
      specimenType: r.specimen_type,
      ward: r.ward,
      setting: r.setting as PatientSetting,
      screening: r.screening,
      alerts: json(r.alerts),
      phenotypeTests: phenotypeTestsOf(r.tests ? json(r.tests) : null),
      results: json(r.results),
    }));
    if (rows.length < PAGE) return;
  }
}

/** Every stored isolate of the user read again under the guideline and year (null: each column's own, newest). */
export async function rereadIsolates(db: Db, kb: KnowledgeBase, userId: number, reading: BatchOptions): Promise<number> {
  const resolver = new OrganismResolver(kb);
  let after = '0';
  let count = 0;
  for (;;) {
    const rows = await db.query<IsolateRow & { measurements: Measurements | string }>(
      `SELECT id, patient_id, specimen_number, specimen_type, collection_date::text AS collection_date, ward, department, setting, sex, age, screening,
              organism_code, organism_name, organism_zh, gram, results, alerts, measurements
         FROM lab_isolate WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT 500`,
      [userId, after],
    );
    if (rows.length === 0) return count;
    after = String(rows[rows.length - 1]!.id);
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const m = json(row.measurements);
        const context: IsolateContext = { ...(row.collection_date ? { collectionDate: isoDate(row.collection_date)! } : {}) };
        const file = fileIsolateOf(m, context, { patientId: row.patient_id, specimenNumber: row.specimen_number, specimenType: row.specimen_type });
        // Alerts are read again too: they follow the categories of the new reading.
        const isolate = antibiogramIsolate(resolver, file, interpretFileIsolate(kb, file, reading), 0);
        await tx.query('UPDATE lab_isolate SET results = $2, alerts = $5, guideline = $3, year = $4, read_at = now() WHERE id = $1', [
          row.id,
          JSON.stringify(isolate.results),
          reading.guideline ?? null,
          reading.year ?? null,
          JSON.stringify(isolate.alerts ?? []),
        ]);
      }
    });
    count += rows.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The values the report's filters offer: what the user's isolates carry. */
export async function isolateFacets(db: Queryable, userId: number): Promise<{ specimenTypes: string[]; wards: string[]; settings: string[]; isolates: number; guidelines: string[] }> {
  const distinct = async (column: string) =>
    (await db.query<{ v: string }>(`SELECT DISTINCT ${column} AS v FROM lab_isolate WHERE user_id = $1 AND ${column} <> '' ORDER BY 1 LIMIT 500`, [userId])).map((r) => r.v);
  const total = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM lab_isolate WHERE user_id = $1', [userId]);
  const readings = await db.query<{ g: string | null; y: number | null }>('SELECT DISTINCT guideline AS g, year AS y FROM lab_isolate WHERE user_id = $1', [userId]);
  return {
    specimenTypes: await distinct('specimen_type'),
    wards: await distinct('ward'),
    settings: await distinct('setting'),
    isolates: Number(total[0]?.n ?? 0),
    guidelines: readings.map((r) => (r.g ? `${r.g}${r.y ? ` ${r.y}` : ''}` : '')).filter(Boolean),
  };
}
