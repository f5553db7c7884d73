import { existsSync, readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { spreadsheetCell, type Locale } from '@mdc/contracts';
import { CATEGORY_LEGEND } from '@mdc/core/ast';
import type { z } from 'zod';
import { outputCells, outputHeader, type BatchRow, type OutputFile } from './batch';
import { ISOLATE_TESTS } from './catalog';
import type { IsolateFileFormat } from './isolate-file';
import type { experimentDetail } from './schemas';

export type ExperimentDetail = z.infer<typeof experimentDetail>;

type Texts = Record<Locale, string>;

const T = {
  title: { zh: '药敏判读报告', en: 'AST interpretation report' },
  experiment: { zh: '实验编号', en: 'Experiment' },
  sampleName: { zh: '样本名称', en: 'Sample name' },
  sampleType: { zh: '样本类型', en: 'Sample type' },
  organism: { zh: '菌种', en: 'Organism' },
  method: { zh: '方法', en: 'Method' },
  site: { zh: '感染部位', en: 'Site of infection' },
  guideline: { zh: '指南', en: 'Guideline' },
  created: { zh: '提交时间', en: 'Submitted' },
  status: { zh: '状态', en: 'Status' },
  antibiotic: { zh: '抗菌药物', en: 'Antibiotic' },
  code: { zh: '代码', en: 'Code' },
  value: { zh: '测定值', en: 'Value' },
  potency: { zh: '纸片含量', en: 'Disk content' },
  breakpoint: { zh: '折点', en: 'Breakpoint' },
  category: { zh: '判读结果', en: 'Category' },
  original: { zh: '规则修改前', en: 'Before rules' },
  table: { zh: '参考表', en: 'Reference table' },
  level: { zh: '匹配层级', en: 'Matched at' },
  explanation: { zh: '判读依据', en: 'Explanation' },
  rules: { zh: '应用的专家规则', en: 'Expert rules applied' },
  noRules: { zh: '无专家规则修改结果。', en: 'No expert rule changed a result.' },
  rulesOff: { zh: '未应用专家规则（提交时已关闭）：结果仅依据折点与天然耐药。', en: 'Expert rules not applied (switched off when submitted): results follow the breakpoints and intrinsic resistance only.' },
  tests: { zh: '菌株试验', en: 'Isolate tests' },
  positive: { zh: '阳性', en: 'positive' },
  negative: { zh: '阴性', en: 'negative' },
  expertRules: { zh: '专家规则', en: 'Expert rules' },
  applied: { zh: '已应用', en: 'applied' },
  notApplied: { zh: '未应用', en: 'not applied' },
  results: { zh: '结果', en: 'Results' },
  legend: { zh: '判读分类说明', en: 'Categories' },
  alerts: { zh: '警示与下一步', en: 'Alerts and next steps' },
  footer: { zh: 'MDC 微生物数据云 · 判读依据随每个结果给出，请结合临床判断。', en: 'MDC · Microbe Data Cloud · every result carries its reason; use with clinical judgement.' },
  generated: { zh: '生成于', en: 'Generated' },
  running: { zh: '运行中', en: 'running' },
  done: { zh: '完成', en: 'done' },
  failed: { zh: '失败', en: 'failed' },
  genomePredicted: { zh: '基因组预测', en: 'Genome prediction' },
  genomeVerdict: { zh: '预测与实测对比', en: 'Prediction vs measured' },
  genomeTask: { zh: '基因组任务', en: 'Genome task' },
  genomeTitle: { zh: '基因组预测与实测', en: 'Genome prediction vs measured' },
  genomeLead: {
    zh: '以基因组耐药基因与突变预测的表型，逐药对照本次实测结果；极重大不符（VME）= 实测耐药而基因组预测敏感，重大不符（ME）= 实测敏感而基因组预测耐药；不符之处列出应核查的内容。',
    en: "The phenotype predicted from the genome's resistance genes and mutations against this measurement, drug by drug; very major (VME) = measured resistant, genome predicted susceptible; major (ME) = measured susceptible, genome predicted resistant; each discrepancy says what to check.",
  },
  genomeMissing: { zh: '该基因组任务已被删除或无法访问，无法对比。', en: 'The genome task has been deleted or is no longer accessible: nothing to compare.' },
  measured: { zh: '实测', en: 'Measured' },
  genomePredicts: { zh: '基因组预测', en: 'Predicted' },
  comparison: { zh: '对比', en: 'Comparison' },
  evidence: { zh: '依据', en: 'Evidence' },
  check: { zh: '应核查', en: 'What to check' },
  uncertain: { zh: '不确定', en: 'uncertain' },
  notPredicted: { zh: '未预测', en: 'not predicted' },
} satisfies Record<string, Texts>;

/** "4 compared: 1 agree, 1 very major, 1 major, 1 minor; 0 not comparable", as the result page writes it. */
function genomeCountsText(c: NonNullable<ExperimentDetail['genome']>['counts'], locale: Locale): string {
  return locale === 'zh'
    ? `可比 ${c.compared} 种：一致 ${c.agree}，极重大不符 ${c.veryMajor}，重大不符 ${c.major}，轻微不符 ${c.minor}；不可比 ${c.notComparable}`
    : `${c.compared} compared: ${c.agree} agree, ${c.veryMajor} very major, ${c.major} major, ${c.minor} minor; ${c.notComparable} not comparable`;
}

/** The comparison as the result page names it. */
const VERDICT_SHORT: Record<string, Texts> = {
  agree: { zh: '一致', en: 'Agree' },
  'very-major': { zh: '极重大不符（VME）', en: 'Very major (VME)' },
  major: { zh: '重大不符（ME）', en: 'Major (ME)' },
  minor: { zh: '轻微不符（mE）', en: 'Minor (mE)' },
  'not-comparable': { zh: '不可比', en: 'Not comparable' },
};

/** Verdict colours: a very major discrepancy red, a major one orange, a minor one amber, agreement green. */
const VERDICT_COLOURS: Record<string, { fill: string; text: string }> = {
  agree: { fill: '#e3f4e1', text: '#23722a' },
  'very-major': { fill: '#fbe3e1', text: '#b3261e' },
  major: { fill: '#fde8d7', text: '#a34a00' },
  minor: { fill: '#fdf0d5', text: '#8a5a00' },
};

const GENOME_VERDICT: Record<string, Texts> = {
  agree: { zh: '一致', en: 'agree' },
  'very-major': { zh: '极重大不符（VME）', en: 'very major discrepancy (VME)' },
  major: { zh: '重大不符（ME）', en: 'major discrepancy (ME)' },
  minor: { zh: '轻微不符（mE）', en: 'minor discrepancy (mE)' },
  'not-comparable': { zh: '不可比', en: 'not comparable' },
};

const METHOD: Record<string, Texts> = { MIC: { zh: 'MIC（mg/L）', en: 'MIC (mg/L)' }, DISK: { zh: '纸片扩散法（mm）', en: 'Disk diffusion (mm)' } };

/** Category colours shared with the web page: S green, I/SDD amber, R red, the rest grey. */
export const CATEGORY_COLOURS: Record<string, { fill: string; text: string }> = {
  S: { fill: '#e3f4e1', text: '#23722a' },
  I: { fill: '#fdf0d5', text: '#8a5a00' },
  SDD: { fill: '#fdf0d5', text: '#8a5a00' },
  R: { fill: '#fbe3e1', text: '#b3261e' },
};
const GREY = { fill: '#eceff3', text: '#4a5563' };

export function colourOf(category: string | null): { fill: string; text: string } {
  return (category && CATEGORY_COLOURS[category]) || GREY;
}

function drugName(result: ExperimentDetail['results'][number], locale: Locale): string {
  if (!result.antibiotic) return result.antibioticInput;
  return locale === 'zh' ? (result.antibiotic.nameZh ?? result.antibiotic.name) : result.antibiotic.name;
}

function organismName(detail: ExperimentDetail, locale: Locale): string {
  const o = detail.organism;
  if (!o.name) return o.input;
  return locale === 'zh' && o.nameZh ? `${o.nameZh}（${o.name}）` : o.name;
}

/** "ESBL: positive (+); mecA/PBP2a: negative (-)", in the form's order; empty when none was entered. */
function testsText(tests: ExperimentDetail['tests'], locale: Locale): string {
  const zh = locale === 'zh';
  return ISOLATE_TESTS.filter((t) => tests[t.value])
    .map((t) => {
      const result = tests[t.value]!;
      const word = (result === '+' ? T.positive : T.negative)[locale];
      return zh ? `${t.label.zh}：${word}（${result}）` : `${t.label.en}: ${word} (${result})`;
    })
    .join(zh ? '；' : '; ');
}

/**
 * The zone report times are written in when the request names none: the browser sends its own
 * (`tz`); for other clients, China Standard Time on Chinese reports (the portal's labs are mostly
 * there) and UTC on English ones.
 */
export function defaultTimeZone(locale: Locale): string {
  return locale === 'zh' ? 'Asia/Shanghai' : 'UTC';
}

/** Whether `zone` is a time zone this server knows (an IANA name such as Asia/Shanghai, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "2026-11-24 21:30 (Asia/Shanghai, UTC+8)": a moment as the reader's clock showed it. */
export function localTime(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, 'UTC');
  const label = zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : `${zone}, ${offset === 'UTC' ? 'UTC+0' : offset}`;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${label})`;
}

function infoRows(detail: ExperimentDetail, locale: Locale, zone: string): Array<[string, string]> {
  const tests = testsText(detail.tests, locale);
  return [
    [T.experiment[locale], `#${detail.number}`],
    [T.sampleName[locale], detail.sampleName],
    [T.sampleType[locale], detail.sampleTypeLabel[locale]],
    [T.organism[locale], organismName(detail, locale)],
    [T.method[locale], detail.method ? (METHOD[detail.method]?.[locale] ?? detail.method) : ''],
    [T.site[locale], detail.siteLabel[locale]],
    [T.guideline[locale], [detail.guideline, detail.year].filter(Boolean).join(' ')],
    ...(tests ? [[T.tests[locale], tests] as [string, string]] : []),
    [T.expertRules[locale], (detail.expertRules ? T.applied : T.notApplied)[locale]],
    [T.status[locale], T[detail.status][locale]],
    [T.created[locale], localTime(detail.createdAt, zone)],
  ];
}

