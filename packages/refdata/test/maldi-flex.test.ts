import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { findFlexFolders, parseAcqu, parseFlex, readFlexFolder, readSpectra, SpectrumFileError, tofToMz } from '@mdc/refdata/maldi';
import { withAcqu } from './maldi-support';

const dataDir = findRefdataDir();
const spot = dataDir ? path.join(dataDir, 'maldi/maldiquantexamples_species/species1/0_F10/1/1SLin') : '';

function problemOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof SpectrumFileError) return err.problem;
    throw err;
  }
  return undefined;
}

describe('Bruker calibration', () => {
  it('solves the quadratic, and falls back to the linear form when ML3 is 0', () => {
    const c = { ml1: 5392738.36267813, ml2: 417.483287542185, ml3: 0 };
    const b = Math.sqrt(1e12 / c.ml1);
    // With A = 0, m/z = (ML2 − tof)² / B².
    expect(tofToMz(30000, c)).toBeCloseTo((c.ml2 - 30000) ** 2 / b ** 2, 9);
    // The quadratic root satisfies A·x² + B·x + C = 0 for x = √(m/z).
    const q = { ...c, ml3: -0.0156441528320176 };
    const x = Math.sqrt(tofToMz(30000, q));
    expect(q.ml3 * x * x + b * x + (q.ml2 - 30000)).toBeCloseTo(0, 6);
  });
});

