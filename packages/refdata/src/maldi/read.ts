import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes, SpectrumFileError } from './errors';
import { findFlexFolders, readFlexFolder } from './flex';
import { parseMzml } from './mzml';
import { parseMzxml } from './mzxml';
import { parseSpectrumText } from './text';
import { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumLimits } from './types';
import { parseSpectrumZip } from './zip';

export type UploadFormat = 'zip' | 'mzml' | 'mzxml' | 'text';

/** Formats and limits for a page to state next to an upload field. */
export function acceptedFormats(limits: SpectrumLimits = DEFAULT_LIMITS) {
  return [
    { format: 'zip', endings: ['.zip'], limit: limits.zipFile, what: { zh: 'Bruker flex 文件夹（fid + acqu 或 acqus）的 zip，单个靶点或整块靶板', en: 'zip of Bruker flex folders (fid + acqu or acqus): one spot or a whole target plate' } },
    { format: 'mzml', endings: ['.mzML'], limit: limits.mzmlFile, what: { zh: 'mzML（普通或 indexed，zlib 压缩或不压缩，32/64 位）', en: 'mzML (plain or indexed, zlib or uncompressed, 32/64-bit)' } },
    { format: 'mzxml', endings: ['.mzXML'], limit: limits.mzmlFile, what: { zh: 'mzXML（2.x/3.x，zlib 压缩或不压缩，32/64 位；读取 MS1 扫描）', en: 'mzXML (2.x/3.x, zlib or uncompressed, 32/64-bit; MS1 scans are read)' } },
    { format: 'text', endings: ['.spectrum'], limit: limits.spectrumFile, what: { zh: '.spectrum 文本：每行一对 m/z 与强度', en: '.spectrum text: one m/z–intensity pair per line' } },
    { format: 'text', endings: ['.txt', '.csv', '.tsv'], limit: limits.textFile, what: { zh: '文本谱图（空格、逗号或制表符分隔，可带表头；原始谱图或峰列表）', en: 'text spectrum (space, comma or tab separated, optional header; raw profile or peak list)' } },
  ] as const;
}

function startsWith(bytes: Uint8Array, ...values: number[]): boolean {
  return values.every((v, i) => bytes[i] === v);
}

/** What a file is, from its first bytes (and its name where bytes cannot tell). */
export function detectUploadFormat(bytes: Uint8Array, fileName: string): UploadFormat | 'flex-fid' | 'unknown' {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06)) return 'zip';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<')) return /<(indexedmzML|mzML)[\s>]/.test(head) ? 'mzml' : /<mzXML[\s>/]/.test(head) ? 'mzxml' : 'unknown';
  const base = path.basename(fileName).toLowerCase();
  if (base === 'fid' || base === 'acqu' || base === 'acqus') return 'flex-fid';
  const probe = bytes.subarray(0, 4096);
  if (probe.includes(0)) return 'unknown';
  return 'text';
}

/**
 * Spectra from uploaded bytes: a zip (flex folders of one spot or a plate, or mzML/text files),
 * an mzML file, or a text spectrum. Every problem is a {@link SpectrumFileError} naming the file.
 */
export async function parseSpectrumUpload(bytes: Uint8Array, fileName: string, limits: SpectrumLimits = DEFAULT_LIMITS): Promise<MaldiSpectrum[]> {
  const format = detectUploadFormat(bytes, fileName);
  if (format === 'zip') return parseSpectrumZip(bytes, fileName, (data, name) => parseSingleFile(data, name, limits), limits);
  return parseSingleFile(bytes, fileName, limits);
}

function parseSingleFile(bytes: Uint8Array, fileName: string, limits: SpectrumLimits): MaldiSpectrum[] {
  const format = detectUploadFormat(bytes, fileName);
  const lower = fileName.toLowerCase();
  if (bytes.length === 0) throw new SpectrumFileError(fileName, 'empty', { zh: '文件为空。', en: 'the file is empty.' });
  if (format === 'zip') {
    throw new SpectrumFileError(fileName, 'unsupported', { zh: '不支持 zip 中再嵌套 zip。', en: 'a zip inside a zip is not read.' });
  }
  if (format === 'flex-fid') {
    throw new SpectrumFileError(fileName, 'unsupported', {
      zh: '单独的 fid/acqu 文件无法读取：请将整个 flex 文件夹（含 fid 与 acqu）打包为 zip 上传。',
      en: 'a lone fid or acqu file cannot be read: zip the whole flex folder (fid and acqu) and upload the zip.',
    });
  }
  if (format === 'mzml') return parseMzml(bytes, fileName, limits);
  if (format === 'mzxml') return parseMzxml(bytes, fileName, limits);
  if (format === 'unknown') {
    throw new SpectrumFileError(fileName, 'unrecognised', {
      zh: '无法识别的文件格式：请上传 flex 文件夹的 zip、mzML、mzXML 或文本谱图（.spectrum、.txt、.csv、.tsv）。',
      en: 'unrecognised format: upload a zip of flex folders, an mzML or mzXML file, or a text spectrum (.spectrum, .txt, .csv, .tsv).',
    });
  }
  const limit = lower.endsWith('.spectrum') ? limits.spectrumFile : limits.textFile;
  if (bytes.length > limit) {
    if (lower.endsWith('.spectrum')) throw spectrumTooLarge(fileName, bytes.length, limits);
    throw new SpectrumFileError(fileName, 'too-large', { zh: `文本谱图 ${formatBytes(bytes.length)}，超过上限 ${formatBytes(limit)}。`, en: `the text spectrum is ${formatBytes(bytes.length)}, above the limit of ${formatBytes(limit)}.` });
  }
  return [parseSpectrumText(bytes, fileName, { limits })];
}

