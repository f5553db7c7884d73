import type { LocalizedText } from '../index';

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

/** A field name, or the same place named in both languages ("file line 3, column VP" / "文件第 3 行 VP 列"). */
export type BiochemField = string | LocalizedText;

const en = (field: BiochemField) => (typeof field === 'string' ? field : field.en);
const zh = (field: BiochemField) => (typeof field === 'string' ? field : field.zh);

export const biochemErrors = {
  unknownPanel: (field: BiochemField, value: string, known: readonly string[]) =>
    new BiochemInputError('unknown-panel', en(field), {
      en: `${en(field)}: unknown panel "${value}"; choose one of ${known.join(', ')}.`,
      zh: `${zh(field)}：未知的鉴定板“${value}”，请选择 ${known.join('、')} 之一。`,
    }),
  noMatrix: (field: BiochemField, panel: string) =>
    new BiochemInputError('no-matrix', en(field), {
      en: `${en(field)}: panel ${panel} has no probability matrix yet, so it cannot identify; choose API 20E, the conventional tubes or the primary tests.`,
      zh: `${zh(field)}：鉴定板 ${panel} 尚无概率矩阵，无法鉴定；请选择 API 20E、常规生化管或初步试验。`,
    }),
  profileNotDigits: (field: BiochemField, panel: string) =>
    new BiochemInputError('profile-not-digits', en(field), {
      en: `${en(field)}: a numerical profile of ${panel} contains digits only.`,
      zh: `${zh(field)}：${panel} 的数码谱只能由数字组成。`,
    }),
  profileLength: (field: BiochemField, panel: string, expected: number, got: number) =>
    new BiochemInputError('profile-length', en(field), {
      en: `${en(field)}: a numerical profile of ${panel} has ${expected} digits, not ${got}.`,
      zh: `${zh(field)}：${panel} 的数码谱应为 ${expected} 位数字，而不是 ${got} 位。`,
    }),
  profileDigit: (field: BiochemField, position: number, digit: string, max: number) =>
    new BiochemInputError('profile-digit', en(field), {
      en: `${en(field)}: digit ${position} is ${digit}, but that group of tests only adds up to ${max}.`,
      zh: `${zh(field)}：第 ${position} 位数字为 ${digit}，但该组试验之和最大为 ${max}。`,
    }),
  unknownTest: (field: BiochemField, code: string) =>
    new BiochemInputError('unknown-test', en(field), {
      en: `${en(field)}: unknown test code "${code}".`,
      zh: `${zh(field)}：未知的试验代码“${code}”。`,
    }),
  testNotInPanel: (field: BiochemField, code: string, panel: string) =>
    new BiochemInputError('test-not-in-panel', en(field), {
      en: `${en(field)}: test ${code} is not part of panel ${panel} nor of the primary tests.`,
      zh: `${zh(field)}：试验 ${code} 既不属于鉴定板 ${panel}，也不属于初步试验。`,
    }),
  badReaction: (field: BiochemField, code: string, value: string) =>
    new BiochemInputError('bad-reaction', en(field), {
      en: `${en(field)}: the reaction of ${code} is "${value}"; enter +, – or leave it empty (not done).`,
      zh: `${zh(field)}：${code} 的反应为“${value}”，请填写 +、– 或留空（未做）。`,
    }),
  duplicateTest: (field: BiochemField, code: string) =>
    new BiochemInputError('duplicate-test', en(field), {
      en: `${en(field)}: test ${code} is given twice.`,
      zh: `${zh(field)}：试验 ${code} 重复出现。`,
    }),
  conflictingReaction: (field: BiochemField, code: string) =>
    new BiochemInputError('conflicting-reaction', en(field), {
      en: `${en(field)}: test ${code} is given twice with different reactions.`,
      zh: `${zh(field)}：试验 ${code} 出现两次且反应不一致。`,
    }),
  noReactions: (field: BiochemField) =>
    new BiochemInputError('no-reactions', en(field), {
      en: `${en(field)}: no reaction was entered; enter at least one + or –.`,
      zh: `${zh(field)}：未输入任何反应，请至少填写一项 + 或 –。`,
    }),
};
