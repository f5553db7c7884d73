import type { Localized } from '../ast/types';
import { countsAsSusceptible, isClinicalCategory } from './builder';
import type { AntibiogramIsolate, AntibiogramRules, FirstIsolateRule, SusceptibleCount } from './types';

export interface CombinationCell {
  organism: string;
  drugs: [string, string];
  /** First isolates tested to both drugs. */
  n: number;
  /** Of them susceptible (under the rule) to at least one of the two. */
  susceptible: number;
  percent: number | null;
  belowMinimum: boolean;
}

function categoryOf(isolate: AntibiogramIsolate, drug: string) {
  let found = null;
  for (const r of isolate.results) {
    if (r.drug !== drug || !isClinicalCategory(r.category)) continue;
    found = r.category;
    break;
  }
  return found;
}

/** %S to either of two drugs among the first isolates of an organism tested to both (empiric combination therapy). */
export function combination(first: readonly AntibiogramIsolate[], organism: string, drugA: string, drugB: string, rules: Pick<AntibiogramRules, 'minIsolates' | 'susceptible'>): CombinationCell {
  let n = 0;
  let susceptible = 0;
  for (const isolate of first) {
    if (isolate.organism !== organism) continue;
    const a = categoryOf(isolate, drugA);
    const b = categoryOf(isolate, drugB);
    if (a === null || b === null) continue;
    n++;
    if (countsAsSusceptible(a, rules.susceptible) || countsAsSusceptible(b, rules.susceptible)) susceptible++;
  }
  const belowMinimum = n < rules.minIsolates;
  return { organism, drugs: [drugA, drugB], n, susceptible, percent: belowMinimum || n === 0 ? null : Math.round((1000 * susceptible) / n) / 10, belowMinimum };
}

const FIRST: Record<FirstIsolateRule, (days: number) => Localized> = {
  'patient-period': () => ({ en: 'First isolate of each organism per patient per analysis period (by collection date)', zh: '每位患者每个分析期每种细菌仅计第一株（按采集日期）' }),
  episode: (days) => ({ en: `First isolate of each organism per patient per episode of ${days} days`, zh: `每位患者每种细菌每 ${days} 天病程仅计第一株` }),
  all: () => ({ en: 'All isolates counted (no first-isolate rule; not M39)', zh: '计入全部菌株（未去重，不符合 M39）' }),
};

const SUSCEPTIBLE: Record<SusceptibleCount, Localized> = {
  S: { en: '%S: susceptible only (SDD and I not counted)', zh: '%S：仅计敏感（SDD 与 I 不计入）' },
  'S+SDD': { en: '%S+SDD: susceptible-dose dependent counted with susceptible (CLSI)', zh: '%S+SDD：剂量依赖敏感计入敏感（CLSI）' },
  'S+I': { en: '%S+I: "susceptible, increased exposure" counted with susceptible (EUCAST)', zh: '%S+I："敏感，增加暴露剂量"计入敏感（EUCAST）' },
};

/** The rules as sentences, for every report that shows the numbers. */
export function describeRules(rules: AntibiogramRules): Localized[] {
  return [
    FIRST[rules.firstIsolate](rules.episodeDays),
    rules.diagnosticOnly
      ? { en: 'Diagnostic isolates only: specimens marked as screening left out', zh: '仅计诊断性分离株：标记为筛查的标本不计入' }
      : { en: 'Screening specimens included', zh: '包括筛查标本' },
    { en: `A percentage only with at least ${rules.minIsolates} isolates (fewer: n shown, greyed)`, zh: `菌株数 ≥ ${rules.minIsolates} 时才给出百分比（不足时灰色显示 n）` },
    SUSCEPTIBLE[rules.susceptible],
    { en: 'IR: intrinsic resistance, not tested as a percentage', zh: 'IR：天然耐药，不计算百分比' },
    rules.period === 'all' ? { en: 'All dates as one period', zh: '全部日期合为一个分析期' } : { en: 'One table per calendar year of collection', zh: '按采集日期的自然年分别统计' },
  ];
}
