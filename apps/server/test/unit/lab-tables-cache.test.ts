import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astTablesOf } from '../../src/lab/tables-cache';
import { buildSmallDataDir } from './support/small-refdata';

describe('the engine tables kept between commands (mdc interpret, mdc antibiogram)', () => {
  let data: string;
  let home: string;
  beforeAll(() => {
    data = buildSmallDataDir();
    home = mkdtempSync(path.join(os.tmpdir(), 'mdc-tables-cache-'));
  });
  afterAll(() => {
    rmSync(data, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  const kept = () => readdirSync(path.join(home, 'cache')).filter((f) => f.startsWith('ast-tables-'));

  it('gives back the tables it read, and reads the folder again when a file changes', () => {
    const read = astTablesOf(data, home);
    expect(kept()).toHaveLength(1);
    const first = kept()[0];
    const again = astTablesOf(data, home);
    expect(again).toEqual(read);
    expect(again.breakpoints.length).toBeGreaterThan(1000);
    // A newer breakpoint file: another copy, the old one removed.
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(data, 'whonet', 'Breakpoints.txt'), later, later);
    astTablesOf(data, home);
    expect(kept()).toHaveLength(1);
    expect(kept()[0]).not.toBe(first);
  });

  it('reads the folder again over a damaged copy', () => {
    const file = path.join(home, 'cache', kept()[0]!);
    writeFileSync(file, 'not a copy');
    expect(astTablesOf(data, home).breakpoints.length).toBeGreaterThan(1000);
  });
});
