import { parseWhonetTestCode, WHONET_TEST_FIELDS } from '@mdc/refdata/whonet';

/**
 * Isolate files labs hand in, read into isolates and results for the engine:
 * - `whonet`: WHONET's pipe-separated export (ROW_IDX, ORGANISM, one column per test such as
 *   AMP_ND10 or CIP_NM), like the SampleInputFile of the WHONET resources;
 * - `wide`: the same layout as CSV / TSV (ORGANISM plus WHONET test columns);
 * - `long`: one result per row, with columns guideline, organism, antibiotic, method, value and
 *   optionally site, potency and isolate (rows sharing an isolate are interpreted together, so
 *   expert rules see all of its drugs).
 */
export type IsolateFileFormat = 'whonet' | 'wide' | 'long';

export interface FileResult {
  /** Where the result came from: the test column (wide files) or the row number (long files). */
  column: string;
  antibiotic: string;
  /** The drug code of a WHONET test column, for when the engine does not know the column itself. */
  antibioticCode?: string;
  method?: string;
  value: string;
  potency?: string;
  guideline?: string;
  year?: number;
  site?: string;
  line: number;
  /** Long files: the row's own cells, echoed in the output. */
  cells?: string[];
}

export interface FileIsolate {
  /** The file's isolate id (ROW_IDX or an isolate column), else the isolate's number in the file. */
  key: string;
  line: number;
  organism: string;
  /** Specimen type (WHONET SPEC_TYPE). */
  specimen: string;
  /** The lab's specimen number (WHONET SPEC_NUM) and the patient's id (PATIENT_ID): what a lab knows an isolate by. */
  specimenNumber: string;
  patientId: string;
  /** The genome identification task of the same isolate (a `genome_task` column), compared with its results. */
  genomeTask?: string;
  guideline?: string;
  year?: number;
  site?: string;
  /** Who and where the specimen came from, when the file says (WHONET's own fields). */
  context?: IsolateContext;
  tests: Record<string, string>;
  results: FileResult[];
}

/** The fields a cumulative antibiogram groups and filters by; every one optional. */
export interface IsolateContext {
  /** ISO yyyy-mm-dd (WHONET SPEC_DATE). */
  collectionDate?: string;
  ward?: string;
  department?: string;
  /** inpatient / outpatient / emergency, from WARD_TYPE or PAT_TYPE. */
  setting?: 'inpatient' | 'outpatient' | 'emergency';
  sex?: string;
  age?: string;
  /** The specimen was taken for screening (surveillance), not for diagnosis. */
  screening?: boolean;
}

export interface FileProblem {
  line: number;
  message: string;
  cells?: string[];
}

export interface IsolateFile {
  format: IsolateFileFormat;
  header: string[];
  isolates: FileIsolate[];
  /** Rows that could not be read at all; they are reported, the rest of the file is still read. */
  problems: FileProblem[];
}

/** An isolate file that cannot be read, with the reason in both languages (one language per message). */
export class IsolateFileError extends Error {
  constructor(readonly texts: { zh: string; en: string }) {
    super(texts.en);
    this.name = 'IsolateFileError';
  }
}

/** "EUCAST 2022", "CLSI", "clsi2021" → the guideline and, when given, the year. */
export function parseGuidelineText(text: string): { guideline: string; year?: number } | null {
  const match = /^\s*([A-Za-z][A-Za-z-]*?)\s*[-_ ]?\s*((?:19|20)\d\d)?\s*$/.exec(text);
  if (!match) return null;
  const guideline = match[1]!.toUpperCase();
  return match[2] ? { guideline, year: Number(match[2]) } : { guideline };
}

