import { describe, expect, it } from 'vitest';
import { answerCall, answerList, type CombinedCall } from '../src/identify/proteome';

const hit = (species: string, score: number, level: 'subspecies' | 'species' | 'genus' | 'none') => ({ species, score, level });
const answer = (c: Partial<CombinedCall>) => ({ carriedBy: 'library-free', name: '', level: 'none', score: null, ...c }) as CombinedCall;

describe('a spectrum\'s list: the answer is rank 1, library entries below it are closest entries', () => {
  const citrobacter = [hit('Citrobacter amalonaticus', 1.76, 'genus'), hit('Citrobacter freundii', 1.31, 'none')];

  it('a library-free genus answer is rank 1; the library entry that reached 1.76 follows as closest, without a level', () => {
    const rows = answerList(citrobacter, answer({ carriedBy: 'library-free', name: 'Escherichia: coli / fergusonii', level: 'genus', score: 2.46 }));
    expect(rows.map((r) => [r.rank, r.role, r.name ?? r.hit?.species, r.level])).toEqual([
      [1, 'answer', 'Escherichia: coli / fergusonii', 'genus'],
      [2, 'closest', 'Citrobacter amalonaticus', null],
      [3, 'closest', 'Citrobacter freundii', null],
    ]);
    expect(rows[0]!.hit).toBeNull();
    expect(rows[0]!.score).toBe(2.46);
  });

  it('a species carried by the library is its own rank-1 row; a runner-up of another genus gets no level', () => {
    const hits = [hit('Citrobacter freundii', 2.21, 'species'), hit('Salmonella enterica', 1.81, 'genus')];
    const rows = answerList(hits, answer({ carriedBy: 'spectral-library', name: 'Citrobacter freundii', level: 'species', score: 2.21 }));
    expect(rows.map((r) => [r.rank, r.role, r.level])).toEqual([
      [1, 'answer', 'species'],
      [2, 'closest', null],
    ]);
    expect(rows[0]!.hit).toBe(hits[0]);
  });

  it('no reliable identification is said as rank 1, and top bounds the rows', () => {
    const rows = answerList(citrobacter, answer({ carriedBy: 'none' }), 2);
    expect(rows.map((r) => [r.rank, r.role, r.name, r.hit?.species ?? null])).toEqual([
      [1, 'answer', '', null],
      [2, 'closest', null, 'Citrobacter amalonaticus'],
    ]);
  });
});

describe('a genus-level answer claims the genus', () => {
  it('library-free "Escherichia: coli / fergusonii" is the genus Escherichia, the species it cannot separate the closest', () => {
    expect(answerCall({ name: 'Escherichia: coli / fergusonii', level: 'genus' })).toEqual({ name: 'Escherichia', level: 'genus', closest: 'Escherichia coli / Escherichia fergusonii' });
  });
  it('a spectral genus-level entry is its genus, the entry the closest; a species stays a species', () => {
    expect(answerCall({ name: 'Citrobacter freundii', level: 'genus' })).toEqual({ name: 'Citrobacter', level: 'genus', closest: 'Citrobacter freundii' });
    expect(answerCall({ name: 'Citrobacter freundii', level: 'species' })).toEqual({ name: 'Citrobacter freundii', level: 'species', closest: null });
    expect(answerCall({ name: '', level: 'none' })).toEqual({ name: '', level: 'none', closest: null });
  });
});
