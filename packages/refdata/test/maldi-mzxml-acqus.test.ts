import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFlexFolders, parseMzxml, parseSpectrumUpload, readFlexFolder, readSpectra, SpectrumFileError } from '@mdc/refdata/maldi';
import { deflateSync } from 'node:zlib';
import { makeZip } from './maldi-support';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/maldi');
const file = (name: string) => readFileSync(path.join(fixtures, name));

function refusal(run: () => unknown): SpectrumFileError {
  try {
    run();
  } catch (err) {
    if (err instanceof SpectrumFileError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('Bruker flex folders with acqus and no acqu (a real Biotyper spot)', () => {
  const dir = path.join(fixtures, 'maldiamrkit-922145-G10-acqus');

  it('reads the folder, finds it in a target, and calibrates it with ML3', async () => {
    expect(await findFlexFolders(fixtures)).toEqual([dir]);
    const s = await readFlexFolder(dir);
    expect(s.format).toBe('flex');
    expect(s.kind).toBe('profile');
    expect(s.mz.length).toBe(21331);
    expect(s.spot).toBe('G10');
    // Linear mode of a Biotyper: 2–20 kDa.
    expect(s.mz[0]).toBeGreaterThan(1800);
    expect(s.mz[0]).toBeLessThan(2100);
    expect(s.mz[s.mz.length - 1]).toBeGreaterThan(19000);
    expect(s.mz[s.mz.length - 1]).toBeLessThan(21000);
    expect((await readSpectra(dir)).length).toBe(1);
  });

  it('reads it zipped, and prefers acqu when a folder has both', async () => {
    const zip = makeZip([
      { name: '0_G10/1/1SLin/fid', data: file('maldiamrkit-922145-G10-acqus/fid') },
      { name: '0_G10/1/1SLin/acqus', data: file('maldiamrkit-922145-G10-acqus/acqus') },
    ]);
    const [s] = await parseSpectrumUpload(zip, 'spot.zip');
    expect(s!.file).toBe('spot.zip:0_G10/1/1SLin');
    expect(s!.mz.length).toBe(21331);
    const acqus = file('maldiamrkit-922145-G10-acqus/acqus');
    const broken = Buffer.from(acqus.toString('latin1').replace(/##\$ML1= [^\n]+/, '##$ML1= x'), 'latin1');
    // acqus broken, acqu good: the acqu is the one read, whatever the entry order.
    for (const order of [0, 1]) {
      const entries = [
        { name: 'a/fid', data: file('maldiamrkit-922145-G10-acqus/fid') },
        { name: 'a/acqus', data: broken },
        { name: 'a/acqu', data: acqus },
      ];
      if (order) entries.reverse();
      expect((await parseSpectrumUpload(makeZip(entries), 'both.zip'))[0]!.mz.length).toBe(21331);
    }
  });

  it('still refuses a folder with a fid and neither file, saying which files it needs', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'mdc-acqus-'));
    try {
      cpSync(path.join(dir, 'fid'), path.join(tmp, 'fid'));
      await expect(readSpectra(tmp)).rejects.toMatchObject({ problem: 'no-spectra' });
      await expect(readSpectra(tmp)).rejects.toThrow(/acqu or acqus/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('mzXML as instruments and converters wrote it', () => {
  it('reads a 64-bit ProteoWizard conversion (API 3000): its MS1 scans with the declared peak counts', () => {
    const spectra = parseMzxml(file('mzxmljl-test64.mzXML'), 'test64.mzXML');
    expect(spectra.length).toBeGreaterThanOrEqual(1);
    for (const s of spectra) {
      expect(s.format).toBe('mzxml');
      expect(s.mz.length).toBe(s.intensity.length);
      for (let i = 1; i < s.mz.length; i++) expect(s.mz[i]).toBeGreaterThan(s.mz[i - 1]!);
    }
    const xml = file('mzxmljl-test64.mzXML').toString('latin1');
    const firstCount = Number(/msLevel="1"[\s\S]*?peaksCount="(\d+)"/.exec(xml)?.[1] ?? /peaksCount="(\d+)"[\s\S]*?msLevel="1"/.exec(xml)![1]);
    expect(spectra[0]!.mz.length).toBe(firstCount);
  });

  it('reads a 32-bit Thermo2mzXML file (mzXML 2.0, pairOrder, MS2 scans nested in MS1): the MS1 scan only, and says MS/MS was skipped', async () => {
    const spectra = await parseSpectrumUpload(file('pyteomics-test.mzXML'), 'test.mzXML');
    expect(spectra.length).toBe(1);
    const s = spectra[0]!;
    expect(s.mz.length).toBe(1313);
    expect(s.kind).toBe('peaks'); // dataProcessing centroided="1"
    expect(s.mz[0]).toBeGreaterThanOrEqual(400);
    expect(s.mz[s.mz.length - 1]).toBeLessThanOrEqual(1800);
    expect(s.notes.map((n) => n.en).join(' ')).toMatch(/1 MS\/MS scans were skipped/);
  });

  it('reads a Shimadzu IT-TOF export (32-bit), one spectrum per MS1 scan', () => {
    const spectra = parseMzxml(file('mzxmljl-test96.mzXML'), 'test96.mzXML');
    expect(spectra.length).toBeGreaterThanOrEqual(3);
    expect(spectra[0]!.file).toMatch(/^test96\.mzXML:scan \d+$/);
    expect(spectra[0]!.mz.length).toBe(104);
  });

  it('reads zlib-compressed peaks to the same values as plain ones', () => {
    const [plain] = parseMzxml(file('maldiquantforeign-tiny1.mzXML'), 'tiny1.mzXML');
    const [zlib] = parseMzxml(file('maldiquantforeign-tiny1-compressed.mzXML'), 'tiny1-compressed.mzXML');
    expect(Array.from(zlib!.mz)).toEqual(Array.from(plain!.mz));
    expect(Array.from(zlib!.intensity)).toEqual(Array.from(plain!.intensity));
    expect(Array.from(plain!.mz)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a file of MS/MS scans only, a damaged scan and a zlib bomb, naming the file', () => {
    expect(refusal(() => parseMzxml(file('mzxmljl-test32.mzXML'), 'test32.mzXML'))).toMatchObject({ problem: 'no-spectra', file: 'test32.mzXML' });
    expect(refusal(() => parseMzxml(file('mzxmljl-test32.mzXML'), 'test32.mzXML')).text.en).toMatch(/only MS\/MS scans/);
    const plain = file('maldiquantforeign-tiny1.mzXML').toString('latin1');
    expect(refusal(() => parseMzxml(plain.replace('peaksCount="5"', 'peaksCount="6"'), 'x.mzXML')).problem).toBe('mzxml');
    expect(refusal(() => parseMzxml(plain.replace('precision="64"', 'precision="16"'), 'x.mzXML')).problem).toBe('mzxml');
    const bomb = deflateSync(Buffer.alloc(50 * 1024 * 1024)).toString('base64');
    const hostile = file('maldiquantforeign-tiny1-compressed.mzXML').toString('latin1').replace(/>eJ[^<]+</, `>${bomb}<`);
    expect(refusal(() => parseMzxml(hostile, 'bomb.mzXML')).text.en).toMatch(/corrupt or longer than the 5 peaks declared/);
  });

  it('is read inside a zip too', async () => {
    const zip = makeZip([{ name: 'run/test64.mzXML', data: file('mzxmljl-test64.mzXML') }]);
    const spectra = await parseSpectrumUpload(zip, 'runs.zip');
    expect(spectra[0]!.format).toBe('mzxml');
  });
});
