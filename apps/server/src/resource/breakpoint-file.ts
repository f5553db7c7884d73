import ExcelJS from 'exceljs';
import { csvRow, spreadsheetCell, type Locale } from '@mdc/contracts';
import type { BreakpointRow } from './breakpoint-query';
import { METHOD_LABELS } from './labels';

export type BreakpointFileFormat = 'csv' | 'xlsx';
type Cell = string | number | null;

/** The columns of the breakpoint table's download, as the table page shows them. */
const COLUMNS: { key: string; header: Record<Locale, string>; width: number; value: (row: BreakpointRow, locale: Locale) => Cell }[] = [
  { key: 'organism', header: { zh: '分类（菌群）', en: 'Classification (organism group)' }, width: 32, value: (r, l) => r.organism.label[l] },
  { key: 'organismCode', header: { zh: '菌种/菌群代码', en: 'Organism code' }, width: 12, value: (r) => r.organism.code },
  { key: 'antibiotic', header: { zh: '抗菌药物', en: 'Antimicrobial' }, width: 28, value: (r, l) => (l === 'zh' ? (r.antibiotic.nameZh ?? r.antibiotic.name) : r.antibiotic.name) ?? r.antibiotic.code },
  { key: 'antibioticCode', header: { zh: '药物代码', en: 'Code' }, width: 8, value: (r) => r.antibiotic.code },
  { key: 'method', header: { zh: '检测方法', en: 'Test' }, width: 16, value: (r, l) => METHOD_LABELS[r.method]?.[l] ?? r.method },
  { key: 'potency', header: { zh: '纸片含量', en: 'Disk potency' }, width: 14, value: (r) => r.potency },
  { key: 'testCode', header: { zh: 'WHONET 检测代码', en: 'WHONET test' }, width: 14, value: (r) => r.testCode },
  { key: 's', header: { zh: 'S', en: 'S' }, width: 8, value: (r) => r.s },
  { key: 'sdd', header: { zh: 'SDD', en: 'SDD' }, width: 8, value: (r) => r.sdd },
  { key: 'i', header: { zh: 'I', en: 'I' }, width: 8, value: (r) => r.i },
  { key: 'r', header: { zh: 'R', en: 'R' }, width: 8, value: (r) => r.r },
  { key: 'ecoff', header: { zh: 'ECOFF', en: 'ECOFF' }, width: 8, value: (r) => r.ecoff },
  { key: 'type', header: { zh: '折点类型', en: 'Breakpoint type' }, width: 20, value: (r, l) => r.breakpointTypeLabel[l] },
  { key: 'host', header: { zh: '宿主', en: 'Host' }, width: 10, value: (r, l) => r.hostLabel[l] },
  { key: 'site', header: { zh: '感染部位', en: 'Site of infection' }, width: 24, value: (r, l) => (r.site ? r.siteLabel[l] : '') },
  { key: 'guideline', header: { zh: '指南', en: 'Guideline' }, width: 10, value: (r) => r.guideline },
  { key: 'year', header: { zh: '年份', en: 'Year' }, width: 6, value: (r) => r.year },
  { key: 'referenceTable', header: { zh: '参考表', en: 'Reference table' }, width: 24, value: (r) => r.referenceTable },
  { key: 'note', header: { zh: '备注', en: 'Note' }, width: 40, value: (r) => r.note },
];

/**
 * Rows of the table as the file's cells (in the order of the columns), as JSON text: a page of
 * rows crosses to the file thread as one string, not as thousands of objects cloned one by one.
 */
export function breakpointCellsJson(rows: readonly BreakpointRow[], locale: Locale): string {
  return JSON.stringify(rows.map((row) => COLUMNS.map((c) => c.value(row, locale) ?? null)));
}

/** What the file thread is handed: the rows' cells page by page, and how to write them. */
export interface BreakpointFileRequest {
  format: BreakpointFileFormat;
  locale: Locale;
  /** Pages of rows, each from {@link breakpointCellsJson}. */
  pages: string[];
  /** The import the rows come from (ISO time): the workbook's date, so that the same data gives the same file content. */
  importedAt: string | null;
}

/** The breakpoint table as CSV (UTF-8 with BOM, for Excel) or as .xlsx. */
export async function writeBreakpointFile(request: BreakpointFileRequest): Promise<Buffer> {
  const { format, locale } = request;
  if (format === 'csv') {
    const lines = [csvRow(COLUMNS.map((c) => c.header[locale]))];
    for (const page of request.pages) for (const cells of JSON.parse(page) as Cell[][]) lines.push(csvRow(cells));
    return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MDC · Microbe Data Cloud';
  if (request.importedAt) workbook.created = workbook.modified = new Date(request.importedAt);
  const sheet = workbook.addWorksheet(locale === 'zh' ? '折点' : 'Breakpoints', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header[locale], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const page of request.pages) {
    for (const cells of JSON.parse(page) as Cell[][]) sheet.addRow(Object.fromEntries(COLUMNS.map((c, i) => [c.key, spreadsheetCell(cells[i] ?? '')])));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
