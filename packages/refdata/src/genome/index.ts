import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Genome assemblies as the portal reads them: FASTA or gzipped FASTA, one or many contigs,
 * soft-masked (lower-case) bases and N runs allowed. Bases become codes 0–3 (A, C, G, T) and 4
 * for N and the other IUPAC ambiguity letters, in one array over all contigs, so that the
 * engine never touches text again.
 */
export interface AssemblyContig {
  name: string;
  description: string;
  /** Offset of the contig's first base in `codes`. */
  start: number;
  length: number;
}

export interface Assembly {
  /** File name as given (for reports). */
  name: string;
  /** 0 = A, 1 = C, 2 = G, 3 = T, 4 = N or another ambiguity letter; contigs one after another. */
  codes: Uint8Array;
  contigs: AssemblyContig[];
  length: number;
  /** Bases that are G or C, and ambiguous letters (N …), for the assembly's GC and N content. */
  gc: number;
  ambiguous: number;
  /** Lower-case (soft-masked) bases: read as any other base, counted for the record. */
  softMasked: number;
}

export type AssemblyProblem =
  | 'empty'
  | 'binary'
  | 'gzip'
  | 'fastq'
  | 'protein'
  | 'characters'
  | 'marker-gene'
  | 'too-short'
  | 'too-large'
  | 'duplicate-contig'
  | 'mostly-n'
  | 'fragmented'
  | 'long-name';

export interface LocalizedReason {
  zh: string;
  en: string;
}

/** An assembly the portal will not take, with the reason in both languages naming the file. */
export class AssemblyError extends Error {
  constructor(
    readonly problem: AssemblyProblem,
    readonly file: string,
    readonly texts: LocalizedReason,
  ) {
    super(`${file}: ${texts.en}`);
    this.name = 'AssemblyError';
  }
}

export interface AssemblyLimits {
  /** Fewest bases of a genome (default 100 kbp: smaller is a gene, a plasmid or a fragment). */
  minBases: number;
  /** Most bases (default 20 Mbp: larger bacterial genomes are about 16 Mbp). */
  maxBases: number;
  /** Largest share of N and other ambiguity letters (default 0.5). */
  maxAmbiguous: number;
  /**
   * Most contigs (default 10,000). NCBI RefSeq already sets aside assemblies of more than 2,000
   * contigs or a contig N50 under 5 kbp as "fragmented assembly" (RefSeq prokaryotic genome
   * exclusion criteria); ours are five to ten times looser, to refuse only what is no assembly.
   */
  maxContigs: number;
  /** Smallest contig N50 in bp (default 500): half the genome in pieces shorter than a gene is no assembly. */
  minN50: number;
  /** Longest contig name (the header's first word; default 1,000 characters). */
  maxNameLength: number;
}

export const DEFAULT_ASSEMBLY_LIMITS: AssemblyLimits = { minBases: 100_000, maxBases: 20_000_000, maxAmbiguous: 0.5, maxContigs: 10_000, minN50: 500, maxNameLength: 1_000 };

/** Contig N50: the length such that contigs at least that long hold half the bases. */
export function contigN50(lengths: readonly number[]): number {
  const sorted = [...lengths].sort((a, b) => b - a);
  const half = sorted.reduce((n, l) => n + l, 0) / 2;
  let sum = 0;
  for (const length of sorted) {
    sum += length;
    if (sum >= half) return length;
  }
  return 0;
}

const mbp = (n: number) => (n / 1e6).toLocaleString('en', { maximumFractionDigits: 1 });
const kbp = (n: number) => (n / 1e3).toLocaleString('en', { maximumFractionDigits: 1 });

function refuse(problem: AssemblyProblem, file: string, zh: string, en: string): never {
  throw new AssemblyError(problem, file, { zh: `${file}：${zh}`, en: `${file}: ${en}` });
}

