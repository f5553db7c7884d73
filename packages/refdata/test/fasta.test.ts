import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { FastaError, forEachFastaRecord, forEachFastaSpan, parseFastaHeader, parseFastaText, readFasta, readFastaBytes, readFastaFile } from '@mdc/refdata/fasta';

const dataDir = findRefdataDir();
const rrna = dataDir ? path.join(dataDir, 'rrna') : undefined;
const haveData = rrna !== undefined;

async function count(file: string) {
  let records = 0;
  let withTaxonomy = 0;
  let withExpected = 0;
  const species = new Set<string>();
  for await (const record of readFasta(file)) {
    records++;
    if (record.lineage?.length === 7) withTaxonomy++;
    if (record.expected) withExpected++;
    if (record.species) species.add(record.species);
  }
  return { records, withTaxonomy, withExpected, species: species.size };
}

describe('parseFastaHeader', () => {
  it('splits accession, description, taxonomy and species', () => {
    const head = parseFastaHeader(
      '>AY879306 Abiotrophia defectiva strain 99383068 16S ribosomal RNA gene, partial sequence. 1517 bp |taxonomy=Bacteria;Bacillota;Bacilli;Lactobacillales;Aerococcaceae;Abiotrophia;Abiotrophia defectiva',
    );
    expect(head.accession).toBe('AY879306');
    expect(head.description).toBe('Abiotrophia defectiva strain 99383068 16S ribosomal RNA gene, partial sequence. 1517 bp');
    expect(head.lineage).toEqual(['Bacteria', 'Bacillota', 'Bacilli', 'Lactobacillales', 'Aerococcaceae', 'Abiotrophia', 'Abiotrophia defectiva']);
    expect(head.species).toBe('Abiotrophia defectiva');
    expect(head.expected).toBeUndefined();
  });

  it('reads the expected species of held-out queries and keeps pipes inside descriptions', () => {
    const head = parseFastaHeader('>Q1 strain A|B partial |expected=Lactobacillus brevis');
    expect(head.accession).toBe('Q1');
    expect(head.description).toBe('strain A|B partial');
    expect(head.expected).toBe('Lactobacillus brevis');
    expect(head.lineage).toBeUndefined();
  });

  it('accepts a bare accession', () => {
    expect(parseFastaHeader('>X1')).toMatchObject({ accession: 'X1', description: '', fields: {} });
  });
});

describe('readFasta on the MDC rRNA sets', () => {
  it.skipIf(!haveData)('reads all 15,322 16S references with a 7-rank taxonomy', async () => {
    const result = await count(path.join(rrna!, '16S_reference.fasta.gz'));
    expect(result.records).toBe(15322);
    expect(result.withTaxonomy).toBe(15322);
    expect(result.species).toBe(6290);
  });

  it.skipIf(!haveData)('reads all 570 18S references', async () => {
    const result = await count(path.join(rrna!, '18S_reference.fasta.gz'));
    expect(result.records).toBe(570);
    expect(result.withTaxonomy).toBe(570);
  });

  it.skipIf(!haveData)('reads every held-out query with its expected species', async () => {
    for (const [name, n] of [
      ['16S_queries_dev.fasta.gz', 454],
      ['18S_queries_dev.fasta.gz', 13],
    ] as const) {
      const result = await count(path.join(rrna!, name));
      expect(result.records).toBe(n);
      expect(result.withExpected).toBe(n);
    }
  });

  it.skipIf(!haveData)('matches a plain-text decompression record by record', async () => {
    const text = gunzipSync(readFileSync(path.join(rrna!, '18S_reference.fasta.gz'))).toString('utf8');
    const fromText = parseFastaText(text);
    const fromFile = await readFastaFile(path.join(rrna!, '18S_reference.fasta.gz'));
    expect(fromFile.map((r) => [r.accession, r.sequence.length])).toEqual(fromText.map((r) => [r.accession, r.sequence.length]));
    expect(fromFile.every((r) => /^[ACGTURYSWKMBDHVN]+$/i.test(r.sequence))).toBe(true);
  });
});

