import { inflateSync, deflateSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import type { LocalizedText } from '@mdc/core/identify/proteome';
import { SpectrumFileError } from './errors';
import { DEFAULT_LIMITS, type MaldiSpectrum, type SpectrumLimits } from './types';
import { checkSpectrum, classifySpectrum } from './validate';

// PSI-MS controlled vocabulary terms the reader acts on.
const CV = {
  mzArray: 'MS:1000514',
  intensityArray: 'MS:1000515',
  float32: 'MS:1000521',
  float64: 'MS:1000523',
  int32: 'MS:1000519',
  int64: 'MS:1000522',
  zlib: 'MS:1000574',
  noCompression: 'MS:1000576',
  profile: 'MS:1000128',
  centroid: 'MS:1000127',
} as const;
/** MS-Numpress and zstd compressions: real, but not what MALDI instruments export. */
const UNSUPPORTED_COMPRESSION = new Set(['MS:1002312', 'MS:1002313', 'MS:1002314', 'MS:1002746', 'MS:1002747', 'MS:1002748', 'MS:1003089']);

interface ArrayState {
  params: Set<string>;
  encodedLength?: number;
  arrayLength?: number;
  chunks: string[];
}

interface SpectrumState {
  id: string;
  index: number;
  spot?: string;
  length: number;
  params: Set<string>;
  arrays: Array<{ params: Set<string>; values: Float64Array }>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeArray(file: string, spectrum: SpectrumState, a: ArrayState, limits: SpectrumLimits): Float64Array {
  const fail = (reason: LocalizedText) => new SpectrumFileError(file, 'mzml', reason);
  for (const p of a.params) {
    if (UNSUPPORTED_COMPRESSION.has(p)) {
      throw new SpectrumFileError(file, 'unsupported', {
        zh: `谱图 ${spectrum.id} 使用了不支持的压缩方式（${p}，如 MS-Numpress）；请导出为 zlib 或不压缩的 mzML。`,
        en: `spectrum ${spectrum.id} uses an unsupported compression (${p}, e.g. MS-Numpress); export mzML with zlib or no compression.`,
      });
    }
  }
  const width = a.params.has(CV.float64) || a.params.has(CV.int64) ? 8 : a.params.has(CV.float32) || a.params.has(CV.int32) ? 4 : 0;
  if (!width) throw fail({ zh: `谱图 ${spectrum.id} 的数据数组未注明数值类型（32 或 64 位）。`, en: `a data array of spectrum ${spectrum.id} does not state its number type (32- or 64-bit).` });
  const length = a.arrayLength ?? spectrum.length;
  if (!Number.isInteger(length) || length < 0 || length > limits.points) {
    throw fail({ zh: `谱图 ${spectrum.id} 的数组长度 ${length} 无效或超过 ${limits.points}。`, en: `spectrum ${spectrum.id} has an invalid array length ${length} (limit ${limits.points}).` });
  }
  const text = a.chunks.join('').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw fail({ zh: `谱图 ${spectrum.id} 的 binary 内容不是有效的 Base64。`, en: `the binary content of spectrum ${spectrum.id} is not valid Base64.` });
  }
  let bytes: Buffer = Buffer.from(text, 'base64');
  const expected = length * width;
  if (a.params.has(CV.zlib)) {
    try {
      // The declared length bounds the output: a zlib bomb stops here instead of filling memory.
      bytes = inflateSync(bytes, { maxOutputLength: Math.max(1, expected) });
    } catch {
      throw fail({ zh: `谱图 ${spectrum.id} 的 zlib 压缩数据损坏或长于声明的 ${length} 个数值。`, en: `the zlib data of spectrum ${spectrum.id} is corrupt or longer than the ${length} values declared.` });
    }
  }
  if (bytes.length !== expected) {
    throw fail({
      zh: `谱图 ${spectrum.id} 的数组有 ${Math.floor(bytes.length / width)} 个数值，声明为 ${length} 个。`,
      en: `a data array of spectrum ${spectrum.id} holds ${bytes.length / width} values where ${length} are declared.`,
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(length);
  // mzML binary arrays are little-endian by the standard.
  if (a.params.has(CV.float64)) for (let i = 0; i < length; i++) out[i] = view.getFloat64(i * 8, true);
  else if (a.params.has(CV.float32)) for (let i = 0; i < length; i++) out[i] = view.getFloat32(i * 4, true);
  else if (a.params.has(CV.int64)) for (let i = 0; i < length; i++) out[i] = Number(view.getBigInt64(i * 8, true));
  else for (let i = 0; i < length; i++) out[i] = view.getInt32(i * 4, true);
  return out;
}

/**
 * The spectra of an mzML file (plain or indexed, arrays zlib-compressed or not, 32- or 64-bit).
 * Chromatograms are skipped. Throws {@link SpectrumFileError} for malformed XML, missing or
 * inconsistent arrays, and spectra that fail the common checks.
 */
export function parseMzml(bytes: Uint8Array | string, file: string, limits: SpectrumLimits = DEFAULT_LIMITS): MaldiSpectrum[] {
  const size = typeof bytes === 'string' ? bytes.length : bytes.length;
  if (size > limits.mzmlFile) {
    throw new SpectrumFileError(file, 'too-large', { zh: `mzML 文件超过上限 ${Math.round(limits.mzmlFile / 1048576)} MB。`, en: `the mzML file is above the limit of ${Math.round(limits.mzmlFile / 1048576)} MB.` });
  }
  const xml = typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const groups = new Map<string, Set<string>>();
  const spectra: SpectrumState[] = [];
  const stack: string[] = [];
  let group: Set<string> | undefined;
  let spectrum: SpectrumState | undefined;
  let array: ArrayState | undefined;
  let inBinary = false;
  let inChromatogram = false;
  let sawRoot = false;

  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    const attr = tag.attributes as Record<string, string>;
    stack.push(name);
    if (name === 'mzML') sawRoot = true;
    if (name === 'referenceableParamGroup') {
      group = new Set();
      groups.set(attr['id'] ?? '', group);
    } else if (name === 'chromatogram') {
      inChromatogram = true;
    } else if (name === 'spectrum' && !inChromatogram) {
      const length = Number(attr['defaultArrayLength']);
      spectrum = { id: attr['id'] ?? `#${spectra.length + 1}`, index: spectra.length, length, params: new Set(), arrays: [] };
      if (attr['spotID']) spectrum.spot = attr['spotID'];
      if (spectra.length >= limits.zipSpectra) {
        throw new SpectrumFileError(file, 'too-large', { zh: `mzML 中的谱图超过 ${limits.zipSpectra} 个。`, en: `the mzML file holds more than ${limits.zipSpectra} spectra.` });
      }
    } else if (name === 'binaryDataArray' && spectrum) {
      array = { params: new Set(), chunks: [] };
      if (attr['encodedLength'] !== undefined) array.encodedLength = Number(attr['encodedLength']);
      if (attr['arrayLength'] !== undefined) array.arrayLength = Number(attr['arrayLength']);
    } else if (name === 'binary' && array) {
      inBinary = true;
    } else if (name === 'cvParam' || name === 'referenceableParamGroupRef') {
      const terms = name === 'cvParam' ? [attr['accession'] ?? ''] : [...(groups.get(attr['ref'] ?? '') ?? [])];
      const target = array?.params ?? spectrum?.params ?? group;
      if (target) for (const t of terms) target.add(t);
    }
  });
  parser.on('text', (text) => {
    if (inBinary && array) array.chunks.push(text);
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    stack.pop();
    if (name === 'referenceableParamGroup') group = undefined;
    else if (name === 'chromatogram') inChromatogram = false;
    else if (name === 'binary') inBinary = false;
    else if (name === 'binaryDataArray' && array && spectrum) {
      if (array.params.has(CV.mzArray) || array.params.has(CV.intensityArray)) {
        spectrum.arrays.push({ params: array.params, values: decodeArray(file, spectrum, array, limits) });
      }
      array = undefined;
    } else if (name === 'spectrum' && spectrum) {
      spectra.push(spectrum);
      spectrum = undefined;
    }
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof SpectrumFileError) throw err;
    const detail = (err as Error).message.split('\n')[0]!.slice(0, 120);
    // The parser's reason is English; the Chinese message gives the place only.
    const at = /^(\d+):(\d+)/.exec(detail);
    throw new SpectrumFileError(file, 'mzml', { zh: `不是格式正确的 XML${at ? `（第 ${at[1]} 行第 ${at[2]} 列附近）` : ''}，文件可能不完整。`, en: `not well-formed XML (${detail}).` });
  }
  if (!sawRoot) {
    throw new SpectrumFileError(file, 'unrecognised', { zh: '不是 mzML 文件（没有 <mzML> 元素）。', en: 'not an mzML file (no <mzML> element).' });
  }
  if (spectra.length === 0) {
    throw new SpectrumFileError(file, 'no-spectra', { zh: 'mzML 文件中没有谱图。', en: 'the mzML file holds no spectrum.' });
  }
  return spectra.map((s) => {
    const name = spectra.length === 1 ? file : `${file}:${s.spot ?? s.id}`;
    const mz = s.arrays.find((a) => a.params.has(CV.mzArray))?.values;
    const intensity = s.arrays.find((a) => a.params.has(CV.intensityArray))?.values;
    if (!mz || !intensity) {
      throw new SpectrumFileError(name, 'mzml', { zh: `谱图 ${s.id} 缺少 m/z 数组或强度数组。`, en: `spectrum ${s.id} lacks its m/z or intensity array.` });
    }
    if (mz.length !== intensity.length) {
      throw new SpectrumFileError(name, 'mzml', { zh: `谱图 ${s.id} 的 m/z 与强度数组长度不同。`, en: `spectrum ${s.id} has m/z and intensity arrays of different lengths.` });
    }
    const notes: LocalizedText[] = [];
    checkSpectrum(name, mz, intensity, notes);
    const told = classifySpectrum(mz);
    let kind = told.kind;
    let note = told.note;
    if (s.params.has(CV.profile) || s.params.has(CV.centroid)) {
      kind = s.params.has(CV.centroid) ? 'peaks' : 'profile';
      note = kind === 'peaks' ? { zh: `mzML 注明为峰列表（centroid，${mz.length} 个峰）。`, en: `The mzML says centroid: read as a peak list (${mz.length} peaks).` } : { zh: `mzML 注明为原始谱图（profile，${mz.length} 个数据点）。`, en: `The mzML says profile: read as a raw profile (${mz.length} points).` };
    }
    notes.unshift(note);
    const out: MaldiSpectrum = {
      mz,
      intensity,
      kind,
      format: 'mzml',
      file: name,
      notes,
      metadata: { points: mz.length, mzFrom: mz[0]!, mzTo: mz[mz.length - 1]!, spectrumId: s.id },
    };
    if (s.spot) out.spot = s.spot;
    return out;
  });
}

export interface MzmlWriteOptions {
  precision?: 32 | 64;
  zlib?: boolean;
  /** Wrap in `<indexedmzML>` with an offset index. */
  indexed?: boolean;
  kind?: 'profile' | 'peaks';
  id?: string;
}

function encodeArray(values: ArrayLike<number>, precision: 32 | 64, zlib: boolean): string {
  const typed = precision === 64 ? Float64Array.from(values) : Float32Array.from(values);
  let bytes = Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);
  if (zlib) bytes = deflateSync(bytes);
  return bytes.toString('base64');
}

/** One spectrum as mzML 1.1 (for exports and tests: the reader must read what the writer writes). */
export function formatMzml(spectrum: { mz: ArrayLike<number>; intensity: ArrayLike<number> }, options: MzmlWriteOptions = {}): string {
  const precision = options.precision ?? 64;
  const zlib = options.zlib ?? true;
  const id = options.id ?? 'scan=1';
  const n = spectrum.mz.length;
  const arrayXml = (values: ArrayLike<number>, accession: string, label: string) => {
    const data = encodeArray(values, precision, zlib);
    return [
      `<binaryDataArray encodedLength="${data.length}">`,
      `<cvParam cvRef="MS" accession="${precision === 64 ? CV.float64 : CV.float32}" name="${precision}-bit float"/>`,
      `<cvParam cvRef="MS" accession="${zlib ? CV.zlib : CV.noCompression}" name="${zlib ? 'zlib compression' : 'no compression'}"/>`,
      `<cvParam cvRef="MS" accession="${accession}" name="${label}"/>`,
      `<binary>${data}</binary>`,
      `</binaryDataArray>`,
    ].join('\n');
  };
  const kind = options.kind === 'peaks' ? `<cvParam cvRef="MS" accession="${CV.centroid}" name="centroid spectrum"/>` : `<cvParam cvRef="MS" accession="${CV.profile}" name="profile spectrum"/>`;
  const mzml = [
    `<mzML xmlns="http://psi.hupo.org/ms/mzml" version="1.1.0">`,
    `<cvList count="1"><cv id="MS" fullName="Proteomics Standards Initiative Mass Spectrometry Ontology" URI="https://www.ebi.ac.uk/ols/ontologies/ms"/></cvList>`,
    `<run id="run1"><spectrumList count="1">`,
    `<spectrum index="0" id="${id}" defaultArrayLength="${n}">`,
    `<cvParam cvRef="MS" accession="MS:1000511" name="ms level" value="1"/>`,
    kind,
    `<binaryDataArrayList count="2">`,
    arrayXml(spectrum.mz, CV.mzArray, 'm/z array'),
    arrayXml(spectrum.intensity, CV.intensityArray, 'intensity array'),
    `</binaryDataArrayList>`,
    `</spectrum>`,
    `</spectrumList></run>`,
    `</mzML>`,
  ].join('\n');
  const head = `<?xml version="1.0" encoding="utf-8"?>\n`;
  if (!options.indexed) return head + mzml + '\n';
  const open = `<indexedmzML xmlns="http://psi.hupo.org/ms/mzml">\n`;
  const body = head + open + mzml + '\n';
  const offset = Buffer.byteLength(head + open) + mzml.indexOf('<spectrum ');
  const indexOffset = Buffer.byteLength(body);
  return (
    body +
    `<indexList count="1"><index name="spectrum"><offset idRef="${id}">${offset}</offset></index></indexList>\n` +
    `<indexListOffset>${indexOffset}</indexListOffset>\n<fileChecksum>0</fileChecksum>\n</indexedmzML>\n`
  );
}