// Byte classes of the FASTA reader.
const A = 0, C = 1, G = 2, T = 3, N = 4; // codes of the engine
const SKIP = 10; // whitespace
const HEADER = 11; // '>'
const PROTEIN = 12; // letters of amino acids that are no nucleotide code
const OTHER = 13; // anything else printable
const BAD = 14; // control bytes: a binary file
const CLASS = new Uint8Array(256).fill(BAD);
for (let b = 0x20; b < 0x7f; b++) CLASS[b] = OTHER;
for (const c of 'EFIJLOPQXZ*') {
  CLASS[c.charCodeAt(0)] = PROTEIN;
  CLASS[c.toLowerCase().charCodeAt(0)] = PROTEIN;
}
for (const [letters, code] of [['A', A], ['C', C], ['G', G], ['TU', T], ['NRYKMSWBDHV', N]] as const) {
  for (const c of letters) {
    CLASS[c.charCodeAt(0)] = code;
    CLASS[c.toLowerCase().charCodeAt(0)] = code;
  }
}
for (const c of ' \t\r\n\v\f') CLASS[c.charCodeAt(0)] = SKIP;
CLASS[0x3e] = HEADER;
const LOWER = new Uint8Array(256);
for (let b = 0x61; b <= 0x7a; b++) LOWER[b] = 1;

/** A sequence without a header line is named after its file. */
function unnamed(file: string): { name: string; description: string } {
  return { name: path.basename(file).replace(/\.(fna|fa|fasta|fas|txt)(\.gz)?$/i, '') || 'sequence', description: '' };
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Decompresses a gzip file, refusing damaged ones and ones that unpack beyond any genome. */
export function gunzip(bytes: Uint8Array, file: string, limits: AssemblyLimits): Uint8Array {
  // Room for the largest genome as FASTA with line breaks and headers; more is not a genome (or a zip bomb).
  const maxOutputLength = Math.ceil(limits.maxBases * 1.1) + (16 << 20);
  try {
    return gunzipSync(bytes, { maxOutputLength });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') {
      refuse('too-large', file, `解压后超过 ${mbp(limits.maxBases)} Mbp 的上限，不是单个细菌基因组。`, `unpacks to more than the limit of ${mbp(limits.maxBases)} Mbp: not a single bacterial genome.`);
    }
    refuse('gzip', file, 'gzip 压缩文件已损坏或不完整（可能上传中断），请重新压缩或上传未压缩的 FASTA。', 'the gzip file is damaged or truncated (an interrupted upload?); compress it again or upload the plain FASTA.');
  }
}

/**
 * Reads an assembly from the bytes of a FASTA or FASTA.gz file. Refuses, with a sentence naming
 * the file: sequencing reads (FASTQ), protein FASTA, binary files, damaged gzip, empty or too
 * short or too large input, a single marker gene, duplicate contig names, and mostly-N sequence.
 */
export function readAssembly(input: Uint8Array, file: string, limits: AssemblyLimits = DEFAULT_ASSEMBLY_LIMITS): Assembly {
  const gzip = isGzip(input);
  const packed = gzip ? null : packedFormat(input);
  if (packed) {
    refuse('binary', file, `是 ${packed} 压缩文件，不是 FASTA，也不是 gzip。请解压后上传 FASTA（或用 gzip 压缩的 FASTA）。`, `is a ${packed} archive, neither FASTA nor gzip. Unpack it and upload the FASTA (plain or gzip-compressed).`);
  }
  try {
    return readAssemblyBytes(gzip ? gunzip(input, file, limits) : input, file, limits);
  } catch (error) {
    if (!(error instanceof AssemblyError) || !['protein', 'characters', 'binary'].includes(error.problem)) throw error;
    // A name promising gzip over bytes that are not: say so, rather than judge the bytes as sequence.
    if (!gzip && /\.(gz|gzip|bgz)$/i.test(file)) {
      const what = contentOf(input);
      refuse('gzip', file, `文件名以 .gz 结尾，但内容没有经过 gzip 压缩（${what.zh}）。请上传 gzip 压缩的 FASTA，或未压缩的 FASTA。`, `is named .gz but is not gzip-compressed (${what.en}). Upload the FASTA gzip-compressed, or plain.`);
    }
    // Text that does not start with '>' is no FASTA at all; amino-acid letters in it make it no protein.
    const text = gzip ? null : firstLine(input);
    const words = text !== null && /\s/.test(text) && /[^ACGTUNRYKMSWBDHV\s]/i.test(text);
    if (text !== null && !text.startsWith('>') && (error.problem === 'protein' || words)) {
      refuse('characters', file, `不是 FASTA 文件：没有以“>”开头的标题行，第 1 行为“${text}”。`, `is not a FASTA file: it does not start with a ">" header line; line 1 reads "${text}".`);
    }
    throw error;
  }
}

