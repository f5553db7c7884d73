import type { Locale } from '@mdc/contracts';
import { csvLine, outputCells, outputHeader, tsvLine, type BatchRow } from './batch';
import { batchWorkbook } from './export';
import { openIsolateFile, type IsolateFileFormat } from './isolate-file';

export type BatchDownloadFormat = 'csv' | 'tsv' | 'xlsx';

/** What a download thread is handed: the batch's rows as the database keeps them (JSON text), and how to write them. */
export interface BatchDownloadRequest {
  format: BatchDownloadFormat;
  /** The uploaded file's format; a long file's columns are its own (its text in `longFile`). */
  fileFormat: IsolateFileFormat;
  longFile: string;
  /** The interpreted rows as JSON text (the lab_batch.output column): a string crosses to the thread as one copy, 100,000 row objects would be cloned one by one. */
  rowsJson: string;
  locale: Locale;
}

/** A batch's interpreted file: .xlsx, CSV (UTF-8 with BOM, for Excel) or tab-separated text. */
export async function batchDownload({ format, fileFormat, longFile, rowsJson, locale }: BatchDownloadRequest): Promise<Buffer> {
  const file = { format: fileFormat, header: fileFormat === 'long' ? openIsolateFile(longFile).header : [] };
  const rows = JSON.parse(rowsJson) as BatchRow[];
  if (format === 'xlsx') return batchWorkbook(file, rows, locale);
  const line = format === 'csv' ? csvLine : tsvLine;
  // Bytes a thousand lines at a time: one string of every line (and the lines before it) would
  // be the largest thing the thread holds.
  const parts: Buffer[] = [];
  let text = (format === 'csv' ? '\uFEFF' : '') + line(outputHeader(file, locale)) + '\r\n';
  rows.forEach((row, i) => {
    text += line(outputCells(file, row, locale)) + '\r\n';
    if (i % 1000 === 999) {
      parts.push(Buffer.from(text, 'utf8'));
      text = '';
    }
  });
  parts.push(Buffer.from(text, 'utf8'));
  return Buffer.concat(parts);
}
