/**
 * Sanger chromatograms in Applied Biosystems' ABIF format (`.ab1`): the base calls and their
 * quality values, which is what identification needs of a trace.
 *
 * Layout (Applied Biosystems, "ABIF File Format Specification and Sample File Schema", 2009): the
 * file starts with `ABIF`, a 16-bit version and the directory entry of the root directory; every
 * number is big-endian. A directory entry is 28 bytes: tag name (4 characters), tag number
 * (int32), element type (int16), element size (int16), element count (int32), data size (int32),
 * data offset (int32) and a reserved handle (int32). Data of at most 4 bytes sits in the offset
 * field itself. Base calls are `PBAS` (number 1 as edited, 2 as called), their quality values
 * `PCON` (same numbers), both arrays of 8-bit characters (element type 2).
 */
import type { LocalizedText } from '@mdc/core/identify';

export type Ab1Problem =
  | 'empty'
  | 'too-large'
  | 'not-abif'
  | 'truncated'
  | 'directory'
  | 'offset'
  | 'tag-type'
  | 'no-bases'
  | 'too-many-bases'
  | 'bases'
  | 'qualities';

/** An `.ab1` file that cannot be read: `text` names the file and what is wrong, in both languages. */
export class Ab1FileError extends Error {
  readonly file: string;
  readonly problem: Ab1Problem;
  readonly text: LocalizedText;

  constructor(file: string, problem: Ab1Problem, reason: LocalizedText) {
    super(`${file}: ${reason.en}`);
    this.name = 'Ab1FileError';
    this.file = file;
    this.problem = problem;
    this.text = { zh: `${file}：${reason.zh}`, en: `${file}: ${reason.en}` };
  }
}

export interface Ab1Read {
  /** Base calls as stored (upper case; IUPAC codes for mixed peaks, N where no call was made). */
  bases: string;
  /** Phred quality value of each base; null when the file has none. */
  qualities: Uint8Array | null;
  /** Which tags they came from, e.g. `PBAS 2` and `PCON 2`. */
  baseTag: string;
  qualityTag: string | null;
  /** The sample name the instrument recorded (`SMPL`), when present. */
  sampleName: string | null;
  /** The instrument model (`MODL`, e.g. 3730) and the base caller (`SPAC 2`, e.g. KB.bcp), when recorded. */
  instrument: string | null;
  baseCaller: string | null;
}

/** Largest `.ab1` accepted: real traces are 100–500 KB. */
export const MAX_AB1_BYTES = 10 * 1024 * 1024;
/** Most directory entries accepted: real files have a few hundred. */
const MAX_ENTRIES = 10_000;
const ENTRY_SIZE = 28;
const TYPE_BYTE = 1;
const TYPE_CHAR = 2;
const TYPE_PSTRING = 18;
const TYPE_CSTRING = 19;

interface Entry {
  name: string;
  number: number;
  type: number;
  elementSize: number;
  count: number;
  size: number;
  /** Where the data is: the offset field itself for ≤ 4 bytes. */
  at: number;
}

/** Whether bytes begin like an ABIF file (for telling a chromatogram from FASTA text). */
export function isAb1(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x41 && bytes[1] === 0x42 && bytes[2] === 0x49 && bytes[3] === 0x46;
}

const IUPAC = /^[ACGTURYSWKMBDHVN]*$/;

/** A trace that declares more base calls than the reader was allowed (`maxBases`): refused before they are decoded. */
export class Ab1TooManyBases extends Ab1FileError {
  constructor(
    file: string,
    /** The base calls the file's directory declares. */
    readonly calls: number,
    readonly maxBases: number,
  ) {
    super(file, 'too-many-bases', {
      en: `the trace holds ${calls.toLocaleString('en')} base calls, more than the ${maxBases.toLocaleString('en')} a sequence may have.`,
      zh: `峰图含 ${calls} 个碱基判读，超过序列长度上限 ${maxBases} 个。`,
    });
    this.name = 'Ab1TooManyBases';
  }
}

export interface ReadAb1Options {
  /**
   * Most base calls accepted: the count the directory declares for the base calls is checked
   * before any of them is decoded (a file of ten million calls is refused at once).
   */
  maxBases?: number;
}

/**
 * Reads the base calls and quality values of an `.ab1` file. Throws an `Ab1FileError` naming the
 * file when it is not ABIF, truncated, points outside itself, stores the tags in a type they
 * cannot have, or lacks base calls (an `Ab1TooManyBases` when it declares more than
 * `options.maxBases`); nothing is guessed.
 */
