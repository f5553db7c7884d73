import { readdir, stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalizedText } from '@mdc/core/identify/proteome';
import { formatBytes, SpectrumFileError } from './errors';
import { checkSpectrum } from './validate';
import { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumLimits } from './types';

/**
 * Parameters of a Bruker `acqu` file (JCAMP-DX): `##$KEY= value` lines; strings in angle brackets
 * lose them; array values (`(0..3)` and following lines) are kept as their first line.
 */
export function parseAcqu(text: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const m = /^##\$?([^=]+)=\s?(.*)$/.exec(raw);
    if (!m) continue;
    let value = m[2]!.trim();
    if (value.startsWith('<') && value.endsWith('>')) value = value.slice(1, -1);
    params.set(m[1]!.trim(), value);
  }
  return params;
}

/** Calibration constants and acquisition grid of a flex spectrum. */
export interface FlexCalibration {
  /** Points (int32 values in `fid`). */
  td: number;
  /** Time of flight of the first point, ns. */
  delay: number;
  /** Time between points, ns. */
  dw: number;
  ml1: number;
  ml2: number;
  ml3: number;
  /** 0: little-endian, 1: big-endian. */
  byteOrder: 0 | 1;
}

/**
 * m/z of time of flight `tof` by Bruker's quadratic calibration: with A = ML3, B = √(10¹²/ML1),
 * C = ML2 − tof, √(m/z) solves A·x² + B·x + C = 0, so m/z = ((−B + √(B² − 4AC)) / 2A)², or C²/B²
 * when A = 0. Dropping ML3 moves peaks by thousands of ppm, several times the matching tolerance.
 */
