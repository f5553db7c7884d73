import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readFasta } from '@mdc/refdata/fasta';
import { TSV_COLUMNS, buildReferenceIndex, reverseComplement, encodeNucleotides, decodeNucleotides } from '@mdc/core/identify/rrna';
import {
  ITS_SPECIES_GROUPS,
  ITS_THRESHOLDS,
  formatItsTsv,
  identifyIts,
  itsExclusion,
  itsHeaderNamesSpecies,
  itsReference,
  itsSpeciesGroupOf,
  locateItsRegions,
  parseItsHeader,
  setLocalAlignKernel,
  type ItsIndexes,
  type ItsReference,
} from '@mdc/core/identify/its';

const dataDir = findRefdataDir();
const its = dataDir ? path.join(dataDir, 'rrna/its') : undefined;
const GENERA = new Set(['Aspergillus', 'Candida', 'Fusarium', 'Cryptococcus', 'Trichophyton', 'Penicillium']);

const revcomp = (s: string) => decodeNucleotides(reverseComplement(encodeNucleotides(s).codes));

describe('ITS reference records', () => {
  it('reads the IF+UNITE+INSDC header: lineage to genus, the species with a space, the id kept', () => {
    const ref = parseItsHeader('>Fungi;Ascomycota;Eurotiomycetes;Eurotiales;Aspergillaceae;Aspergillus;Aspergillus_fumigatus 00012345', 'ITS', 7);
    expect(ref).toEqual({
      accession: 'ITS_000007',
      species: 'Aspergillus fumigatus',
      lineage: ['Fungi', 'Ascomycota', 'Eurotiomycetes', 'Eurotiales', 'Aspergillaceae', 'Aspergillus'],
      description: 'Aspergillus fumigatus [00012345]',
    });
  });

  it('keeps unnamed and short records out of the evidence, and says which', () => {
    const seq = 'ACGT'.repeat(30);
    expect(itsReference('>Fungi;Ascomycota;C;O;F;Knufia;Knufia_sp', seq, 'ITS2', 1).exclusion).toBe('unnamed');
    expect(itsReference('>Fungi;Ascomycota;C;O;F;Knufia;Knufia_perforans', seq.slice(0, 99), 'ITS2', 1).exclusion).toBe('short');
    expect(itsReference('>Fungi;Ascomycota;C;O;F;Knufia;Knufia_perforans', seq, 'ITS2', 1).exclusion).toBeNull();
    // A whole ITS needs more than a spacer: 120 bases are no ITS1-5.8S-ITS2.
    expect(itsExclusion({ species: 'Knufia perforans', sequence: seq }, 'ITS')).toBe('short');
  });
});

describe('itsHeaderNamesSpecies (the reference filter that reads only two fields)', () => {
  const agrees = (header: string) => expect([header, itsHeaderNamesSpecies(header)]).toEqual([header, parseItsHeader(header, 'ITS2', 1).species !== '']);

  it('decides as parseItsHeader does on the edge cases of the header form', () => {
    for (const header of [
      '>Fungi;Ascomycota;Eurotiomycetes;Eurotiales;Aspergillaceae;Aspergillus;Aspergillus_fumigatus 00012345',
      'Fungi;Ascomycota;C;O;F;Knufia;Knufia_sp',
      'Fungi;Ascomycota;C;O;F;Knufia;Knufia_perforans',
      'Fungi;Ascomycota;C;O;F;Knufia;Knufia_perforans;extra',
      'Fungi;Ascomycota;C;O;F;Fungi_gen_Incertae_sedis;Fungi_gen_Incertae_sedis_sp',
      'Fungi;Ascomycota;C;O;F;Helotiales_gen_Incertae_sedis;Helotiales_gen_sp_nova',
      'Fungi;Ascomycota;C;O;F;Incertae_sedis;Incertae_sedis_alba',
      'Fungi;Ascomycota;C;O;F;Candida;Candida_albicans\tstrain',
      'Fungi;Ascomycota;C;O;F;Candida;candida_albicans',
      'Fungi;Ascomycota;C;O;F;Candida;Candida_Albicans',
      'Fungi;Ascomycota;C;O;F;Candida;Candida_albicans-x',
      'Fungi;Ascomycota;C;O;F;Candida',
      'Fungi',
      ' Fungi;Ascomycota;C;O;F;Candida;Candida_auris ',
    ])
      agrees(header);
  });

  it.skipIf(!its)('decides as parseItsHeader does on every header of the shared ITS1 and ITS2 references', async () => {
    let named = 0;
    let headers = 0;
    for (const region of ['ITS1', 'ITS2'] as const) {
      for await (const record of readFasta(path.join(its!, `${region}_reference.fasta.gz`))) {
        const quick = itsHeaderNamesSpecies(record.header);
        if (quick !== (parseItsHeader(record.header, region, 1).species !== '')) agrees(record.header);
        headers++;
        if (quick) named++;
      }
    }
    expect(headers).toBeGreaterThan(80_000);
    // Both answers occur: the check is not vacuous.
    expect(named).toBeGreaterThan(10_000);
    expect(headers - named).toBeGreaterThan(5_000);
  }, 60_000);
});