export function readAb1(bytes: Uint8Array, file: string, options: ReadAb1Options = {}): Ab1Read {
  const fail = (problem: Ab1Problem, en: string, zh: string): never => {
    throw new Ab1FileError(file, problem, { en, zh });
  };
  if (bytes.length === 0) fail('empty', 'the file is empty.', '文件为空。');
  if (bytes.length > MAX_AB1_BYTES) fail('too-large', `the file is larger than ${MAX_AB1_BYTES / 1024 / 1024} MB; a Sanger trace is far smaller.`, `文件超过 ${MAX_AB1_BYTES / 1024 / 1024} MB，不是单个测序峰图文件。`);
  if (!isAb1(bytes)) fail('not-abif', 'this is not an ABIF chromatogram (.ab1): it does not start with "ABIF".', '不是 ABIF 格式的测序峰图（.ab1）：文件开头不是 "ABIF"。');
  if (bytes.length < 6 + ENTRY_SIZE) fail('truncated', 'the file ends inside its header.', '文件在文件头处即已结束（不完整）。');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  const entryAt = (pos: number): Entry => ({
    name: String.fromCharCode(bytes[pos]!, bytes[pos + 1]!, bytes[pos + 2]!, bytes[pos + 3]!),
    number: view.getInt32(pos + 4),
    type: view.getInt16(pos + 8),
    elementSize: view.getInt16(pos + 10),
    count: view.getInt32(pos + 12),
    size: view.getInt32(pos + 16),
    at: view.getInt32(pos + 16) <= 4 ? pos + 20 : view.getInt32(pos + 20),
  });
  const root = entryAt(6);
  // The root entry's size is what the instrument allocated for the directory, not what it holds:
  // 3730-class files allocate 4,032 bytes (144 entries) for 120–132. The entries are read where
  // the root entry points, count × 28 bytes of them; only an allocation too small for them is wrong.
  const used = root.count * ENTRY_SIZE;
  if (root.elementSize !== ENTRY_SIZE || root.count < 1 || root.count > MAX_ENTRIES || root.size < used) {
    fail('directory', `its directory is malformed (${root.count} entries of ${root.elementSize} bytes in ${root.size} bytes).`, `文件目录格式错误（${root.count} 项，每项 ${root.elementSize} 字节，共 ${root.size} 字节）。`);
  }
  if (root.at < 0 || root.at + used > bytes.length) {
    fail(
      root.at >= 0 && root.at <= bytes.length ? 'truncated' : 'offset',
      `its directory lies outside the file (bytes ${root.at}–${root.at + used} of ${bytes.length}); the file is truncated or damaged.`,
      `文件目录位于文件范围之外（第 ${root.at}–${root.at + used} 字节，文件共 ${bytes.length} 字节），文件不完整或已损坏。`,
    );
  }
  const entries: Entry[] = [];
  for (let i = 0; i < root.count; i++) entries.push(entryAt(root.at + i * ENTRY_SIZE));

  /** The data of an entry, checked to lie inside the file and to be as long as it says. */
  const dataOf = (entry: Entry): Uint8Array => {
    const label = `${entry.name} ${entry.number}`;
    if (entry.count < 0 || entry.elementSize < 1 || entry.size !== entry.count * entry.elementSize) {
      fail('directory', `the entry ${label} is inconsistent (${entry.count} × ${entry.elementSize} bytes ≠ ${entry.size}).`, `条目 ${label} 的长度不一致（${entry.count} × ${entry.elementSize} 字节 ≠ ${entry.size}）。`);
    }
    if (entry.at < 0 || entry.at + entry.size > bytes.length) {
      fail(
        entry.at >= 0 && entry.at <= bytes.length ? 'truncated' : 'offset',
        `the data of ${label} lies outside the file (bytes ${entry.at}–${entry.at + entry.size} of ${bytes.length}); the file is truncated or damaged.`,
        `${label} 的数据位于文件范围之外（第 ${entry.at}–${entry.at + entry.size} 字节，文件共 ${bytes.length} 字节），文件不完整或已损坏。`,
      );
    }
    return bytes.subarray(entry.at, entry.at + entry.size);
  };
  const charArray = (entry: Entry): Uint8Array => {
    if ((entry.type !== TYPE_CHAR && entry.type !== TYPE_BYTE) || entry.elementSize !== 1) {
      fail('tag-type', `${entry.name} ${entry.number} is stored as element type ${entry.type} (size ${entry.elementSize}), not as characters.`, `${entry.name} ${entry.number} 的元素类型为 ${entry.type}（每个 ${entry.elementSize} 字节），不是字符数组。`);
    }
    return dataOf(entry);
  };
  const find = (name: string, number: number) => entries.find((e) => e.name === name && e.number === number);

  // Edited calls (1) are what the lab accepted; called ones (2) otherwise; any other number last.
  const baseEntries = entries.filter((e) => e.name === 'PBAS').sort((a, b) => (a.number === 1 ? -1 : b.number === 1 ? 1 : a.number - b.number));
  const baseEntry = baseEntries[0];
  if (!baseEntry) fail('no-bases', 'it holds no base calls (no PBAS tag); export the trace after base calling.', '文件中没有碱基判读结果（缺少 PBAS 标签），请在碱基判读后导出峰图文件。');
  const baseBytes = charArray(baseEntry!);
  if (baseBytes.length === 0) fail('no-bases', 'its base calls (PBAS) are empty.', '碱基判读结果（PBAS）为空。');
  // Checked from the directory, before a single call is decoded.
  if (options.maxBases !== undefined && baseBytes.length > options.maxBases) throw new Ab1TooManyBases(file, baseBytes.length, options.maxBases);
  let bases = '';
  for (const b of baseBytes) bases += String.fromCharCode(b);
  bases = bases.toUpperCase();
  if (!IUPAC.test(bases)) {
    const at = [...bases].findIndex((c) => !IUPAC.test(c));
    fail('bases', `its base calls contain a character that is no nucleotide code at base ${at + 1}.`, `碱基判读结果在第 ${at + 1} 个碱基处含有非核苷酸字符。`);
  }

  let qualities: Uint8Array | null = null;
  let qualityTag: string | null = null;
  const qualityEntry = find('PCON', baseEntry!.number) ?? entries.find((e) => e.name === 'PCON');
  if (qualityEntry) {
    const values = charArray(qualityEntry);
    if (values.length !== baseBytes.length) {
      fail('qualities', `it has ${values.length} quality values (PCON ${qualityEntry.number}) for ${baseBytes.length} base calls.`, `质量值（PCON ${qualityEntry.number}）有 ${values.length} 个，而碱基判读有 ${baseBytes.length} 个。`);
    }
    const bad = values.findIndex((q) => q > 100);
    if (bad >= 0) fail('qualities', `quality value ${values[bad]} at base ${bad + 1} is not a Phred score.`, `第 ${bad + 1} 个碱基的质量值 ${values[bad]} 不是 Phred 质量值。`);
    // Base callers before KB (ABI PRISM 310's Basecaller-310POP6) fill PCON with zeros: no quality
    // values, not a read of quality 0 that trimming would throw away whole.
    if (values.some((q) => q !== 0)) {
      qualities = Uint8Array.from(values);
      qualityTag = `PCON ${qualityEntry.number}`;
    }
  }

  /** A text tag as printable ASCII, or null when absent or not stored as text. */
  const textOf = (name: string, number: number): string | null => {
    const entry = find(name, number);
    if (!entry || !(entry.type === TYPE_PSTRING || entry.type === TYPE_CSTRING || entry.type === TYPE_CHAR) || entry.elementSize !== 1) return null;
    const data = dataOf(entry);
    const text = entry.type === TYPE_PSTRING ? data.subarray(1, 1 + Math.min(data[0] ?? 0, data.length - 1)) : data;
    return Array.from(text, (c) => (c >= 32 && c < 127 ? String.fromCharCode(c) : '')).join('').trim().slice(0, 200) || null;
  };
  return {
    bases,
    qualities,
    baseTag: `PBAS ${baseEntry!.number}`,
    qualityTag,
    sampleName: textOf('SMPL', 1),
    instrument: textOf('MODL', 1),
    baseCaller: textOf('SPAC', 2),
  };
}

