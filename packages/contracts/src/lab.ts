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
