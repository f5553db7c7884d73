import { describe, expect, it } from 'vitest';
import { csvDocument } from '../../src/blast/csv';

describe('identification CSV', () => {
  it('writes cells through the shared CSV field: formulas neutralised, bidirectional controls dropped, numbers as numbers (issue 28)', () => {
    const csv = csvDocument([
      ['query', 'similarity'],
      ['isolate\u202Etxt.exe', 99.5],
      ['=HYPERLINK("x")', Number.NaN],
    ]);
    expect(csv).toBe('\ufeffquery,similarity\r\nisolatetxt.exe,99.5\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});
