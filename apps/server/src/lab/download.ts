import { gunzipSync } from 'node:zlib';
import type { Locale } from '@mdc/contracts';
import { csvLine, outputCells, outputHeader, tsvLine, type BatchRow } from './batch';
import { batchWorkbook } from './export';
import { IsolateFileError, openIsolateFile, readIsolateFile, type IsolateFileFormat } from './isolate-file';

export type BatchDownloadFormat = 'csv' | 'tsv' | 'xlsx';

/** What a download thread is handed: the batch's rows as the database keeps them (JSON text), and how to write them. */
export interface BatchDownloadRequest {
  format: BatchDownloadFormat;
  /** The uploaded file's format; a long file's columns are its own (its text in `longFile`). */
  fileFormat: IsolateFileFormat;
  longFile: string;
  /** The interpreted rows as JSON text (the lab_batch.output column): a string crosses to the thread as one copy, 100,000 row objects would be cloned one by one. */
  rowsJson?: string;
  /** Or that text gzip-compressed (the lab_batch.output_gzip column), unpacked in the thread. */
  rowsGzip?: Uint8Array;
  locale: Locale;
  /** The file's isolates named genome tasks: the prediction and comparison columns are written. */
  genome?: boolean;
}

/** What an upload needs to know of its file (read in the thread): its format and counts, or why it cannot be read. */
export type BatchFileFacts =
  | { ok: true; format: IsolateFileFormat; isolates: number; results: number }
  | { ok: false; texts: { zh: string; en: string } }
  | { ok: false; formatError: { message: string; line?: number; column?: string } };

/** Reads an uploaded isolate file whole (11,900 isolates held the event loop 2.5 s under load) for its counts. */
export function batchFileFacts(content: string): BatchFileFacts {
  try {
    const file = readIsolateFile(content);
    return { ok: true, format: file.format, isolates: file.isolates.length, results: file.isolates.reduce((n, isolate) => n + isolate.results.length, 0) };
  } catch (error) {
    if (error instanceof IsolateFileError) return { ok: false, texts: error.texts };
    if ((error as Error).name === 'RefdataFormatError') {
      const { line, column } = error as { line?: number; column?: string };
      return { ok: false, formatError: { message: (error as Error).message, ...(line !== undefined ? { line } : {}), ...(column ? { column } : {}) } };
    }
    throw error;
  }
}

/**
 * The rows of a JSON array of objects, one at a time: each object's text is parsed on its own, so
 * the thread holds one row at a time instead of all 120,000 (the largest batch's three files are
 * written within a 192 MB heap, the rows' text included).
 */
export function* jsonArrayObjects<T>(text: string): Generator<T> {
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (c === 0x7b && depth === 1) start = i;
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (c === 0x7d && depth === 1 && start >= 0) {
        yield JSON.parse(text.slice(start, i + 1)) as T;
        start = -1;
      }
    }
  }
}

/** A batch's interpreted file: .xlsx, CSV (UTF-8 with BOM, for Excel) or tab-separated text. */
export async function batchDownload({ format, fileFormat, longFile, rowsJson: json, rowsGzip, locale, genome }: BatchDownloadRequest): Promise<Buffer> {
  const rowsJson = json ?? (rowsGzip ? gunzipSync(rowsGzip).toString('utf8') : '[]');
  const file = { format: fileFormat, header: fileFormat === 'long' ? openIsolateFile(longFile).header : [], genome: genome === true };
  const rows = jsonArrayObjects<BatchRow>(rowsJson);
  if (format === 'xlsx') return batchWorkbook(file, rows, locale);
  const line = format === 'csv' ? csvLine : tsvLine;
  // Bytes a thousand lines at a time: one string of every line (and the lines before it) would
  // be the largest thing the thread holds.
  const parts: Buffer[] = [];
  let text = (format === 'csv' ? '\uFEFF' : '') + line(outputHeader(file, locale)) + '\r\n';
  let count = 0;
  for (const row of rows) {
    text += line(outputCells(file, row, locale)) + '\r\n';
    if (++count % 1000 === 0) {
      parts.push(Buffer.from(text, 'utf8'));
      text = '';
    }
  }
  parts.push(Buffer.from(text, 'utf8'));
  return Buffer.concat(parts);
}
