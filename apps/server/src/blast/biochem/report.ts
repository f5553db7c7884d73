import { QUALITY_LABELS, biochemHistoryCall, biochemList, biochemStatement, biochemTest, type QualityLevel } from '@mdc/core/identify/biochem';
import { CLOSEST_LABEL, callHeadline, nextStep, type Language } from '@mdc/core/identify';
import { csvDocument } from '../csv';
import type { TaskRow } from '../tasks';
import type { BiochemTaskResult } from './schemas';

/** Labels of the biochemical reports, in both languages. */
export const BIOCHEM_REPORT_TEXT = {
  zh: {
    report: 'MDC 微生物数据云 · 生化鉴定报告',
    reportMorphology: 'MDC 微生物数据云 · 形态学与初步试验鉴定报告',
    task: '任务',
    submitted: '提交时间',
    finished: '完成时间',
    sample: '样本',
    panel: '鉴定板',
    profile: '数码谱',
    matrix: '概率矩阵',
    call: '鉴定结果',
    groupCall: { complex: '复合群水平', genus: '属水平' },
    nearestBelow: '生化谱不可接受：下列为最接近的菌种，不是鉴定结果',
    groupNoLabel: '菌群水平（不给 %ID 与质量标签：该矩阵行的 %ID 来自其代表菌种，不是整个菌群的）',
    settledBy: '区分方法',
    candidates: '候选菌种',
    picture: '反应谱与候选菌种的阳性率',
    pictureNote: '格内数字为该菌种的阳性率（%），颜色越深阳性率越高；红框：所输入的反应与该菌种多数菌株相反。',
    entered: '输入',
    nextTests: '建议补充的试验',
    nextTestsNote: '能最好地区分以下候选菌种的试验，及各菌种预期的阳性率。',
    reactions: '输入的反应',
    notes: '说明',
    implied: '以下阴性结果已由同组其他特征的阳性说明，不重复计算：{codes}。',
    method: '方法：按概率矩阵用贝叶斯公式计算 %ID（各菌种先验相等，试验相互独立，未做的试验不计），T 指数表示反应谱与该菌种最典型反应谱的接近程度（0–1）。质量标签：极好 %ID ≥ 99.9 且 T ≥ 0.75；很好 ≥ 99.0 且 ≥ 0.5；好 ≥ 90.0 且 ≥ 0.25；可接受 ≥ 80.0；否则为低鉴别力；T 过低时为不可接受的生化谱。',
    noResult: '运行中',
    reaction: { '+': '阳性', '-': '阴性' },
    columns: {
      section: '部分',
      rank: '名次',
      taxon: '菌种',
      zh: '中文名',
      percentId: '%ID',
      typicity: 'T',
      level: '质量',
      complex: '复合群',
      against: '不符合的试验',
      code: '试验',
      name: '名称',
      reaction: '反应',
      expected: '预期阳性率',
      note: '说明',
    },
    sections: { call: '鉴定', candidate: '候选', reaction: '反应', next: '补充试验', note: '说明' },
  },
  en: {
    report: 'MDC · Microbe Data Cloud — biochemical identification report',
    reportMorphology: 'MDC · Microbe Data Cloud — morphology and primary tests identification report',
    task: 'Task',
    submitted: 'Submitted',
    finished: 'Finished',
    sample: 'Sample',
    panel: 'Panel',
    profile: 'Numerical profile',
    matrix: 'Probability matrix',
    call: 'Identification',
    groupCall: { complex: 'complex level', genus: 'genus level' },
    nearestBelow: 'Unacceptable profile: the taxa below are the nearest, not an identification',
    groupNoLabel: 'group level (no %ID or quality label: the matrix row\'s %ID is that of its model species, not the group\'s)',
    settledBy: 'Settled by',
    candidates: 'Candidates',
    picture: 'The profile against the % positive of the candidates',
    pictureNote: 'Numbers are the % of the taxon\'s strains positive, darker for more; red frame: the reaction entered is the one most strains of the taxon do not give.',
    entered: 'Entered',
    nextTests: 'Tests to do next',
    nextTestsNote: 'The tests that best separate these candidates, with the % positive expected of each.',
    reactions: 'Reactions entered',
    notes: 'Notes',
    implied: 'These negatives restate the positive of another member of their group and are not counted twice: {codes}.',
    method: 'Method: %ID by Bayes\' theorem over the probability matrix (equal priors, tests independent, tests not done not counted); T (typicity, 0–1) says how close the profile is to the taxon\'s most typical one. Labels: excellent %ID ≥ 99.9 and T ≥ 0.75; very good ≥ 99.0 and ≥ 0.5; good ≥ 90.0 and ≥ 0.25; acceptable ≥ 80.0; otherwise low discrimination; unacceptable profile when T is too low.',
    noResult: 'running',
    reaction: { '+': 'positive', '-': 'negative' },
    columns: {
      section: 'section',
      rank: 'rank',
      taxon: 'taxon',
      zh: 'Chinese name',
      percentId: '%ID',
      typicity: 'T',
      level: 'quality',
      complex: 'complex',
      against: 'tests against',
      code: 'test',
      name: 'name',
      reaction: 'reaction',
      expected: 'expected % positive',
      note: 'note',
    },
    sections: { call: 'call', candidate: 'candidate', reaction: 'reaction', next: 'next test', note: 'note' },
  },
} as const;

