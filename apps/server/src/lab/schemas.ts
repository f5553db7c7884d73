import { z } from 'zod';
import { localized } from '../resource/schemas';
import { ISOLATE_TESTS, type IsolateTestCode } from './catalog';

export const choice = z.object({ value: z.string(), label: localized });

export const breakpointRow = z
  .object({
    guideline: z.string(),
    year: z.number().int(),
    method: z.string(),
    type: z.string(),
    host: z.string(),
    site: z.string().nullable(),
    potency: z.string().nullable(),
    referenceTable: z.string(),
    organismCode: z.string(),
    organismLevel: z.string(),
    s: z.number().nullable(),
    i: z.string().nullable(),
    sdd: z.string().nullable(),
    r: z.number().nullable(),
    ecoff: z.number().nullable(),
    testCode: z.string(),
    source: z.string().optional(),
  })
  .describe('the breakpoint row used: MIC S ≤ s, R ≥ r (mg/L); disk S ≥ s, R ≤ r (mm)');

export const ruleChange = z.object({
  source: z.string().describe('whonet-expert-rule or eucast-rule'),
  rule: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  text: localized,
});

export const firedRule = z.object({
  source: z.string(),
  rule: z.string(),
  description: localized,
  changed: z.array(z.string()),
  inferred: z.array(z.string()),
});

export const resultItem = z.object({
  position: z.number().int(),
  antibioticInput: z.string(),
  antibiotic: z.object({ code: z.string(), name: z.string(), nameZh: z.string().nullable() }).nullable(),
  method: z.string().nullable(),
  value: z.string(),
  potency: z.string(),
  outcome: z.string().describe('interpreted, no-breakpoint or error'),
  reason: z.string().describe('stable reason code: breakpoint, expected-resistance, wrong-mic…'),
  category: z.string().nullable().describe('S, SDD, I, R, NS, NI (WT/NWT for ECOFFs); null when not interpreted'),
  originalCategory: z.string().nullable().describe('the category before an expert rule changed it'),
  guideline: z.string().nullable(),
  year: z.number().int().nullable(),
  breakpoint: breakpointRow.nullable(),
  breakpointText: z.string(),
  matchedLevel: z.string().nullable().describe('the organism level at which the breakpoint row matched'),
  matchedGroup: localized.nullable(),
  explanation: localized,
  notes: z.array(localized),
  changes: z.array(ruleChange),
  expectedResistance: z
    .object({ guideline: z.string(), referenceTable: z.string(), organismCode: z.string(), level: z.string(), source: z.string().optional() })
    .nullable(),
  siteUsed: z.string().nullable(),
  inferred: z.boolean(),
});

export const organismRef = z.object({
  input: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  nameZh: z.string().nullable(),
});

export const experimentItem = z.object({
  id: z.string().describe('the opaque reference the experiment is addressed by (/lab/res?id=…, /api/lab/experiments/{id})'),
  number: z.number().int().describe("the experiment's number among the user's own (#1, #2…)"),
  kind: z.enum(['single', 'batch']),
  status: z.enum(['running', 'done', 'failed']),
  sampleName: z.string(),
  sampleType: z.string(),
  sampleTypeLabel: localized,
  organism: organismRef,
  method: z.string().nullable(),
  site: z.string(),
  siteLabel: localized,
  guideline: z.string().nullable(),
  year: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  resultCount: z.number().int(),
  categories: z.record(z.string(), z.number().int()).nullable(),
});

export const labAlert = z.object({
  id: z.string().describe('cre, esbl-screen, mrsa, vre, visa, vrsa, colistin-r, carbapenem-contradiction'),
  title: localized,
  nextStep: localized.describe('what the laboratory should do next'),
  drugs: z.array(z.string()).describe('WHONET codes of the results that raised it'),
  source: z.string(),
});

const concordanceCounts = z.object({
  compared: z.number().int().describe('drugs with a verdict (agree or a discrepancy)'),
  agree: z.number().int(),
  veryMajor: z.number().int().describe('measured R (or NS), predicted S'),
  major: z.number().int().describe('measured S, predicted R'),
  minor: z.number().int().describe('one side intermediate (I, SDD)'),
  notComparable: z.number().int().describe('predicted uncertain, or not predicted'),
});

