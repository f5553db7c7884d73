import { inflateSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import type { LocalizedText } from '@mdc/core/identify/proteome';
import { SpectrumFileError } from './errors';
import { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumLimits } from './types';
import { checkSpectrum, classifySpectrum } from './validate';

interface ScanState {
  num: string;
  msLevel: number;
  peaksCount: number;
  centroided: boolean | null;
  spot?: string;
  peaks?: { precision: number; byteOrder: string; compression: string; compressedLen: number; pairOrder: string; chunks: string[] };
  values?: Float64Array;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodePeaks(file: string, scan: ScanState, limits: SpectrumLimits): Float64Array {
  const p = scan.peaks!;
  const fail = (reason: LocalizedText) => new SpectrumFileError(file, 'mzxml', reason);
  if (p.precision !== 32 && p.precision !== 64) throw fail({ zh: `扫描 ${scan.num} 的 precision="${p.precision}" 不是 32 或 64。`, en: `scan ${scan.num} has precision="${p.precision}", not 32 or 64.` });
  if (p.compression !== 'none' && p.compression !== 'zlib') {
    throw new SpectrumFileError(file, 'unsupported', { zh: `扫描 ${scan.num} 使用了不支持的压缩方式“${p.compression}”；请导出为 zlib 或不压缩。`, en: `scan ${scan.num} uses an unsupported compression '${p.compression}'; export with zlib or no compression.` });
  }
  if (!/^m\/z-int$/i.test(p.pairOrder)) throw fail({ zh: `扫描 ${scan.num} 的数据不是 m/z–强度对（${p.pairOrder}）。`, en: `scan ${scan.num} does not hold m/z–intensity pairs (${p.pairOrder}).` });
  const n = scan.peaksCount;
  if (!Number.isInteger(n) || n < 0 || n > limits.points) throw fail({ zh: `扫描 ${scan.num} 的 peaksCount ${n} 无效或超过 ${limits.points}。`, en: `scan ${scan.num} has an invalid peaksCount ${n} (limit ${limits.points}).` });
  const text = p.chunks.join('').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) throw fail({ zh: `扫描 ${scan.num} 的数据不是有效的 Base64。`, en: `the data of scan ${scan.num} is not valid Base64.` });
  const width = p.precision / 8;
  const expected = 2 * n * width;
  let bytes: Buffer = Buffer.from(text, 'base64');
  if (p.compression === 'zlib') {
    try {
      // The declared count bounds the output: a zlib bomb stops here instead of filling memory.
      bytes = inflateSync(bytes, { maxOutputLength: Math.max(1, expected) });
    } catch {
      throw fail({ zh: `扫描 ${scan.num} 的 zlib 数据损坏或长于声明的 ${n} 个峰。`, en: `the zlib data of scan ${scan.num} is corrupt or longer than the ${n} peaks declared.` });
    }
  }
  if (bytes.length !== expected) {
    throw fail({ zh: `扫描 ${scan.num} 的数据有 ${Math.floor(bytes.length / (2 * width))} 对数值，声明为 ${n} 对。`, en: `scan ${scan.num} holds ${Math.floor(bytes.length / (2 * width))} pairs where ${n} are declared.` });
  }
  // mzXML says its byte order; "network" (big-endian) is what every writer uses.
  const little = /^little/i.test(p.byteOrder);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(2 * n);
  if (width === 8) for (let i = 0; i < 2 * n; i++) out[i] = view.getFloat64(i * 8, little);
  else for (let i = 0; i < 2 * n; i++) out[i] = view.getFloat32(i * 4, little);
  return out;
}

/**
 * The MS1 scans of an mzXML file (2.x and 3.x; peaks 32- or 64-bit, zlib-compressed or not): a
 * MALDI target exported one spot a scan, or one spectrum. MS/MS scans are skipped (said in a note).
 */
export function parseMzxml(bytes: Uint8Array | string, file: string, limits: SpectrumLimits = DEFAULT_LIMITS): MaldiSpectrum[] {
  const size = typeof bytes === 'string' ? bytes.length : bytes.length;
  if (size > limits.mzmlFile) {
    throw new SpectrumFileError(file, 'too-large', { zh: `mzXML 文件超过上限 ${Math.round(limits.mzmlFile / 1048576)} MB。`, en: `the mzXML file is above the limit of ${Math.round(limits.mzmlFile / 1048576)} MB.` });
  }
  const xml = typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const scans: ScanState[] = [];
  const open: ScanState[] = [];
  let runCentroided: boolean | null = null;
  let sawRoot = false;
  let skipped = 0;
  let inPeaks = false;
  const parser = new SaxesParser({ xmlns: false, position: true });
  // saxes keeps one handler per event: everything an opening tag does is here.
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    const attr = tag.attributes as Record<string, string>;
    if (name === 'mzXML') sawRoot = true;
    else if (name === 'dataProcessing' && attr['centroided'] !== undefined) runCentroided = attr['centroided'] === '1';
    else if (name === 'scan') {
      const scan: ScanState = { num: attr['num'] ?? `#${scans.length + open.length + 1}`, msLevel: Number(attr['msLevel'] ?? 1), peaksCount: Number(attr['peaksCount']), centroided: attr['centroided'] === undefined ? null : attr['centroided'] === '1' };
      const spot = attr['filterLine'] ?? attr['spotID'];
      if (spot) scan.spot = spot;
      open.push(scan);
      if (scans.length + open.length > limits.zipSpectra + 1) {
        throw new SpectrumFileError(file, 'too-large', { zh: `mzXML 中的扫描超过 ${limits.zipSpectra} 个。`, en: `the mzXML file holds more than ${limits.zipSpectra} scans.` });
      }
    } else if (name === 'peaks' && open.length > 0) {
      inPeaks = true;
      open[open.length - 1]!.peaks = {
        precision: Number(attr['precision'] ?? 32),
        byteOrder: attr['byteOrder'] ?? 'network',
        compression: (attr['compressionType'] ?? 'none').toLowerCase(),
        compressedLen: Number(attr['compressedLen'] ?? 0),
        pairOrder: attr['contentType'] ?? attr['pairOrder'] ?? 'm/z-int',
        chunks: [],
      };
    }
  });
  parser.on('text', (text) => {
    if (inPeaks && open.length > 0) open[open.length - 1]!.peaks?.chunks.push(text);
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    if (name === 'peaks') inPeaks = false;
    else if (name === 'scan') {
      const scan = open.pop()!;
      if (scan.msLevel !== 1) {
        skipped++;
        return;
      }
      if (!scan.peaks) throw new SpectrumFileError(file, 'mzxml', { zh: `扫描 ${scan.num} 没有 <peaks> 数据。`, en: `scan ${scan.num} has no <peaks> data.` });
      scan.values = decodePeaks(file, scan, limits);
      delete scan.peaks;
      scans.push(scan);
    }
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof SpectrumFileError) throw err;
    const detail = (err as Error).message.split('\n')[0]!.slice(0, 120);
    // The parser's reason is English; the Chinese message gives the place only.
    const at = /^(\d+):(\d+)/.exec(detail);
    throw new SpectrumFileError(file, 'mzxml', { zh: `不是格式正确的 XML${at ? `（第 ${at[1]} 行第 ${at[2]} 列附近）` : ''}，文件可能不完整。`, en: `not well-formed XML (${detail}).` });
  }
  if (!sawRoot) throw new SpectrumFileError(file, 'unrecognised', { zh: '不是 mzXML 文件（没有 <mzXML> 元素）。', en: 'not an mzXML file (no <mzXML> element).' });
  if (scans.length === 0) {
    throw new SpectrumFileError(file, 'no-spectra', {
      zh: skipped ? `mzXML 文件中只有 ${skipped} 个 MS/MS 扫描，没有 MS1 谱图。` : 'mzXML 文件中没有谱图。',
      en: skipped ? `the mzXML file holds only MS/MS scans (${skipped}), no MS1 spectrum.` : 'the mzXML file holds no spectrum.',
    });
  }
  return scans.map((s) => {
    const name = scans.length === 1 ? file : `${file}:scan ${s.num}`;
    const n = s.peaksCount;
    const mz = new Float64Array(n);
    const intensity = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      mz[i] = s.values![2 * i]!;
      intensity[i] = s.values![2 * i + 1]!;
    }
    const notes: LocalizedText[] = [];
    if (n === 0) throw new SpectrumFileError(name, 'empty', { zh: `扫描 ${s.num} 没有数据点。`, en: `scan ${s.num} holds no data points.` });
    checkSpectrum(name, mz, intensity, notes);
    const centroided = s.centroided ?? runCentroided;
    const told = classifySpectrum(mz);
    const kind = centroided === null ? told.kind : centroided ? 'peaks' : 'profile';
    notes.unshift(
      centroided === null
        ? told.note
        : centroided
          ? { zh: `mzXML 注明为峰列表（centroided，${n} 个峰）。`, en: `The mzXML says centroided: read as a peak list (${n} peaks).` }
          : { zh: `mzXML 注明为原始谱图（${n} 个数据点）。`, en: `The mzXML says not centroided: read as a raw profile (${n} points).` },
    );
    if (skipped && s === scans[0]) notes.push({ zh: `跳过了 ${skipped} 个 MS/MS 扫描。`, en: `${skipped} MS/MS scans were skipped.` });
    const out: MaldiSpectrum = { mz, intensity, kind, format: 'mzxml', file: name, notes, metadata: { points: n, mzFrom: mz[0]!, mzTo: mz[n - 1]!, scan: s.num } };
    return out;
  });
}
