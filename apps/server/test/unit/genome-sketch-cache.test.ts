import { mkdtempSync, readdirSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sketchGenome } from '@mdc/core/identify/genome';
import { importedSketchKey, SketchCache } from '../../src/blast/genome/sketch-cache';

const work = mkdtempSync(path.join(os.tmpdir(), 'mdc-sketch-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A random genome of two contigs, sketched as the genome threads sketch references. */
function reference() {
  const codes = new Uint8Array(60_000);
  let x = 12345;
  for (let i = 0; i < codes.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    codes[i] = x >>> 30;
  }
  const sketch = sketchGenome({ codes, contigs: [{ start: 0, length: 40_000 }, { start: 40_000, length: 20_000 }], length: codes.length });
  return { length: codes.length, gcPercent: 50.1, contigs: 2, sketch };
}

describe('the reference sketch cache', () => {
  it('gives back the sketch it filed, seeds in shared memory, and treats a damaged file as missing', () => {
    const cache = new SketchCache(path.join(work, 'a'));
    const filed = reference();
    expect(filed.sketch.hashes.length).toBeGreaterThan(1000);
    const key = importedSketchKey('0123abcd', [40_000, 20_000]);
    expect(cache.read(key)).toBeUndefined();
    cache.write(key, filed);
    const back = cache.read(key)!;
    expect(back.sketch.hashes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(back.sketch.hashes)).toEqual(Array.from(filed.sketch.hashes));
    expect(Array.from(back.sketch.positions)).toEqual(Array.from(filed.sketch.positions));
    expect(Array.from(back.sketch.contigStarts)).toEqual([0, 40_000]);
    expect(Array.from(back.sketch.contigLengths)).toEqual([40_000, 20_000]);
    expect([back.length, back.gcPercent, back.contigs, back.sketch.length]).toEqual([60_000, 50.1, 2, 60_000]);
    // Other contig boundaries are another sketch.
    expect(importedSketchKey('0123abcd', [30_000, 30_000])).not.toBe(key);
    const [file] = readdirSync(path.join(cache.dir, 'sketches'));
    truncateSync(path.join(cache.dir, 'sketches', file!), 1000);
    expect(cache.read(key)).toBeUndefined();
  });

  it('files a sketch from shared memory in the background, read back the same as one written at once', async () => {
    const cache = new SketchCache(path.join(work, 'c'));
    const filed = reference();
    const shared = (a: Uint32Array) => {
      const out = new Uint32Array(new SharedArrayBuffer(a.byteLength));
      out.set(a);
      return out;
    };
    const onShared = { ...filed, sketch: { ...filed.sketch, hashes: shared(filed.sketch.hashes), positions: shared(filed.sketch.positions) } };
    const [now, later] = [importedSketchKey('aa', [40_000, 20_000]), importedSketchKey('bb', [40_000, 20_000])];
    cache.write(now, filed);
    await cache.writeLater(later, onShared);
    const [a, b] = [cache.read(now)!, cache.read(later)!];
    expect(b).toBeDefined();
    expect(Array.from(b.sketch.hashes)).toEqual(Array.from(a.sketch.hashes));
    expect(Array.from(b.sketch.positions)).toEqual(Array.from(a.sketch.positions));
    expect(Array.from(b.sketch.contigLengths)).toEqual([40_000, 20_000]);
    expect([b.length, b.gcPercent, b.contigs]).toEqual([a.length, a.gcPercent, a.contigs]);
    expect(readdirSync(path.join(cache.dir, 'sketches')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keys a reference file by its bytes: a changed file is a new key, an unchanged one the same', () => {
    const cache = new SketchCache(path.join(work, 'b'));
    const file = path.join(work, 'r.fna');
    writeFileSync(file, '>c\nACGT\n');
    const first = cache.fileKey(file);
    cache.save();
    expect(new SketchCache(path.join(work, 'b')).fileKey(file)).toBe(first);
    writeFileSync(file, '>c\nACGA\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(new SketchCache(path.join(work, 'b')).fileKey(file)).not.toBe(first);
  });
});
