import ExcelJS from 'exceljs';
import type { AntibiogramCell, AntibiogramOrganismRow } from '@mdc/core/antibiogram';
import { spreadsheetCell, type Locale } from '@mdc/contracts';
import { labPdfDocument } from '../export';
import type { AntibiogramReport } from './report';

type Texts = Record<Locale, string>;

const T = {
  title: { zh: '累积药敏报告（CLSI M39）', en: 'Cumulative antibiogram (CLSI M39)' },
  period: { zh: '分析期', en: 'Period' },
  all: { zh: '全部', en: 'all' },
  negative: { zh: '革兰阴性菌', en: 'Gram-negative organisms' },
  positive: { zh: '革兰阳性菌', en: 'Gram-positive organisms' },
  other: { zh: '其他', en: 'Other organisms' },
  organism: { zh: '菌种', en: 'Organism' },
  isolates: { zh: '株数', en: 'Isolates' },
  /** The grid's count column is narrow (22 pt on A5): "Isolates" wrapped onto the first row. */
  isolatesShort: { zh: '株数', en: 'n' },
  rules: { zh: '统计规则', en: 'Rules applied' },
  counts: { zh: '计数', en: 'Counts' },
  legend: { zh: '格中数字为敏感率 %（按所选规则）；灰色“n=…”为株数不足无百分比；IR 为天然耐药；—为未检测。', en: 'Cells: % susceptible under the rule; grey "n=…": too few isolates for a percentage; IR: intrinsic resistance; —: not tested.' },
  guidelines: { zh: '判读指南', en: 'Interpreted under' },
  suppressed: { zh: '按报告规则不列出的药物', en: 'Drugs left out by the reporting rules' },
  filters: { zh: '筛选条件', en: 'Filters' },
  none: { zh: '无', en: 'none' },
  drug: { zh: '药物代码', en: 'Drug' },
  drugName: { zh: '抗菌药物', en: 'Drug name' },
  n: { zh: '检测株数', en: 'n tested' },
  susceptible: { zh: '敏感株数', en: 'Susceptible' },
  percent: { zh: '敏感率 %', en: '% susceptible' },
  cell: { zh: '说明', en: 'Note' },
  intrinsic: { zh: '天然耐药', en: 'intrinsic resistance' },
  below: { zh: '株数不足', en: 'below the minimum' },
  footer: { zh: 'MDC 微生物数据云 · 累积药敏数据用于经验治疗参考，请结合临床判断。', en: 'MDC · Microbe Data Cloud · for empirical therapy guidance; use with clinical judgement.' },
} satisfies Record<string, Texts>;

const GROUPS: Array<['-' | '+' | '', keyof typeof T]> = [
  ['-', 'negative'],
  ['+', 'positive'],
  ['', 'other'],
];

function cellText(cell: AntibiogramCell | undefined): string {
  if (!cell) return '—';
  if (cell.intrinsic) return 'IR';
  if (cell.percent === null) return `n=${cell.n}`;
  return String(Math.round(cell.percent));
}

function filterText(report: AntibiogramReport, locale: Locale): string {
  const parts = [
    ...(report.filter.specimenType ?? []),
    ...(report.filter.ward ?? []),
    ...(report.filter.setting ?? []),
  ];
  return parts.length ? parts.join(', ') : T.none[locale];
}

function countsText(report: AntibiogramReport, locale: Locale): string {
  const c = report.counts;
  return locale === 'zh'
    ? `收到 ${c.received} 株；筛查 ${c.screening}、筛选外 ${c.filtered}、无日期 ${c.undated}、重复 ${c.repeats} 未计入；第一株 ${c.first}`
    : `${c.received} isolates; left out ${c.screening} screening, ${c.filtered} by filters, ${c.undated} undated, ${c.repeats} repeats; ${c.first} first isolates`;
}

