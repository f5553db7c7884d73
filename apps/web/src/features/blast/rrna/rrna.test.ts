import { describe, expect, it } from 'vitest';
import { IDENTIFY_MESSAGES } from '@mdc/core/identify/rrna';
import { parseFastaText } from '@mdc/refdata/fasta';
import { alignmentBlocks } from '@mdc/core/identify/rrna';
import type { Hit } from '../api';
import { explainConfidence, sortHits } from './hits';
import { checkSequences, parseSequences } from './sequence-check';
import { BLAST_TEXTS } from '../texts';

const bases = (n: number, unit = 'ACGT') => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

describe('client-side sequence checks', () => {
  it('reads FASTA and bare text the way the server does', () => {
    const inputs = [
      `>a first one\n${bases(320)}\n\n>b\n${bases(160)}\n${bases(160)}\n`,
      `  ${bases(100)}\n${bases(250)}  \r\n`,
      `${bases(310)}\n>x\n${bases(305)}`,
      '>empty\n>full\nACGT',
    ];
    for (const text of inputs) {
      expect(parseSequences(text)).toEqual(parseFastaText(text).map((r) => ({ id: r.accession, sequence: r.sequence })));
    }
  });

  // Issue 16: a FASTA that lost its '>' was answered with a bare "not nucleotide" (or "protein").
  it('names a name line without ">" and numbered lines as what to fix, in both languages', () => {
    const named = checkSequences('16S', `Escherichia coli isolate 7 16S rRNA gene, partial sequence\n${bases(360)}\n${bases(360)}`);
    if (named.ok) throw new Error('accepted');
    expect(named.problem.detail.en).toMatch(/^The first line \("Escherichia coli isolate 7 16S rRNA gene, partial sequence"\) is a name, not sequence/);
    expect(named.problem.detail.zh).toMatch(/^第一行（“Escherichia coli isolate 7 16S rRNA gene, partial sequence”）是名称而不是序列/);
    const numbered = checkSequences('16S', `        1 ${bases(60, 'acgt').match(/.{10}/g)!.join(' ')}\n       61 ${bases(60, 'gcta').match(/.{10}/g)!.join(' ')}\n      121 ${bases(60, 'ttga').match(/.{10}/g)!.join(' ')}\n      181 ${bases(60, 'cagt').match(/.{10}/g)!.join(' ')}\n      241 ${bases(60, 'acgt').match(/.{10}/g)!.join(' ')}`);
    if (numbered.ok) throw new Error('accepted');
    expect(numbered.problem.detail.zh).toMatch(/碱基之间夹有数字/);
  });

  it('gives the specific reason the server gives: a protein, too many sequences', () => {
    const protein = checkSequences('16S', 'MKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQ'.repeat(12));
    expect(protein).toMatchObject({ ok: false, problem: { message: IDENTIFY_MESSAGES['identify.16s.unsupported'] } });
    if (!protein.ok) expect(protein.problem.detail.en).toMatch(/protein/);
    const many = checkSequences('16S', Array.from({ length: 101 }, (_, i) => `>s${i}\n${bases(320)}`).join('\n'));
    if (many.ok) throw new Error('accepted');
    expect(many.problem.detail.en).toBe('At most 100 sequences per submission; this one has 101.');
  });

  it('refuses with the engine sentences, naming the sequence at fault', () => {
    expect(checkSequences('16S', ' \n ')).toMatchObject({ ok: false, problem: { message: IDENTIFY_MESSAGES['identify.16s.empty'] } });
    expect(checkSequences('18S', '')).toMatchObject({ ok: false, problem: { message: IDENTIFY_MESSAGES['identify.18s.empty'] } });
    expect(checkSequences('16S', bases(400) + 'XZ')).toMatchObject({ ok: false, problem: { message: IDENTIFY_MESSAGES['identify.16s.unsupported'] } });
    expect(checkSequences('18S', bases(299))).toMatchObject({ ok: false, problem: { message: IDENTIFY_MESSAGES['identify.18s.unsupported'] } });
    const second = checkSequences('16S', `>ok\n${bases(400)}\n>short\n${bases(40)}`);
    expect(second.ok).toBe(false);
    if (!second.ok) {
      expect(second.problem.detail.en).toMatch(/^Sequence 2 \(short\): /);
      expect(second.problem.detail.zh).toMatch(/^第 2 条序列（short）：/);
    }
    const header = checkSequences('16S', `>ok\n${bases(400)}\n>nothing\n`);
    expect(header).toMatchObject({ ok: false, problem: { message: IDENTIFY_MESSAGES['identify.16s.empty'] } });
  });

  it('accepts IUPAC codes, U and lower case, and counts the bases', () => {
    const check = checkSequences('16S', `>a\n${bases(300, 'acgun')}\n>b\n${bases(350, 'RYKMSWBDHVN')}`);
    expect(check).toMatchObject({ ok: true, bases: 650 });
  });

  it('keeps the submission within the server limits', () => {
    const many = Array.from({ length: 101 }, (_, i) => `>s${i}\n${bases(300)}`).join('\n');
    expect(checkSequences('16S', many).ok).toBe(false);
    expect(checkSequences('16S', bases(10_001)).ok).toBe(false);
    expect(checkSequences('16S', bases(10_000)).ok).toBe(true);
  });
});

