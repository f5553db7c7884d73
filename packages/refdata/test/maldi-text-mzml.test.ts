import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { findRefdataDir } from '@mdc/refdata/datadir';
import {
  detectUploadFormat,
  formatMzml,
  formatSpectrumText,
  parseMzml,
  parseSpectrumText,
  parseSpectrumUpload,
  readFlexFolder,
  SpectrumFileError,
  type MaldiSpectrum,
} from '@mdc/refdata/maldi';

const dataDir = findRefdataDir();
const maldi = dataDir ? path.join(dataDir, 'maldi') : '';

function refusal(fn: () => unknown): SpectrumFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SpectrumFileError) return err;
    throw err;
  }
  throw new Error('accepted');
}

async function refusalAsync(p: Promise<unknown>): Promise<SpectrumFileError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SpectrumFileError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('text spectra', () => {
  it('reads space, tab, comma and semicolon (decimal comma) separated pairs, with or without a header', () => {
    const variants = [
      '2000.5 10\n2001.5 12\n2002.5 9\n',
      'mz\tintensity\n2000.5\t10\n2001.5\t12\n2002.5\t9\n',
      '"mz","intensity"\r\n2000.5,10\r\n2001.5,12\r\n2002.5,9\r\n',
      'm/z;Intensity\n2000,5;10\n2001,5;12\n2002,5;9\n',
      '# exported by hand\n\n  2000.5   1.0e1 \n2001.5 12\n2002.5 9',
    ];
    for (const text of variants) {
      const s = parseSpectrumText(text, 'x.txt');
      expect([...s.mz], text).toEqual([2000.5, 2001.5, 2002.5]);
      expect([...s.intensity], text).toEqual([10, 12, 9]);
      expect(s.format).toBe('text');
    }
  });

  it('takes the named columns when a header names them, ignores further columns otherwise', () => {
    const named = parseSpectrumText('intensity,snr,mz\n10,3,4000\n20,4,5000\n', 'x.csv');
    expect([...named.mz]).toEqual([4000, 5000]);
    expect([...named.intensity]).toEqual([10, 20]);
    const extra = parseSpectrumText('4000,10,1,2\n5000,20,3,4\n', 'x.csv');
    expect([...extra.intensity]).toEqual([10, 20]);
  });

  it('tells a peak list from a raw profile and says which', () => {
    const list = parseSpectrumText(Array.from({ length: 50 }, (_, i) => `${4000 + i * 150} ${i + 1}`).join('\n'), 'peaks.txt');
    expect(list.kind).toBe('peaks');
    expect(list.notes[0]!.en).toMatch(/^Read as a peak list \(50 peaks/);
    const profile = parseSpectrumText(Array.from({ length: 5000 }, (_, i) => `${2000 + i * 0.8} ${i % 7}`).join('\n'), 'raw.txt');
    expect(profile.kind).toBe('profile');
    expect(profile.notes[0]!.zh).toMatch(/^识别为原始谱图（5000 个数据点/);
    expect(parseSpectrumText('4000 1\n5000 2\n', 'x.txt', { kind: 'profile' }).kind).toBe('profile');
  });

  it('sets negative intensities to zero and notes it', () => {
    const s = parseSpectrumText('4000 -1\n5000 2\n', 'x.txt');
    expect([...s.intensity]).toEqual([0, 2]);
    expect(s.notes.some((n) => n.en === '1 negative intensities were set to 0.')).toBe(true);
  });

  it('refuses NaN, text, negative or unsorted m/z, empty files and binary data, naming file and line', () => {
    const cases: Array<[string, string, number | undefined]> = [
      ['4000 1\n5000 NaN\n', 'number', 2],
      ['4000 1\n5000 abc\n', 'number', 2],
      ['4000 1\nInfinity 2\n', 'number', 2],
      ['4000 1\n5000\n', 'number', 2],
      ['mz intensity\n4000 1\nmz intensity\n', 'number', 3],
      ['-4000 1\n5000 2\n', 'negative-mz', 1],
      ['0 1\n5000 2\n', 'negative-mz', 1],
      ['4000 1\n6000 2\n5000 2\n', 'unsorted-mz', 3],
      ['4000 1\n4000 2\n', 'unsorted-mz', 2],
      ['', 'empty', undefined],
      ['mz,intensity\n', 'empty', undefined],
      ['# nothing\n\n', 'empty', undefined],
      ['4000 0\n5000 0\n', 'empty', undefined],
      ['4000 1\n\u0000\u0001', 'unrecognised', undefined],
    ];
    for (const [text, problem, line] of cases) {
      const e = refusal(() => parseSpectrumText(text, 'spot.txt'));
      expect(e.problem, JSON.stringify(text)).toBe(problem);
      expect(e.line, JSON.stringify(text)).toBe(line);
      expect(e.text.en).toMatch(line ? new RegExp(`^spot\\.txt, line ${line}: `) : /^spot\.txt: /);
      expect(e.text.zh).toMatch(line ? new RegExp(`^spot\\.txt 第 ${line} 行：`) : /^spot\.txt：/);
    }
  });

  it('round-trips through the text writer', () => {
    const s = parseSpectrumText(formatSpectrumText({ mz: [4000.125, 5000.5], intensity: [1.5, 2] }, ','), 'x.csv');
    expect([...s.mz]).toEqual([4000.125, 5000.5]);
  });
});

describe('mzML', () => {
  const spectrum = { mz: Float64Array.from([2000.123456789, 2001.5, 2003.25, 2005]), intensity: Float64Array.from([10, 200.5, 3000, 7]) };

  it('reads what it writes: 32 and 64 bit, zlib or not, plain or indexed', () => {
    for (const precision of [32, 64] as const) {
      for (const zlib of [true, false]) {
        for (const indexed of [true, false]) {
          const [s] = parseMzml(formatMzml(spectrum, { precision, zlib, indexed }), 'x.mzML');
          const expected = precision === 64 ? [...spectrum.mz] : [...Float32Array.from(spectrum.mz)];
          expect([...s!.mz], `${precision} ${zlib} ${indexed}`).toEqual(expected);
          expect([...s!.intensity]).toEqual(precision === 64 ? [...spectrum.intensity] : [...Float32Array.from(spectrum.intensity)]);
          expect(s!.format).toBe('mzml');
          expect(s!.kind).toBe('profile'); // declared by the cvParam, not guessed
        }
      }
    }
  });

  it('honours a centroid declaration and resolves referenceable parameter groups', () => {
    const centroid = parseMzml(formatMzml(spectrum, { kind: 'peaks' }), 'x.mzML')[0]!;
    expect(centroid.kind).toBe('peaks');
    // Array types declared once in a referenceableParamGroup, as some converters write them.
    const base = formatMzml(spectrum, { zlib: false });
    const grouped = base
      .replace('<run ', '<referenceableParamGroupList count="1"><referenceableParamGroup id="mz64"><cvParam cvRef="MS" accession="MS:1000523" name="64-bit float"/><cvParam cvRef="MS" accession="MS:1000576" name="no compression"/></referenceableParamGroup></referenceableParamGroupList>\n<run ')
      .replaceAll('<cvParam cvRef="MS" accession="MS:1000523" name="64-bit float"/>\n<cvParam cvRef="MS" accession="MS:1000576" name="no compression"/>', '<referenceableParamGroupRef ref="mz64"/>');
    expect(grouped).toContain('referenceableParamGroupRef');
    expect([...parseMzml(grouped, 'g.mzML')[0]!.mz]).toEqual([...spectrum.mz]);
  });

  it('refuses broken files with a message naming the file', () => {
    const good = formatMzml(spectrum, { zlib: false });
    const mzBase64 = /<binary>([^<]+)<\/binary>/.exec(good)![1]!;
    const cases: Array<[string, string]> = [
      ['<mzML><run><spectrumList></spectrumList></run></mzML>', 'no-spectra'],
      ['<?xml version="1.0"?><mzML><run>', 'mzml'], // truncated XML
      ['<?xml version="1.0"?><mzXML></mzXML>', 'unrecognised'],
      [good.replace(mzBase64, '@@not base64@@'), 'mzml'],
      [good.replace(mzBase64, mzBase64.slice(0, 12)), 'mzml'], // fewer values than declared
      [good.replace('defaultArrayLength="4"', 'defaultArrayLength="5"'), 'mzml'],
      [good.replace(/<binaryDataArray [\s\S]*?<\/binaryDataArray>/, ''), 'mzml'], // no m/z array
      [good.replace('MS:1000576', 'MS:1002312'), 'unsupported'], // MS-Numpress
      [good.replace(/accession="MS:1000523" name="64-bit float"\/>/g, 'accession="MS:1000000" name="?"/>'), 'mzml'],
      [formatMzml({ mz: [3000, 2000], intensity: [1, 2] }), 'unsorted-mz'],
      [formatMzml({ mz: [2000, NaN], intensity: [1, 2] }), 'number'],
    ];
    for (const [xml, problem] of cases) {
      const e = refusal(() => parseMzml(xml, 'spot.mzML'));
      expect(e.problem, xml.slice(0, 200)).toBe(problem);
      expect(e.text.en.startsWith('spot.mzML')).toBe(true);
    }
  });

  it('stops a zlib bomb at the declared array length', () => {
    // 4 values declared, 64 MB of zeros inflated: refused without inflating it all.
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024)).toString('base64');
    const xml = formatMzml(spectrum).replace(/<binary>[^<]+<\/binary>/, `<binary>${bomb}</binary>`);
    const started = performance.now();
    expect(refusal(() => parseMzml(xml, 'bomb.mzML')).problem).toBe('mzml');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a file over the size limit before parsing it', () => {
    const e = refusal(() => parseMzml(formatMzml(spectrum), 'big.mzML', { ...defaultLimits(), mzmlFile: 100 }));
    expect(e.problem).toBe('too-large');
  });
});