function guidelinesOf(rows: readonly AntibiogramOrganismRow[]): string {
  return [...new Set(rows.flatMap((r) => r.cells.flatMap((c) => c.guidelines)))].sort().join(', ');
}

const periodLabel = (report: AntibiogramReport, locale: Locale) => (report.period === 'all' ? T.all[locale] : report.period);

/** The pocket card: one organism × drug grid per Gram group, the rules and counts under it. */
export async function antibiogramPdf(report: AntibiogramReport, locale: Locale, size: 'A4' | 'A5'): Promise<Buffer | null> {
  const small = size === 'A5';
  const opened = labPdfDocument({
    size,
    layout: 'landscape',
    margins: small ? { top: 24, bottom: 28, left: 20, right: 20 } : { top: 36, bottom: 40, left: 32, right: 32 },
    info: { Title: `${T.title[locale]} ${periodLabel(report, locale)}`, Author: 'MDC · Microbe Data Cloud' },
  });
  if (!opened) return null;
  const { doc, finished } = opened;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const base = small ? 6 : 7.5;

  doc.font('bold').fontSize(small ? 11 : 14).fillColor('#0f7b6c').text(`${T.title[locale]} · ${T.period[locale]} ${periodLabel(report, locale)}`, left, doc.page.margins.top);
  doc.font('body').fontSize(base).fillColor('#1c2430').text(`${T.filters[locale]}: ${filterText(report, locale)} · ${countsText(report, locale)}`);
  let y = doc.y + 4;

  const rows = report.table?.organisms ?? [];
  for (const [gram, label] of GROUPS) {
    const group = rows.filter((r) => r.gram === gram && r.cells.length > 0);
    if (group.length === 0) continue;
    const drugs = [...new Set(group.flatMap((r) => r.cells.map((c) => c.drug)))].sort();
    const nameWidth = small ? 92 : 130;
    const countWidth = small ? 22 : 30;
    const cellWidth = Math.max(14, Math.min(34, (width - nameWidth - countWidth) / Math.max(1, drugs.length)));
    const rowHeight = small ? 9 : 12;
    const header = () => {
      doc.font('bold').fontSize(base + 1).fillColor('#0f7b6c').text(T[label][locale], left, y);
      y = doc.y + 2;
      doc.rect(left, y, nameWidth + countWidth + cellWidth * drugs.length, rowHeight + 2).fill('#e6f4f1');
      doc.font('bold').fontSize(base).fillColor('#1c2430');
      doc.text(T.organism[locale], left + 2, y + 2, { width: nameWidth - 4, lineBreak: false });
      doc.text(T.isolatesShort[locale], left + nameWidth, y + 2, { width: countWidth, lineBreak: false });
      drugs.forEach((d, i) => doc.text(d, left + nameWidth + countWidth + i * cellWidth, y + 2, { width: cellWidth, align: 'center', lineBreak: false }));
      y += rowHeight + 2;
    };
    if (y + 3 * rowHeight > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    header();
    for (const row of group) {
      if (y + rowHeight > bottom()) {
        doc.addPage();
        y = doc.page.margins.top;
        header();
      }
      doc.font('body').fontSize(base).fillColor('#1c2430').text(row.name[locale], left + 2, y + 1, { width: nameWidth - 4, height: base + 2, ellipsis: true });
      doc.text(String(row.isolates), left + nameWidth, y + 1, { width: countWidth, lineBreak: false });
      drugs.forEach((d, i) => {
        const cell = row.cells.find((c) => c.drug === d);
        const x = left + nameWidth + countWidth + i * cellWidth;
        const grey = !cell || cell.percent === null;
        if (cell?.percent !== null && cell?.percent !== undefined) {
          const fill = cell.percent >= 90 ? '#e3f4e1' : cell.percent >= 60 ? '#fdf0d5' : '#fbe3e1';
          doc.rect(x, y, cellWidth, rowHeight).fill(fill);
        }
        doc.fillColor(grey ? '#8a94a3' : '#1c2430').font(cell?.intrinsic ? 'bold' : 'body').fontSize(cell && cell.percent === null && !cell.intrinsic ? base - 1.5 : base);
        doc.text(cellText(cell), x, y + 1, { width: cellWidth, align: 'center', lineBreak: false });
      });
      doc.moveTo(left, y + rowHeight).lineTo(left + nameWidth + countWidth + cellWidth * drugs.length, y + rowHeight).lineWidth(0.3).strokeColor('#d5dbe3').stroke();
      y += rowHeight;
    }
    doc.font('body').fontSize(base - 1).fillColor('#4a5565').text(`${T.guidelines[locale]}: ${guidelinesOf(group) || '—'}`, left, y + 2);
    y = doc.y + 6;
  }

  const notes = [
    `${T.rules[locale]}: ${report.statements.map((s) => s[locale]).join('; ')}`,
    T.legend[locale],
    ...(report.table?.suppressed.length
      ? [`${T.suppressed[locale]}: ${report.table.suppressed.map((s) => `${s.organism} ${s.drug} (n=${s.n}) — ${s.note[locale]}`).join('; ')}`]
      : []),
    ...Object.entries(report.drugs)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, name]) => `${code} ${name[locale]}`)
      .join(' · ')
      .split('\n'),
  ];
  doc.font('body').fontSize(base - 0.5).fillColor('#1c2430');
  for (const note of notes) {
    if (y + 20 > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.text(note, left, y, { width });
    y = doc.y + 3;
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - doc.page.margins.bottom + 8;
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(base - 1).fillColor('#8a94a3').text(`${T.footer[locale]} · ${i + 1}/${range.count}`, left, footerY, { width, lineBreak: false });
  }
  doc.end();
  return finished;
}