/** One ABIF directory entry to write (tests, tools): data is placed by `writeAb1`. */
export interface Ab1Tag {
  name: string;
  number: number;
  type: number;
  elementSize: number;
  data: Uint8Array;
}

/** Writes a minimal ABIF file holding the given tags (as an instrument would lay them out). */
export function writeAb1(tags: readonly Ab1Tag[]): Uint8Array {
  const headerSize = 6 + ENTRY_SIZE + 94; // ABIF files reserve 128 bytes for the header
  const large = tags.filter((t) => t.data.length > 4);
  const dataSize = large.reduce((n, t) => n + t.data.length, 0);
  const directoryAt = headerSize + dataSize;
  const out = new Uint8Array(directoryAt + tags.length * ENTRY_SIZE);
  const view = new DataView(out.buffer);
  out.set([0x41, 0x42, 0x49, 0x46]);
  view.setUint16(4, 101);
  const writeEntry = (pos: number, name: string, number: number, type: number, elementSize: number, count: number, size: number, offset: number) => {
    for (let i = 0; i < 4; i++) out[pos + i] = name.charCodeAt(i);
    view.setInt32(pos + 4, number);
    view.setInt16(pos + 8, type);
    view.setInt16(pos + 10, elementSize);
    view.setInt32(pos + 12, count);
    view.setInt32(pos + 16, size);
    view.setInt32(pos + 20, offset);
  };
  writeEntry(6, 'tdir', 1, 1023, ENTRY_SIZE, tags.length, tags.length * ENTRY_SIZE, directoryAt);
  let at = headerSize;
  tags.forEach((tag, i) => {
    const pos = directoryAt + i * ENTRY_SIZE;
    const count = Math.floor(tag.data.length / tag.elementSize);
    if (tag.data.length > 4) {
      out.set(tag.data, at);
      writeEntry(pos, tag.name, tag.number, tag.type, tag.elementSize, count, tag.data.length, at);
      at += tag.data.length;
    } else {
      writeEntry(pos, tag.name, tag.number, tag.type, tag.elementSize, count, tag.data.length, 0);
      out.set(tag.data, pos + 20);
    }
  });
  return out;
}
