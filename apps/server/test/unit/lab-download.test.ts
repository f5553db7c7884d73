import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { outputCells, outputHeader, type BatchRow } from '../../src/lab/batch';
import { gunzipSync } from 'node:zlib';
import { batchDownload, jsonArrayObjects } from '../../src/lab/download';
import { packBatchRows } from '../../src/lab/experiments';

/** A batch's rows as the database keeps them: every fifth unread (no category), the rest S, I or R. */
const rows: BatchRow[] = Array.from({ length: 2_345 }, (_, i) => ({
  isolate: String(Math.floor(i / 5)),
  specimenNumber: `SP${i}`,
  line: i + 2,
  organism: 'eco',
  organismName: 'Escherichia coli',
  organismZh: '大肠埃希菌',
  specimen: 'bl',
  column: 'AMP_NM',
  antibiotic: 'AMP',
  antibioticName: 'Ampicillin',
  antibioticZh: '氨苄西林',
  method: 'MIC',
  value: String(2 ** (i % 6)),
  guideline: 'CLSI',
  year: 2025,
  category: i % 5 === 4 ? '' : ['S', 'I', 'R'][i % 3]!,
  originalCategory: '',
  breakpoint: 'S ≤ 8 · R ≥ 32 mg/L',
  reason: { en: `row ${i}, "quoted", comma`, zh: `第 ${i} 行` },
}));
const file = { format: 'whonet' as const, header: [] };
const request = (format: 'csv' | 'tsv' | 'xlsx', locale: 'zh' | 'en' = 'en') => ({ format, fileFormat: 'whonet' as const, longFile: '', rowsJson: JSON.stringify(rows), locale });

describe('a batch result file as the download thread writes it', () => {
  it('reads the rows one object at a time from the database\'s JSON text, braces, quotes and escapes inside strings included', () => {
    const tricky = [
      { isolate: '1', reason: { en: 'a } in text', zh: '{ 括号 [' }, cells: ['x,"y"', '\\', ']'] },
      { isolate: '2', reason: { en: 'quote \\" and \\\\ back', zh: '' }, cells: [] },
      { isolate: '3', nested: [{ a: [1, { b: '}' }] }] },
    ];
    // As JSON.stringify writes it, and as PostgreSQL prints jsonb (a space after commas and colons).
    for (const text of [JSON.stringify(tricky), JSON.stringify(tricky).replace(/,(?=[{"\[\]])/g, ', ').replace(/":/g, '": ')]) {
      expect([...jsonArrayObjects(text)]).toEqual(tricky);
    }
    expect([...jsonArrayObjects('[]')]).toEqual([]);
  });

  it('CSV: a byte-order mark, the header, then one CRLF line per row in order, across the thousand-line pieces it is built from', async () => {
    const text = (await batchDownload(request('csv'))).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n').slice(0, -1);
    expect(lines.length).toBe(rows.length + 1);
    expect(lines[0]).toContain(outputHeader(file, 'en')[0]!);
    for (const i of [0, 998, 999, 1000, 1999, 2000, rows.length - 1]) expect(lines[i + 1]).toContain(`row ${i}, ""quoted"", comma`);
  });

  it('keeps the rows compressed as the text JSON.stringify writes, and writes the same file from them (issue 28)', async () => {
    const packed = await packBatchRows(rows);
    expect(gunzipSync(packed).toString('utf8')).toBe(JSON.stringify(rows));
    expect(gunzipSync(await packBatchRows([])).toString('utf8')).toBe('[]');
    const { rowsJson: _text, ...rest } = request('csv');
    expect((await batchDownload({ ...rest, rowsGzip: packed })).equals(await batchDownload(request('csv')))).toBe(true);
  });

  it('TSV: no byte-order mark, the same rows, each as its cells', async () => {
    const text = (await batchDownload(request('tsv', 'zh'))).toString('utf8');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.length).toBe(rows.length + 1);
    expect(lines[0]!.split('\t')).toEqual(outputHeader(file, 'zh'));
    expect(lines[1001]!.split('\t')).toEqual(outputCells(file, rows[1000]!, 'zh'));
  });

  it('.xlsx written row by row: every row, the header frozen and filtered, widths, the category cells coloured', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await batchDownload(request('xlsx', 'zh'))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const header = outputHeader(file, 'zh');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(10);
    const categoryAt = header.indexOf('判读结果') + 1;
    expect(sheet.getRow(2).getCell(categoryAt).value).toBe('S');
    expect(sheet.getRow(2).getCell(categoryAt).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    // An unread result: no category, no colour.
    expect(sheet.getRow(6).getCell(categoryAt).fill).toBeUndefined();
    expect((sheet.getRow(rows.length + 1).values as unknown[]).slice(1)).toEqual(outputCells(file, rows[rows.length - 1]!, 'zh'));
  });
});
