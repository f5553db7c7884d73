import { parseLabValue, VALID_RANGE, type KnowledgeBase } from '@mdc/core/ast';
import { ISOLATE_TEST_CODES, type TestResult } from '@mdc/contracts';
import { GENERAL_SITE, SAMPLE_TYPES, SITES, type IsolateTestCode, type IsolateTests } from './catalog';
import { LAB_MESSAGES, type LabMessageKey } from './messages';

/** What the form sends, loosely typed: this module decides what is wrong with it. */
export interface ExperimentDraft {
  sampleName?: string;
  sampleType?: string;
  organism?: string;
  method?: string;
  site?: string;
  guideline?: string;
  year?: number | string;
  results?: unknown;
  /** Isolate tests: { ESBL: '+' } as an object (JSON bodies) or as JSON text (form bodies). */
  tests?: unknown;
  /** 'true' / 'false' (form bodies) or a boolean; absent means true. */
  expertRules?: unknown;
  /** Optional context for the cumulative antibiogram (WHONET's fields). */
  patientId?: string;
  specimenNumber?: string;
  /** yyyy-mm-dd */
  collectionDate?: string;
  ward?: string;
  /** inpatient, outpatient or emergency */
  setting?: string;
}

/** Who and where the isolate came from; every field optional. */
export interface ExperimentContext {
  patientId?: string;
  specimenNumber?: string;
  collectionDate?: string;
  ward?: string;
  setting?: 'inpatient' | 'outpatient' | 'emergency';
}

const SETTINGS = ['inpatient', 'outpatient', 'emergency'] as const;

/** The optional context fields: a date that is a real day and not in the future, a known setting. */
export function readContext(draft: ExperimentDraft, today = new Date()): { context: ExperimentContext; problems: FieldProblems } {
  const context: ExperimentContext = {};
  const problems: FieldProblems = [];
  for (const field of ['patientId', 'specimenNumber', 'ward'] as const) {
    const value = (draft[field] ?? '').trim();
    if (value) context[field] = value.slice(0, 100);
  }
  const date = (draft.collectionDate ?? '').trim();
  if (date) {
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
    if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) problems.push(['collectionDate', 'badCollectionDate']);
    else if (date > today.toISOString().slice(0, 10)) problems.push(['collectionDate', 'futureCollectionDate']);
    else context.collectionDate = date;
  }
  const setting = (draft.setting ?? '').trim();
  if (setting) {
    if ((SETTINGS as readonly string[]).includes(setting)) context.setting = setting as ExperimentContext['setting'];
    else problems.push(['setting', 'unknownSetting']);
  }
  return { context, problems };
}

export interface ResultDraft {
  antibiotic: string;
  value: string;
  potency?: string;
}

export interface ValidExperiment {
  sampleName: string;
  sampleType: string;
  organism: string;
  organismCode: string;
  method: 'MIC' | 'DISK';
  site: string;
  guideline: string;
  year: number;
  results: ResultDraft[];
  tests: IsolateTests;
  /** Whether the WHONET and EUCAST expert rules are applied. */
  expertRules: boolean;
  context?: ExperimentContext;
}

/** Field → message key, in the order the form shows the fields; the first one is the toast. */
export type FieldProblems = Array<[field: string, key: LabMessageKey]>;

const MAX_RESULTS = 100;

/** Results arrive as an array (JSON bodies) or as one JSON string (the web client's form encoding). */
export function readResults(raw: unknown): ResultDraft[] | null {
  let value = raw;
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    // Several form fields of the same name: each one a JSON object.
    try {
      value = value.map((v) => JSON.parse(v as string));
    } catch {
      return null;
    }
  }
  if (!Array.isArray(value)) return null;
  const out: ResultDraft[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const record = item as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
    const potency = text(record.potency);
    out.push({ antibiotic: text(record.antibiotic).slice(0, 100), value: text(record.value).slice(0, 40), ...(potency ? { potency: potency.slice(0, 40) } : {}) });
  }
  return out;
}

/**
 * Reads the isolate tests: an object of WHONET test code → "+" or "-". Unreadable text or anything
 * but an object is one problem on `tests`; an unknown code or a wrong result is named `tests.CODE`.
 */
