import type { LocalizedText } from '@mdc/core/identify/proteome';
import { SpectrumFileError } from './errors';
import { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumLimits } from './types';
import { checkSpectrum, classifySpectrum } from './validate';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const MZ_HEADER = /^(m\/?z|mz|mass|masses|x|m\/z\s*\(.*\))$/i;
const INTENSITY_HEADER = /^(int|intens|intensity|intensities|y|abundance|counts|height|i)(\s*\(.*\))?$/i;

type Delimiter = '\t' | ';' | ',' | ' ';

function delimiterOf(line: string): Delimiter {
  if (line.includes('\t')) return '\t';
  if (line.includes(';')) return ';';
  if (line.includes(',')) return ',';
  return ' ';
}

function splitFields(line: string, delimiter: Delimiter): string[] {
  const parts = delimiter === ' ' ? line.trim().split(/\s+/) : line.split(delimiter);
  return parts.map((f) => f.trim().replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1').trim());
}

function toNumber(field: string, decimalComma: boolean): number {
  const text = decimalComma ? field.replace(',', '.') : field;
  return NUMBER.test(text) ? Number(text) : NaN;
}

export interface TextReadOptions {
  /** Force the kind instead of telling it from the data. */
  kind?: 'profile' | 'peaks';
  limits?: SpectrumLimits;
}

/**
 * A spectrum as text: one m/z–intensity pair per line, separated by a tab, a comma, a semicolon
 * (decimal commas allowed then) or spaces, with an optional header line (`mz,intensity`, `"m/z"
 * "intensity"` …; further columns are ignored unless the header names the m/z and intensity
 * columns elsewhere) and `#` comment lines. Raw profile or peak list is told from the data.
 */
export function parseSpectrumText(bytes: Uint8Array | string, file: string, options: TextReadOptions = {}): MaldiSpectrum {
  const limits = options.limits ?? DEFAULT_LIMITS;
  let text = typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) {
    throw new SpectrumFileError(file, 'unrecognised', { zh: '文件不是文本谱图（含有二进制数据）。', en: 'the file is not a text spectrum (it holds binary data).' });
  }
  const lines = text.split(/\r\n|\r|\n/);
  const mz: number[] = [];
  const intensity: number[] = [];
  const lineNos: number[] = [];
  let delimiter: Delimiter | undefined;
  let decimalComma = false;
  let mzCol = 0;
  let intCol = 1;
  let headerSeen = false;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!.trim();
    const lineNo = li + 1;
    if (line === '' || line.startsWith('#')) continue;
    if (delimiter === undefined) {
      delimiter = delimiterOf(line);
      decimalComma = delimiter === ';';
    }
    const fields = splitFields(line, delimiter);
    const numbers = fields.map((f) => toNumber(f, decimalComma));
    const isData = numbers.length >= 2 && Number.isFinite(numbers[mzCol]!) && Number.isFinite(numbers[intCol]!);
    if (!isData && mz.length === 0 && !headerSeen && fields.some((f) => f !== '' && !NUMBER.test(f))) {
      // A header: pick named columns when it names them.
      headerSeen = true;
      const m = fields.findIndex((f) => MZ_HEADER.test(f));
      const y = fields.findIndex((f) => INTENSITY_HEADER.test(f));
      if (m >= 0 && y >= 0 && m !== y) {
        mzCol = m;
        intCol = y;
      }
      // The header may use another separator than the data (rare): decide again on the next line.
      if (fields.length < 2) delimiter = undefined;
      continue;
    }
    if (!isData) {
      const shown = line.length > 60 ? line.slice(0, 60) + '…' : line;
      throw new SpectrumFileError(
        file,
        'number',
        {
          zh: `应为“m/z 强度”两个数值，实际为“${shown}”。`,
          en: `expected two numbers (m/z and intensity), found '${shown}'.`,
        },
        lineNo,
      );
    }
    if (mz.length >= limits.points) {
      throw new SpectrumFileError(file, 'too-large', { zh: `数据点超过 ${limits.points} 个。`, en: `more than ${limits.points} data points.` }, lineNo);
    }
    mz.push(numbers[mzCol]!);
    intensity.push(numbers[intCol]!);
    lineNos.push(lineNo);
  }
  const mzArray = Float64Array.from(mz);
  const intensityArray = Float64Array.from(intensity);
  const notes: LocalizedText[] = [];
  if (mzArray.length === 0) {
    throw new SpectrumFileError(file, 'empty', { zh: '文件中没有 m/z 与强度数据。', en: 'the file holds no m/z and intensity data.' });
  }
  checkSpectrum(file, mzArray, intensityArray, notes, (i) => lineNos[i]!);
  const told = classifySpectrum(mzArray);
  const kind = options.kind ?? told.kind;
  notes.unshift(options.kind ? { zh: `按指定读作${kind === 'profile' ? '原始谱图' : '峰列表'}。`, en: `Read as a ${kind === 'profile' ? 'raw profile' : 'peak list'}, as asked.` } : told.note);
  return {
    mz: mzArray,
    intensity: intensityArray,
    kind,
    format: 'text',
    file,
    notes,
    metadata: { points: mzArray.length, mzFrom: mzArray[0]!, mzTo: mzArray[mzArray.length - 1]! },
  };
}

/** A spectrum as two-column text (tab-separated with a header by default), e.g. to hand to other tools. */
export function formatSpectrumText(spectrum: { mz: ArrayLike<number>; intensity: ArrayLike<number> }, delimiter: '\t' | ',' | ' ' = '\t', header = true): string {
  const out: string[] = header ? [['mz', 'intensity'].join(delimiter)] : [];
  for (let i = 0; i < spectrum.mz.length; i++) out.push(`${spectrum.mz[i]}${delimiter}${spectrum.intensity[i]}`);
  return out.join('\n') + '\n';
}
