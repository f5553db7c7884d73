import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { AssemblyError, DEFAULT_ASSEMBLY_LIMITS, ManifestError, accessionOf, readAssembly, readAssemblyFile, readGenomeManifest } from '@mdc/refdata/genome';
import { findRefdataDir } from '@mdc/refdata/datadir';

const dataDir = findRefdataDir();
const genomeDir = dataDir ? path.join(dataDir, 'genome') : undefined;

let seed = 5;
// xorshift32: random enough that the sequences do not compress to nothing.
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const bases = (n: number) => Array.from({ length: n }, () => 'ACGT'[Math.floor(random() * 4)]).join('');
const fasta = (records: [string, string][]) => records.map(([name, seq]) => `>${name}\n${seq.match(/.{1,80}/g)!.join('\n')}\n`).join('');
const bytes = (text: string) => Buffer.from(text, 'utf8');

function refusal(input: Uint8Array, file = 'sample.fna', limits = DEFAULT_ASSEMBLY_LIMITS): AssemblyError {
  try {
    readAssembly(input, file, limits);
  } catch (error) {
    if (error instanceof AssemblyError) return error;
    throw error;
  }
  throw new Error('the assembly was accepted');
}

describe('assembly reader', () => {
  it.runIf(genomeDir)('reads a shared reference (gzip, several contigs) with the manifest\'s length and GC', async () => {
    const rows = readGenomeManifest(genomeDir!);
    const row = rows.find((r) => r.file.includes('R04_Shigella'))!;
    const assembly = await readAssemblyFile(path.join(genomeDir!, row.file));
    expect(assembly.contigs.length).toBe(Number(row.fields['n_sequences']));
    expect(assembly.length).toBe(Number(row.fields['total_bp']));
    expect((100 * assembly.gc) / (assembly.length - assembly.ambiguous)).toBeCloseTo(Number(row.fields['GC_pct']), 1);
    expect(assembly.contigs[0]!.start).toBe(0);
    expect(assembly.contigs[1]!.start).toBe(assembly.contigs[0]!.length);
  });

  it('reads soft-masked bases, N runs, CRLF line ends and a byte-order mark', () => {
    const seq = bases(120_000);
    const text = '\ufeff' + fasta([['c1 first contig', seq.slice(0, 60_000).toLowerCase()], ['c2', seq.slice(60_000) + 'NNNNN']]).replace(/\n/g, '\r\n');
    const assembly = readAssembly(bytes(text), 'masked.fa');
    expect(assembly.length).toBe(120_005);
    expect(assembly.softMasked).toBe(60_000);
    expect(assembly.ambiguous).toBe(5);
    expect(assembly.contigs.map((c) => [c.name, c.description, c.length])).toEqual([
      ['c1', 'first contig', 60_000],
      ['c2', '', 60_005],
    ]);
    expect([...assembly.codes.subarray(0, 4)]).toEqual([...seq.slice(0, 4)].map((c) => 'ACGT'.indexOf(c)));
  });

  it('reads gzip and plain alike', () => {
    const text = fasta([['chr', bases(150_000)]]);
    const plain = readAssembly(bytes(text), 'a.fna');
    const packed = readAssembly(gzipSync(bytes(text)), 'a.fna.gz');
    expect(packed.length).toBe(plain.length);
    expect(Buffer.from(packed.codes).equals(Buffer.from(plain.codes))).toBe(true);
  });

  const cases: [string, () => Uint8Array, string, RegExp, RegExp][] = [
    ['sequencing reads (FASTQ)', () => bytes(`@read1\n${bases(150)}\n+\n${'I'.repeat(150)}\n`), 'fastq', /Assemble them first/, /请先组装/],
    ['protein FASTA', () => bytes(fasta([['p1', 'MKLVEFLQPRRSTAGEILKWQP'.repeat(6000)]])), 'protein', /protein/, /蛋白质/],
    ['a 16S gene', () => bytes(fasta([['16S', bases(1500)]])), 'marker-gene', /16S or 18S identification/, /16S 或 18S/],
    ['a truncated gzip', () => gzipSync(bytes(fasta([['chr', bases(150_000)]]))).subarray(0, 20_000), 'gzip', /damaged or truncated/, /已损坏或不完整/],
    ['a binary file', () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 7) % 256), 'binary', /binary/, /二进制/],
    ['an empty file', () => new Uint8Array(0), 'empty', /empty/, /为空/],
    ['only blank lines', () => bytes('\n\n  \n'), 'empty', /empty/, /为空/],
    ['headers without sequence', () => bytes('>a\n>b\n'), 'empty', /no sequence/, /没有序列/],
    ['too short', () => bytes(fasta([['chr', bases(50_000)]])), 'too-short', /less than the 100 kbp/, /少于/],
    ['duplicate contig names', () => bytes(fasta([['contig_1', bases(60_000)], ['contig_1', bases(60_000)]])), 'duplicate-contig', /contig_1.*more than once/, /不止一次/],
    ['mostly N', () => bytes(fasta([['chr', bases(60_000) + 'N'.repeat(70_000)]])), 'mostly-n', /ambiguity codes/, /N 或简并碱基/],
    ['a stray character', () => bytes(fasta([['chr', bases(60_000) + '#' + bases(60_000)]])), 'characters', /"#"/, /“#”/],
    // Issue 17 R3: a million 12 bp "contigs" was read for seconds and accepted.
    ['more than 10,000 contigs', () => bytes(fasta(Array.from({ length: 10_001 }, (_, i) => [`c${i}`, bases(12)] as [string, string]))), 'fragmented', /more than 10,000 sequences.*the limit is 10,000 contigs/, /超过 10,000 条序列/],
    ['a contig N50 of tens of bp', () => bytes(fasta(Array.from({ length: 5_000 }, (_, i) => [`c${i}`, bases(40)] as [string, string]))), 'fragmented', /contig N50 of only 40 bp \(5,000 sequences\), under the floor of 500 bp/, /N50 只有 40 bp/],
    ['a contig name of 1,001 characters', () => bytes(fasta([[`c${'x'.repeat(1_000)}`, bases(150_000)]])), 'long-name', /has 1,001 characters, more than the limit of 1,000/, /超过 1,000 个字符的上限/],
  ];
  for (const [what, make, problem, en, zh] of cases) {
    it(`refuses ${what} with a sentence naming the file, in both languages`, () => {
      const error = refusal(make(), 'isolate7.fna');
      expect(error.problem).toBe(problem);
      expect(error.texts.en).toMatch(/^isolate7\.fna: /);
      expect(error.texts.zh).toMatch(/^isolate7\.fna：/);
      expect(error.texts.en).toMatch(en);
      expect(error.texts.zh).toMatch(zh);
    });
  }

  // Issue 17 R3: the million-contig file was read whole (seconds of the server's thread, +1.1 GB) before
  // anything judged it. The contig after the limit is refused at its header: what follows it, here a
  // character that would be refused on its own, is never read.
  it('refuses a file of more contigs than the limit at the first header past it, before reading the rest', () => {
    const contigs = Array.from({ length: 10_001 }, (_, i) => [`c${i}`, bases(12)] as [string, string]);
    const text = `${fasta(contigs)}${'ACGT'.repeat(1_000)}#\n`;
    const error = refusal(bytes(text), 'many.fna');
    expect(error.problem).toBe('fragmented');
    expect(error.texts.en).toMatch(/more than 10,000 sequences/);
    // Within the limit the same stray character is found: the early refusal is not a blind spot.
    expect(refusal(bytes(`${fasta(contigs.slice(0, 9_999))}${'ACGT'.repeat(1_000)}#\n`), 'fewer.fna').problem).toBe('characters');
  });

  // Issue 16: a download that failed saves the server's error page under the genome's .fna.gz name;
  // such a file was judged as sequence ("这是蛋白质序列") instead of named for what it is.
  it('says a file named .gz is not gzip-compressed, and what it holds, instead of calling it protein', () => {
    const page = bytes('<!DOCTYPE html>\n<html><head><title>Page Not Found</title></head>\n<body>\n<p>The requested file GCF_000005845.2_ASM584v2_genomic.fna.gz was not found on this server. Please check the address and try again.</p>\n'.repeat(40) + '</body></html>\n');
    const error = refusal(page, 'GCF_000005845.2_ASM584v2_genomic.fna.gz');
    expect(error.problem).toBe('gzip');
    expect(error.texts.en).toMatch(/is named \.gz but is not gzip-compressed \(it holds text; line 1 reads "<!DOCTYPE html>"\)/);
    expect(error.texts.zh).toMatch(/文件名以 \.gz 结尾，但内容没有经过 gzip 压缩（内容是文本，第 1 行为“<!DOCTYPE html>”）/);
    expect(error.texts.zh).not.toMatch(/蛋白质/);
    // English prose in a plain-named file is no FASTA, not a protein.
    const prose = bytes('Genome assembly of isolate 7, sequenced on a MiSeq; the contigs follow in the attachment.\n'.repeat(2_000));
    const notFasta = refusal(prose, 'isolate7.fna');
    expect(notFasta.texts.en).toMatch(/is not a FASTA file: it does not start with a ">" header line; line 1 reads "Genome assembly of isolate 7/);
    expect(notFasta.texts.zh).not.toMatch(/蛋白质/);
    // A zip archive is named as one, whatever its name says.
    const zip = refusal(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 8, 0, ...bytes('isolate7.fna')]), 'isolate7.fna.gz');
    expect(zip.texts.en).toMatch(/is a zip archive, neither FASTA nor gzip/);
    expect(zip.texts.zh).toMatch(/是 zip 压缩文件/);
    // A plain FASTA that only carries a .gz name is still read: its content is what was asked for.
    expect(readAssembly(bytes(fasta([['chr', bases(150_000)]])), 'a.fna.gz').length).toBe(150_000);
  });

  it('refuses more sequence than a bacterial genome, plain or as a gzip that unpacks too far', () => {
    const limits = { ...DEFAULT_ASSEMBLY_LIMITS, maxBases: 200_000 };
    expect(refusal(bytes(fasta([['chr', bases(250_000)]])), 'big.fna', limits).problem).toBe('too-large');
    // A small gzip of a huge file: stopped while unpacking, not after.
    const bomb = gzipSync(Buffer.alloc(64 << 20, 0x41));
    expect(bomb.length).toBeLessThan(200_000);
    expect(refusal(bomb, 'bomb.fna.gz', limits).problem).toBe('too-large');
  });
});

