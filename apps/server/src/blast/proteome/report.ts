import { callLine, type Language } from '@mdc/core/identify';
import { answerCall, answerList, roundScore } from '@mdc/core/identify/proteome';
import { csvDocument } from '../csv';
import type { TaskRow } from '../tasks';
import type { ProteomeSpectrumResult, ProteomeTaskResult } from './schemas';

/** Labels of the proteome reports: each one in both languages side by side, so neither can lose a key. */
const TEXTS = {
  report: { zh: 'MDC 微生物数据云 · MALDI-TOF 质谱鉴定报告', en: 'MDC · Microbe Data Cloud — MALDI-TOF identification report' },
  file: { zh: '文件', en: 'File' },
  spectra: { zh: '谱图', en: 'Spectra' },
  call: { zh: '鉴定结果', en: 'Call' },
  noCall: { zh: '无可靠鉴定', en: 'No reliable identification' },
  level: {
    subspecies: { zh: '种水平可靠，可能到亚种（≥ 2.30）', en: 'species reliable, subspecies possible (≥ 2.30)' },
    species: { zh: '种水平可靠（2.00–2.29）', en: 'species reliable (2.00–2.29)' },
    genus: { zh: '属水平可靠（1.70–1.99）', en: 'genus reliable (1.70–1.99)' },
    none: { zh: '不可靠（< 1.70）', en: 'unreliable (< 1.70)' },
  },
  levelShort: {
    subspecies: { zh: '种（+++）', en: 'species (+++)' },
    species: { zh: '种（++）', en: 'species (++)' },
    genus: { zh: '属（+）', en: 'genus (+)' },
    none: { zh: '不可靠（−）', en: 'unreliable (−)' },
  },
  runnerUp: { zh: '次优菌种', en: 'Runner-up species' },
  close: { zh: '与次优菌种相差不足 {m}，不能可靠区分', en: 'runner-up within {m}: not reliably told apart' },
  mixture: { zh: '可能为混合培养', en: 'possible mixed culture' },
  hits: { zh: '前十个匹配', en: 'Top ten matches' },
  closestEntry: { zh: '最接近的谱库条目', en: 'closest library entry' },
  closestEntries: { zh: '最接近的谱库条目', en: 'Closest library entries' },
  plate: { zh: '靶板汇总', en: 'Plate summary' },
  picture: { zh: '谱图对照（上：查询谱图；下：参考主谱图，倒置；绿色：匹配的峰）', en: 'Spectra compared (above: the query; below: the reference main spectrum, mirrored; green: matched peaks)' },
  library: { zh: '参考谱库', en: 'Reference library' },
  libraryValue: { zh: '{n} 个主谱图（{s} 个种），其中您自己的 {own} 个', en: '{n} main spectra ({s} species), {own} of them your own' },
  parameters: { zh: '参数', en: 'Parameters' },
  columns: {
    spectrum: { zh: '谱图', en: 'spectrum' },
    spot: { zh: '靶点', en: 'spot' },
    rank: { zh: '名次', en: 'rank' },
    species: { zh: '菌种', en: 'species' },
    strain: { zh: '菌株', en: 'strain' },
    score: { zh: '得分', en: 'score' },
    level: { zh: '水平', en: 'level' },
    matched: { zh: '匹配峰', en: 'matched peaks' },
    queryShare: { zh: '查询峰匹配比例 (%)', en: 'query peaks matched (%)' },
    referenceShare: { zh: '参考峰匹配比例 (%)', en: 'reference peaks matched (%)' },
    correlation: { zh: '强度相关', en: 'intensity correlation' },
    reference: { zh: '主谱图', en: 'main spectrum' },
    note: { zh: '说明', en: 'note' },
    answer: { zh: '结论', en: 'answer' },
    carriedBy: { zh: '依据', en: 'carried by' },
    libraryFree: { zh: '无谱库鉴定（理论蛋白质量）', en: 'library-free (theoretical protein masses)' },
  },
  answer: { zh: '结论', en: 'Answer' },
  carriedBy: {
    'spectral-library': { zh: '谱库比对', en: 'spectral library' },
    'library-free': { zh: '无谱库（理论蛋白质量）', en: 'library-free (theoretical protein masses)' },
    both: { zh: '谱库比对与无谱库一致', en: 'spectral library and library-free agree' },
    none: { zh: '无可靠依据', en: 'no reliable evidence' },
  },
  carriedByShort: {
    'spectral-library': { zh: '谱库', en: 'spectral library' },
    'library-free': { zh: '无谱库', en: 'library-free' },
    both: { zh: '两者一致', en: 'both agree' },
    none: { zh: '—', en: '—' },
  },
  answerLevel: {
    subspecies: { zh: '种水平', en: 'species level' },
    species: { zh: '种水平', en: 'species level' },
    genus: { zh: '属水平', en: 'genus level' },
    none: { zh: '无结论', en: 'no answer' },
  },
  spectral: { zh: '谱库比对', en: 'Spectral library' },
  libraryFree: { zh: '无谱库鉴定（理论蛋白质量，最多到属）', en: 'Library-free identification (theoretical protein masses, genus level at most)' },
  libraryFreeNone: { zh: '未达到属水平', en: 'below genus level' },
  method: {
    zh: '得分 = log10(1000 × 查询峰匹配比例 × 参考峰匹配比例 × 匹配峰强度相关)，0–3。≥ 2.30 种水平可靠、可能到亚种；2.00–2.29 种水平可靠；1.70–1.99 属水平可靠；< 1.70 不可靠。亲缘很近的菌种以及谱库外的菌也可能达到 2.0，请同时参考次优菌种。',
    en: 'Score = log10(1000 × share of query peaks matched × share of reference peaks matched × intensity correlation of the matched peaks), 0–3. ≥ 2.30 species reliable, subspecies possible; 2.00–2.29 species reliable; 1.70–1.99 genus reliable; < 1.70 unreliable. Closely related species and organisms outside the library can reach 2.0: read the runner-up too.',
  },
} as const;

