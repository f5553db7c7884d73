import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { DEFAULT_LIMITS, formatMzml, parseSpectrumUpload, SpectrumFileError } from '@mdc/refdata/maldi';
import { makeZip, withAcqu } from './maldi-support';

const dataDir = findRefdataDir();
const examples = dataDir ? path.join(dataDir, 'maldi/maldiquantexamples_species') : '';

async function refusal(p: Promise<unknown>): Promise<SpectrumFileError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SpectrumFileError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe.skipIf(!dataDir)('zips of flex folders', () => {
  const spot = (dir: string) => ({
    fid: readFileSync(path.join(examples, dir, 'fid')),
    acqu: readFileSync(path.join(examples, dir, 'acqu')),
  });
  const a = spot('species1/0_F10/1/1SLin');
  const b = spot('species2/0_E11/2/1SLin');

  it('reads one spot zipped as its folder', async () => {
    const zip = makeZip([
      { name: '0_F10/1/1SLin/fid', data: a.fid },
      { name: '0_F10/1/1SLin/acqu', data: a.acqu },
      { name: '0_F10/1/1SLin/pdata/1/proc', data: Buffer.from('processing parameters') },
    ]);
    const spectra = await parseSpectrumUpload(zip, 'spot.zip');
    expect(spectra.length).toBe(1);
    expect(spectra[0]!.file).toBe('spot.zip:0_F10/1/1SLin');
    expect(spectra[0]!.spot).toBe('F10');
    expect(spectra[0]!.mz.length).toBe(20882);
  });

  it('reads a plate in natural spot order, stored or deflated, skipping macOS resource forks', async () => {
    const entries = [];
    for (const [i, s] of ['0_A10', '0_A2', '0_A1'].entries()) {
      const src = i === 1 ? b : a;
      entries.push({ name: `plate/${s}/1/1SLin/fid`, data: src.fid, store: i === 0 });
      entries.push({ name: `plate/${s}/1/1SLin/acqu`, data: withAcquSpot(src.acqu, s.slice(2)) });
      entries.push({ name: `__MACOSX/plate/${s}/1/1SLin/._fid`, data: Buffer.from('junk') });
    }
    entries.push({ name: 'plate/extra/spot.mzML', data: Buffer.from(formatMzml({ mz: [4000, 5000], intensity: [1, 2] }, { kind: 'peaks' })) });
    const spectra = await parseSpectrumUpload(makeZip(entries), 'plate.zip');
    expect(spectra.map((s) => s.spot ?? s.file)).toEqual(['A1', 'A2', 'A10', 'plate.zip:plate/extra/spot.mzML']);
    expect(spectra[1]!.intensity[500]).toBe(Math.max(0, b.fid.readInt32LE(2000)));
  });

  it('refuses a fid without acqu, a broken spot, and a zip without spectra', async () => {
    const noAcqu = makeZip([{ name: 'x/1SLin/fid', data: a.fid }]);
    expect(await refusal(parseSpectrumUpload(noAcqu, 'p.zip'))).toMatchObject({ problem: 'acqu', file: 'p.zip:x/1SLin' });
    const truncated = makeZip([
      { name: 'x/1SLin/fid', data: a.fid.subarray(0, 1000) },
      { name: 'x/1SLin/acqu', data: a.acqu },
    ]);
    expect(await refusal(parseSpectrumUpload(truncated, 'p.zip'))).toMatchObject({ problem: 'truncated-fid', file: 'p.zip:x/1SLin' });
    const none = makeZip([{ name: 'readme.md', data: Buffer.from('hello') }]);
    const e = await refusal(parseSpectrumUpload(none, 'p.zip'));
    expect(e.problem).toBe('no-spectra');
    expect(e.text.zh).toMatch(/^p\.zip：zip 中没有谱图/);
  });

  it('refuses a damaged zip: cut short, or with corrupt data', async () => {
    const good = makeZip([
      { name: 'x/1SLin/fid', data: a.fid },
      { name: 'x/1SLin/acqu', data: a.acqu },
    ]);
    const cut = await refusal(parseSpectrumUpload(good.subarray(0, good.length - 30), 'cut.zip'));
    expect(cut.problem).toBe('zip');
    // One language per message (issue 16): the zip library's English reason stays out of the Chinese one.
    expect(cut.text.zh).not.toMatch(/[A-Za-z]{4,}/);
    expect(cut.text.zh).toMatch(/无法读取 zip 文件/);
    expect(cut.text.en).toMatch(/cannot be read/);
    const corrupt = Buffer.from(good);
    for (let i = 200; i < 5000; i += 7) corrupt[i] = corrupt[i]! ^ 0x5a;
    expect(['zip', 'fid-size', 'truncated-fid']).toContain((await refusal(parseSpectrumUpload(corrupt, 'bad.zip'))).problem);
    expect((await refusal(parseSpectrumUpload(Buffer.from('PK\u0003\u0004 not really a zip'), 'fake.zip'))).problem).toBe('zip');
  });
});