export function tofToMz(tof: number, c: Pick<FlexCalibration, 'ml1' | 'ml2' | 'ml3'>): number {
  const a = c.ml3;
  const b = Math.sqrt(1e12 / c.ml1);
  const cc = c.ml2 - tof;
  if (a === 0) return (cc * cc) / (b * b);
  const root = (-b + Math.sqrt(b * b - 4 * a * cc)) / (2 * a);
  return root * root;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function acquNumber(params: Map<string, string>, key: string, file: string): number {
  const raw = params.get(key);
  if (raw === undefined) {
    throw new SpectrumFileError(file, 'acqu', { zh: `acqu 文件缺少参数 ${key}。`, en: `the acqu file lacks the parameter ${key}.` });
  }
  if (!NUMBER.test(raw)) {
    throw new SpectrumFileError(file, 'calibration', { zh: `acqu 参数 ${key} 的值“${raw.slice(0, 40)}”不是数字。`, en: `the acqu parameter ${key} is not a number: '${raw.slice(0, 40)}'.` });
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    throw new SpectrumFileError(file, 'calibration', { zh: `acqu 参数 ${key} 的值超出范围。`, en: `the acqu parameter ${key} is out of range.` });
  }
  return value;
}

/** Reads and checks the acquisition grid and calibration of an `acqu` file. */
export function flexCalibration(params: Map<string, string>, file: string, limits: Pick<SpectrumLimits, 'points'> = DEFAULT_LIMITS): FlexCalibration {
  const bad = (what: LocalizedText) => new SpectrumFileError(file, 'calibration', what);
  const td = acquNumber(params, 'TD', file);
  if (!Number.isInteger(td) || td < 1 || td > limits.points) {
    throw new SpectrumFileError(file, 'acqu', { zh: `TD（数据点数）= ${td}，应为 1 到 ${limits.points} 的整数。`, en: `TD (number of points) is ${td}; it must be a whole number from 1 to ${limits.points}.` });
  }
  const byteOrder = acquNumber(params, 'BYTORDA', file);
  if (byteOrder !== 0 && byteOrder !== 1) {
    throw new SpectrumFileError(file, 'acqu', { zh: `BYTORDA（字节序）= ${byteOrder}，应为 0 或 1。`, en: `BYTORDA (byte order) is ${byteOrder}; it must be 0 or 1.` });
  }
  const delay = acquNumber(params, 'DELAY', file);
  const dw = acquNumber(params, 'DW', file);
  const ml1 = acquNumber(params, 'ML1', file);
  const ml2 = acquNumber(params, 'ML2', file);
  const ml3 = acquNumber(params, 'ML3', file);
  if (!(dw > 0)) throw bad({ zh: `DW（采样间隔）= ${dw}，必须大于 0。`, en: `DW (sampling interval) is ${dw}; it must be above 0.` });
  if (!(delay >= 0)) throw bad({ zh: `DELAY（首点飞行时间）= ${delay}，不能为负。`, en: `DELAY (time of flight of the first point) is ${delay}; it cannot be negative.` });
  if (!(ml1 > 0)) throw bad({ zh: `校准常数 ML1 = ${ml1}，必须大于 0。`, en: `the calibration constant ML1 is ${ml1}; it must be above 0.` });
  return { td, delay, dw, ml1, ml2, ml3, byteOrder: byteOrder as 0 | 1 };
}

/** Spot name from the acqu (`SPOTNO`, e.g. `F10`) or from a `0_F10` folder in the path. */
function spotOf(params: Map<string, string> | undefined, name: string): string | undefined {
  const fromAcqu = params?.get('SPOTNO')?.trim();
  if (fromAcqu && /^[A-Za-z]{1,2}\d{1,3}$/.test(fromAcqu)) return fromAcqu.toUpperCase();
  for (const part of name.split(/[\\/:]/).reverse()) {
    const m = /^\d+_([A-Za-z]{1,2}\d{1,3})$/.exec(part);
    if (m) return m[1]!.toUpperCase();
  }
  return undefined;
}

function looksLikeAcqu(text: string): boolean {
  return /^##\$TD=/m.test(text) || /^##TITLE=/m.test(text);
}

/**
 * One Bruker flex spectrum from its `fid` (TD int32 intensities in the byte order of BYTORDA) and
 * `acqu` (grid and calibration). `name` names the spectrum in messages (folder or zip path).
 */
export function parseFlex(fid: Uint8Array, acqu: Uint8Array | string, name: string, limits: SpectrumLimits = DEFAULT_LIMITS): MaldiSpectrum {
  if (fid.length > limits.fidFile) {
    throw new SpectrumFileError(name, 'too-large', { zh: `fid 文件 ${formatBytes(fid.length)}，超过上限 ${formatBytes(limits.fidFile)}。`, en: `the fid file is ${formatBytes(fid.length)}, above the limit of ${formatBytes(limits.fidFile)}.` });
  }
  const acquSize = typeof acqu === 'string' ? acqu.length : acqu.length;
  if (acquSize > limits.acquFile) {
    throw new SpectrumFileError(name, 'too-large', { zh: `acqu 文件 ${formatBytes(acquSize)}，超过上限 ${formatBytes(limits.acquFile)}。`, en: `the acqu file is ${formatBytes(acquSize)}, above the limit of ${formatBytes(limits.acquFile)}.` });
  }
  const text = typeof acqu === 'string' ? acqu : Buffer.from(acqu.buffer, acqu.byteOffset, acqu.byteLength).toString('latin1');
  if (!looksLikeAcqu(text)) {
    throw new SpectrumFileError(name, 'acqu', { zh: 'acqu 文件不是 Bruker 采集参数文件（缺少 ##$TD= 等参数行）。', en: 'the acqu file is not a Bruker acquisition parameter file (no ##$TD= lines).' });
  }
  const params = parseAcqu(text);
  const cal = flexCalibration(params, name, limits);
  if (fid.length === 0) {
    throw new SpectrumFileError(name, 'empty', { zh: 'fid 文件为空。', en: 'the fid file is empty.' });
  }
  const expected = cal.td * 4;
  if (fid.length < expected) {
    throw new SpectrumFileError(name, 'truncated-fid', {
      zh: `fid 文件被截断：acqu 的 TD = ${cal.td} 需要 ${expected} 字节，实际只有 ${fid.length} 字节。`,
      en: `the fid file is truncated: TD = ${cal.td} in acqu needs ${expected} bytes, the fid has ${fid.length}.`,
    });
  }
  if (fid.length !== expected) {
    throw new SpectrumFileError(name, 'fid-size', {
      zh: `fid 文件大小（${fid.length} 字节）与 acqu 的 TD = ${cal.td}（${expected} 字节）不符。`,
      en: `the fid size (${fid.length} bytes) does not match TD = ${cal.td} in acqu (${expected} bytes).`,
    });
  }
  const view = new DataView(fid.buffer, fid.byteOffset, fid.byteLength);
  const little = cal.byteOrder === 0;
  const intensity = new Float64Array(cal.td);
  const mz = new Float64Array(cal.td);
  for (let i = 0; i < cal.td; i++) {
    intensity[i] = view.getInt32(i * 4, little);
    mz[i] = tofToMz(cal.delay + i * cal.dw, cal);
  }
  // Garbage constants show as m/z that are not finite, not positive, not increasing or absurd.
  const first = mz[0]!;
  const last = mz[cal.td - 1]!;
  let increasing = true;
  for (let i = 1; i < cal.td && increasing; i++) if (!(mz[i]! > mz[i - 1]!)) increasing = false;
  // ML3 is a small correction (a few thousand ppm); one that moves m/z by more than 5 % is garbage.
  const linearFirst = tofToMz(cal.delay, { ...cal, ml3: 0 });
  const linearLast = tofToMz(cal.delay + (cal.td - 1) * cal.dw, { ...cal, ml3: 0 });
  const correction = Math.max(Math.abs(first / linearFirst - 1), Math.abs(last / linearLast - 1));
  if (!(Number.isFinite(first) && Number.isFinite(last) && first > 0 && last < 1e6 && increasing && correction <= 0.05)) {
    throw new SpectrumFileError(name, 'calibration', {
      zh: `校准常数（ML1 = ${cal.ml1}，ML2 = ${cal.ml2}，ML3 = ${cal.ml3}）得不到有效的 m/z（应为正、递增且小于 10⁶）。`,
      en: `the calibration constants (ML1 = ${cal.ml1}, ML2 = ${cal.ml2}, ML3 = ${cal.ml3}) give no valid m/z (positive, increasing, below 10⁶).`,
    });
  }
  const notes: LocalizedText[] = [];
  checkSpectrum(name, mz, intensity, notes);
  const metadata: Record<string, string | number> = {
    points: cal.td,
    mzFrom: Math.round(first * 100) / 100,
    mzTo: Math.round(last * 100) / 100,
    ML1: cal.ml1,
    ML2: cal.ml2,
    ML3: cal.ml3,
    DELAY: cal.delay,
    DW: cal.dw,
  };
  for (const [key, label] of [
    ['INSTRUM', 'instrument'],
    ['AQ_DATE', 'acquired'],
    ['NoSHOTS', 'laserShots'],
    ['ID_raw', 'acquisitionId'],
  ] as const) {
    const v = params.get(key);
    if (v) metadata[label] = /^\d+$/.test(v) ? Number(v) : v;
  }
  const spectrum: MaldiSpectrum = {
    mz,
    intensity,
    kind: 'profile',
    format: 'flex',
    file: name,
    notes,
    metadata,
  };
  const spot = spotOf(params, name);
  if (spot) spectrum.spot = spot;
  return spectrum;
}

async function readLimited(file: string, limit: number, label: string, shown: string): Promise<Buffer> {
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    size = s.size;
  } catch {
    throw new SpectrumFileError(shown, 'missing', { zh: `找不到 ${label} 文件。`, en: `there is no ${label} file.` });
  }
  if (size > limit) {
    throw new SpectrumFileError(shown, 'too-large', { zh: `${label} 文件 ${formatBytes(size)}，超过上限 ${formatBytes(limit)}。`, en: `the ${label} file is ${formatBytes(size)}, above the limit of ${formatBytes(limit)}.` });
  }
  return readFile(file);
}