describe('alignment blocks', () => {
  it('numbers the bases of each 60-column row, skipping gaps', () => {
    const query = 'A'.repeat(58) + '--' + 'C'.repeat(10);
    const reference = 'A'.repeat(60) + 'C'.repeat(8) + '--';
    const blocks = alignmentBlocks({ query, reference, match: ' '.repeat(70) }, { queryStart: 1, strand: '+', referenceStart: 101 });
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.query).toEqual({ from: 1, to: 58, text: query.slice(0, 60) });
    expect(blocks[0]!.reference).toEqual({ from: 101, to: 160, text: reference.slice(0, 60) });
    expect(blocks[1]!.query).toMatchObject({ from: 59, to: 68 });
    expect(blocks[1]!.reference).toMatchObject({ from: 161, to: 168 });
  });

  it('counts query positions down on the minus strand', () => {
    const blocks = alignmentBlocks({ query: 'G'.repeat(70), reference: 'G'.repeat(70), match: '|'.repeat(70) }, { queryStart: 70, strand: '-', referenceStart: 1 });
    expect(blocks.map((b) => [b.query.from, b.query.to])).toEqual([
      [70, 11],
      [10, 1],
    ]);
  });
});

describe('hits', () => {
  const hit = (rank: number, similarity: number, score: number) => ({ rank, similarity, score }) as Hit;

  it('sorts by similarity or score, highest first, keeping the engine rank among equals', () => {
    const hits = [hit(1, 99.5, 2800), hit(2, 99.5, 2900), hit(3, 98, 3000), hit(4, 99.9, 2000)];
    expect(sortHits(hits, 'rank').map((h) => h.rank)).toEqual([1, 2, 3, 4]);
    expect(sortHits(hits, 'similarity').map((h) => h.rank)).toEqual([4, 1, 2, 3]);
    expect(sortHits(hits, 'score').map((h) => h.rank)).toEqual([3, 2, 1, 4]);
  });

  it('explains a confidence level with the numbers that decided it', () => {
    const thresholds = { species: 98.7, genus: 94.5, family: 86.5, speciesMargin: 0.5, minCoverage: 80, minSimilarity: 70 };
    const group = explainConfidence({ level: 'species-group', names: ['Escherichia coli', 'Shigella flexneri'], similarity: 99.8, margin: 0.1 }, thresholds, '16S', BLAST_TEXTS.en);
    expect(group).toContain('99.80%');
    expect(group).toContain('Escherichia coli, Shigella flexneri');
    expect(group).toContain('16S');
    const genus = explainConfidence({ level: 'genus', names: ['Listeria'], similarity: 96.1, margin: 1 }, thresholds, '16S', BLAST_TEXTS.zh);
    expect(genus).toContain('94.5%');
    expect(genus).toContain('Listeria');
    expect(explainConfidence({ level: 'species', names: ['X y'], similarity: 99.9, margin: null }, thresholds, '16S', BLAST_TEXTS.en)).toMatch(/no close sequence of another species/);
    // Too little of the read aligns: the level the similarity would give, the coverage, the rule.
    const capped = explainConfidence(
      { level: 'genus', names: ['Listeria'], similarity: 99.9, margin: 1, coverage: 62.5, limitedBy: 'coverage', similarityLevel: 'species' },
      thresholds,
      '16S',
      BLAST_TEXTS.en,
    );
    expect(capped).toMatch(/99\.90% would reach species level, but only 62\.5% of the sequence aligns with the top hit \(80% needed\)/);
    expect(capped).toContain('Listeria');
  });
});

describe('marker case on our pages (issue 16)', () => {
  it('writes the seed\'s "16s"/"18s" messages with the marker as microbiologists write it, leaving other words alone', async () => {
    const { markerCase } = await import('../components/bits');
    expect(markerCase(IDENTIFY_MESSAGES['identify.16s.unsupported'].en)).toBe('Unsupported 16S gene sequence, Please confirm and re-enter');
    expect(markerCase(IDENTIFY_MESSAGES['identify.18s.empty'].zh)).toBe('18S 基因序列不能为空');
    expect(markerCase('16S rRNA, 23s and 1.16s')).toBe('16S rRNA, 23s and 1.16s');
  });
});
