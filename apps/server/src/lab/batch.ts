import { siteOfSpecimen, type IsolateResult, type KnowledgeBase, type Localized } from '@mdc/core/ast';
import { csvRow, tsvRow, type Locale } from '@mdc/contracts';
import type { ConcordanceCounts, ConcordanceVerdict } from '@mdc/core/resistome';
import { breakpointText } from './catalog';
import { isProblem, type FileIsolate, type FileProblem, type IsolateFile, type IsolateStream } from './isolate-file';

export interface BatchOptions {
  /** Overrides the guideline of the file (its column letters or guideline cells). */
  guideline?: string;
  /** With or without `guideline`: the version year; default the latest in the data. */
  year?: number;
  /** Expert rules (WHONET and EUCAST) across the drugs of an isolate. Default on. */
  expertRules?: boolean;
  /** Expected (intrinsic) resistance overriding the breakpoint. Default on. */
  expectedResistance?: boolean;
  /** Told each isolate with its interpreted rows (the genome link compares them after the file). */
  onIsolate?: (isolate: FileIsolate, rows: readonly BatchRow[]) => void;
}

/** One interpreted result of a batch, in both languages: stored, then written out in one. */
export interface BatchRow {
  /** The file's isolate id (ROW_IDX, an isolate column) or the isolate's number in the file. */
  isolate: string;
  /** What the lab knows the isolate by: specimen number and patient id, when the file has them. */
  specimenNumber?: string;
  patientId?: string;
  line: number;
  organism: string;
  organismName: string;
  organismZh: string;
  specimen: string;
  column: string;
  antibiotic: string;
  antibioticName: string;
  antibioticZh: string;
  method: string;
  value: string;
  guideline: string;
  year: number | null;
  category: string;
  originalCategory: string;
  breakpoint: string;
  reason: Localized;
  /** The category came from an intrinsic (expected) resistance rule. */
  intrinsic?: true;
  /** Long files: the input row, echoed unchanged. */
  cells?: string[];
  /** The isolate's alerts (CRE, MRSA…), on the first row of the isolate only, so that counts count isolates. */
  alerts?: string[];
  /** The result carries a reporting instruction of the guideline (not to be reported susceptible…). */
  reportingRule?: string;
  /** The isolate's genome task (genome_task column): its prediction for the drug and the comparison (see genome-link.ts). */
  genomePrediction?: string;
  genomeVerdict?: ConcordanceVerdict;
}

/** The explanation with the engine's notes after it (the same object when there are none). */
function reasonOf(result: IsolateResult): Localized {
  if (result.notes.length === 0) return result.explanation;
  const join = (locale: Locale) => [result.explanation[locale], ...result.notes.map((n) => n[locale]).filter(Boolean)].join(locale === 'zh' ? '；' : '; ');
  return { en: join('en'), zh: join('zh') };
}

const breakpointTexts = new WeakMap<object, string>();

/** Rows share the engine's frozen breakpoint views, so each one is written out once. */
function cachedBreakpointText(bp: IsolateResult['breakpoint']): string {
  if (!bp) return '';
  let text = breakpointTexts.get(bp);
  if (text === undefined) {
    text = breakpointText(bp);
    breakpointTexts.set(bp, text);
  }
  return text;
}

function rowOf(kb: KnowledgeBase, isolate: FileIsolate, result: IsolateResult, source: FileIsolate['results'][number] | undefined): BatchRow {
  const organismCode = result.organism?.code ?? '';
  const organism = organismCode ? kb.organism(organismCode) : undefined;
  const organismLabel = organism ? kb.organisms.label(organism) : { en: isolate.organism, zh: isolate.organism };
  const antibiotic = result.antibiotic?.code ?? source?.antibioticCode ?? source?.antibiotic ?? '';
  const drug = antibiotic ? kb.antibiotic(antibiotic) : undefined;
  const drugLabel = drug ? kb.antibiotics.label(drug) : { en: '', zh: '' };
  return {
    isolate: isolate.key,
    specimenNumber: isolate.specimenNumber,
    patientId: isolate.patientId,
    line: source?.line ?? isolate.line,
    organism: isolate.organism,
    organismName: organismLabel.en,
    organismZh: organismLabel.zh,
    specimen: isolate.specimen,
    column: source?.column ?? '',
    antibiotic,
    antibioticName: drugLabel.en,
    antibioticZh: drugLabel.zh,
    method: result.method ?? source?.method ?? '',
    value: source?.value ?? '',
    guideline: result.guideline,
    year: result.year,
    category: result.category ?? '',
    originalCategory: result.originalCategory ?? '',
    breakpoint: cachedBreakpointText(result.breakpoint),
    reason: reasonOf(result),
    ...(result.expectedResistance ? { intrinsic: true as const } : {}),
    ...(source?.cells ? { cells: source.cells } : {}),
  };
}