/**
 * The acquisition parameters of a folder: `acqu`, or `acqus` where only that was kept (flexAnalysis
 * writes both with the same content; some exports and copies keep `acqus` alone).
 */
async function acquFileOf(dir: string): Promise<string> {
  const acqu = path.join(dir, 'acqu');
  try {
    await stat(acqu);
    return acqu;
  } catch {
    const acqus = path.join(dir, 'acqus');
    try {
      await stat(acqus);
      return acqus;
    } catch {
      return acqu;
    }
  }
}

/** A flex acquisition folder holding `fid` and `acqu` or `acqus` (e.g. `…/0_F10/1/1SLin`). */
export async function readFlexFolder(dir: string, name: string = dir, limits: SpectrumLimits = DEFAULT_LIMITS): Promise<MaldiSpectrum> {
  const acqu = await readLimited(await acquFileOf(dir), limits.acquFile, 'acqu', name);
  const fid = await readLimited(path.join(dir, 'fid'), limits.fidFile, 'fid', name);
  return parseFlex(fid, acqu, name, limits);
}

/**
 * Folders under `root` (itself included) that hold both `fid` and `acqu` (or `acqus`), sorted, at most
 * `maxDepth` levels down: a whole target (`0_A1/1/1SLin`, `0_A2/1/1SLin`, …) or one spot.
 */
export async function findFlexFolders(root: string, maxDepth = 6): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
    if (names.has('fid') && (names.has('acqu') || names.has('acqus'))) found.push(dir);
    if (depth >= maxDepth) return;
    for (const e of entries) if (e.isDirectory()) await walk(path.join(dir, e.name), depth + 1);
  };
  await walk(root, 0);
  return found.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