describe('species groups ITS cannot split', () => {
  it('names every group with a source and the marker that splits it, each species in one group only', () => {
    const seen = new Set<string>();
    for (const group of ITS_SPECIES_GROUPS) {
      expect(group.source).toMatch(/\d{4}/);
      expect(group.name.zh).not.toBe('');
      expect(group.resolvedBy.en).not.toBe('');
      for (const member of group.members) {
        expect(seen.has(member), member).toBe(false);
        seen.add(member);
      }
    }
    expect(itsSpeciesGroupOf('Aspergillus lentulus')?.id).toBe('aspergillus-fumigati');
    expect(itsSpeciesGroupOf('Aspergillus niger')).toBeUndefined();
  });
});

describe.skipIf(!its)('ITS identification on the real references', () => {
  let indexes: ItsIndexes;
  const full = new Map<string, string>();
  let dev: { id: string; expected: string; sequence: string }[] = [];

  beforeAll(async () => {
    const load = async (file: string, region: 'ITS1' | 'ITS2') => {
      const refs: ItsReference[] = [];
      let n = 0;
      for await (const r of readFasta(path.join(its!, file))) {
        const ref = itsReference(r.header, r.sequence, region, ++n);
        if (!ref.exclusion && GENERA.has(ref.lineage[5] ?? '')) refs.push(ref);
      }
      return refs;
    };
    indexes = { ITS1: buildReferenceIndex(await load('ITS1_reference.fasta.gz', 'ITS1')), ITS2: buildReferenceIndex(await load('ITS2_reference.fasta.gz', 'ITS2')) };
    for await (const r of readFasta(path.join(its!, 'ITS_full_reference.fasta.gz'))) {
      const species = r.header.split(';')[6]?.split(' ')[0] ?? '';
      if (['Fusarium_oxysporum', 'Trichophyton_mentagrophytes', 'Trichophyton_rubrum', 'Trichophyton_tonsurans'].includes(species) && !full.has(species)) full.set(species, r.sequence);
    }
    for await (const r of readFasta(path.join(its!, 'ITS2_queries_dev.fasta.gz'))) {
      const [id, expected = ''] = r.header.split('|expected=');
      if (GENERA.has(expected.split(' ')[0]!)) dev.push({ id: id!, expected, sequence: r.sequence });
    }
  });

  it('finds the 5.8S of a whole ITS on either strand, with ITS1 before it and ITS2 after it', () => {
    const rubrum = full.get('Trichophyton_rubrum')!;
    const plus = locateItsRegions(rubrum);
    expect(plus.strand).toBe('+');
    expect(plus.partial58S).toBe(false);
    expect(plus.fiveEightS!.end - plus.fiveEightS!.start).toBeGreaterThan(150);
    expect(plus.fiveEightS!.end - plus.fiveEightS!.start).toBeLessThan(162);
    expect(rubrum.slice(plus.fiveEightS!.start, plus.fiveEightS!.start + 15)).toMatch(/^AACTTTCAACAACGG/);
    expect(plus.its1).toEqual({ start: 0, end: plus.fiveEightS!.start });
    expect(plus.its2!.start).toBe(plus.fiveEightS!.end);
    const minus = locateItsRegions(revcomp(rubrum));
    expect(minus.strand).toBe('-');
    // The same stretches, mirrored.
    expect(minus.fiveEightS).toEqual({ start: rubrum.length - plus.fiveEightS!.end, end: rubrum.length - plus.fiveEightS!.start });
  });

  it('cuts the 18S end and 28S start off an amplicon read with its primers’ flanks', () => {
    const rubrum = full.get('Trichophyton_rubrum')!;
    // ITS1 primer + the 18S end before ITS1; the 28S start and the ITS4 site after ITS2.
    const read = 'TCCGTAGGTGAACCTGCGGAAGGATCATTA' + rubrum + 'TTTGACCTCAAATCAGGTAGGACTACCCGCTGAACTTAAGCATATCAATAAGCGGAGGA';
    const regions = locateItsRegions(read);
    expect(regions.ssuEnd).toEqual({ start: 0, end: 30 });
    expect(regions.its1!.start).toBe(30);
    expect(regions.lsuStart!.start).toBe(30 + rubrum.length + 3);
    expect(regions.its2!.end).toBe(regions.lsuStart!.start);
  });

  it('locates the same regions with the WebAssembly fill as with the JavaScript one (whole ITS records, both strands, spacer reads)', () => {
    const reads = [...full.values(), ...[...full.values()].map(revcomp), ...dev.map((d) => d.sequence)];
    const kernel = reads.map((read) => locateItsRegions(read));
    setLocalAlignKernel(false);
    try {
      expect(reads.map((read) => locateItsRegions(read))).toEqual(kernel);
    } finally {
      setLocalAlignKernel(true);
    }
    expect(kernel.filter((r) => r.fiveEightS && !r.partial58S).length).toBeGreaterThanOrEqual(2 * full.size - 2);
  });

  it('finds no 5.8S in a read that has none', () => {
    let x = 11;
    const random = Array.from({ length: 400 }, () => 'ACGT'[((x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16) & 3]).join('');
    expect(locateItsRegions(random).fiveEightS).toBeNull();
  });

  it('identifies a whole ITS from both spacers, and names the complex when the species is one ITS cannot split', () => {
    const result = identifyIts(indexes, { id: 'tment', sequence: full.get('Trichophyton_mentagrophytes')! });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.its.basis).toBe('ITS1+ITS2');
    expect(result.its.parts.map((p) => p.region)).toEqual(['ITS1', 'ITS2']);
    expect(result.topHit.accession).toMatch(/^ITS1_\d+ \+ ITS2_\d+$/);
    expect(result.confidence.level).toBe('species-group');
    expect(result.its.speciesGroup?.id).toBe('trichophyton-mentagrophytes-complex');
    expect(result.confidence.names).toEqual(['Trichophyton mentagrophytes / interdigitale complex']);
    const tsv = formatItsTsv([result], { top: 1 }).trim().split('\n');
    expect(tsv[0]!.split('\t')).toEqual([...TSV_COLUMNS]);
    expect(tsv[1]!.split('\t').at(-2)).toBe('species-group:Trichophyton mentagrophytes / interdigitale complex');
    expect(tsv[1]!.split('\t').at(-1)).toBe('Trichophyton mentagrophytes / interdigitale complex');
  });

  it('lists the species when the tied ones reach beyond one complex (F. oxysporum beside species of other complexes)', () => {
    const result = identifyIts(indexes, { id: 'foxy', sequence: full.get('Fusarium_oxysporum')! });
    expect(result.ok && result.confidence.level).toBe('species-group');
    if (!result.ok) return;
    expect(result.its.speciesGroup).toBeUndefined();
    expect(result.confidence.names).toContain('Fusarium oxysporum');
    expect(result.confidence.names.some((n) => itsSpeciesGroupOf(n)?.id !== 'fusarium-oxysporum-sc')).toBe(true);
  });

  it('names a species outside every complex from a whole ITS read reverse-complemented', () => {
    const result = identifyIts(indexes, { id: 'tton', sequence: revcomp(full.get('Trichophyton_tonsurans')!) });
    expect(result.ok && result.topHit.species).toBe('Trichophyton tonsurans');
    expect(result.ok && result.strand).toBe('-');
    expect(result.ok && result.its.basis).toBe('ITS1+ITS2');
  });

  it('answers held-out ITS2 reads from ITS2, with the expected genus at the top for most', () => {
    const results = dev.map((q) => identifyIts(indexes, q));
    expect(results.length).toBeGreaterThan(10);
    expect(results.every((r) => !r.ok || r.its.basis !== 'ITS1+ITS2')).toBe(true);
    const genusRight = results.filter((r, i) => r.ok && r.topHit.genus === dev[i]!.expected.split(' ')[0]).length;
    expect(genusRight / results.length).toBeGreaterThan(0.9);
    // A species named alone leads every other species by the ITS margin.
    for (const r of results) if (r.ok && r.confidence.level === 'species') expect(r.confidence.margin === null || r.confidence.margin >= ITS_THRESHOLDS.speciesMargin - 1e-9).toBe(true);
  });

  it('refuses what is no ITS read before searching, with the ITS headline and the specific reason', () => {
    const short = identifyIts(indexes, { id: 's', sequence: 'ACGTACGTAC' });
    expect(short.ok).toBe(false);
    if (short.ok) return;
    expect(short.reason).toBe('too-short');
    expect(short.message.en).toMatch(/ITS/);
    expect(short.detail.zh).toContain('50');
    const protein = identifyIts(indexes, { id: 'p', sequence: 'MKVLILACLVALALARELEELNVPGEIVESLSSSEESITRINKKIEKFQSEEQQQTEDELQDKIHPF' });
    expect(!protein.ok && protein.reason).toBe('protein');
  });
});