function defaultLimits() {
  return { spectrumFile: 300 * 1024, textFile: 8 << 20, mzmlFile: 32 << 20, fidFile: 8 << 20, acquFile: 1 << 20, zipFile: 256 << 20, zipUnpacked: 768 << 20, zipEntries: 100000, zipRatio: 200, zipSpectra: 1536, points: 2_000_000, zipPoints: 24_000_000 };
}

describe('uploads', () => {
  it('tells formats from the bytes', () => {
    expect(detectUploadFormat(Buffer.from('PK\u0003\u0004rest'), 'a.bin')).toBe('zip');
    expect(detectUploadFormat(Buffer.from('\uFEFF <?xml version="1.0"?>\n<indexedmzML>'), 'a')).toBe('mzml');
    expect(detectUploadFormat(Buffer.from('<?xml version="1.0"?><mzXML>'), 'a.mzXML')).toBe('mzxml');
    expect(detectUploadFormat(Buffer.from('<?xml version="1.0"?><mzData>'), 'a.xml')).toBe('unknown');
    expect(detectUploadFormat(Buffer.from('4000 1\n'), 'a.spectrum')).toBe('text');
    expect(detectUploadFormat(Buffer.from([1, 0, 0, 0]), 'fid')).toBe('flex-fid');
  });

  it('holds .spectrum files to 300 KB, other text to what real files need', async () => {
    const line = '12345.678901 123456.789\n';
    const big = Buffer.from(line.repeat(Math.ceil((310 * 1024) / line.length)).replace(/^/, ''));
    // Strictly increasing m/z is not the point here: the size check comes first.
    const refused = await refusalAsync(parseSpectrumUpload(big, 'spot.spectrum'));
    expect(refused.problem).toBe('too-large');
    // The limit once, in its unit, and the formats that carry a whole spectrum.
    expect(refused.text.en).toMatch(/above its limit of 300 KB\. A whole raw spectrum fits as \.txt, \.csv or \.tsv text \(up to 8 MB\) or as mzML/);
    expect(refused.text.zh).toMatch(/超过上限 300 KB。.*\.txt、\.csv 或 \.tsv.*mzML/);
    expect(refused.text.en).not.toMatch(/KB MB/);
    const rows = Array.from({ length: 30000 }, (_, i) => `${2000 + i * 0.6} ${i % 50}`).join('\n');
    expect(Buffer.byteLength(rows)).toBeGreaterThan(300 * 1024);
    const [s] = await parseSpectrumUpload(Buffer.from(rows), 'spot.txt');
    expect(s!.mz.length).toBe(30000);
  });

  it('refuses a lone fid, an mzXML without scans, an empty upload and binary junk', async () => {
    expect((await refusalAsync(parseSpectrumUpload(Buffer.from([1, 0, 0, 0]), 'fid'))).problem).toBe('unsupported');
    expect((await refusalAsync(parseSpectrumUpload(Buffer.from('<?xml version="1.0"?><mzXML/>'), 'a.mzXML'))).problem).toBe('no-spectra');
    expect((await refusalAsync(parseSpectrumUpload(Buffer.alloc(0), 'a.txt'))).problem).toBe('empty');
    expect((await refusalAsync(parseSpectrumUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), 'a.png'))).problem).toBe('unrecognised');
  });
});