/** The same tables as a workbook: one sheet per Gram group, every cell with n and S, then the rules. */
export async function antibiogramWorkbook(report: AntibiogramReport, locale: Locale): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'MDC · Microbe Data Cloud';
  const rows = report.table?.organisms ?? [];
  for (const [gram, label] of GROUPS) {
    const group = rows.filter((r) => r.gram === gram);
    if (group.length === 0) continue;
    const sheet = book.addWorksheet(T[label][locale].slice(0, 31));
    sheet.addRow([T.organism[locale], T.isolates[locale], T.drug[locale], T.drugName[locale], T.n[locale], T.susceptible[locale], T.percent[locale], T.cell[locale], T.guidelines[locale]]);
    sheet.getRow(1).font = { bold: true };
    for (const row of group) {
      for (const cell of row.cells) {
        sheet.addRow([
          spreadsheetCell(row.name[locale]),
          row.isolates,
          cell.drug,
          spreadsheetCell(report.drugs[cell.drug]?.[locale] ?? cell.drug),
          cell.n,
          cell.susceptible,
          cell.percent,
          cell.intrinsic ? T.intrinsic[locale] : cell.belowMinimum ? T.below[locale] : '',
          cell.guidelines.join(', '),
        ]);
      }
    }
    sheet.columns.forEach((c, i) => (c.width = [34, 8, 8, 30, 10, 10, 12, 18, 24][i] ?? 12));
  }
  const info = book.addWorksheet(T.rules[locale].slice(0, 31));
  info.addRow([T.period[locale], periodLabel(report, locale)]);
  info.addRow([T.filters[locale], filterText(report, locale)]);
  info.addRow([T.counts[locale], countsText(report, locale)]);
  for (const s of report.statements) info.addRow([T.rules[locale], s[locale]]);
  for (const s of report.table?.suppressed ?? []) info.addRow([T.suppressed[locale], `${s.organism} ${s.drug} (n=${s.n}): ${s.note[locale]}`]);
  info.getColumn(1).width = 24;
  info.getColumn(2).width = 100;
  return Buffer.from(await book.xlsx.writeBuffer());
}