describe('readFasta on broken input', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mdc-fasta-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };
  const failure = async (file: string) => {
    try {
      await readFastaFile(file);
    } catch (err) {
      return err;
    }
    return undefined;
  };

  it('reads multi-line records, CRLF and a missing final newline', async () => {
    const file = write('ok.fa', '>A one\r\nACGT\r\nacgn\r\n\r\n>B two |taxonomy=K;P;C;O;F;G;G s\nTTTT');
    const records = await readFastaFile(file);
    expect(records.map((r) => [r.accession, r.sequence, r.line])).toEqual([
      ['A', 'ACGTacgn', 1],
      ['B', 'TTTT', 5],
    ]);
    expect(records[1]!.species).toBe('G s');
  });

  it('reports a missing file as a FastaError, with or without a gzip hint', async () => {
    const missing = path.join(path.dirname(write('here.fa', '>A\nACGT\n')), 'absent.fa.gz');
    for (const options of [{}, { gzip: true }, { gzip: false }]) {
      const err = await readFastaFile(missing, options).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(FastaError);
      expect((err as FastaError).file).toBe(missing);
    }
  });

  it('reads gzip whether or not the name says so', async () => {
    const file = write('plain-name.fa', gzipSync('>A\nACGT\n>B\nGG\n'));
    expect((await readFastaFile(file)).map((r) => r.sequence)).toEqual(['ACGT', 'GG']);
  });

  it('refuses sequence text before the first header, naming file and line', async () => {
    const file = write('noheader.fa', '\nACGT\n>A\nACGT\n');
    const err = await failure(file);
    expect(err).toBeInstanceOf(FastaError);
    expect(err).toMatchObject({ file, line: 2 });
    expect((err as Error).message).toContain("before the first '>'");
  });

  it('refuses a record without residues', async () => {
    const middle = await failure(write('empty-mid.fa', '>A\nACGT\n>B\n>C\nGG\n'));
    expect(middle).toMatchObject({ line: 3 });
    expect((middle as Error).message).toContain("empty sequence for record 'B'");
    const last = await failure(write('empty-last.fa', '>A\nACGT\n>Z\n\n'));
    expect(last).toMatchObject({ line: 3 });
  });

  it('refuses characters that are not residues', async () => {
    const err = await failure(write('digits.fa', '>A\nACGT\nAC1GT\n'));
    expect(err).toMatchObject({ line: 3 });
    expect((err as Error).message).toContain("'1'");
  });

  it('refuses an empty file', async () => {
    expect(await failure(write('empty.fa', ''))).toBeInstanceOf(FastaError);
  });

  it.skipIf(!haveData)('reports a truncated gzip copy of the 18S set as corrupt, after the records it could read', async () => {
    const whole = readFileSync(path.join(rrna!, '18S_reference.fasta.gz'));
    const file = write('truncated.fasta.gz', whole.subarray(0, Math.floor(whole.length / 2)));
    const seen: string[] = [];
    let error: unknown;
    try {
      for await (const record of readFasta(file)) seen.push(record.accession);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FastaError);
    expect((error as FastaError).reason).toMatch(/truncated gzip/);
    expect((error as FastaError).line).toBeGreaterThan(1);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.length).toBeLessThan(570);
  });

  it('reports a gzip stream with a corrupt body', async () => {
    const good = gzipSync('>A\n' + 'ACGT'.repeat(5000) + '\n');
    const bad = Buffer.from(good);
    for (let i = 20; i < bad.length - 8; i += 7) bad[i] = bad[i]! ^ 0xff;
    const err = await failure(write('corrupt.fa.gz', bad));
    expect(err).toBeInstanceOf(FastaError);
  });
});

describe('parseFastaText (user submissions)', () => {
  it('takes bare sequence text as one sequence', () => {
    const records = parseFastaText('  acgt ACGT\n\nNNNN  \n');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ accession: 'query', sequence: 'acgtACGTNNNN' });
  });

  it('takes several FASTA records and keeps empty ones for the caller to refuse', () => {
    const records = parseFastaText('>s1 first\nACGT\nAAAA\n>s2\n>\nGG12\n');
    expect(records.map((r) => [r.accession, r.sequence])).toEqual([
      ['s1', 'ACGTAAAA'],
      ['s2', ''],
      ['query_3', 'GG12'],
    ]);
    expect(records[0]!.description).toBe('first');
  });

  it('keeps bare text before the first header as its own sequence', () => {
    const records = parseFastaText('ACGT\n>query\nGGGG');
    expect(records.map((r) => [r.accession, r.sequence])).toEqual([
      ['query_2', 'ACGT'],
      ['query', 'GGGG'],
    ]);
  });

  it('returns nothing for blank text', () => {
    expect(parseFastaText(' \n\n')).toEqual([]);
  });
});