/** Splits one line; quotes are honoured for comma and semicolon files ("a, b" stays one cell). */
export function splitLine(line: string, delimiter: string): string[] {
  if (delimiter === '\t' || delimiter === '|' || !line.includes('"')) return line.split(delimiter);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

function detectDelimiter(header: string): string {
  const counts = ['\t', '|', ',', ';'].map((d) => [d, header.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : '\t';
}

type LongColumn = 'guideline' | 'organism' | 'antibiotic' | 'method' | 'value' | 'site' | 'potency' | 'isolate' | 'specimen' | 'specimenNumber' | 'patientId' | 'genomeTask' | ContextColumn;
type ContextColumn = 'collectionDate' | 'ward' | 'department' | 'setting' | 'sex' | 'age' | 'screening';

const LONG_ALIASES: Record<LongColumn, string[]> = {
  guideline: ['guideline', 'guidelines', '指南'],
  organism: ['organism', 'bacteria', 'species', '菌种', '细菌'],
  antibiotic: ['antibiotic', 'drug', 'antimicrobial', '抗菌药物', '药物'],
  method: ['method', 'test_method', '方法'],
  value: ['value', 'result', 'mic', '结果', '测定值'],
  site: ['site', 'site_of_infection', 'symptom', '感染部位'],
  potency: ['potency', 'disk_content', 'disk_potency', '纸片含量'],
  isolate: ['isolate', 'isolate_id', 'sample', 'sample_id', 'row_idx', '菌株', '样本'],
  specimen: ['specimen', 'spec_type', 'sample_type', '样本类型', '标本类型'],
  specimenNumber: ['spec_num', 'specimen_number', 'specimen_no', 'specimen_id', 'spec_no', 'sample_number', 'sample_no', 'lab_no', '标本号', '标本编号', '样本号', '样本编号'],
  patientId: ['patient_id', 'patient', 'patient_no', 'patient_number', 'mrn', '患者id', '患者编号', '病人id', '病历号', '住院号', '门诊号'],
  genomeTask: ['genome_task', 'genome_task_id', '基因组任务'],
  collectionDate: ['spec_date', 'collection_date', 'specimen_date', 'date', '采集日期', '送检日期', '标本日期'],
  ward: ['ward', 'location', '病区', '病房'],
  department: ['department', 'dept', '科室'],
  setting: ['ward_type', 'pat_type', 'patient_type', 'location_type', 'setting', '患者类型', '就诊类型'],
  sex: ['sex', 'gender', '性别'],
  age: ['age', 'age_group', 'age_band', '年龄', '年龄段'],
  screening: ['spec_reas', 'screening', 'specimen_reason', '标本目的', '筛查'],
};

const CONTEXT_COLUMNS: ContextColumn[] = ['collectionDate', 'ward', 'department', 'setting', 'sex', 'age', 'screening'];

const SETTINGS: Record<string, IsolateContext['setting']> = {
  in: 'inpatient', inx: 'inpatient', icu: 'inpatient', inpatient: 'inpatient', ip: 'inpatient', 住院: 'inpatient',
  out: 'outpatient', outpatient: 'outpatient', op: 'outpatient', opd: 'outpatient', 门诊: 'outpatient',
  eme: 'emergency', er: 'emergency', emergency: 'emergency', 急诊: 'emergency',
};

const SCREENING = /^(scr|screen|screening|surv|surveillance|sc|筛查|监测)/i;

/** Day-first unless the column proves month-first: WHONET writes dates in the computer's locale. */
export type DateOrder = 'dmy' | 'mdy';

/** "2/1/1995 12:00:00 AM" (day first, as the WHONET sample), "1995-01-02", "1995/1/2" → ISO; null when not a date. */
export function parseCollectionDate(text: string, order: DateOrder = 'dmy'): string | null {
  const value = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s.*)?$/.exec(value))) {
    const [a, b] = [Number(match[1]), Number(match[2])];
    [d, m] = order === 'mdy' ? [b, a] : [a, b];
    y = Number(match[3]);
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Month-first when some date of the column has a second part above 12 and none a first part above
 * 12. Stops at the first date that proves day-first (WHONET's own files), so a long file is not
 * split twice.
 */
export function dateOrderOf(values: Iterable<string>): DateOrder {
  let monthFirst = false;
  for (const value of values) {
    const match = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}/.exec(value.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) return 'dmy';
    if (Number(match[2]) > 12) monthFirst = true;
  }
  return monthFirst ? 'mdy' : 'dmy';
}

/** The cells of one column of the data lines, read lazily. */
function* columnCells(all: readonly string[], from: number, delimiter: string, at: number): Generator<string> {
  for (let i = from; i < all.length; i++) yield splitLine(all[i]!, delimiter)[at] ?? '';
}

function contextOf(cell: (name: ContextColumn) => string, order: DateOrder): IsolateContext | undefined {
  const context: IsolateContext = {};
  const date = cell('collectionDate');
  const parsed = date ? parseCollectionDate(date, order) : null;
  if (parsed) context.collectionDate = parsed;
  for (const name of ['ward', 'department', 'sex', 'age'] as const) {
    const value = cell(name);
    if (value) context[name] = value;
  }
  const setting = SETTINGS[cell('setting').toLowerCase()];
  if (setting) context.setting = setting;
  if (SCREENING.test(cell('screening'))) context.screening = true;
  return Object.keys(context).length ? context : undefined;
}

function columnOf(header: readonly string[], name: LongColumn): number {
  const wanted = LONG_ALIASES[name];
  return header.findIndex((h) => wanted.includes(h.trim().toLowerCase()));
}

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/);
}