export function levelLabel(level: QualityLevel | string, lang: Language): string {
  return QUALITY_LABELS[level as QualityLevel]?.[lang] ?? level;
}

export function testName(code: string, lang: Language): string {
  return biochemTest(code)?.name[lang] ?? code;
}

export const sign = (reaction: '+' | '-') => (reaction === '+' ? '+' : '–');
export const pct = (value: number | undefined) => (value === undefined ? '?' : value >= 99.95 ? '99.9' : value < 0.05 ? '<0.1' : value.toFixed(1));

/**
 * The biochemical result as CSV: the call, every candidate with %ID, T, quality and the tests
 * against it, the reactions entered and the next tests, each row tagged with its section.
 */
export function biochemCsv(task: TaskRow, lang: Language): string {
  const t = BIOCHEM_REPORT_TEXT[lang];
  const c = t.columns;
  const result = task.result as BiochemTaskResult | null;
  const rows: (string | number | null)[][] = [[c.section, c.rank, c.taxon, c.zh, c.percentId, c.typicity, c.level, c.complex, c.against, c.note]];
  if (!result) {
    rows.push([t.sections.call, '', '', '', '', '', '', '', '', lang === 'zh' ? (task.error_zh ?? t.noResult) : (task.error_en ?? t.noResult)]);
    return csvDocument(rows);
  }
  const id = result.identification;
  const against = (list: { code: string; entered: '+' | '-'; percentPositive?: number }[]) =>
    list.map((x) => `${x.code}${sign(x.entered)} (${x.percentPositive === undefined ? '?' : Math.round(x.percentPositive)} %)`).join('; ');
  const call = id.call;
  const callNote = [
    id.groupCall && biochemStatement(id).rank === 'species' ? `${id.groupCall.name}: ${t.groupCall[id.groupCall.kind]} ${pct(id.groupCall.percentId)} % (${levelLabel(id.groupCall.level, lang)})` : '',
    call.note?.[lang] ?? '',
    `${t.panel}: ${result.panel.name[lang]}${result.profile ? ` · ${t.profile}: ${result.profile}` : ''}${result.sampleName ? ` · ${t.sample}: ${result.sampleName}` : ''}`,
  ]
    .filter(Boolean)
    .join(' · ');
  // The call row states what the result claims (biochemStatement): an unacceptable profile names no taxon; a complex,
  // a morphology group or a genus is named instead of its species, with the label and %ID of that claim only.
  const statement = biochemStatement(id);
  const claimed = biochemHistoryCall(statement);
  const headline = id.headline;
  if (headline?.kind === 'unacceptable') {
    rows.push([t.sections.call, '', '', '', '', '', call.label[lang], '', '', [t.nearestBelow, callNote].join(' · ')]);
  } else {
    const grouped = headline && (headline.kind === 'complex' || headline.kind === 'morphology-group' || headline.kind === 'presumptive') ? headline : null;
    const settles = grouped?.settles ? `${t.settledBy}: ${grouped.settles[lang]}` : '';
    const closest = statement.closest ? `${CLOSEST_LABEL[lang]}${lang === 'zh' ? '：' : ': '}${statement.closest}` : '';
    // A complex or a morphology group already says what settles it.
    const next = grouped && grouped.kind !== 'presumptive' ? '' : (nextStep(result.panel.id === 'primary' ? 'morphology' : 'biochem', claimed)?.[lang] ?? '');
    rows.push([
      t.sections.call,
      1,
      callHeadline(claimed, 'en'),
      statement.zh ?? (statement.rank === 'genus' ? callHeadline(claimed, 'zh') : ''),
      statement.percentId === null ? '' : pct(statement.percentId),
      statement.typicity === null ? '' : statement.typicity.toFixed(2),
      statement.label?.[lang] ?? t.groupNoLabel,
      statement.rank === 'species' ? (call.complex ?? '') : '',
      statement.rank === 'species' || statement.rank === 'species-group' ? against(call.testsAgainst) : '',
      [closest, settles, next, callNote].filter(Boolean).join(' · '),
    ]);
  }
  // The candidates with their %ID and T; the quality label is the call's alone. The row a call stands on is not repeated.
  for (const { candidate } of biochemList(id).slice(1)) {
    rows.push([
      t.sections.candidate,
      candidate!.rank,
      candidate!.taxon,
      candidate!.zh ?? '',
      pct(candidate!.percentId),
      candidate!.typicity.toFixed(2),
      '',
      candidate!.complex ?? '',
      against(candidate!.testsAgainst),
      candidate!.synonyms.length ? candidate!.synonyms.join('; ') : '',
    ]);
  }
  // Words, not signs: a spreadsheet would take a leading + or – for a formula.
  for (const r of result.reactions) rows.push([t.sections.reaction, '', r.code, testName(r.code, lang), t.reaction[r.reaction], '', '', '', '', '']);
  for (const next of id.nextTests) {
    const expected = next.expected.map((e) => `${e.taxon} ${e.percentPositive === undefined ? '?' : Math.round(e.percentPositive)} %`).join('; ');
    rows.push([t.sections.next, '', next.code, next.name[lang], '', '', '', '', '', expected]);
  }
  if (id.impliedByGroup.length) rows.push([t.sections.note, '', '', '', '', '', '', '', '', t.implied.replace('{codes}', id.impliedByGroup.join(', '))]);
  return csvDocument(rows);
}
