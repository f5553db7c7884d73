import type { Language } from '@mdc/core/identify';
import { roundScore } from '@mdc/core/identify/proteome';
import { csvDocument } from '../csv';
import type { TaskRow } from '../tasks';
import type { ProteomeSpectrumResult, ProteomeTaskResult } from './schemas';

/** Labels of the proteome reports, in both languages. */
export const PROTEOME_REPORT_TEXT = {
  zh: {
    report: 'MDC 微生物数据云 · MALDI-TOF 质谱鉴定报告',
    file: '文件',
    spectra: '谱图',
    call: '鉴定结果',
    noCall: '无可靠鉴定',
    level: { subspecies: '种水平可靠，可能到亚种（≥ 2.30）', species: '种水平可靠（2.00–2.29）', genus: '属水平可靠（1.70–1.99）', none: '不可靠（< 1.70）' },
    levelShort: { subspecies: '种（+++）', species: '种（++）', genus: '属（+）', none: '不可靠（−）' },
    runnerUp: '次优菌种',
    close: '与次优菌种相差不足 {m}，不能可靠区分',
    mixture: '可能为混合培养',
    hits: '前十个匹配',
    plate: '靶板汇总',
    picture: '谱图对照（上：查询谱图；下：参考主谱图，倒置；绿色：匹配的峰）',
    library: '参考谱库',
    libraryValue: '{n} 个主谱图（{s} 个种），其中您自己的 {own} 个',
    parameters: '参数',
    columns: {
      spectrum: '谱图',
      spot: '靶点',
      rank: '名次',
      species: '菌种',
      strain: '菌株',
      score: '得分',
      level: '水平',
      matched: '匹配峰',
      queryShare: '查询峰匹配比例 (%)',
      referenceShare: '参考峰匹配比例 (%)',
      correlation: '强度相关',
      reference: '主谱图',
      note: '说明',
      answer: '结论',
      carriedBy: '依据',
      libraryFree: '无谱库鉴定（理论蛋白质量）',
    },
    answer: '结论',
    carriedBy: { 'spectral-library': '谱库比对', 'library-free': '无谱库（理论蛋白质量）', both: '谱库比对与无谱库一致', none: '无可靠依据' },
    carriedByShort: { 'spectral-library': '谱库', 'library-free': '无谱库', both: '两者一致', none: '—' },
    answerLevel: { subspecies: '种水平', species: '种水平', genus: '属水平', none: '无结论' },
    spectral: '谱库比对',
    libraryFree: '无谱库鉴定（理论蛋白质量，最多到属）',
    libraryFreeNone: '未达到属水平',
    method:
      '得分 = log10(1000 × 查询峰匹配比例 × 参考峰匹配比例 × 匹配峰强度相关)，0–3。≥ 2.30 种水平可靠、可能到亚种；2.00–2.29 种水平可靠；1.70–1.99 属水平可靠；< 1.70 不可靠。亲缘很近的菌种以及谱库外的菌也可能达到 2.0，请同时参考次优菌种。',
  },
  en: {
    report: 'MDC · Microbe Data Cloud — MALDI-TOF identification report',
    file: 'File',
    spectra: 'Spectra',
    call: 'Call',
    noCall: 'No reliable identification',
    level: { subspecies: 'species reliable, subspecies possible (≥ 2.30)', species: 'species reliable (2.00–2.29)', genus: 'genus reliable (1.70–1.99)', none: 'unreliable (< 1.70)' },
    levelShort: { subspecies: 'species (+++)', species: 'species (++)', genus: 'genus (+)', none: 'unreliable (−)' },
    runnerUp: 'Runner-up species',
    close: 'runner-up within {m}: not reliably told apart',
    mixture: 'possible mixed culture',
    hits: 'Top ten matches',
    plate: 'Plate summary',
    picture: 'Spectra compared (above: the query; below: the reference main spectrum, mirrored; green: matched peaks)',
    library: 'Reference library',
    libraryValue: '{n} main spectra ({s} species), {own} of them your own',
    parameters: 'Parameters',
    columns: {
      spectrum: 'spectrum',
      spot: 'spot',
      rank: 'rank',
      species: 'species',
      strain: 'strain',
      score: 'score',
      level: 'level',
      matched: 'matched peaks',
      queryShare: 'query peaks matched (%)',
      referenceShare: 'reference peaks matched (%)',
      correlation: 'intensity correlation',
      reference: 'main spectrum',
      note: 'note',
      answer: 'answer',
      carriedBy: 'carried by',
      libraryFree: 'library-free (theoretical protein masses)',
    },
    answer: 'Answer',
    carriedBy: { 'spectral-library': 'spectral library', 'library-free': 'library-free (theoretical protein masses)', both: 'spectral library and library-free agree', none: 'no reliable evidence' },
    carriedByShort: { 'spectral-library': 'spectral library', 'library-free': 'library-free', both: 'both agree', none: '—' },
    answerLevel: { subspecies: 'species level', species: 'species level', genus: 'genus level', none: 'no answer' },
    spectral: 'Spectral library',
    libraryFree: 'Library-free identification (theoretical protein masses, genus level at most)',
    libraryFreeNone: 'below genus level',
    method:
      'Score = log10(1000 × share of query peaks matched × share of reference peaks matched × intensity correlation of the matched peaks), 0–3. ≥ 2.30 species reliable, subspecies possible; 2.00–2.29 species reliable; 1.70–1.99 genus reliable; < 1.70 unreliable. Closely related species and organisms outside the library can reach 2.0: read the runner-up too.',
  },
} as const;