function withAcquSpot(acqu: Buffer, spotName: string): Buffer {
  return Buffer.from(withAcqu(acqu.toString('latin1'), 'SPOTNO', `<${spotName}>`), 'latin1');
}

describe('hostile zips', () => {
  it('refuses an entry that declares more than the fid limit before unpacking it', async () => {
    const zip = makeZip([
      { name: 'x/fid', data: Buffer.alloc(100), declaredSize: DEFAULT_LIMITS.fidFile + 1 },
      { name: 'x/acqu', data: Buffer.from('##$TD= 1\n') },
    ]);
    expect(await refusal(parseSpectrumUpload(zip, 'big.zip'))).toMatchObject({ problem: 'too-large', file: 'big.zip:x/fid' });
  });

  it('refuses a zip bomb by its compression ratio', async () => {
    const zip = makeZip([
      { name: 'x/fid', data: Buffer.alloc(6 * 1024 * 1024) },
      { name: 'x/acqu', data: Buffer.from('##$TD= 1\n') },
    ]);
    expect(zip.length).toBeLessThan(40 * 1024);
    expect((await refusal(parseSpectrumUpload(zip, 'bomb.zip'))).problem).toBe('zip-bomb');
  });

  it('stops an entry that inflates to more than it declares', async () => {
    // Declares 1 KB, holds 5 MB of zeros: the reader must stop at the declared size.
    const zip = makeZip([
      { name: 'x/fid', data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 1024 },
      { name: 'x/acqu', data: Buffer.from('##$TD= 256\n') },
    ]);
    const e = await refusal(parseSpectrumUpload(zip, 'liar.zip'));
    expect(e.problem).toBe('zip');
    expect(e.text.en).toMatch(/too many bytes|cannot be unpacked/);
  });

  it('refuses too many entries and too much in total', async () => {
    const many = makeZip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('4000 1\n') })));
    expect((await refusal(parseSpectrumUpload(many, 'many.zip', { ...DEFAULT_LIMITS, zipEntries: 10 }))).problem).toBe('zip-bomb');
    const total = makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `s${i}.txt`, data: Buffer.from(`${4000 + i} 1\n`.repeat(100)) })));
    expect((await refusal(parseSpectrumUpload(total, 'total.zip', { ...DEFAULT_LIMITS, zipUnpacked: 1500 }))).problem).toBe('zip-bomb');
    expect((await refusal(parseSpectrumUpload(total, 'big.zip', { ...DEFAULT_LIMITS, zipFile: 100 }))).problem).toBe('too-large');
  });

  it('budgets a plate by its data points (spots × points), counted before unpacking: 96 compressible spots of 400,000 points are refused', async () => {
    // Issue 17 R4: a small zip (each fid ~100:1, under the bomb ratio) of 96 spots passed every size
    // check and held gigabytes once read. 96 × 400,000 points = 38.4 million > the 24 million budget.
    const points = 400_000;
    const fid = Buffer.alloc(points * 4);
    for (let i = 0; i < points; i++) fid.writeInt32LE(1000 + ((i >> 6) % 50), i * 4);
    const realAcqu = readFileSync(path.join(examples, 'species1/0_F10/1/1SLin/acqu'));
    const acqu = Buffer.from(realAcqu.toString('latin1').replace(/##\$TD= \d+/, `##$TD= ${points}`), 'latin1');
    const entries = [];
    for (let i = 0; i < 96; i++) {
      const well = `0_${String.fromCharCode(65 + Math.floor(i / 12))}${(i % 12) + 1}/1/1SLin`;
      entries.push({ name: `${well}/fid`, data: fid }, { name: `${well}/acqu`, data: acqu });
    }
    const zip = makeZip(entries);
    expect(zip.length).toBeLessThan(DEFAULT_LIMITS.zipFile);
    const e = await refusal(parseSpectrumUpload(zip, 'plate.zip'));
    expect(e.problem).toBe('too-large');
    expect(e.file).toBe('plate.zip');
    expect(e.text.en).toMatch(/more than 24,000,000 data points together \(spots × points a spot/);
    expect(e.text.zh).toMatch(/数据点/);
    // A real 96-spot plate of linear spectra (20,882 points a spot) is far inside the budget.
    const realFid = readFileSync(path.join(examples, 'species1/0_F10/1/1SLin/fid'));
    const plate = [];
    for (let i = 0; i < 96; i++) plate.push({ name: `0_X${i + 1}/1/1SLin/fid`, data: realFid }, { name: `0_X${i + 1}/1/1SLin/acqu`, data: realAcqu });
    expect((await parseSpectrumUpload(makeZip(plate), 'real.zip')).length).toBe(96);
  });

  it('does not open a zip inside a zip', async () => {
    const inner = makeZip([{ name: 'a.txt', data: Buffer.from('4000 1\n') }]);
    const outer = makeZip([{ name: 'inner.txt', data: inner }]);
    expect((await refusal(parseSpectrumUpload(outer, 'outer.zip'))).problem).toBe('unsupported');
  });
});
