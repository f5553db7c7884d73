import { ISOLATE_TEST_CODES, type IsolateTestCode, type IsolateTests } from '@mdc/contracts';
import type { LabText } from './i18n';

/**
 * The same check the server makes before it stores anything (what the engine can read: 16,
 * <=0.25, ≤0.25, >32, 0,5; MIC 0.0001–2048 mg/L, zones 6–80 mm), so the form says it first.
 */
export function valueProblem(text: LabText, method: string | undefined, raw: string | undefined): string | null {
  const disk = method === 'DISK';
  const value = (raw ?? '').trim();
  if (value === '') return disk ? text.validation.zoneRequired : text.validation.micRequired;
  const v = text.validation;
  if (/^(?:<=|>=|≤|≥|<|>|=)?\s*-/.test(value)) return disk ? v.wrongZoneNegative : v.wrongMicNegative;
  const match = /^(?:<=|>=|=<|=>|≤|≥|≦|≧|<|>|＜|＞|=)?\s*(\d+(?:[.,]\d+)?|[.,]\d+)(?:\/\d+(?:[.,]\d+)?)?\s*(mg\/l|µg\/ml|ug\/ml|mm)?$/i.exec(value);
  if (!match) return disk ? v.wrongZoneNotNumber : v.wrongMicNotNumber;
  const number = Number(match[1]!.replace(',', '.'));
  const unit = match[2]?.toLowerCase();
  const unitOk = !unit || (disk ? unit === 'mm' : unit !== 'mm');
  const [min, max] = disk ? [6, 80] : [0.0001, 2048];
  if (!unitOk) return disk ? v.wrongZone : v.wrongMic;
  if (!(number >= min && number <= max)) return disk ? v.wrongZoneRange : v.wrongMicRange;
  return null;
}

/** The isolate tests the WHONET expert rules read, by their WHONET codes, in the order the form shows them. */
export const ISOLATE_TESTS = ISOLATE_TEST_CODES;
export type { IsolateTestCode, IsolateTests };

/** What the form's selects hold ('' = not tested) as the API takes it: only the tests done. */
export function testsToSend(values: Partial<Record<IsolateTestCode, string>> | undefined): IsolateTests {
  const tests: IsolateTests = {};
  for (const code of ISOLATE_TESTS) {
    const value = values?.[code];
    if (value === '+' || value === '-') tests[code] = value;
  }
  return tests;
}

/** The tests entered, in the form's order: [name, "Positive (+)"]. */
export function testsEntered(text: LabText, tests: IsolateTests | undefined): Array<[IsolateTestCode, string, string]> {
  return ISOLATE_TESTS.filter((code) => tests?.[code] === '+' || tests?.[code] === '-').map((code) => [
    code,
    text.tests.names[code],
    tests![code] === '+' ? text.tests.positive : text.tests.negative,
  ]);
}