describe('forEachFastaRecord (reference files read as bytes)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mdc-fasta-bytes-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };
  /** Header, residues as text and line of each record; residues are copied, since the scratch buffer is reused. */
  const viaBytes = (file: string) => {
    const out: [string, string, number][] = [];
    forEachFastaRecord(readFastaBytes(file), file, (header, residues, line) => out.push([header, Buffer.from(residues).toString('latin1'), line]));
    return out;
  };
  const viaStream = async (file: string) => (await readFastaFile(file)).map((r): [string, string, number] => [r.header, r.sequence, r.line]);
  const failures = async (file: string) => {
    const stream = await readFastaFile(file).then(() => undefined, (e: unknown) => e);
    let bytes: unknown;
    try {
      viaBytes(file);
    } catch (e) {
      bytes = e;
    }
    return { stream, bytes };
  };

  it('gives the records the stream reader gives: multi-line, CRLF, no final newline, gzip', async () => {
    for (const file of [
      write('ok.fa', '>A one\r\nACGT\r\nacgn\r\n\r\n>B two |taxonomy=K;P;C;O;F;G;G s\nTTTT'),
      write('ok.fa.gz', gzipSync('>A\nAC GT\n>B  \nGG\n')),
    ]) {
      const bytes = viaBytes(file);
      expect(bytes.length).toBe(2);
      expect(bytes).toEqual(await viaStream(file));
    }
  });

  it('gives each header as where it stands in the bytes, white space at both ends left out', () => {
    const text = '> A one \t\r\nACGT\r\n>B two |taxonomy=K;P;C;O;F;G;G s\nTT\nTT\n>  \u00e9t\u00e9 x\nGG';
    const bytes = Buffer.from(text, 'utf8');
    const spans: [string, string, number][] = [];
    forEachFastaSpan(bytes, 'spans.fa', (from, to, residues, line) => spans.push([bytes.toString('utf8', from, to), Buffer.from(residues).toString('latin1'), line]));
    expect(spans).toEqual([
      ['A one', 'ACGT', 1],
      ['B two |taxonomy=K;P;C;O;F;G;G s', 'TTTT', 3],
      ['\u00e9t\u00e9 x', 'GG', 6],
    ]);
    const records: [string, string, number][] = [];
    forEachFastaRecord(bytes, 'spans.fa', (header, residues, line) => records.push([header, Buffer.from(residues).toString('latin1'), line]));
    expect(records).toEqual(spans);
    // A record longer than the reader's first buffer (64 KiB), over many lines, between short ones.
    const long = Array.from({ length: 1500 }, (_, i) => 'ACGTTGCA'.repeat(8).slice(i % 8) + 'ACGTTGCA'.slice(0, i % 8)).join('\n');
    const around = Buffer.from(`>short1\nAC\n>long\n${long}\n>short2\nGT\n`, 'latin1');
    const read: [string, string][] = [];
    forEachFastaSpan(around, 'long.fa', (from, to, residues) => read.push([around.toString('latin1', from, to), Buffer.from(residues).toString('latin1')]));
    expect(read.map(([header, residues]) => [header, residues.length])).toEqual([['short1', 2], ['long', 1500 * 64], ['short2', 2]]);
    expect(read[1]![1]).toBe(long.replace(/\n/g, ''));
    // A header of white space alone, ASCII or not, names no record.
    expect(() => forEachFastaSpan(Buffer.from('> \t\nACGT', 'utf8'), 'blank.fa', () => undefined)).toThrow(/header without an accession/);
    expect(() => forEachFastaSpan(Buffer.from('>\u00a0\u3000\nACGT', 'utf8'), 'blank.fa', () => undefined)).toThrow(/header without an accession/);
  });

  it.runIf(haveData)('reads a real ITS reference set record for record as the stream reader does', async () => {
    const file = path.join(rrna!, 'its', 'ITS2_queries_dev.fasta.gz');
    const bytes = viaBytes(file);
    expect(bytes.length).toBe(439);
    expect(bytes).toEqual(await viaStream(file));
  });

  it('refuses broken input with the stream reader’s reason and line', async () => {
    const cases = {
      'noheader.fa': '\nACGT\n>A\nACGT\n',
      'empty-mid.fa': '>A\nACGT\n>B\n>C\nGG\n',
      'digits.fa': '>A\nACGT\nAC1GT\n',
      'nothing.fa': '\n\n',
      'corrupt.fa.gz': gzipSync('>A\nACGT\n').subarray(0, 12),
    };
    for (const [name, content] of Object.entries(cases)) {
      const { stream, bytes } = await failures(write(name, content));
      expect(bytes, name).toBeInstanceOf(FastaError);
      expect((bytes as FastaError).reason.split(' (')[0], name).toBe((stream as FastaError).reason.split(' (')[0]);
      if (!name.endsWith('.gz')) expect((bytes as FastaError).line, name).toBe((stream as FastaError).line);
    }
    expect(() => readFastaBytes(path.join(dir, 'absent.fa'))).toThrow(FastaError);
  });
});
