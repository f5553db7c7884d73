import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleReadPair, pairReadsByName, qualityTrim, readDirection, type SangerRead } from '@mdc/core/identify/rrna';
import { readAb1 } from '@mdc/refdata/ab1';

const fixtures = path.join(import.meta.dirname, '../../refdata/test/fixtures/ab1');

/** A real trace's calls, trimmed as the submission trims them. */
function trimmedRead(file: string): SangerRead {
  const read = readAb1(readFileSync(path.join(fixtures, file)), file);
  const trim = qualityTrim(read.qualities!);
  return { bases: read.bases.slice(trim.start, trim.end), qualities: read.qualities!.subarray(trim.start, trim.end) };
}

const complement: Record<string, string> = { A: 'T', C: 'G', G: 'C', T: 'A', N: 'N', R: 'Y', Y: 'R', S: 'S', W: 'W', K: 'M', M: 'K' };
const reverseComplement = (s: string) => [...s].reverse().map((c) => complement[c] ?? 'N').join('');

describe('assembleReadPair on a real 16S forward/reverse pair (ABI 3730xl, SeqFlow-16S isolate 3sm1)', () => {
  const forward = trimmedRead('3sm1_16SF.ab1');
  const reverse = trimmedRead('3sm1_16SR.ab1');

  it('overlaps the reads over most of their length at high identity and spans both', () => {
    const outcome = assembleReadPair(forward, reverse);
    if (!outcome.ok) throw new Error(`not assembled: ${JSON.stringify(outcome)}`);
    const a = outcome.assembly;
    expect(a.overlapLength).toBeGreaterThan(500);
    expect(a.identity).toBeGreaterThan(0.97);
    expect(a.sequence.length).toBeGreaterThan(Math.max(forward.bases.length, reverse.bases.length));
    expect(a.sequence.length).toBe(a.qualities.length);
    expect(a.forwardOnly + a.reverseOnly).toBeGreaterThan(0);
    // The forward read's best-called middle is in the consensus as called; the reverse read's too, complemented.
    const middle = forward.bases.slice(200, 400);
    expect(a.sequence).toContain(middle);
    expect(a.sequence).toContain(reverseComplement(reverse.bases.slice(200, 400)));
  });

  it('gives the same consensus whichever way round the reverse read came (its reverse complement reverse-complemented)', () => {
    const r = trimmedRead('3sm1_16SR.ab1');
    const outcome = assembleReadPair(forward, r);
    const again = assembleReadPair(forward, { bases: r.bases, qualities: Array.from(r.qualities!) });
    expect(outcome.ok && again.ok && outcome.assembly.sequence === again.assembly.sequence).toBe(true);
  });
});

describe('assembleReadPair: how columns are decided', () => {
  const real = trimmedRead('biopython-3730.ab1');

  it('a read and its own reverse complement assemble into the read itself, fully overlapped', () => {
    const outcome = assembleReadPair(real, { bases: reverseComplement(real.bases), qualities: Array.from(real.qualities!).reverse() });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.assembly).toMatchObject({ sequence: real.bases, overlapLength: real.bases.length, identity: 1, mismatches: 0, gaps: 0, forwardOnly: 0, reverseOnly: 0 });
  });

  it('takes the better-called base where the reads disagree, and an IUPAC code when both are called alike', () => {
    const bases = real.bases.slice(0, 400);
    const q = new Array<number>(400).fill(40);
    const forward = { bases: bases.slice(0, 100) + (bases[100] === 'A' ? 'C' : 'A') + bases.slice(101, 200) + (bases[200] === 'A' ? 'C' : 'A') + bases.slice(201), qualities: q.map((v, i) => (i === 100 ? 8 : v)) };
    const outcome = assembleReadPair(forward, { bases: reverseComplement(bases), qualities: q });
    if (!outcome.ok) throw new Error('not assembled');
    expect(outcome.assembly.sequence[100]).toBe(bases[100]); // the reverse read's Q40 beats the forward's Q8
    const both = [forward.bases[200], bases[200]].sort().join('');
    expect(outcome.assembly.sequence[200]).toBe({ AC: 'M', AG: 'R', AT: 'W', CG: 'S', CT: 'Y', GT: 'K' }[both]);
    expect(outcome.assembly.mismatches).toBe(2);
    expect(outcome.assembly.resolved).toBe(2);
  });

  it('joins reads that overlap only at their ends, each adding its own part', () => {
    const bases = real.bases.slice(0, 700);
    const outcome = assembleReadPair({ bases: bases.slice(0, 450), qualities: null }, { bases: reverseComplement(bases.slice(350)), qualities: null });
    if (!outcome.ok) throw new Error('not assembled');
    expect(outcome.assembly).toMatchObject({ sequence: bases, overlapLength: 100, forwardOnly: 350, reverseOnly: 250 });
  });

  it('refuses reads that do not overlap (two halves of an amplicon with a gap between them)', () => {
    const outcome = assembleReadPair({ bases: real.bases.slice(0, 300), qualities: null }, { bases: reverseComplement(real.bases.slice(500, 800)), qualities: null });
    expect(outcome).toMatchObject({ ok: false, reason: 'no-overlap' });
  });
});

