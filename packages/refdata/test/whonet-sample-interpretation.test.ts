import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledgeBase, type KnowledgeBase } from '@mdc/core/ast';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readAstTables, readSampleInput, sampleToIsolateInput, type SampleIsolate } from '@mdc/refdata/whonet';

const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data folder not found');

let kb: KnowledgeBase;
let sample: SampleIsolate[];
beforeAll(() => {
  kb = buildKnowledgeBase(readAstTables(dataDir, { whonetOnly: true }).tables);
  sample = readSampleInput(path.join(dataDir, 'whonet'));
});

describe('WHONET sample file through the engine', () => {
  it('turns a row into an isolate: organism code, CLSI from the column letter, tests, one result per column', () => {
    const input = sampleToIsolateInput(sample[0]!);
    expect(input).toMatchObject({ organism: 'ent', guideline: 'CLSI', tests: {} });
    expect(input.results[0]).toEqual({ antibiotic: 'PEN_ND10', value: '19', id: 'PEN_ND10' });
  });

  it('interprets the first isolate (Enterococcus, CLSI 2022): ampicillin 10 µg disk 26 mm ≥ S 17 → S', () => {
    const result = kb.interpretIsolate(sampleToIsolateInput(sample[0]!, { year: 2022 }));
    const ampicillin = result.results.find((r) => r.id === 'AMP_ND10')!;
    expect(ampicillin).toMatchObject({ method: 'DISK', category: 'S', breakpoint: { s: 17, r: 16, potency: '10µg' } });
  });

  it('reads every value of the file: no result is a wrong MIC or zone, or an unknown drug', () => {
    const reasons = new Map<string, number>();
    for (const isolate of sample) {
      for (const result of kb.interpretIsolate(sampleToIsolateInput(isolate, { year: 2022 })).results) {
        reasons.set(result.reason, (reasons.get(result.reason) ?? 0) + 1);
      }
    }
    expect(reasons.get('wrong-mic')).toBeUndefined();
    expect(reasons.get('wrong-zone-diameter')).toBeUndefined();
    expect(reasons.get('unknown-antibiotic')).toBeUndefined();
    expect(reasons.get('breakpoint')).toBeGreaterThan(3000);
  });
});
