import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAb1 } from '@mdc/refdata/ab1';

const fixtures = path.join(import.meta.dirname, 'fixtures', 'ab1');

describe('readAb1 on traces real instruments wrote (sources in fixtures/ab1/README.md)', () => {
  it('reads a 3730xl 16S trace whose directory allocation (4,032 bytes) exceeds its 129 entries', () => {
    const bytes = readFileSync(path.join(fixtures, '3sm1_16SF.ab1'));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect([view.getInt32(18), view.getInt32(22)]).toEqual([129, 4032]);
    const read = readAb1(bytes, '3sm1_16SF.ab1');
    expect(read).toMatchObject({ baseTag: 'PBAS 1', qualityTag: 'PCON 1', instrument: '3730', baseCaller: 'KB.bcp' });
    expect(read.bases).toHaveLength(1237);
    expect(read.qualities).toHaveLength(1237);
    expect(read.sampleName).toContain('(3sm1)_[16SF]');
    // A 16S read from the 27F side: the conserved 16S region 515F (GTGCCAGCAGCCGCGGTAA) lies in it.
    expect(read.bases).toContain('GTGCCAGCAGCCGCGGTAA');
  });

  it('reads every committed real trace: base calls with one Phred value each', () => {
    const files = readdirSync(fixtures).filter((f) => f.endsWith('.ab1'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const read = readAb1(readFileSync(path.join(fixtures, file)), file);
      expect(read.bases.length, file).toBeGreaterThan(500);
      expect(read.instrument, file).toMatch(/^(3730|310)/);
      if (read.baseCaller === 'KB.bcp') expect(read.qualities?.length, file).toBe(read.bases.length);
    }
  });

  it('takes the zeros an ABI PRISM 310 base caller writes in PCON for no quality values (not a read of quality 0)', () => {
    const bytes = readFileSync(path.join(fixtures, 'biopython-310.ab1'));
    const read = readAb1(bytes, 'biopython-310.ab1');
    expect(read).toMatchObject({ instrument: '310', baseCaller: 'Basecaller-310POP6.bcp', qualities: null, qualityTag: null });
    expect(read.bases).toHaveLength(868);
  });

  const folder = process.env.MDC_AB1_DIR;
  const all = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? all(full) : /\.ab1$/i.test(name) ? [full] : [];
    });
  it.skipIf(!folder || !existsSync(folder))('reads every ABIF trace under $MDC_AB1_DIR', () => {
    const files = all(folder!).filter((f) => readFileSync(f).subarray(0, 4).toString('latin1') === 'ABIF');
    const unread: string[] = [];
    for (const file of files) {
      try {
        const read = readAb1(readFileSync(file), path.basename(file));
        if (read.qualities && read.qualities.length !== read.bases.length) unread.push(file);
      } catch (error) {
        unread.push(`${file}: ${(error as Error).message}`);
      }
    }
    console.log(`read ${files.length - unread.length} of ${files.length} real traces under ${folder}`);
    expect(unread).toEqual([]);
  });
});