describe('pairReadsByName', () => {
  it('reads the direction from the last letter of the name', () => {
    expect(readDirection('S1_F.ab1')).toEqual({ direction: 'F', key: 'S1_' });
    expect(readDirection('0002_31525103103397_(3sm1)_[16SR].ab1')?.direction).toBe('R');
    expect(readDirection('isolate7-1492R.ab1')?.direction).toBe('R');
    expect(readDirection('ecoli.ab1')).toBeNull();
    expect(readDirection('Enterobacter.ab1')).toBeNull();
  });

  it('pairs the naming schemes of three public projects and leaves the rest single', () => {
    const names = [
      'S1_F.ab1',
      'S1_R.ab1',
      '0001_31525103103397_(3sm1)_[16SF].ab1',
      '0002_31525103103397_(3sm1)_[16SR].ab1',
      'Achl_ACHLO006-09_1_F.ab1',
      'Achl_ACHLO006-09_2_R.ab1',
      'Achl_ACHLO007-09_1_F.ab1',
      'lonely_F.ab1',
      'plain.ab1',
    ];
    const { pairs, singles } = pairReadsByName(names);
    expect(pairs.map((p) => [p.forward, p.reverse])).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(pairs.map((p) => p.isolate)).toEqual(['S1', '31525103103397_3sm1_16S', 'Achl_ACHLO006']);
    expect(singles).toEqual([6, 7, 8]);
  });

  it('pairs nothing that is ambiguous (two forward reads for one reverse)', () => {
    expect(pairReadsByName(['A_1_F.ab1', 'A_2_F.ab1', 'A_3_R.ab1']).pairs).toEqual([]);
  });
});

describe('every F/R pair under $MDC_AB1_DIR (see refdata/test/fixtures/ab1/README.md)', () => {
  const folder = process.env.MDC_AB1_DIR;
  it.skipIf(!folder)('pairs by name and assembles every pair whose trimmed reads both keep ≥ 400 bases', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const dirs = readdirSync(folder!).map((d) => path.join(folder!, d)).filter((d) => statSync(d).isDirectory());
    let assembled = 0;
    for (const dir of dirs) {
      const names = readdirSync(dir).filter((n) => n.endsWith('.ab1'));
      for (const pair of pairReadsByName(names).pairs) {
        const read = (n: string) => {
          const r = readAb1(readFileSync(path.join(dir, n)), n);
          const t = qualityTrim(r.qualities!);
          return { bases: r.bases.slice(t.start, t.end), qualities: r.qualities!.subarray(t.start, t.end) };
        };
        const [f, r] = [read(names[pair.forward]!), read(names[pair.reverse]!)];
        if (f.bases.length < 400 || r.bases.length < 400) continue;
        const outcome = assembleReadPair(f, r);
        expect(outcome.ok && outcome.assembly.identity > 0.94, `${dir} ${pair.isolate}`).toBe(true);
        assembled++;
      }
    }
    console.log(`assembled ${assembled} real F/R pairs under ${folder}`);
    expect(assembled).toBeGreaterThan(0);
  });
});