type Pair = { readonly zh: string; readonly en: string };
/** The labels' tree with each pair replaced by its text in one language. */
type InLanguage<T> = T extends Pair ? string : { readonly [K in keyof T]: InLanguage<T[K]> };

function inLanguage<T extends object>(tree: T, lang: Language): InLanguage<T> {
  const entries = Object.entries(tree).map(([k, v]: [string, unknown]) => {
    const value = v as Pair | object;
    return [k, 'zh' in value && 'en' in value ? (value as Pair)[lang] : inLanguage(value, lang)];
  });
  return Object.fromEntries(entries) as InLanguage<T>;
}

/** Labels of the proteome reports, in one language each. */
export const PROTEOME_REPORT_TEXT = { zh: inLanguage(TEXTS, 'zh'), en: inLanguage(TEXTS, 'en') };

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
  // The library's "no reliable identification" is not said beside an answer another evidence carried.
  else if (s.noReliableIdentification && !s.combined?.name) notes.push(t.noCall);
  if (s.closeRunnerUp && s.runnerUp) notes.push(`${fill(t.close, { m: result.parameters.identify.closeMargin.toFixed(2) })}: ${s.runnerUp.species} ${roundScore(s.runnerUp.score).toFixed(2)}`);
  if (s.mixture) notes.push(`${t.mixture}: ${s.mixture.species.join(' + ')}`);
  if (s.sameSpectrum) notes.push(lang === 'zh' ? '与谱库条目为同一谱图（自身比对）' : 'same spectrum as the library entry (self-match)');
  return notes.join(' · ');
}

/** The proteome result as CSV: for every spectrum its answer as rank 1, then the library's closest entries, the notes on the answer's row. */
export function proteomeCsv(task: TaskRow, lang: Language): string {
  const t = PROTEOME_REPORT_TEXT[lang];
  const c = t.columns;
  const result = task.result as ProteomeTaskResult | null;
  const rows: (string | number | null)[][] = [[c.spectrum, c.spot, c.rank, c.species, c.strain, c.score, c.level, c.matched, c.queryShare, c.referenceShare, c.correlation, c.reference, c.note, c.answer, c.carriedBy, c.libraryFree]];
  /** The answer columns, on a spectrum's first row. */
  const answer = (s: ProteomeSpectrumResult) => [
    s.combined ? (s.combined.name ? callLine(answerCall(s.combined), lang) : t.noCall) : '',
    s.combined ? t.carriedBy[s.combined.carriedBy] : '',
    s.libraryFree ? (s.libraryFree.level === 'none' ? t.libraryFreeNone : `${s.libraryFree.label} (${roundScore(s.libraryFree.score).toFixed(2)})`) : '',
  ];
  if (!result) {
    rows.push(['', '', '', '', '', '', '', '', '', '', '', '', lang === 'zh' ? (task.error_zh ?? '运行中') : (task.error_en ?? 'running')]);
    return csvDocument(rows);
  }
  for (const s of result.spectra) {
    if (s.refused || (s.hits.length === 0 && !s.combined)) {
      rows.push([s.file, s.spot ?? '', '', '', '', '', t.levelShort.none, '', '', '', '', '', spectrumNotes(s, result, lang), ...answer(s)]);
      continue;
    }
    // Rank 1 is the answer, whichever evidence carried it; the library's entries follow as the closest, without a level.
    for (const row of answerList(s.hits, s.combined)) {
      const h = row.hit;
      const first = row.role === 'answer';
      const lf = first && !h && s.combined?.carriedBy !== 'none' ? s.libraryFree : null;
      rows.push([
        s.file,
        s.spot ?? '',
        row.rank,
        first ? (row.name ? callLine(answerCall({ name: row.name, level: row.level ?? 'none' }), lang) : t.noCall) : h!.species,
        h?.strain ?? '',
        row.score === null ? '' : roundScore(row.score).toFixed(2),
        first ? t.levelShort[row.level ?? 'none'] : t.closestEntry,
        h ? h.matchedPeaks : lf ? (lf.candidates[0]?.matches.length ?? '') : '',
        h ? (100 * h.queryMatchedShare).toFixed(1) : '',
        h ? (100 * h.referenceMatchedShare).toFixed(1) : '',
        h ? h.intensityCorrelation.toFixed(3) : '',
        h ? h.entryId : lf ? t.carriedBy['library-free'] : '',
        first ? spectrumNotes(s, result, lang) : '',
        ...(first ? answer(s) : ['', '', '']),
      ]);
    }
  }
  return csvDocument(rows);
}