/** A file opened for reading: isolates come one at a time, so a large file never sits in memory twice. */
export interface IsolateStream {
  format: IsolateFileFormat;
  header: string[];
  /** Isolates, and the rows that could not be read (`problem` set, no results), in file order. */
  entries: Iterable<FileIsolate | FileProblem>;
}

export function isProblem(entry: FileIsolate | FileProblem): entry is FileProblem {
  return 'message' in entry;
}

/** Reads the whole file (uploads: a few MB at most). */
export function readIsolateFile(text: string): IsolateFile {
  const stream = openIsolateFile(text);
  const isolates: FileIsolate[] = [];
  const problems: FileProblem[] = [];
  for (const entry of stream.entries) {
    if (isProblem(entry)) problems.push(entry);
    else isolates.push(entry);
  }
  return { format: stream.format, header: stream.header, isolates, problems };
}

export function openIsolateFile(text: string): IsolateStream {
  const all = lines(text);
  const headerIndex = all.findIndex((l) => l.trim() !== '' && !l.startsWith('#'));
  if (headerIndex < 0) throw new IsolateFileError({ en: 'the file is empty', zh: '文件为空' });
  const headerLine = all[headerIndex]!;
  const delimiter = detectDelimiter(headerLine);
  const header = splitLine(headerLine, delimiter).map((h) => h.trim());
  const upper = header.map((h) => h.toUpperCase());
  if (delimiter === '|' && upper.includes('ROW_IDX') && upper.includes('ORGANISM')) {
    return { format: 'whonet', header, entries: readWide(all, headerIndex, header, delimiter, true) };
  }
  if (columnOf(header, 'antibiotic') >= 0 && columnOf(header, 'value') >= 0) {
    const file = readLong(all, headerIndex, header, delimiter);
    return { format: 'long', header, entries: file.isolates };
  }
  if (upper.includes('ORGANISM') && upper.some((h) => parseWhonetTestCode(h) !== null)) {
    return { format: 'wide', header, entries: readWide(all, headerIndex, header, delimiter, false) };
  }
  throw new IsolateFileError({
    en: 'unrecognised header: expected a WHONET file (ROW_IDX|ORGANISM|AMP_ND10…), a table with ORGANISM and WHONET test columns, or columns guideline, organism, antibiotic, method, value',
    zh: '无法识别的表头：应为 WHONET 导出文件（ROW_IDX|ORGANISM|AMP_ND10…）、含 ORGANISM 与 WHONET 试验列的表格，或含 guideline、organism、antibiotic、method、value 列的表格',
  });
}

/**
 * WHONET exports and tables like them: one isolate per row, one column per test (AMP_ND10 is
 * ampicillin, CLSI — N for NCCLS —, disk of 10 µg; CIP_NM ciprofloxacin, CLSI, MIC). WHONET's own
 * files carry every cell on every row; a row that does not is reported, not guessed at.
 */
