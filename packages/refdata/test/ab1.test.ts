import { describe, expect, it } from 'vitest';
import { Ab1FileError, isAb1, readAb1, writeAb1, type Ab1Tag } from '@mdc/refdata/ab1';
import { qualityTrim } from '@mdc/core/identify/rrna';

const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const chars = (name: string, number: number, data: Uint8Array): Ab1Tag => ({ name, number, type: 2, elementSize: 1, data });
const pstring = (s: string): Uint8Array => Uint8Array.from([s.length, ...text(s)]);

const bases = 'NNACGTTGCAAGTCGAACGG' + 'ACGT'.repeat(50) + 'TTNAN';
const qualities = Uint8Array.from(bases, (_, i) => (i < 12 ? 5 + i : i > bases.length - 20 ? 8 : 45));

/** A trace as a sequencer writes it: analysed data, peak locations, calls and qualities (called and edited), sample name. */
function trace(extra: Ab1Tag[] = [], without: string[] = []): Uint8Array {
  const tags: Ab1Tag[] = [
    { name: 'DATA', number: 9, type: 4, elementSize: 2, data: new Uint8Array(400) },
    { name: 'PLOC', number: 2, type: 4, elementSize: 2, data: new Uint8Array(bases.length * 2) },
    chars('PBAS', 2, text(bases)),
    chars('PCON', 2, qualities),
    { name: 'SMPL', number: 1, type: 18, elementSize: 1, data: pstring('isolate-17_27F') },
    { name: 'FWO_', number: 1, type: 2, elementSize: 1, data: text('GATC') },
    ...extra,
  ];
  return writeAb1(tags.filter((t) => !without.includes(`${t.name}${t.number}`)));
}

function refusal(bytes: Uint8Array, file = 'isolate-17.ab1'): Ab1FileError {
  try {
    readAb1(bytes, file);
  } catch (error) {
    if (error instanceof Ab1FileError) return error;
    throw error;
  }
  throw new Error('read without complaint');
}

describe('readAb1: valid chromatograms', () => {
  it('reads the base calls, their quality values and the sample name', () => {
    const read = readAb1(trace(), 'isolate-17.ab1');
    expect(read).toMatchObject({ bases, baseTag: 'PBAS 2', qualityTag: 'PCON 2', sampleName: 'isolate-17_27F' });
    expect(Array.from(read.qualities!)).toEqual(Array.from(qualities));
    expect(isAb1(trace())).toBe(true);
    expect(isAb1(text('>seq\nACGT'))).toBe(false);
  });

  it('prefers the edited calls (PBAS 1) with their own qualities', () => {
    const edited = bases.replace(/^NN/, 'GG');
    const read = readAb1(trace([chars('PBAS', 1, text(edited)), chars('PCON', 1, new Uint8Array(edited.length).fill(30))]), 'x.ab1');
    expect(read.bases).toBe(edited);
    expect(read.qualityTag).toBe('PCON 1');
    expect(read.qualities![0]).toBe(30);
  });

  it('reads a directory that was allocated larger than its entries (as 3730-class instruments write it)', () => {
    const copy = trace().slice();
    const v = new DataView(copy.buffer);
    v.setInt32(22, 4032);
    expect(readAb1(copy, 'allocated.ab1').bases).toBe(bases);
  });

  it('reads a trace without quality values (nothing to trim by), and tiny tags stored in the entry itself', () => {
    const read = readAb1(trace([chars('TINY', 1, text('ab'))], ['PCON2']), 'noqual.ab1');
    expect(read.qualities).toBeNull();
    expect(read.qualityTag).toBeNull();
  });
});