describe.skipIf(!dataDir)('Bruker flex folders (shared MALDIquant spectra)', () => {
  const acqu = () => readFileSync(path.join(spot, 'acqu'), 'latin1');
  const fid = () => readFileSync(path.join(spot, 'fid'));

  it('reads a linear-mode spot: TD points, increasing m/z over 2–20 kDa, spot and acquisition details', async () => {
    const s = await readFlexFolder(spot);
    expect(s.format).toBe('flex');
    expect(s.kind).toBe('profile');
    expect(s.mz.length).toBe(20882);
    expect(s.intensity.length).toBe(20882);
    expect(s.spot).toBe('F10');
    expect(s.mz[0]).toBeGreaterThan(1900);
    expect(s.mz[s.mz.length - 1]).toBeGreaterThan(20000);
    for (let i = 1; i < s.mz.length; i++) if (!(s.mz[i]! > s.mz[i - 1]!)) throw new Error(`m/z not increasing at ${i}`);
    expect(s.metadata).toMatchObject({ points: 20882, ML3: -0.0156441528320176, laserShots: 240, instrument: 'FLEX-PC' });
    // The fid is little-endian int32 (BYTORDA 0): the first values, read by hand.
    const raw = fid();
    expect(s.intensity[100]).toBe(Math.max(0, raw.readInt32LE(400)));
  });

  it('puts the calibrants where the instrument recorded them (acqu CalStar: time of flight → calibrated mass)', () => {
    // Each <ac> of CalStar holds the calibrant's time of flight (rv) and the mass the instrument's
    // quadratic calibration gave it (ma); the reader's formula must give the same mass.
    const text = acqu();
    const calibrants = [...text.matchAll(/<rv>([\d.]+)<\/rv><mb>([\d.]+)<\/mb><ma>([\d.]+)<\/ma><cm>([\d.]+)<\/cm>/g)];
    expect(calibrants.length).toBe(8);
    const params = parseAcqu(text);
    const c = { ml1: Number(params.get('ML1')), ml2: Number(params.get('ML2')), ml3: Number(params.get('ML3')) };
    for (const [, rv, , ma] of calibrants) {
      const mz = tofToMz(Number(rv), c);
      expect(Math.abs(mz - Number(ma)) / Number(ma)).toBeLessThan(1e-9);
      // Without ML3 the same calibrant lands thousands of ppm away.
      const linear = tofToMz(Number(rv), { ...c, ml3: 0 });
      expect(Math.abs(linear - mz) / mz).toBeGreaterThan(3000e-6);
    }
  });

  it('reads big-endian data when BYTORDA is 1', () => {
    const little = fid();
    const big = Buffer.alloc(little.length);
    for (let i = 0; i < little.length; i += 4) big.writeInt32BE(little.readInt32LE(i), i);
    const a = parseFlex(little, acqu(), 'little');
    const b = parseFlex(big, withAcqu(acqu(), 'BYTORDA', '1'), 'big');
    expect([...b.intensity]).toEqual([...a.intensity]);
    // Read with the wrong byte order, the values are garbage: the flag matters.
    const wrong = parseFlex(big, acqu(), 'wrong');
    expect([...wrong.intensity.slice(0, 200)]).not.toEqual([...a.intensity.slice(0, 200)]);
  });

  it('refuses a truncated fid, a fid that does not match TD, and an empty fid', () => {
    expect(problemOf(() => parseFlex(fid().subarray(0, 40000), acqu(), 'x'))).toBe('truncated-fid');
    expect(problemOf(() => parseFlex(fid().subarray(0, 83527), acqu(), 'x'))).toBe('truncated-fid');
    expect(problemOf(() => parseFlex(Buffer.concat([fid(), Buffer.alloc(8)]), acqu(), 'x'))).toBe('fid-size');
    expect(problemOf(() => parseFlex(fid(), withAcqu(acqu(), 'TD', '20000'), 'x'))).toBe('fid-size');
    expect(problemOf(() => parseFlex(Buffer.alloc(0), acqu(), 'x'))).toBe('empty');
    expect(problemOf(() => parseFlex(Buffer.alloc(fid().length), acqu(), 'x'))).toBe('empty');
  });

  it('refuses garbage calibration constants with a message naming the file in both languages', () => {
    for (const [key, value] of [
      ['ML1', 'abc'],
      ['ML1', '0'],
      ['ML1', '-5'],
      ['ML2', 'NaN'],
      ['ML3', '1e400'],
      ['DW', '0'],
      ['DELAY', '-3'],
      ['ML3', '50'], // a discriminant below zero: no real m/z
      ['ML2', '1e9'], // m/z decreasing over the spectrum
    ] as const) {
      try {
        parseFlex(fid(), withAcqu(acqu(), key, value), 'plate/0_F10/1/1SLin');
        throw new Error(`${key}=${value} was accepted`);
      } catch (err) {
        expect(err, `${key}=${value}`).toBeInstanceOf(SpectrumFileError);
        const e = err as SpectrumFileError;
        expect(e.problem).toBe('calibration');
        expect(e.text.en).toMatch(/^plate\/0_F10\/1\/1SLin: /);
        expect(e.text.zh).toMatch(/^plate\/0_F10\/1\/1SLin：/);
      }
    }
  });

  it('refuses an acqu without its keys, with a bad TD or byte order, or that is no acqu at all', () => {
    expect(problemOf(() => parseFlex(fid(), withAcqu(acqu(), 'ML1', null), 'x'))).toBe('acqu');
    expect(problemOf(() => parseFlex(fid(), withAcqu(acqu(), 'BYTORDA', '2'), 'x'))).toBe('acqu');
    expect(problemOf(() => parseFlex(fid(), withAcqu(acqu(), 'TD', '-1'), 'x'))).toBe('acqu');
    expect(problemOf(() => parseFlex(fid(), withAcqu(acqu(), 'TD', '20882.5'), 'x'))).toBe('acqu');
    expect(problemOf(() => parseFlex(fid(), 'hello world', 'x'))).toBe('acqu');
    expect(problemOf(() => parseFlex(fid(), fid(), 'x'))).toBe('acqu');
  });

  describe('folders on disk', () => {
    let tmp = '';
    beforeAll(() => {
      tmp = mkdtempSync(path.join(tmpdir(), 'mdc-flex-'));
      for (const s of ['0_A1', '0_A2', '0_A10']) cpSync(spot, path.join(tmp, 'plate', s, '1', '1SLin'), { recursive: true });
      mkdirSync(path.join(tmp, 'nofid', '1SLin'), { recursive: true });
      writeFileSync(path.join(tmp, 'nofid', '1SLin', 'acqu'), acqu());
    });
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    it('finds every flex folder of a target in natural order and names each spectrum by its path', async () => {
      const folders = await findFlexFolders(path.join(tmp, 'plate'));
      expect(folders.map((f) => path.relative(tmp, f).split(path.sep)[1])).toEqual(['0_A1', '0_A2', '0_A10']);
      const spectra = await readSpectra(path.join(tmp, 'plate'));
      expect(spectra.map((s) => s.spot)).toEqual(['F10', 'F10', 'F10']); // SPOTNO in the copied acqu wins over the folder name
      expect(spectra[2]!.file).toBe(`${path.join(tmp, 'plate')}:0_A10/1/1SLin`);
    });

    it('reads a fid path as its folder, and says what is missing', async () => {
      const [s] = await readSpectra(path.join(tmp, 'plate/0_A1/1/1SLin/fid'));
      expect(s!.mz.length).toBe(20882);
      await expect(readSpectra(path.join(tmp, 'nofid'))).rejects.toMatchObject({ problem: 'no-spectra' });
      await expect(readFlexFolder(path.join(tmp, 'nofid', '1SLin'))).rejects.toMatchObject({ problem: 'missing' });
      await expect(readSpectra(path.join(tmp, 'nothing-here'))).rejects.toMatchObject({ problem: 'missing' });
    });
  });
});
