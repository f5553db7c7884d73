import type { LocalizedText } from '@mdc/core/identify/proteome';

/** What is wrong with a spectrum file, for code that reacts to it (the message is for people). */
export type SpectrumProblem =
  | 'missing'
  | 'too-large'
  | 'empty'
  | 'unrecognised'
  | 'acqu'
  | 'truncated-fid'
  | 'fid-size'
  | 'calibration'
  | 'number'
  | 'negative-mz'
  | 'unsorted-mz'
  | 'zip'
  | 'zip-bomb'
  | 'no-spectra'
  | 'mzml'
  | 'mzxml'
  | 'unsupported';

/**
 * A spectrum file that cannot be read. `text` says what and where in Chinese and English, naming
 * the file (and the line, for text); `message` is the English text, for logs and the command line.
 */
export class SpectrumFileError extends Error {
  readonly file: string;
  readonly problem: SpectrumProblem;
  readonly line?: number;
  readonly text: LocalizedText;

  constructor(file: string, problem: SpectrumProblem, reason: LocalizedText, line?: number) {
    const en = `${file}${line === undefined ? '' : `, line ${line}`}: ${reason.en}`;
    const zh = `${file}${line === undefined ? '' : ` 第 ${line} 行`}：${reason.zh}`;
    super(en);
    this.name = 'SpectrumFileError';
    this.file = file;
    this.problem = problem;
    if (line !== undefined) this.line = line;
    this.text = { zh, en };
  }
}

/** Sizes in the messages: "300 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
