import type { LocalizedText } from '../messages';

export type BiochemInputProblem =
  | 'unknown-panel'
  | 'no-matrix'
  | 'profile-not-digits'
  | 'profile-length'
  | 'profile-digit'
  | 'unknown-test'
  | 'test-not-in-panel'
  | 'bad-reaction'
  | 'duplicate-test'
  | 'conflicting-reaction'
  | 'no-reactions';

/**
 * Bad input to the biochemical identification: what the user typed or uploaded cannot be read.
 * `field` names the form field or file column at fault; `text` says what is wrong in Chinese and
 * English, for the user. Nothing is computed from input that raised this.
 */
export class BiochemInputError extends Error {
  readonly field: string;
  readonly problem: BiochemInputProblem;
  readonly text: LocalizedText;

  constructor(problem: BiochemInputProblem, field: string, text: LocalizedText) {
    super(text.en);
    this.name = 'BiochemInputError';
    this.problem = problem;
    this.field = field;
    this.text = text;
  }
}

export const biochemErrors = {
  unknownPanel: (field: string, value: string, known: readonly string[]) =>
    new BiochemInputError('unknown-panel', field, {
      en: `${field}: unknown panel "${value}"; choose one of ${known.join(', ')}.`,
      zh: `${field}：未知的鉴定板“${value}”，请选择 ${known.join('、')} 之一。`,
    }),
  noMatrix: (field: string, panel: string) =>
    new BiochemInputError('no-matrix', field, {
      en: `${field}: panel ${panel} has no probability matrix yet, so it cannot identify.`,
      zh: `${field}：鉴定板 ${panel} 尚无概率矩阵，无法鉴定。`,
    }),
  profileNotDigits: (field: string, panel: string) =>
    new BiochemInputError('profile-not-digits', field, {
      en: `${field}: a numerical profile of ${panel} contains digits only.`,
      zh: `${field}：${panel} 的数码谱只能由数字组成。`,
    }),
  profileLength: (field: string, panel: string, expected: number, got: number) =>
    new BiochemInputError('profile-length', field, {
      en: `${field}: a numerical profile of ${panel} has ${expected} digits, not ${got}.`,
      zh: `${field}：${panel} 的数码谱应为 ${expected} 位数字，而不是 ${got} 位。`,
    }),
  profileDigit: (field: string, position: number, digit: string, max: number) =>
    new BiochemInputError('profile-digit', field, {
      en: `${field}: digit ${position} is ${digit}, but that group of tests only adds up to ${max}.`,
      zh: `${field}：第 ${position} 位数字为 ${digit}，但该组试验之和最大为 ${max}。`,
    }),
  unknownTest: (field: string, code: string) =>
    new BiochemInputError('unknown-test', field, {
      en: `${field}: unknown test code "${code}".`,
      zh: `${field}：未知的试验代码“${code}”。`,
    }),
  testNotInPanel: (field: string, code: string, panel: string) =>
    new BiochemInputError('test-not-in-panel', field, {
      en: `${field}: test ${code} is not part of panel ${panel} nor of the primary tests.`,
      zh: `${field}：试验 ${code} 既不属于鉴定板 ${panel}，也不属于初步试验。`,
    }),
  badReaction: (field: string, code: string, value: string) =>
    new BiochemInputError('bad-reaction', field, {
      en: `${field}: the reaction of ${code} is "${value}"; enter +, – or leave it empty (not done).`,
      zh: `${field}：${code} 的反应为“${value}”，请填写 +、– 或留空（未做）。`,
    }),
  duplicateTest: (field: string, code: string) =>
    new BiochemInputError('duplicate-test', field, {
      en: `${field}: test ${code} is given twice.`,
      zh: `${field}：试验 ${code} 重复出现。`,
    }),
  conflictingReaction: (field: string, code: string) =>
    new BiochemInputError('conflicting-reaction', field, {
      en: `${field}: test ${code} is given twice with different reactions.`,
      zh: `${field}：试验 ${code} 出现两次且反应不一致。`,
    }),
  noReactions: (field: string) =>
    new BiochemInputError('no-reactions', field, {
      en: `${field}: no reaction was entered; enter at least one + or –.`,
      zh: `${field}：未输入任何反应，请至少填写一项 + 或 –。`,
    }),
};