/** Archive formats people compress genomes with, by their magic bytes (gzip is read, these are not). */
function packedFormat(bytes: Uint8Array): string | null {
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (starts(0x42, 0x5a, 0x68)) return 'bzip2';
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return 'xz';
  if (starts(0x28, 0xb5, 0x2f, 0xfd)) return 'zstd';
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return '7z';
  return null;
}

/** The first non-blank line of a text file (cut to 60 characters), or null for binary bytes. */
function firstLine(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').replace(/^\uFEFF/, '');
  if (/[\x00-\x08\x0e-\x1f]/.test(head)) return null;
  const line = head.split(/\r\n|\r|\n/).map((l) => l.trim()).find((l) => l.length > 0) ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** What a file's bytes hold, in a few words, for a file whose name promised something else. */
function contentOf(bytes: Uint8Array): LocalizedReason {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return { zh: '内容是 PDF 文档', en: 'it holds a PDF document' };
  const line = firstLine(bytes);
  if (line === null) return { zh: '内容是未知格式的二进制数据', en: 'it holds binary data of no known format' };
  return { zh: `内容是文本，第 1 行为“${line}”`, en: `it holds text; line 1 reads "${line}"` };
}

function readAssemblyBytes(bytes: Uint8Array, file: string, limits: AssemblyLimits): Assembly {
  let start = 0;
  // A byte-order mark or leading blank lines are harmless.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length && CLASS[bytes[start]!] === SKIP) start++;
  if (start >= bytes.length) refuse('empty', file, '文件为空。', 'the file is empty.');
  if (bytes[start] === 0x40 /* @ */) {
    refuse('fastq', file, '这是测序读段（FASTQ），不是组装好的基因组。请先组装（如 SPAdes、Shovill、Unicycler），再上传得到的 contigs FASTA。', 'these are sequencing reads (FASTQ), not an assembled genome. Assemble them first (e.g. SPAdes, Shovill, Unicycler) and upload the contigs FASTA.');
  }
  const codes = new Uint8Array(bytes.length);
  const contigs: AssemblyContig[] = [];
  const names = new Set<string>();
  // Hot loop: counters are plain locals (no closure captures them), so they stay in registers.
  let n = 0;
  // Bases per code, counted without a branch: a branch on a random base mispredicts half the time.
  const tally = new Float64Array(5);
  let softMasked = 0;
  let protein = 0;
  let contigStart = 0;
  let current: { name: string; description: string } | undefined;
  let line = 1;
  let i = start;
  const length = bytes.length;
  for (;;) {
    let b = 0;
    let cls = 0;
    while (i < length) {
      b = bytes[i]!;
      cls = CLASS[b]!;
      if (cls > N) break;
      codes[n++] = cls;
      tally[cls]!++;
      softMasked += LOWER[b]!;
      i++;
    }
    if (i >= length) break;
    if (cls === SKIP) {
      if (b === 0x0a) line++;
      i++;
      continue;
    }
    if (cls === HEADER) {
      if (current || n > contigStart) contigs.push({ ...(current ?? unnamed(file)), start: contigStart, length: n - contigStart });
      contigStart = n;
      let end = i + 1;
      while (end < length && bytes[end] !== 0x0a) end++;
      const header = Buffer.from(bytes.subarray(i + 1, end)).toString('utf8').trim();
      if (/[\x00-\x08\x0e-\x1f]/.test(header)) refuse('binary', file, '不是文本格式的 FASTA 文件（含二进制内容）。', 'is not a text FASTA file (it holds binary data).');
      if (contigs.length >= limits.maxContigs) {
        const most = limits.maxContigs.toLocaleString('en');
        refuse('fragmented', file, `含有超过 ${most} 条序列，不是组装好的基因组（过于零碎；上限 ${most} 条 contig）。请上传组装结果（contigs 或 scaffolds）。`, `holds more than ${most} sequences: not an assembled genome (too fragmented; the limit is ${most} contigs). Upload the assembly's contigs or scaffolds.`);
      }
      const space = header.search(/\s/);
      const name = space < 0 ? header : header.slice(0, space);
      if (name.length > limits.maxNameLength) {
        const most = limits.maxNameLength.toLocaleString('en');
        refuse('long-name', file, `第 ${line} 行的序列名有 ${name.length.toLocaleString('en')} 个字符，超过 ${most} 个字符的上限。`, `the sequence name on line ${line} has ${name.length.toLocaleString('en')} characters, more than the limit of ${most}.`);
      }
      if (!name) refuse('characters', file, `第 ${line} 行的标题行没有序列名。`, `the header on line ${line} has no sequence name.`);
      if (names.has(name)) refuse('duplicate-contig', file, `序列名“${name}”出现了不止一次（第 ${line} 行）；每条 contig 的名称必须唯一。`, `the sequence name "${name}" occurs more than once (line ${line}); every contig needs its own name.`);
      names.add(name);
      current = { name, description: space < 0 ? '' : header.slice(space + 1).trim() };
      i = end;
      continue;
    }
    if (cls === PROTEIN) {
      protein++;
      i++;
      continue;
    }
    if (cls === BAD) refuse('binary', file, '不是文本格式的 FASTA 文件（含二进制内容）。', 'is not a text FASTA file (it holds binary data).');
    refuse('characters', file, `第 ${line} 行含有不是核苷酸的字符“${String.fromCharCode(b)}”。`, `line ${line} holds "${String.fromCharCode(b)}", which is not a nucleotide.`);
  }
  if (current || n > contigStart) contigs.push({ ...(current ?? unnamed(file)), start: contigStart, length: n - contigStart });
  const gc = tally[C]! + tally[G]!;
  const ambiguous = tally[N]!;
  if (protein > 0) {
    if (protein >= 0.05 * (n + protein)) {
      refuse('protein', file, '这是蛋白质序列，不是核苷酸组装。请上传基因组的核苷酸 FASTA（.fna）。', 'this is protein sequence, not a nucleotide assembly. Upload the genome as nucleotide FASTA (.fna).');
    }
    refuse('characters', file, '含有不是核苷酸的字母（如 E、F、I、L、P、Q）。', 'holds letters that are not nucleotides (such as E, F, I, L, P, Q).');
  }
  if (n === 0) refuse('empty', file, '没有序列。', 'holds no sequence.');
  if (n < limits.minBases) {
    if (n >= 300 && n <= 5_000 && contigs.length <= 100) {
      refuse('marker-gene', file, `只有 ${n.toLocaleString('en')} bp，像是单个基因（如 16S rRNA）而不是基因组。16S/18S 序列请使用 16S 或 18S 鉴定。`, `has only ${n.toLocaleString('en')} bp: a single gene (such as a 16S rRNA gene), not a genome. Use the 16S or 18S identification for marker genes.`);
    }
    refuse('too-short', file, `只有 ${kbp(n)} kbp，少于基因组鉴定所需的 ${kbp(limits.minBases)} kbp。`, `has only ${kbp(n)} kbp, less than the ${kbp(limits.minBases)} kbp a genome identification needs.`);
  }
  if (n > limits.maxBases) {
    refuse('too-large', file, `共 ${mbp(n)} Mbp，超过 ${mbp(limits.maxBases)} Mbp 的上限，不是单个细菌基因组（宏基因组请先分箱）。`, `has ${mbp(n)} Mbp, more than the limit of ${mbp(limits.maxBases)} Mbp: not a single bacterial genome (bin a metagenome first).`);
  }
  const n50 = contigN50(contigs.map((c) => c.length));
  if (n50 < limits.minN50) {
    refuse('fragmented', file, `contig N50 只有 ${n50} bp（${contigs.length.toLocaleString('en')} 条序列），低于 ${limits.minN50} bp 的下限：过于零碎，不是组装好的基因组。`, `has a contig N50 of only ${n50} bp (${contigs.length.toLocaleString('en')} sequences), under the floor of ${limits.minN50} bp: too fragmented to be an assembled genome.`);
  }
  if (ambiguous > limits.maxAmbiguous * n) {
    refuse('mostly-n', file, `${Math.round((100 * ambiguous) / n)}% 的碱基为 N 或简并碱基，无法可靠比较。`, `${Math.round((100 * ambiguous) / n)} % of its bases are N or other ambiguity codes: too little sequence to compare.`);
  }
  return { name: file, codes: codes.subarray(0, n), contigs, length: n, gc, ambiguous, softMasked };
}

/** Reads an assembly file (FASTA or FASTA.gz) from disk. */
export async function readAssemblyFile(file: string, limits?: AssemblyLimits): Promise<Assembly> {
  return readAssembly(await readFile(file), path.basename(file), limits);
}

/** A row of a genome folder's manifest.tsv: at least `file` and `species`. */
export interface GenomeManifestRow {
  file: string;
  species: string;
  strain: string;
  role: string;
  accession: string;
  expected: string;
  /** Every column of the row, by header name. */
  fields: Record<string, string>;
}

export class ManifestError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'ManifestError';
  }
}