function* readWide(all: string[], headerIndex: number, header: string[], delimiter: string, strict: boolean): Generator<FileIsolate | FileProblem> {
  const upper = header.map((h) => h.toUpperCase());
  const organismAt = upper.indexOf('ORGANISM');
  const keyAt = upper.indexOf('ROW_IDX') >= 0 ? upper.indexOf('ROW_IDX') : columnOf(header, 'isolate');
  const specimenAt = upper.indexOf('SPEC_TYPE') >= 0 ? upper.indexOf('SPEC_TYPE') : columnOf(header, 'specimen');
  const specimenNumberAt = columnOf(header, 'specimenNumber');
  const patientAt = columnOf(header, 'patientId');
  const genomeTaskAt = columnOf(header, 'genomeTask');
  const guidelineAt = columnOf(header, 'guideline');
  const siteAt = columnOf(header, 'site');
  const testFields = new Set<string>(WHONET_TEST_FIELDS);
  const tests = upper.map((h) => parseWhonetTestCode(h));
  const testColumns = tests.flatMap((test, c) => (test ? [c] : []));
  const fieldColumns = upper.flatMap((h, c) => (testFields.has(h) ? [c] : []));
  const contextAt = Object.fromEntries(CONTEXT_COLUMNS.map((name) => [name, columnOf(header, name)])) as Record<ContextColumn, number>;
  const dateAt = contextAt.collectionDate;
  const order = dateAt >= 0 ? dateOrderOf(columnCells(all, headerIndex + 1, delimiter, dateAt)) : 'dmy';
  let count = 0;
  for (let i = headerIndex + 1; i < all.length; i++) {
    const raw = all[i]!;
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const line = i + 1;
    const cells = splitLine(raw, delimiter);
    if (strict && cells.length !== header.length) {
      yield { line, message: `${cells.length} cells where the header has ${header.length}` };
      continue;
    }
    const organism = (cells[organismAt] ?? '').trim();
    if (organism === '') {
      yield { line, message: 'no organism' };
      continue;
    }
    count++;
    const guidelineCell = guidelineAt >= 0 ? parseGuidelineText(cells[guidelineAt] ?? '') : null;
    const key = keyAt >= 0 ? (cells[keyAt] ?? '').trim() : '';
    const site = siteAt >= 0 ? (cells[siteAt] ?? '').trim() : '';
    const genomeTask = genomeTaskAt >= 0 ? (cells[genomeTaskAt] ?? '').trim() : '';
    const isolate: FileIsolate = {
      key: key || String(count),
      line,
      organism,
      specimen: specimenAt >= 0 ? (cells[specimenAt] ?? '').trim() : '',
      specimenNumber: specimenNumberAt >= 0 ? (cells[specimenNumberAt] ?? '').trim() : '',
      patientId: patientAt >= 0 ? (cells[patientAt] ?? '').trim() : '',
      ...(genomeTask ? { genomeTask } : {}),
      ...(guidelineCell ? { guideline: guidelineCell.guideline, ...(guidelineCell.year ? { year: guidelineCell.year } : {}) } : {}),
      ...(site ? { site } : {}),
      tests: {},
      results: [],
    };
    const context = contextOf((name) => (contextAt[name] >= 0 ? (cells[contextAt[name]] ?? '').trim() : ''), order);
    if (context) isolate.context = context;
    for (const c of fieldColumns) {
      const value = (cells[c] ?? '').trim();
      if (value) isolate.tests[upper[c]!] = value;
    }
    for (const c of testColumns) {
      const value = (cells[c] ?? '').trim();
      if (value === '') continue;
      const test = tests[c]!;
      isolate.results.push({
        column: header[c]!,
        antibiotic: test.column,
        antibioticCode: test.antibioticCode,
        method: test.method === 'DISK' ? 'DISK' : 'MIC',
        value,
        ...(test.guideline ? { guideline: test.guideline } : {}),
        line,
      });
    }
    yield isolate;
  }
}

function readLong(all: string[], headerIndex: number, header: string[], delimiter: string): IsolateFile {
  const at = Object.fromEntries((Object.keys(LONG_ALIASES) as LongColumn[]).map((name) => [name, columnOf(header, name)])) as Record<LongColumn, number>;
  const byKey = new Map<string, FileIsolate>();
  const isolates: FileIsolate[] = [];
  const order = at.collectionDate >= 0 ? dateOrderOf(columnCells(all, headerIndex + 1, delimiter, at.collectionDate)) : 'dmy';
  for (let i = headerIndex + 1; i < all.length; i++) {
    const raw = all[i]!;
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const line = i + 1;
    const cells = splitLine(raw, delimiter);
    const cell = (name: LongColumn) => (at[name] >= 0 ? (cells[at[name]] ?? '').trim() : '');
    const guidelineText = cell('guideline');
    const parsed = guidelineText ? parseGuidelineText(guidelineText) : null;
    const guideline: { guideline: string; year?: number } | null = parsed ?? (guidelineText ? { guideline: guidelineText } : null);
    const organism = cell('organism');
    const site = cell('site');
    // Rows of one isolate (or one specimen number) share organism, guideline and site; a row
    // without either stands alone.
    const id = cell('isolate') || cell('specimenNumber');
    const key = id ? `${id}\u0001${organism}\u0001${guidelineText}\u0001${site}` : `row:${line}`;
    let isolate = byKey.get(key);
    if (!isolate) {
      isolate = {
        key: cell('isolate') || String(line),
        line,
        organism,
        specimen: cell('specimen'),
        specimenNumber: cell('specimenNumber'),
        patientId: cell('patientId'),
        ...(guideline ? { guideline: guideline.guideline, ...(guideline.year ? { year: guideline.year } : {}) } : {}),
        ...(site ? { site } : {}),
        tests: {},
        results: [],
      };
      const context = contextOf(cell, order);
      if (context) isolate.context = context;
      byKey.set(key, isolate);
      isolates.push(isolate);
    }
    const genomeTask = cell('genomeTask');
    if (genomeTask && !isolate.genomeTask) isolate.genomeTask = genomeTask;
    const method = cell('method');
    const potency = cell('potency');
    isolate.results.push({
      column: String(line),
      antibiotic: cell('antibiotic'),
      ...(method ? { method } : {}),
      value: cell('value'),
      ...(potency ? { potency } : {}),
      line,
      cells,
    });
  }
  return { format: 'long', header, isolates, problems: [] };
}