describe('readAb1: broken and hostile files, each named in both languages', () => {
  const good = trace();
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directoryAt = view(good).getInt32(26);
  /** A copy with one directory entry's field changed. */
  const patched = (name: string, field: 'type' | 'elementSize' | 'count' | 'size' | 'offset', value: number) => {
    const copy = good.slice();
    const v = view(copy);
    const count = v.getInt32(18);
    for (let i = 0; i < count; i++) {
      const pos = directoryAt + i * 28;
      if (String.fromCharCode(...copy.subarray(pos, pos + 4)) + v.getInt32(pos + 4) !== name) continue;
      if (field === 'type') v.setInt16(pos + 8, value);
      else if (field === 'elementSize') v.setInt16(pos + 10, value);
      else if (field === 'count') v.setInt32(pos + 12, value);
      else if (field === 'size') v.setInt32(pos + 16, value);
      else v.setInt32(pos + 20, value);
    }
    return copy;
  };

  const cases: [string, Uint8Array, string, RegExp][] = [
    ['empty', new Uint8Array(0), 'empty', /empty/],
    ['FASTA text', text('>seq1\nACGTACGT\n'), 'not-abif', /not an ABIF/],
    ['a PNG', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(100)]), 'not-abif', /not an ABIF/],
    ['cut inside the header', good.subarray(0, 20), 'truncated', /header/],
    ['cut before its directory', good.subarray(0, directoryAt + 10), 'truncated', /truncated/],
    ['cut inside the base calls', (() => { const c = good.slice(); view(c).setInt32(26, 200); return c.subarray(0, 300); })(), 'truncated', /truncated|outside/],
    ['a directory far beyond the file', (() => { const c = good.slice(); view(c).setInt32(26, 0x7ffffff0); return c; })(), 'offset', /outside the file/],
    ['a negative directory offset', (() => { const c = good.slice(); view(c).setInt32(26, -64); return c; })(), 'offset', /outside the file/],
    ['a billion directory entries', (() => { const c = good.slice(); view(c).setInt32(18, 1_000_000_000); return c; })(), 'directory', /directory is malformed/],
    ['a directory allocation too small for its entries', (() => { const c = good.slice(); view(c).setInt32(22, view(c).getInt32(18) * 28 - 28); return c; })(), 'directory', /directory is malformed/],
    ['entries beyond the file though the count fits the allocation', (() => { const c = good.slice(); view(c).setInt32(18, 4000); view(c).setInt32(22, 4000 * 28); return c; })(), 'truncated', /directory lies outside the file/],
    ['base calls pointing past the end', patched('PBAS2', 'offset', 1 << 30), 'offset', /PBAS 2 lies outside the file/],
    ['base calls at a negative offset', patched('PBAS2', 'offset', -5000), 'offset', /outside the file/],
    ['a size that does not match its count', patched('PBAS2', 'count', 3), 'directory', /inconsistent/],
    ['base calls stored as 16-bit numbers', patched('PBAS2', 'type', 4), 'tag-type', /element type 4/],
    ['quality values stored as 16-bit numbers', patched('PCON2', 'elementSize', 2), 'tag-type', /PCON 2 is stored as element type 2 \(size 2\)/],
    ['no base calls', trace([], ['PBAS2']), 'no-bases', /no base calls/],
    ['base calls that are not nucleotides', trace([chars('PBAS', 1, text('ACGT<script>'.padEnd(bases.length, 'A'))), chars('PCON', 1, qualities)]), 'bases', /no nucleotide code at base 5/],
    ['fewer qualities than bases', trace([chars('PBAS', 1, text(bases)), chars('PCON', 1, qualities.subarray(0, 10))]), 'qualities', /10 quality values/],
    ['quality values that are no Phred scores', trace([chars('PBAS', 1, text(bases)), chars('PCON', 1, new Uint8Array(bases.length).fill(250))]), 'qualities', /not a Phred score/],
  ];

  it.each(cases)('refuses %s', (_, bytes, problem, en) => {
    const error = refusal(bytes);
    expect(error.problem).toBe(problem);
    expect(error.text.en).toMatch(/^isolate-17\.ab1: /);
    expect(error.text.en).toMatch(en);
    expect(error.text.zh).toMatch(/^isolate-17\.ab1：/);
    expect(error.text.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('never throws anything but its own error on random damage', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let n = 0; n < 300; n++) {
      const copy = good.slice();
      for (let k = 0; k < 8; k++) copy[6 + Math.floor(random() * (copy.length - 6))] = Math.floor(random() * 256);
      try {
        readAb1(copy, 'damaged.ab1');
      } catch (error) {
        expect(error).toBeInstanceOf(Ab1FileError);
      }
    }
  });
});

describe('qualityTrim (Mott)', () => {
  it('cuts the poor start and the fading end and keeps a poor base inside good sequence', () => {
    const q = [...new Array(15).fill(6), ...new Array(200).fill(40), 8, ...new Array(200).fill(40), ...new Array(30).fill(7)];
    const trim = qualityTrim(q);
    expect(trim).toMatchObject({ start: 15, end: 416, trimmedStart: 15, trimmedEnd: 30, errorLimit: 0.05 });
    expect(trim.meanQuality).toBeGreaterThan(39);
  });

  it('follows the error limit: a stricter limit cuts more', () => {
    const q = [...new Array(20).fill(15), ...new Array(100).fill(40), ...new Array(20).fill(15)];
    expect(qualityTrim(q, 0.05)).toMatchObject({ start: 0, end: 140 });
    expect(qualityTrim(q, 0.01)).toMatchObject({ start: 20, end: 120 });
  });

  it('keeps nothing of a read that is poor throughout', () => {
    expect(qualityTrim(new Array(100).fill(5))).toMatchObject({ start: 0, end: 0, meanQuality: 0 });
  });
});