export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** The name of a spectrum in a report: its spot on a plate, else its file. */
export function spectrumName(s: Pick<ProteomeSpectrumResult, 'spot' | 'file' | 'label'>, plate: boolean): string {
  if (s.label) return s.label;
  if (s.spot) return s.spot;
  if (!plate) return s.file;
  const inner = s.file.includes(':') ? s.file.slice(s.file.indexOf(':') + 1) : s.file;
  return inner;
}

/** What the note column says of a spectrum's call: flags, not the whole band text. */
export function spectrumNotes(s: ProteomeSpectrumResult, result: ProteomeTaskResult, lang: Language): string {
  const t = PROTEOME_REPORT_TEXT[lang];
  const notes: string[] = [];
  if (s.refused) notes.push(s.text[lang]);
  else if (s.noReliableIdentification) notes.push(t.noCall);
  if (s.closeRunnerUp && s.runnerUp) notes.push(`${fill(t.close, { m: result.parameters.identify.closeMargin.toFixed(2) })}: ${s.runnerUp.species} ${roundScore(s.runnerUp.score).toFixed(2)}`);
  if (s.mixture) notes.push(`${t.mixture}: ${s.mixture.species.join(' + ')}`);
  if (s.sameSpectrum) notes.push(lang === 'zh' ? '与谱库条目为同一谱图（自身比对）' : 'same spectrum as the library entry (self-match)');
  return notes.join(' · ');
}

/** The proteome result as CSV: for every spectrum its top ten, rank 1 being the call, with the notes on that row. */
export function proteomeCsv(task: TaskRow, lang: Language): string {
  const t = PROTEOME_REPORT_TEXT[lang];
  const c = t.columns;
  const result = task.result as ProteomeTaskResult | null;
  const rows: (string | number | null)[][] = [[c.spectrum, c.spot, c.rank, c.species, c.strain, c.score, c.level, c.matched, c.queryShare, c.referenceShare, c.correlation, c.reference, c.note, c.answer, c.carriedBy, c.libraryFree]];
  /** The answer columns, on a spectrum's first row. */
  const answer = (s: ProteomeSpectrumResult) => [
    s.combined ? s.combined.name || t.noCall : '',
    s.combined ? t.carriedBy[s.combined.carriedBy] : '',
    s.libraryFree ? (s.libraryFree.level === 'none' ? t.libraryFreeNone : `${s.libraryFree.label} (${roundScore(s.libraryFree.score).toFixed(2)})`) : '',
  ];
  if (!result) {
    rows.push(['', '', '', '', '', '', '', '', '', '', '', '', lang === 'zh' ? (task.error_zh ?? '运行中') : (task.error_en ?? 'running')]);
    return csvDocument(rows);
  }
  for (const s of result.spectra) {
    if (s.hits.length === 0) {
      rows.push([s.file, s.spot ?? '', '', '', '', '', t.levelShort.none, '', '', '', '', '', spectrumNotes(s, result, lang), ...answer(s)]);
      continue;
    }
    for (const h of s.hits) {
      rows.push([
        s.file,
        s.spot ?? '',
        h.rank,
        h.species,
        h.strain ?? '',
        roundScore(h.score).toFixed(2),
        t.levelShort[h.level],
        h.matchedPeaks,
        (100 * h.queryMatchedShare).toFixed(1),
        (100 * h.referenceMatchedShare).toFixed(1),
        h.intensityCorrelation.toFixed(3),
        h.entryId,
        h.rank === 1 ? spectrumNotes(s, result, lang) : '',
        ...(h.rank === 1 ? answer(s) : ['', '', '']),
      ]);
    }
  }
  return csvDocument(rows);
}
