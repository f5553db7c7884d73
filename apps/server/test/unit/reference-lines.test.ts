import { describe, expect, it } from 'vitest';
import type { ReferenceInfo } from '@mdc/core/identify/rrna';
import { lazyReferences, referenceLines } from '../../src/blast/reference-lines';
import { HeaderLinesBuilder, describeItsHeader, headerLineReader, mdcHeader, mdcHeaderNamesSpecies } from '../../src/blast/its/header-lines';

/** Descriptions as deposited records carry them: brackets, quotes, commas and non-ASCII letters. */
const refs: ReferenceInfo[] = [
  { accession: 'UDB0001', species: 'Candida albicans', genus: 'Candida', family: 'Debaryomycetaceae', lineage: ['Fungi', 'Ascomycota', 'Candida'], description: 'strain "SC5314" {type}', length: 180 },
  { accession: 'KX0002', species: 'Fusarium oxysporum', genus: 'Fusarium', family: 'Nectriaceae', lineage: ['Fungi', 'Ascomycota', 'Fusarium'], description: 'isolate },{ [a] \\ back', length: 160 },
  { accession: 'MH0003', species: 'Aspergillus niger', genus: 'Aspergillus', family: 'Aspergillaceae', lineage: ['Fungi'], description: 'collected in Córdoba — 中国', length: 170, depositedSpecies: 'Aspergillus awamori' },
];

describe('reference descriptions as JSON lines', () => {
  it('reads back each reference as it was, when asked for, from shared or plain memory', () => {
    for (const shared of [true, false]) {
      const lines = referenceLines(refs, shared);
      expect(lines.text.buffer instanceof SharedArrayBuffer).toBe(shared);
      const lazy = lazyReferences(lines);
      expect(lazy.length).toBe(3);
      expect(lazy[2]).toEqual(refs[2]);
      expect(lazy[1]).toEqual(refs[1]);
      expect([...lazy]).toEqual(refs);
      expect(lazy[3]).toBeUndefined();
    }
  });

  it('holds an empty set', () => {
    const lazy = lazyReferences(referenceLines([], false));
    expect(lazy.length).toBe(0);
    expect([...lazy]).toEqual([]);
  });
});

describe('ITS reference descriptions as the file’s header lines', () => {
  // Records as the two header forms a --reference file may use; the ordinal is the record's place in the file.
  const file = Buffer.from(
    [
      '>Fungi;Ascomycota;Eurotiomycetes;Eurotiales;Aspergillaceae;Aspergillus;Aspergillus_fumigatus KX0001',
      '>Fungi;Basidiomycota;Tremellomycetes;Tremellales;Cryptococcaceae;Cryptococcus;Cryptococcus_neoformans',
      '>MH0003 strain "A" — Córdoba |taxonomy=Fungi;Ascomycota;Saccharomycetes;Saccharomycetales;Debaryomycetaceae;Candida;Candida albicans',
    ].join('\n'),
    'utf8',
  );
  const spans: [number, number][] = [];
  for (let at = 0; at < file.length; ) {
    let end = file.indexOf(0x0a, at);
    if (end < 0) end = file.length;
    spans.push([at + 1, end]);
    at = end + 1;
  }
  const ordinals = [1, 4, 9];
  const lengths = [180, 200, 150];
  const offsets = Uint32Array.from([0, 180, 380, 530]);

  it('reads back each reference as the header readers describe it, in shared or plain memory', () => {
    for (const shared of [true, false]) {
      const builder = new HeaderLinesBuilder('ITS2');
      spans.forEach(([from, to], r) => builder.add(from, to, ordinals[r]!));
      const lines = builder.lines(file, shared);
      expect(lines.form).toBe('its-header:ITS2');
      expect(lines.text.buffer instanceof SharedArrayBuffer).toBe(shared);
      const lazy = lazyReferences(lines, headerLineReader(lines, { offsets }));
      expect(lazy.length).toBe(3);
      const eager = spans.map(([from, to], r) => describeItsHeader(file.toString('utf8', from, to), 'ITS2', ordinals[r]!, lengths[r]!));
      expect([...lazy]).toEqual(eager);
      expect(lazy[0]).toMatchObject({ accession: 'ITS2_000001', species: 'Aspergillus fumigatus', genus: 'Aspergillus', length: 180, description: 'Aspergillus fumigatus [KX0001]' });
      expect(lazy[1]).toMatchObject({ accession: 'ITS2_000004', species: 'Cryptococcus neoformans', length: 200 });
      expect(lazy[2]).toMatchObject({ accession: 'MH0003', species: 'Candida albicans', description: 'strain "A" — Córdoba', length: 150 });
    }
  });

  it('is refused by the JSON reader and JSON lines by the header reader', () => {
    const builder = new HeaderLinesBuilder('ITS1');
    builder.add(spans[0]![0], spans[0]![1], 1);
    const lines = builder.lines(file, false);
    expect(() => lazyReferences(lines)).toThrow(/its-header:ITS1/);
    const json = referenceLines(refs, false);
    expect(() => headerLineReader(json, { offsets })).toThrow(/not ITS header lines/);
    expect(() => lazyReferences(json, headerLineReader(lines, { offsets }))).toThrow(/json/);
  });
});

describe('mdcHeaderNamesSpecies (the reference filter of MDC-form headers)', () => {
  it('decides as mdcHeader does: a lineage and a species named, on the edge cases of the form', () => {
    for (const header of [
      'ITS2_000001 Candida albicans |taxonomy=Fungi;Ascomycota;Saccharomycetes;Saccharomycetales;Debaryomycetaceae;Candida;Candida albicans',
      'ITS2_000002 Candida |taxonomy=Fungi;Ascomycota;Saccharomycetes;Saccharomycetales;Debaryomycetaceae;Candida;',
      'ITS2_000003 x |taxonomy=Fungi;Ascomycota;C;O;F;Candida;   ',
      'ITS2_000004 x |taxonomy=Candida albicans',
      'ITS2_000005 x |taxonomy=',
      'ITS2_000006 a;b |taxonomy=Fungi',
      'ITS2_000007 a;b |taxonomy=',
      'ITS2_000008 x |taxonomy=Fungi;Candida;Candida albicans |other=1',
      'ITS2_000009 x\t|taxonomy=Fungi;Candida;Candida albicans',
      'ITS2_000010 x |taxonomy=Fungi;Candida;Candida albicans\t',
      'ITS2_000011 |taxonomy=Fungi;Candida;Candida albicans',
      'ITS2_000012 x|taxonomy=Fungi;Candida;Candida albicans',
      'ITS2_000013 x |taxonomy=Fungi; Candida ; Candida albicans ',
    ]) {
      const record = mdcHeader(header);
      expect([header, mdcHeaderNamesSpecies(header)]).toEqual([header, Boolean(record.lineage && record.species)]);
    }
  });
});