function explanationOf(result: ExperimentDetail['results'][number], locale: Locale): string {
  return [result.explanation[locale], ...result.notes.map((n) => n[locale])].filter(Boolean).join(locale === 'zh' ? '；' : '; ');
}

// ---- Excel ---------------------------------------------------------------------------------

export async function experimentWorkbook(detail: ExperimentDetail, locale: Locale, zone = defaultTimeZone(locale)): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MDC · Microbe Data Cloud';
  const sheet = workbook.addWorksheet(T.results[locale]);
  sheet.addRow([T.title[locale]]).font = { bold: true, size: 14 };
  const genomeRow: Array<[string, string]> = detail.genome ? [[T.genomeTask[locale], [detail.genome.fileName, detail.genome.species, detail.genome.taskId].filter(Boolean).join(' · ')]] : [];
  for (const [label, value] of [...infoRows(detail, locale, zone), ...genomeRow]) {
    const row = sheet.addRow([label, value].map(spreadsheetCell));
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const columns: Array<{ header: string; width: number; value: (r: ExperimentDetail['results'][number]) => string }> = [
    { header: T.antibiotic[locale], width: 26, value: (r) => drugName(r, locale) },
    { header: T.code[locale], width: 8, value: (r) => r.antibiotic?.code ?? '' },
    { header: T.value[locale], width: 10, value: (r) => r.value },
    { header: T.potency[locale], width: 10, value: (r) => r.potency || r.breakpoint?.potency || '' },
    { header: T.breakpoint[locale], width: 30, value: (r) => r.breakpointText },
    { header: T.category[locale], width: 10, value: (r) => r.category ?? '' },
    { header: T.original[locale], width: 10, value: (r) => r.originalCategory ?? '' },
    { header: T.guideline[locale], width: 12, value: (r) => [r.guideline, r.year].filter(Boolean).join(' ') },
    { header: T.table[locale], width: 22, value: (r) => r.breakpoint?.referenceTable ?? r.expectedResistance?.referenceTable ?? '' },
    { header: T.level[locale], width: 26, value: (r) => (r.matchedGroup ? `${r.matchedGroup[locale]} (${r.matchedLevel})` : '') },
    { header: T.explanation[locale], width: 80, value: (r) => explanationOf(r, locale) },
  ];
  // A linked genome task adds its prediction and the comparison to each drug it answered.
  const linked = detail.genome?.status === 'linked' ? new Map(detail.genome.drugs.map((d) => [d.drug, d])) : null;
  if (linked) {
    const compared = (r: ExperimentDetail['results'][number]) => (r.antibiotic ? linked.get(r.antibiotic.code) : undefined);
    const verdict = (r: ExperimentDetail['results'][number]) => {
      const d = compared(r);
      return d ? [GENOME_VERDICT[d.verdict]![locale], ...d.checks.map((c) => c[locale])].join(locale === 'zh' ? '；' : '; ') : '';
    };
    columns.push({ header: T.genomePredicted[locale], width: 14, value: (r) => compared(r)?.predicted ?? '' }, { header: T.genomeVerdict[locale], width: 40, value: verdict });
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  const headerRow = header.number;
  columns.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width));
  for (const result of detail.results) {
    const row = sheet.addRow(columns.map((c) => spreadsheetCell(c.value(result))));
    const colour = colourOf(result.category);
    const cell = row.getCell(6);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF' + colour.fill.slice(1) } };
    cell.font = { bold: true, color: { argb: 'FF' + colour.text.slice(1) } };
    row.getCell(11).alignment = { wrapText: true, vertical: 'top' };
  }
  sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  sheet.addRow([]);
  for (const alert of detail.alerts) {
    const row = sheet.addRow([T.alerts[locale], `${alert.title[locale]} — ${alert.nextStep[locale]} (${alert.drugs.join(', ')})`].map(spreadsheetCell));
    row.getCell(1).font = { bold: true, color: { argb: 'FFB3261E' } };
  }
  sheet.addRow([T.legend[locale]]).font = { bold: true };
  for (const entry of CATEGORY_LEGEND) sheet.addRow([entry.category, entry.text[locale]].map(spreadsheetCell));
  if (detail.rules.length > 0) {
    const rules = workbook.addWorksheet(T.rules[locale]);
    rules.columns = [
      { header: locale === 'zh' ? '规则' : 'Rule', width: 30 },
      { header: locale === 'zh' ? '说明' : 'Description', width: 60 },
      { header: locale === 'zh' ? '修改的药物' : 'Drugs changed', width: 30 },
    ];
    rules.getRow(1).font = { bold: true };
    for (const rule of detail.rules) rules.addRow([rule.rule, rule.description[locale], [...rule.changed, ...rule.inferred].join(', ')].map(spreadsheetCell));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A batch's rows as .xlsx, written row by row with ExcelJS's streaming writer: a batch of 118,000
 * results needed more than 1 GB of heap as one workbook in memory; written this way, its whole
 * download (the rows' text included) fits a 192 MB heap (bench/server/batch-download.ts).
 */
export async function batchWorkbook(file: OutputFile, rows: Iterable<BatchRow>, locale: Locale): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', () => resolve());
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  workbook.creator = 'MDC · Microbe Data Cloud';
  const header = outputHeader(file, locale);
  const sheet = workbook.addWorksheet(T.results[locale], {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  // Widths before the first row: a streamed sheet writes its columns ahead of the rows.
  sheet.columns = header.map((h) => ({ width: Math.min(60, Math.max(10, h.length + 4)) }));
  const headerRow = sheet.addRow(header.map(spreadsheetCell));
  headerRow.font = { bold: true };
  headerRow.commit();
  const categoryAt = header.findIndex((h) => h === 'interpretation' || h === '判读结果') + 1;
  for (const row of rows) {
    const added = sheet.addRow(outputCells(file, row, locale).map(spreadsheetCell));
    if (categoryAt > 0 && row.category) {
      const colour = colourOf(row.category);
      added.getCell(categoryAt).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF' + colour.fill.slice(1) } };
    }
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

// ---- PDF -----------------------------------------------------------------------------------

interface FontFiles {
  regular: { file: string; family?: string };
  bold: { file: string; family?: string };
}

const FONT_CANDIDATES: Array<FontFiles> = [
  {
    regular: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
    bold: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  },
  {
    regular: { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
    bold: { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  },
  {
    regular: { file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
    bold: { file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
  },
];

/** `MDC_PDF_FONT=/path/font.ttc#PostScriptName` (the name only for font collections). */
function fontFromEnv(): FontFiles | undefined {
  const value = process.env.MDC_PDF_FONT;
  if (!value) return undefined;
  const [file = '', family] = value.split('#');
  const spec = family ? { file, family } : { file };
  return { regular: spec, bold: spec };
}

let fontCache: { files: FontFiles; regular: Buffer; bold: Buffer } | null | undefined;

/** A font with Chinese glyphs, read once; null when the server has none. */
export function pdfFont(): { files: FontFiles; regular: Buffer; bold: Buffer } | null {
  if (fontCache !== undefined) return fontCache;
  const candidates = [fontFromEnv(), ...FONT_CANDIDATES].filter((c): c is FontFiles => c !== undefined);
  const found = candidates.find((c) => existsSync(c.regular.file));
  if (!found) return (fontCache = null);
  const regular = readFileSync(found.regular.file);
  const bold = existsSync(found.bold.file) ? readFileSync(found.bold.file) : regular;
  fontCache = { files: existsSync(found.bold.file) ? found : { regular: found.regular, bold: found.regular }, regular, bold };
  return fontCache;
}

/** A Lab PDF with the CJK font as 'body' and 'bold', its pages kept for footers, its bytes collected; null without a font. */
export function labPdfDocument(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; finished: Promise<Buffer> } | null {
  const font = pdfFont();
  if (!font) return null;
  const doc = new PDFDocument({ ...options, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('body', font.regular, font.files.regular.family);
  doc.registerFont('bold', font.bold, font.files.bold.family);
  return { doc, finished };
}

export async function experimentPdf(detail: ExperimentDetail, locale: Locale, zone = defaultTimeZone(locale)): Promise<Buffer | null> {
  const opened = labPdfDocument({
    size: 'A4',
    margins: { top: 48, bottom: 56, left: 40, right: 40 },
    info: { Title: `${T.title[locale]} #${detail.number}`, Author: 'MDC · Microbe Data Cloud' },
  });
  if (!opened) return null;
  const { doc, finished } = opened;

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('bold').fontSize(17).fillColor('#0f7b6c').text(T.title[locale], left, doc.page.margins.top);
  doc.moveDown(0.6);

  // Sample information in two columns of label/value pairs.
  const info = infoRows(detail, locale, zone);
  const colWidth = width / 2;
  doc.fontSize(9.5);
  let y = doc.y;
  for (let i = 0; i < info.length; i += 2) {
    let rowHeight = 0;
    for (let j = 0; j < 2 && i + j < info.length; j++) {
      const [label, value] = info[i + j]!;
      const x = left + j * colWidth;
      doc.font('bold').fillColor('#6b7685').text(label, x, y, { width: 78 });
      doc.font('body').fillColor('#1c2430').text(value || '—', x + 80, y, { width: colWidth - 88 });
      rowHeight = Math.max(rowHeight, doc.heightOfString(value || '—', { width: colWidth - 88 }));
    }
    y += rowHeight + 5;
  }
  y += 8;

  const columns = [
    { key: 'antibiotic', title: T.antibiotic[locale], width: 100 },
    { key: 'value', title: T.value[locale], width: 48 },
    { key: 'breakpoint', title: T.breakpoint[locale], width: 100 },
    { key: 'category', title: T.category[locale], width: 50 },
    { key: 'explanation', title: T.explanation[locale], width: width - 298 },
  ] as const;
  const pad = 4;
  const drawHeader = () => {
    doc.rect(left, y, width, 20).fill('#e6f4f1');
    let x = left;
    doc.font('bold').fontSize(9).fillColor('#1c2430');
    for (const c of columns) {
      doc.text(c.title, x + pad, y + 5, { width: c.width - 2 * pad, lineBreak: false });
      x += c.width;
    }
    y += 20;
  };
  drawHeader();
  doc.fontSize(8.5);
  for (const result of detail.results) {
    const cells: Record<(typeof columns)[number]['key'], string> = {
      antibiotic: `${drugName(result, locale)}${result.antibiotic ? ` (${result.antibiotic.code})` : ''}`,
      value: result.value + (result.potency ? `\n${result.potency}` : ''),
      breakpoint: result.breakpointText || '—',
      category: result.category ?? '—',
      explanation: explanationOf(result, locale) + (result.originalCategory ? `\n${T.original[locale]}: ${result.originalCategory}` : ''),
    };
    doc.font('body');
    const height = Math.max(...columns.map((c) => doc.heightOfString(cells[c.key], { width: c.width - 2 * pad }))) + 2 * pad;
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHeader();
      doc.fontSize(8.5);
    }
    let x = left;
    for (const c of columns) {
      if (c.key === 'category') {
        const colour = colourOf(result.category);
        doc.rect(x + 2, y + 2, c.width - 4, height - 4).fill(colour.fill);
        doc.font('bold').fillColor(colour.text).text(cells[c.key], x + pad, y + pad, { width: c.width - 2 * pad, align: 'center' });
      } else {
        doc.font('body').fillColor('#1c2430').text(cells[c.key], x + pad, y + pad, { width: c.width - 2 * pad });
      }
      x += c.width;
    }
    y += height;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor('#e3e7ed').stroke();
  }

  // The linked genome task: its prediction beside each measured drug, discrepancies flagged with what to check.
  const genome = detail.genome;
  if (genome) {
    y += 14;
    if (y + 90 > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.font('bold').fontSize(11).fillColor('#1c2430').text(T.genomeTitle[locale], left, y, { width });
    doc.font('body').fontSize(8.5).fillColor('#6b7685').text(T.genomeLead[locale], left, doc.y + 2, { width });
    const task = [genome.fileName ?? genome.taskId, genome.species, genome.headline, genome.fileName ? genome.taskId : null].filter(Boolean).join(' · ');
    doc.font('body').fontSize(9).fillColor('#1c2430').text(`${T.genomeTask[locale]}${locale === 'zh' ? '：' : ': '}${task}`, left, doc.y + 4, { width });
    if (genome.status === 'missing') {
      doc.fillColor('#8a5a00').text(T.genomeMissing[locale], left, doc.y + 4, { width });
      y = doc.y;
    } else {
      const counted = genome.counts.veryMajor > 0 ? VERDICT_COLOURS['very-major']! : genome.counts.major > 0 ? VERDICT_COLOURS.major! : VERDICT_COLOURS.agree!;
      doc.font('bold').fontSize(9).fillColor(counted.text).text(genomeCountsText(genome.counts, locale), left, doc.y + 4, { width });
      y = doc.y + 6;
      const genomeColumns = [
        { key: 'drug', title: T.antibiotic[locale], width: 112 },
        { key: 'measured', title: T.measured[locale], width: 58 },
        { key: 'predicted', title: T.genomePredicts[locale], width: 76 },
        { key: 'verdict', title: T.comparison[locale], width: 96 },
        { key: 'evidence', title: `${T.evidence[locale]} · ${T.check[locale]}`, width: width - 342 },
      ] as const;
      const drawGenomeHeader = () => {
        doc.rect(left, y, width, 20).fill('#e6f4f1');
        let x = left;
        doc.font('bold').fontSize(9).fillColor('#1c2430');
        for (const c of genomeColumns) {
          doc.text(c.title, x + pad, y + 5, { width: c.width - 2 * pad, lineBreak: false, ellipsis: true });
          x += c.width;
        }
        y += 20;
      };
      drawGenomeHeader();
      for (const d of genome.drugs) {
        const name = locale === 'zh' ? d.drugNameZh || d.drugName : d.drugName;
        const checks = d.checks.map((c) => `• ${c[locale]}`).join('\n');
        const cells: Record<(typeof genomeColumns)[number]['key'], string> = {
          drug: `${name} (${d.drug})`,
          measured: `${d.measured}${d.value ? ` (${d.value})` : ''}`,
          predicted: d.predicted === null ? T.notPredicted[locale] : d.predicted === 'uncertain' ? T.uncertain[locale] : d.predicted,
          verdict: VERDICT_SHORT[d.verdict]![locale],
          evidence: [d.evidence, checks ? `${T.check[locale]}${locale === 'zh' ? '：' : ':'}\n${checks}` : ''].filter(Boolean).join('\n') || '—',
        };
        doc.font('body').fontSize(8.5);
        const height = Math.max(...genomeColumns.map((c) => doc.heightOfString(cells[c.key], { width: c.width - 2 * pad }))) + 2 * pad;
        if (y + height > bottom()) {
          doc.addPage();
          y = doc.page.margins.top;
          drawGenomeHeader();
        }
        let x = left;
        for (const c of genomeColumns) {
          doc.fontSize(8.5);
          if (c.key === 'verdict' || c.key === 'measured' || c.key === 'predicted') {
            const colour = c.key === 'verdict' ? VERDICT_COLOURS[d.verdict] ?? GREY : colourOf(c.key === 'measured' ? d.measured : d.predicted);
            // A badge as high as its own text, not the whole row (the checks make rows tall).
            doc.font('bold');
            const badge = doc.heightOfString(cells[c.key], { width: c.width - 2 * pad }) + pad;
            doc.rect(x + 2, y + 2, c.width - 4, badge).fill(colour.fill);
            doc.fillColor(colour.text).text(cells[c.key], x + pad, y + pad, { width: c.width - 2 * pad, align: 'center' });
          } else {
            doc.font('body').fillColor('#1c2430').text(cells[c.key], x + pad, y + pad, { width: c.width - 2 * pad });
          }
          x += c.width;
        }
        y += height;
        doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor('#e3e7ed').stroke();
      }
    }
  }

  y += 14;
  if (y + 40 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font('bold').fontSize(11).fillColor('#1c2430').text(T.rules[locale], left, y);
  doc.font('body').fontSize(9).fillColor('#3a4453');
  doc.moveDown(0.3);
  if (!detail.expertRules) doc.text(T.rulesOff[locale], { width });
  else if (detail.rules.length === 0) doc.text(T.noRules[locale], { width });
  for (const rule of detail.rules) {
    const drugs = [...rule.changed, ...rule.inferred].join(', ');
    doc.text(`• ${rule.rule}: ${rule.description[locale]}${drugs ? ` → ${drugs}` : ''}`, { width });
  }

  // Alerts with their next step, then what the categories mean.
  const section = (title: string, lines: string[], colour = '#3a4453') => {
    if (lines.length === 0) return;
    doc.moveDown(0.6);
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.font('bold').fontSize(11).fillColor('#1c2430').text(title, left, doc.y);
    doc.font('body').fontSize(9).fillColor(colour);
    doc.moveDown(0.3);
    for (const line of lines) doc.text(line, left, doc.y, { width });
  };
  section(T.alerts[locale], detail.alerts.map((a) => `• ${a.title[locale]} — ${a.nextStep[locale]} (${a.drugs.join(', ')})`), '#b3261e');
  section(T.legend[locale], CATEGORY_LEGEND.map((entry) => entry.text[locale]));

  // Footer on every page: what the report is and when it was made.
  const pages = doc.bufferedPageRange();
  // In the reader's zone, as the report's other times (the footer had been UTC whatever the zone).
  const stamp = `${T.generated[locale]} ${localTime(new Date().toISOString(), zone)}`;
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const margin = doc.page.margins.bottom;
    const footerY = doc.page.height - margin + 18;
    // Text below the bottom margin would start a new page: lift the margin while writing the footer.
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(7.5).fillColor('#6b7685');
    doc.text(`${T.footer[locale]}  ${stamp}  ·  ${i + 1}/${pages.count}`, left, footerY, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return finished;
}