/** Interprets one isolate of a file: its results grouped by guideline, each group with the expert rules. */
export function interpretFileIsolate(kb: KnowledgeBase, isolate: FileIsolate, options: BatchOptions = {}): BatchRow[] {
  const groups = new Map<string, FileIsolate['results']>();
  for (const result of isolate.results) {
    const guideline = options.guideline ?? result.guideline ?? isolate.guideline ?? '';
    const list = groups.get(guideline);
    if (list) list.push(result);
    else groups.set(guideline, [result]);
  }
  const rows: BatchRow[] = [];
  // A file without a site column still says where the isolate came from (SPEC_TYPE bl, ur, cf…):
  // a uUTI-only breakpoint is then not applied to a blood isolate.
  const site = isolate.site || siteOfSpecimen(isolate.specimen) || undefined;
  for (const [guideline, results] of groups) {
    const year = options.year ?? (options.guideline ? undefined : isolate.year);
    const interpretation = kb.interpretIsolate(
      {
        organism: isolate.organism,
        ...(guideline ? { guideline } : {}),
        ...(year !== undefined ? { year } : {}),
        ...(site ? { site } : {}),
        tests: isolate.tests,
        results: results.map((r, i) => ({
          id: String(i),
          // The engine knows the test columns that appear in its breakpoint table; for any other
          // column (a drug without breakpoints) the drug code still names the drug.
          antibiotic: r.antibioticCode && !kb.findAntibiotic(r.antibiotic) ? r.antibioticCode : r.antibiotic,
          value: r.value,
          ...(r.method ? { method: r.method } : {}),
          ...(r.potency ? { diskPotency: r.potency } : {}),
        })),
      },
      { whonetExpertRules: options.expertRules !== false, eucastRules: options.expertRules !== false, expectedResistance: options.expectedResistance !== false },
    );
    const first = rows.length;
    for (const result of interpretation.results) {
      const source = result.id !== undefined ? results[Number(result.id)] : undefined;
      const row = rowOf(kb, isolate, result, source);
      if (result.reporting?.length) row.reportingRule = result.reporting.map((r) => r.rule).join(' ');
      rows.push(row);
    }
    // Alerts belong to the isolate: told once, on its first row, with the next step.
    const head = rows[first];
    if (head && interpretation.alerts.length) {
      head.alerts = interpretation.alerts.map((a) => a.id);
      const told = (locale: Locale) => interpretation.alerts.map((a) => `${locale === 'zh' ? '警示' : 'alert'}: ${a.title[locale]} — ${a.nextStep[locale]}`).join(locale === 'zh' ? '；' : '; ');
      head.reason = { en: [head.reason.en, told('en')].filter(Boolean).join('; '), zh: [head.reason.zh, told('zh')].filter(Boolean).join('；') };
    }
  }
  return rows;
}

export function problemRow(problem: FileProblem): BatchRow {
  const reason = { en: `line ${problem.line}: ${problem.message}`, zh: `第 ${problem.line} 行：${problem.message}` };
  return {
    isolate: '',
    line: problem.line,
    organism: '',
    organismName: '',
    organismZh: '',
    specimen: '',
    column: '',
    antibiotic: '',
    antibioticName: '',
    antibioticZh: '',
    method: '',
    value: '',
    guideline: '',
    year: null,
    category: '',
    originalCategory: '',
    breakpoint: '',
    reason,
    ...(problem.cells ? { cells: problem.cells } : {}),
  };
}

export interface BatchSummary {
  isolates: number;
  results: number;
  problems: number;
  categories: Record<string, number>;
  /** Isolates per alert (cre, mrsa, vre…). */
  alerts: Record<string, number>;
  /** Results carrying a reporting instruction (e.g. Salmonella and gentamicin: not to be reported susceptible). */
  reportingInstructions: number;
  /** Genome-predicted vs measured over the isolates naming a genome task (absent: the file names none). */
  genome?: ConcordanceCounts & { isolates: number; unlinked: number };
}

export function emptySummary(): BatchSummary {
  return { isolates: 0, results: 0, problems: 0, categories: {}, alerts: {}, reportingInstructions: 0 };
}

function count(summary: BatchSummary, rows: readonly BatchRow[]): void {
  for (const row of rows) {
    summary.results++;
    const key = row.category || 'none';
    summary.categories[key] = (summary.categories[key] ?? 0) + 1;
    for (const alert of row.alerts ?? []) summary.alerts[alert] = (summary.alerts[alert] ?? 0) + 1;
    if (row.reportingRule) summary.reportingInstructions++;
  }
}