/** An accession in the strain text ("ATCC 11775 (type strain; GCF_003697165.2)" → GCF_003697165.2). */
export function accessionOf(text: string): string {
  const pattern = /\b(GC[AF]_\d+\.\d+|N[CZ]_\d+(?:\.\d+)?|[A-Z]{1,2}\d{5,6}(?:\.\d+)?|[A-Z]{4}\d{2}(?:\d{6})?(?:\.\d+)?)\b/;
  // Strain names look like accessions too ("N16961"): what is in parentheses is tried first.
  for (const part of [...text.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!)) {
    const found = pattern.exec(part)?.[1];
    if (found) return found;
  }
  return pattern.exec(text)?.[1] ?? '';
}

/**
 * Reads `manifest.tsv` of a genome folder (tab-separated, header row, at least `file` and
 * `species`; `file` relative to the folder). Other columns are kept; `strain` and
 * `expected_result` are used when present.
 */
export function readGenomeManifest(dir: string): GenomeManifestRow[] {
  const file = path.join(dir, 'manifest.tsv');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ManifestError(file, 'cannot read the manifest (a tab-separated manifest.tsv with at least the columns file and species)');
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('#'));
  const header = (lines.shift() ?? '').split('\t').map((h) => h.trim());
  const at = (name: string) => header.indexOf(name);
  if (at('file') < 0 || at('species') < 0) throw new ManifestError(file, `the header must name the columns file and species (it has: ${header.join(', ') || 'nothing'})`);
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const cells = line.split('\t');
    const fields = Object.fromEntries(header.map((h, j) => [h, (cells[j] ?? '').trim()]));
    const rel = fields['file'] ?? '';
    const species = (fields['species'] ?? '').replace(/\s+/g, ' ');
    if (!rel || !species) throw new ManifestError(file, `line ${i + 2}: file and species must not be empty`);
    if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) throw new ManifestError(file, `line ${i + 2}: ${rel} must be a path inside the folder`);
    if (seen.has(rel)) throw new ManifestError(file, `line ${i + 2}: ${rel} is listed twice`);
    seen.add(rel);
    const strain = fields['strain'] ?? '';
    return { file: rel, species, strain, role: fields['role'] ?? '', accession: fields['accession'] || accessionOf(strain), expected: fields['expected_result'] ?? '', fields };
  });
}