export function readTests(raw: unknown): { tests: IsolateTests; problems: FieldProblems } {
  let value = raw;
  if (value === undefined || value === null) return { tests: {}, problems: [] };
  if (typeof value === 'string') {
    if (value.trim() === '') return { tests: {}, problems: [] };
    // Four tests of one character each fit in far less; longer text is not a set of tests.
    if (value.length > 2_000) return { tests: {}, problems: [['tests', 'badTests']] };
    try {
      value = JSON.parse(value);
    } catch {
      return { tests: {}, problems: [['tests', 'badTests']] };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { tests: {}, problems: [['tests', 'badTests']] };
  const tests: IsolateTests = {};
  const problems: FieldProblems = [];
  for (const [key, result] of Object.entries(value as Record<string, unknown>)) {
    const field = `tests.${key.slice(0, 40)}`;
    if (!(ISOLATE_TEST_CODES as readonly string[]).includes(key)) problems.push([field, 'unknownTest']);
    else if (typeof result !== 'string' || (result.trim() !== '+' && result.trim() !== '-')) problems.push([field, 'badTestResult']);
    else tests[key as IsolateTestCode] = result.trim() as TestResult;
  }
  return { tests, problems };
}

/** The expert-rules switch: a boolean, or "true" / "false" from a form; absent means on; null when unreadable. */
export function readSwitch(raw: unknown): boolean | null {
  if (raw === undefined || raw === null || raw === '') return true;
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase();
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  return null;
}

function valueProblem(method: 'MIC' | 'DISK' | null, value: string): LabMessageKey | null {
  const disk = method === 'DISK';
  if (value === '') return disk ? 'zoneRequired' : 'micRequired';
  const parsed = parseLabValue(value);
  const range = VALID_RANGE[disk ? 'DISK' : 'MIC'];
  const unitOk = !parsed.ok || parsed.unit === null || parsed.unit === (disk ? 'mm' : 'mg/L');
  // Why, in the reader's terms: not a number, negative, or outside the range.
  const field = disk ? 'wrongZone' : 'wrongMic';
  if (!parsed.ok) return parsed.problem === 'negative' ? `${field}Negative` : `${field}NotNumber`;
  if (!unitOk) return field;
  if (parsed.value.value < range.min || parsed.value.value > range.max) return `${field}Range`;
  return null;
}

/**
 * Checks a submitted experiment against the knowledge base. Every field is checked so the form can
 * mark them all at once; nothing is stored unless the list comes back empty.
 */
export function validateExperiment(
  draft: ExperimentDraft,
  kb: KnowledgeBase,
  /** What the organism picker's matcher makes of text the engine does not know ("Staph aureus"). */
  resolveTyped: (text: string) => string | undefined = () => undefined,
): { problems: FieldProblems; valid?: ValidExperiment } {
  const problems: FieldProblems = [];
  const sampleName = (draft.sampleName ?? '').trim();
  if (!sampleName) problems.push(['sampleName', 'sampleNameRequired']);
  const organismText = (draft.organism ?? '').trim();
  let organismCode = '';
  if (!organismText) problems.push(['organism', 'bacteriaRequired']);
  else {
    const code = kb.findOrganism(organismText)?.code ?? resolveTyped(organismText);
    if (!code) problems.push(['organism', 'unknownBacteria']);
    else organismCode = code;
  }
  const sampleType = (draft.sampleType ?? '').trim();
  if (!sampleType) problems.push(['sampleType', 'sampleTypeRequired']);
  else if (!SAMPLE_TYPES.some((c) => c.value === sampleType)) problems.push(['sampleType', 'unknownSampleType']);
  const site = (draft.site ?? '').trim();
  if (!site) problems.push(['site', 'symptomRequired']);
  else if (!SITES.some((c) => c.value === site)) problems.push(['site', 'unknownSite']);
  const methodText = (draft.method ?? '').trim().toUpperCase();
  const method = methodText === 'MIC' || methodText === 'DISK' ? methodText : null;
  if (!methodText) problems.push(['method', 'methodRequired']);
  else if (!method) problems.push(['method', 'unknownMethod']);

  const guidelineText = (draft.guideline ?? '').trim() || kb.defaultGuideline;
  const guideline = kb.breakpoints.guideline(guidelineText);
  const yearText = draft.year === undefined || draft.year === '' ? undefined : Number(draft.year);
  const years = guideline ? kb.breakpoints.yearsOf(guideline, 'Human') : [];
  const year = yearText ?? years[0];
  if (!guideline || year === undefined || !years.includes(year)) problems.push(['guideline', 'unknownGuideline']);

  const results = readResults(draft.results);
  if (results === null) problems.push(['results', 'badResults']);
  else if (results.length === 0) problems.push(['results', 'antibioticsRequired']);
  else if (results.length > MAX_RESULTS) problems.push(['results', 'tooManyResults']);
  else {
    const seen = new Set<string>();
    results.forEach((result, i) => {
      const match = result.antibiotic ? kb.findAntibiotic(result.antibiotic) : null;
      if (!match) problems.push([`results.${i}.antibiotic`, 'unknownAntibiotic']);
      else {
        const key = `${match.code}\u0001${result.potency ?? ''}`;
        if (seen.has(key)) problems.push([`results.${i}.antibiotic`, 'duplicateAntibiotic']);
        seen.add(key);
      }
      const problem = valueProblem(method, result.value);
      if (problem) problems.push([`results.${i}.value`, problem]);
    });
  }
  const tests = readTests(draft.tests);
  problems.push(...tests.problems);
  const expertRules = readSwitch(draft.expertRules);
  if (expertRules === null) problems.push(['expertRules', 'badExpertRules']);
  const context = readContext(draft);
  problems.push(...context.problems);
  if (problems.length > 0) return { problems };
  return {
    problems,
    valid: {
      sampleName: sampleName.slice(0, 200),
      sampleType,
      organism: organismText.slice(0, 200),
      organismCode,
      method: method!,
      site,
      guideline: guideline!,
      year: year!,
      results: results!,
      tests: tests.tests,
      expertRules: expertRules!,
      context: context.context,
    },
  };
}

/**
 * "Not site-specific (systemic)" asks for a systemic infection: general and systemic rows
 * (non-meningitis, intravenous…) hold, a row for one other site only (uUTI, meningitis) does not.
 */
export function siteForEngine(site: string): string | undefined {
  if (site === '') return undefined;
  return site === GENERAL_SITE ? 'systemic' : site;
}

export function fieldTexts(problems: FieldProblems, locale: 'zh' | 'en'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, key] of problems) fields[field] ??= LAB_MESSAGES[key][locale];
  return fields;
}
