import { describe, expect, it } from 'vitest';
import { historyLabel } from './history-label';

describe('the breakpoint history chart’s labels', () => {
  it('keeps EUCAST’s brackets on an off-scale S (cefazolin, Enterobacterales: S ≤ (0.001))', () => {
    expect(historyLabel('EUCAST', 'MIC', 's', 0.001)).toBe('(0.001)');
    expect(historyLabel('EUCAST', 'MIC', 'r', 8)).toBe('4');
  });
  it('writes ordinary limits as published', () => {
    expect(historyLabel('CLSI', 'MIC', 's', 2)).toBe('2');
    expect(historyLabel('CLSI', 'MIC', 'r', 8)).toBe('8');
  });
});