describe.skipIf(!dataDir)('shared text spectra', () => {
  it('reads an RKI Citrobacter raw spectrum (33,000 points) as a profile', () => {
    const file = path.join(maldi, 'msclassifr_citrobacter_rki/csv/01_LMTG73E12_0.E12.csv');
    const s = parseSpectrumText(readFileSync(file), file);
    expect(s.mz.length).toBe(33000);
    expect(s.kind).toBe('profile');
    expect(s.mz[0]).toBeCloseTo(1786.91146354392, 8);
  });

  it('reads a Yang 2018 consensus list (two columns) and a mixture list (four) as peak lists', () => {
    const ref = parseSpectrumText(readFileSync(path.join(maldi, 'bacid_yang2018/reference_peaklists/Ec_Escherichia_coli.csv')), 'Ec.csv');
    expect(ref.kind).toBe('peaks');
    expect(ref.mz.length).toBe(51);
    expect(ref.mz[0]).toBe(4025.85);
    const mix = parseSpectrumText(readFileSync(path.join(maldi, 'bacid_yang2018/mixture_peaklists/mix_077.csv')), 'mix.csv');
    expect(mix.kind).toBe('peaks');
    expect(mix.mz.length).toBe(57);
    expect(mix.intensity[1]).toBe(100);
  });

  it('a flex spectrum written as mzML and as text reads back the same', async () => {
    const flex: MaldiSpectrum = await readFlexFolder(path.join(maldi, 'maldiquantexamples_species/species2/0_E11/1/1SLin'));
    const [viaMzml] = parseMzml(formatMzml(flex, { precision: 64, zlib: true, indexed: true }), 'x.mzML');
    expect([...viaMzml!.mz]).toEqual([...flex.mz]);
    expect([...viaMzml!.intensity]).toEqual([...flex.intensity]);
    const viaText = parseSpectrumText(formatSpectrumText(flex), 'x.txt');
    expect(viaText.kind).toBe('profile');
    expect([...viaText.mz]).toEqual([...flex.mz]);
  });
});
