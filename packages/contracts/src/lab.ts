import type { Localized } from './resource';

/**
 * The isolate tests the WHONET expert rules read (ExpertInterpretationRules.txt), by their WHONET
 * codes, in the order the form shows them: ESBL confirmed (rule ESBL-CONFIRMED), β-lactamase
 * (BLNAR-HFLU), mecA/PBP2a (MRS) and the D-test (ICR). A result is "+" or "-"; a test not done is
 * left out.
 */
export const ISOLATE_TEST_CODES = ['ESBL', 'BETA_LACT', 'MECA_PCR', 'INDUC_CLI'] as const;
export type IsolateTestCode = (typeof ISOLATE_TEST_CODES)[number];

/** What each test is called on the form, the result page, the reports and in the API document. */
export const ISOLATE_TEST_NAMES: Readonly<Record<IsolateTestCode, Readonly<Localized>>> = {
  ESBL: { zh: 'ESBL 产超广谱β-内酰胺酶', en: 'ESBL' },
  BETA_LACT: { zh: 'β-内酰胺酶', en: 'β-lactamase' },
  MECA_PCR: { zh: 'mecA/PBP2a（MRSA 确认）', en: 'mecA/PBP2a' },
  INDUC_CLI: { zh: '诱导型克林霉素耐药（D 试验）', en: 'Inducible clindamycin resistance (D-test)' },
};
export type TestResult = '+' | '-';
export type IsolateTests = Partial<Record<IsolateTestCode, TestResult>>;

/**
 * The Lab experiment page's "read under another year" card (GET /api/lab/experiments/:id/reread):
 * the same measured values under another year of the experiment's guideline, differences marked.
 */
export const LAB_REREAD_TEXTS = {
  title: { zh: '按其他年份重新判读', en: 'Read under another year' },
  hint: {
    zh: '用同一指南的另一个年份重新判读本实验的全部结果；类别不同的结果会被标出。已保存的结果不变。',
    en: 'Read every result of this experiment again under another year of the same guideline; results whose category differs are marked. The saved results do not change.',
  },
  year: { zh: '年份', en: 'Year' },
  button: { zh: '重新判读', en: 'Re-read' },
  antibiotic: { zh: '抗菌药物', en: 'Antibiotic' },
  value: { zh: '结果', en: 'Value' },
  /** "CLSI 2025 (this experiment)" */
  current: { zh: '{guideline} {year}（本实验）', en: '{guideline} {year} (this experiment)' },
  other: { zh: '{guideline} {year}', en: '{guideline} {year}' },
  otherBreakpoint: { zh: '{year} 年的折点', en: 'Breakpoint in {year}' },
  differs: { zh: '不同', en: 'differs' },
  /** "3 of 12 results differ under CLSI 2022" */
  summary: { zh: '在 {guideline} {year} 下，{n} 个结果中有 {d} 个类别不同', en: '{d} of {n} results differ under {guideline} {year}' },
  none: { zh: '在 {guideline} {year} 下，全部 {n} 个结果的类别相同', en: 'All {n} results keep their category under {guideline} {year}' },
  failed: { zh: '重新判读失败', en: 'The re-reading failed' },
} as const satisfies Record<string, Localized>;

/** Fills "{name}" slots of a text. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}
