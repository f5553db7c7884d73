import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';

describe('findRefdataDir', () => {
  it('prefers REFDATA_DIR', () => {
    expect(findRefdataDir({ REFDATA_DIR: '/tmp/x' })).toBe(path.resolve('/tmp/x'));
  });
  it('falls back to ../shared/data beside the checkout', () => {
    const dir = findRefdataDir({});
    expect(dir?.endsWith(path.join('shared', 'data'))).toBe(true);
  });
});