/**
 * A `.spectrum` over its limit (the seed's format holds a peak list or a short profile): the same
 * points carry a whole raw spectrum as .txt/.csv/.tsv text or as mzML, under their larger limits.
 */
function spectrumTooLarge(file: string, bytes: number, limits: SpectrumLimits): SpectrumFileError {
  return new SpectrumFileError(file, 'too-large', {
    zh: `.spectrum 文件 ${formatBytes(bytes)}，超过上限 ${formatBytes(limits.spectrumFile)}。完整的原始谱图请存为 .txt、.csv 或 .tsv 文本（上限 ${formatBytes(limits.textFile)}）或 mzML（上限 ${formatBytes(limits.mzmlFile)}）再上传。`,
    en: `the .spectrum file is ${formatBytes(bytes)}, above its limit of ${formatBytes(limits.spectrumFile)}. A whole raw spectrum fits as .txt, .csv or .tsv text (up to ${formatBytes(limits.textFile)}) or as mzML (up to ${formatBytes(limits.mzmlFile)}): save it so and upload that.`,
  });
}

async function readHead(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(size, 4096));
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

/**
 * Spectra at a path, for the command line: a flex folder (with `fid` and `acqu`, or holding such
 * folders: a target), a `fid` file (its folder is read), a zip, an mzML or a text file. Sizes are
 * checked before a file is read whole. Names are the path as given (plus the inner path for
 * targets and zips).
 */
export async function readSpectra(target: string, limits: SpectrumLimits = DEFAULT_LIMITS): Promise<MaldiSpectrum[]> {
  let info;
  try {
    info = await stat(target);
  } catch {
    throw new SpectrumFileError(target, 'missing', { zh: '文件或文件夹不存在。', en: 'no such file or folder.' });
  }
  if (info.isDirectory()) {
    const folders = await findFlexFolders(target);
    if (folders.length === 0) {
      throw new SpectrumFileError(target, 'no-spectra', { zh: '文件夹中没有 Bruker flex 谱图（fid 与 acqu/acqus）。', en: 'the folder holds no Bruker flex spectrum (fid and acqu or acqus).' });
    }
    if (folders.length > limits.zipSpectra) {
      throw new SpectrumFileError(target, 'too-large', { zh: `文件夹中的谱图超过 ${limits.zipSpectra} 个。`, en: `the folder holds more than ${limits.zipSpectra} spectra.` });
    }
    const root = path.resolve(target);
    const out: MaldiSpectrum[] = [];
    for (const dir of folders) {
      const inner = path.relative(root, dir).split(path.sep).join('/');
      out.push(await readFlexFolder(dir, inner ? `${target}:${inner}` : target, limits));
    }
    return out;
  }
  const base = path.basename(target);
  if (base === 'fid' || base === 'acqu' || base === 'acqus') return [await readFlexFolder(path.dirname(target), target, limits)];
  const head = await readHead(target, info.size);
  const format = detectUploadFormat(head, target);
  const lower = target.toLowerCase();
  const limit =
    format === 'zip' ? limits.zipFile : format === 'mzml' || format === 'mzxml' ? limits.mzmlFile : lower.endsWith('.spectrum') ? limits.spectrumFile : limits.textFile;
  if (info.size > limit) {
    if (format === 'text' && lower.endsWith('.spectrum')) throw spectrumTooLarge(target, info.size, limits);
    throw new SpectrumFileError(target, 'too-large', { zh: `文件 ${formatBytes(info.size)}，超过上限 ${formatBytes(limit)}。`, en: `the file is ${formatBytes(info.size)}, above the limit of ${formatBytes(limit)}.` });
  }
  return parseSpectrumUpload(await readFile(target), target, limits);
}
