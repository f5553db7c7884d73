/**
 * The isolate tests the WHONET expert rules read (ExpertInterpretationRules.txt), by their WHONET
 * codes, in the order the form shows them: ESBL confirmed (rule ESBL-CONFIRMED), β-lactamase
 * (BLNAR-HFLU), mecA/PBP2a (MRS) and the D-test (ICR). A result is "+" or "-"; a test not done is
 * left out.
 */
export const ISOLATE_TEST_CODES = ['ESBL', 'BETA_LACT', 'MECA_PCR', 'INDUC_CLI'] as const;
export type IsolateTestCode = (typeof ISOLATE_TEST_CODES)[number];
export type TestResult = '+' | '-';
export type IsolateTests = Partial<Record<IsolateTestCode, TestResult>>;