/**
 * Every row of a file, isolate by isolate, counted into `summary` on the way (long files: all at
 * once, in the order of their lines; the others as they are read, so memory stays flat).
 */
export function* interpretFile(kb: KnowledgeBase, file: IsolateStream | IsolateFile, options: BatchOptions = {}, summary = emptySummary()): Generator<BatchRow[]> {
  const entries: Iterable<FileIsolate | FileProblem> = 'entries' in file ? file.entries : [...file.problems, ...file.isolates];
  if (file.format === 'long') {
    const rows: BatchRow[] = [];
    for (const entry of entries) {
      if (isProblem(entry)) {
        summary.problems++;
        rows.push(problemRow(entry));
      } else {
        summary.isolates++;
        const interpreted = interpretFileIsolate(kb, entry, options);
        options.onIsolate?.(entry, interpreted);
        count(summary, interpreted);
        rows.push(...interpreted);
      }
    }
    rows.sort((a, b) => a.line - b.line);
    yield rows;
    return;
  }
  for (const entry of entries) {
    if (isProblem(entry)) {
      summary.problems++;
      yield [problemRow(entry)];
      continue;
    }
    summary.isolates++;
    const rows = interpretFileIsolate(kb, entry, options);
    options.onIsolate?.(entry, rows);
    count(summary, rows);
    yield rows;
  }
}

// ---- writing ------------------------------------------------------------------------------

const WIDE_COLUMNS: Record<Locale, string[]> = {
  en: ['isolate', 'specimen_number', 'patient_id', 'organism', 'organism_name', 'specimen', 'test', 'antibiotic', 'antibiotic_name', 'method', 'value', 'guideline', 'year', 'interpretation', 'original_interpretation', 'breakpoint', 'reason'],
  zh: ['菌株', '标本号', '患者ID', '菌种代码', '菌种', '样本类型', '检测列', '药物代码', '抗菌药物', '方法', '测定值', '指南', '年份', '判读结果', '规则修改前结果', '折点', '判读依据'],
};

/** The output's shape: the file's format and header, and whether its isolates named genome tasks (two more columns). */
export type OutputFile = Pick<IsolateFile, 'format' | 'header'> & { genome?: boolean };

const GENOME_COLUMNS: Record<Locale, string[]> = { en: ['genome_prediction', 'genome_comparison'], zh: ['基因组预测', '基因组对比'] };
const GENOME_VERDICTS: Record<ConcordanceVerdict, Localized> = {
  agree: { en: 'agree', zh: '一致' },
  'very-major': { en: 'very major discrepancy (VME)', zh: '极重大不符（VME）' },
  major: { en: 'major discrepancy (ME)', zh: '重大不符（ME）' },
  minor: { en: 'minor discrepancy (mE)', zh: '轻微不符（mE）' },
  'not-comparable': { en: 'not comparable', zh: '不可比' },
};

/** Header of the output: long files keep theirs and gain three columns (five with genome tasks). */
export function outputHeader(file: OutputFile, locale: Locale): string[] {
  const genome = file.genome ? GENOME_COLUMNS[locale] : [];
  if (file.format === 'long') return [...file.header, 'interpretation', 'breakpoint', 'reason', ...genome];
  return [...WIDE_COLUMNS[locale], ...genome];
}

export function outputCells(file: OutputFile, row: BatchRow, locale: Locale): string[] {
  const genome = file.genome ? [row.genomePrediction ?? '', row.genomeVerdict ? GENOME_VERDICTS[row.genomeVerdict][locale] : ''] : [];
  if (file.format === 'long') {
    const cells = file.header.map((_, i) => row.cells?.[i] ?? '');
    return [...cells, row.category, row.breakpoint, row.reason[locale], ...genome];
  }
  return [
    row.isolate,
    row.specimenNumber ?? '',
    row.patientId ?? '',
    row.organism,
    locale === 'zh' ? row.organismZh : row.organismName,
    row.specimen,
    row.column,
    row.antibiotic,
    locale === 'zh' ? row.antibioticZh : row.antibioticName,
    row.method,
    row.value,
    row.guideline,
    row.year === null ? '' : String(row.year),
    row.category,
    row.originalCategory,
    row.breakpoint,
    row.reason[locale],
    ...genome,
  ];
}

/** Tab-separated output: formula-safe cells, tabs and line breaks inside a cell become spaces. */
export const tsvLine = (cells: readonly string[]): string => tsvRow(cells);

/** CSV output: formula-safe, RFC 4180 quoting. */
export const csvLine = (cells: readonly string[]): string => csvRow(cells);