describe('genome manifest', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-genome-manifest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(genomeDir)('reads the shared manifest: 44 references and 12 tests with expected results', () => {
    const rows = readGenomeManifest(genomeDir!);
    expect(rows.filter((r) => r.role === 'reference')).toHaveLength(44);
    const tests = rows.filter((r) => r.role === 'test');
    expect(tests).toHaveLength(12);
    expect(tests.every((r) => r.expected.length > 0)).toBe(true);
    expect(rows.find((r) => r.file.includes('R01_'))!.accession).toBe('GCF_003697165.2');
  });

  it('needs file and species columns, paths inside the folder, and no file twice', () => {
    writeFileSync(path.join(dir, 'manifest.tsv'), 'name\tspecies\nx.fna\tEscherichia coli\n');
    expect(() => readGenomeManifest(dir)).toThrow(ManifestError);
    writeFileSync(path.join(dir, 'manifest.tsv'), 'file\tspecies\n../etc/passwd\tEscherichia coli\n');
    expect(() => readGenomeManifest(dir)).toThrow(/inside the folder/);
    writeFileSync(path.join(dir, 'manifest.tsv'), 'file\tspecies\na.fna\tEscherichia coli\na.fna\tEscherichia coli\n');
    expect(() => readGenomeManifest(dir)).toThrow(/twice/);
    writeFileSync(path.join(dir, 'manifest.tsv'), 'file\tspecies\tstrain\na.fna\tEscherichia  coli\tK-12 (NC_000913.3)\n');
    expect(readGenomeManifest(dir)).toMatchObject([{ file: 'a.fna', species: 'Escherichia coli', accession: 'NC_000913.3' }]);
    expect(() => readGenomeManifest(path.join(dir, 'missing'))).toThrow(ManifestError);
  });

  it('finds accessions in strain texts', () => {
    expect(accessionOf('ATCC 11775 (type strain; GCF_003697165.2)')).toBe('GCF_003697165.2');
    expect(accessionOf('O1 El Tor N16961 (AE003852/AE003853)')).toBe('AE003852');
    expect(accessionOf('FJBS01 (WGS draft)')).toBe('FJBS01');
    expect(accessionOf('strain 12')).toBe('');
  });
});