export const batchInfo = z.object({
  fileName: z.string(),
  format: z.string(),
  isolates: z.number().int(),
  results: z.number().int(),
  problems: z.number().int(),
  alerts: z.record(z.string(), z.number().int()).describe('isolates per alert id'),
  reportingInstructions: z.number().int().describe('results carrying a reporting instruction (not to be reported susceptible…)'),
  genome: concordanceCounts
    .extend({ isolates: z.number().int().describe('isolates whose genome_task column named a linkable genome task'), unlinked: z.number().int().describe('isolates naming a genome task that could not be used') })
    .nullable()
    .describe('genome-predicted vs measured over the isolates with a genome_task column (null: the file has none)'),
  preview: z.array(
    z.object({
      isolate: z.string().describe("the file's isolate id (ROW_IDX, an isolate column) or the isolate's number in the file"),
      specimenNumber: z.string().describe('specimen number (SPEC_NUM, specimen_number, 标本号…) when the file has one'),
      patientId: z.string().describe('patient id (PATIENT_ID, 病历号…) when the file has one'),
      organism: z.string(),
      organismName: z.string(),
      organismZh: z.string(),
      column: z.string(),
      antibiotic: z.string(),
      antibioticName: z.string(),
      antibioticZh: z.string(),
      method: z.string(),
      value: z.string(),
      category: z.string(),
      originalCategory: z.string(),
      breakpoint: z.string(),
      reason: localized,
    }),
  ),
});

const testResult = z.enum(['+', '-']);

/** The isolate tests as stored: one optional "+" / "-" per WHONET test code. */
export const isolateTests = z
  .object(Object.fromEntries(ISOLATE_TESTS.map((t) => [t.value, testResult.optional().describe(`${t.label.en} (${t.label.zh})`)])) as Record<
    IsolateTestCode,
    z.ZodOptional<typeof testResult>
  >)
  .describe('isolate tests read by the WHONET expert rules, "+" positive or "-" negative; a test not done is absent');

export const genomeComparison = z
  .object({
    taskId: z.string().describe('the genome identification task (/blast/res?id=…)'),
    status: z.enum(['linked', 'missing']).describe('missing: the task was deleted since the experiment named it'),
    fileName: z.string().nullable(),
    species: z.string().nullable(),
    headline: z.string().nullable().describe('key acquired mechanisms and the ST ("KPC-2 · CTX-M-14 · ST11")'),
    drugs: z.array(
      z.object({
        drug: z.string().describe('WHONET code'),
        drugName: z.string(),
        drugNameZh: z.string().nullable(),
        value: z.string(),
        measured: z.string().describe('S, SDD, I, R or NS'),
        predicted: z.enum(['R', 'S', 'uncertain']).nullable().describe('null: the genome panel has no prediction for the drug'),
        evidence: z.string(),
        rule: z.string(),
        verdict: z.enum(['agree', 'very-major', 'major', 'minor', 'not-comparable']),
        reason: localized,
        checks: z.array(localized).describe('what to check for a discrepancy'),
      }),
    ),
    counts: concordanceCounts,
  })
  .describe('genome-predicted vs measured, per measured drug (single experiments that name a genome task)');

export const experimentDetail = experimentItem.extend({
  organismMatch: z
    .object({ kind: z.string(), matched: z.string(), similarity: z.number() })
    .nullable()
    .describe('how the organism text was matched (exact, names-map, fuzzy…)'),
  results: z.array(resultItem),
  rules: z.array(firedRule),
  alerts: z.array(labAlert).describe('what the results call for next, each with its next step'),
  tests: isolateTests,
  expertRules: z.boolean().describe('false when the experiment was interpreted without the WHONET and EUCAST expert rules (`rules` is then empty)'),
  batch: batchInfo.nullable(),
  genome: genomeComparison.nullable(),
});

export const resultInput = z.object({
  antibiotic: z.string().max(100),
  value: z.string().max(40),
  potency: z.string().max(40).optional(),
});
