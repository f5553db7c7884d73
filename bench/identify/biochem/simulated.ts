// Species-level calls of the biochemical panels and of morphology on simulated isolates, before
// and after issue 16's headline (an unacceptable profile first, complexes the panel cannot split,
// morphology never naming a species better than presumptive).
//
// There is no public set of real API 20E / tube / morphology results with known species, so each
// isolate is drawn from the matrix itself: every test positive with the probability the matrix
// gives its taxon (tests without data left undone). This measures how the calls are calibrated
// against the matrix's own percentages — whether a species-level answer is wrong as often as its
// label allows — not accuracy on isolates from the bench, whose reactions the matrix may not
// describe (the matrix's sources are not an independent test set either).
//
//   npx tsx bench/identify/biochem/simulated.ts [--per-taxon=50] [--seed=20261125]
import { parseArgs } from 'node:util';
import { QUALITY_LEVELS, identifyBiochem, type ProbabilityMatrix, type Reaction } from '@mdc/core/identify/biochem';
import { TAXON_COMPLEXES, isComplexMember } from '@mdc/core/identify/complexes';
import { readBiochemMatrices } from '@mdc/refdata/biochem';

const { values } = parseArgs({ options: { 'per-taxon': { type: 'string', default: '50' }, seed: { type: 'string', default: '20261125' } } });
const perTaxon = Number(values['per-taxon']);
const seed = Number(values.seed);

/** mulberry32: a small seeded generator, so the same seed draws the same isolates. */
function generator(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Genus and species of a row name ("Escherichia coli (inactive biogroup)" → "Escherichia coli"). */
const binomial = (name: string): string | null => {
  const m = /^([A-Z][a-z]+) ([a-z]+)/.exec(name);
  // "Viridans group streptococci" names a group, not a species.
  return m && m[2] !== 'group' ? `${m[1]} ${m[2]}` : null;
};
const REPORTED = new Set(QUALITY_LEVELS.slice(0, 4));

interface Tally {
  isolates: number;
  species: number;
  wrong: number;
  examples: Map<string, number>;
}
const tally = (): Tally => ({ isolates: 0, species: 0, wrong: 0, examples: new Map() });

function run(matrix: ProbabilityMatrix, method: 'biochem' | 'morphology', random: () => number) {
  const before = tally();
  const after = tally();
  const afterKinds = new Map<string, number>();
  const drawnSpecies = matrix.taxa.filter((t) => binomial(t.name) !== null);
  for (const taxon of drawnSpecies) {
    const truth = binomial(taxon.name)!;
    for (let i = 0; i < perTaxon; i++) {
      const reactions: Record<string, Reaction> = {};
      for (const code of matrix.tests) {
        const p = taxon.percent[code];
        if (p === undefined) continue;
        reactions[code] = random() * 100 < p ? '+' : '-';
      }
      const id = identifyBiochem(matrix, reactions);
      const first = id.candidates[0]!;
      // Before 1ce90c2: the answer was rank 1 with the label its %ID and T earned.
      const earned = id.primaryFit?.outsidePanel ? 'unacceptable' : first.level;
      before.isolates++;
      const calledBefore = binomial(first.taxon);
      if (REPORTED.has(earned as never) && calledBefore) {
        before.species++;
        if (calledBefore !== truth) {
          before.wrong++;
          const key = `${truth} → ${first.taxon}`;
          before.examples.set(key, (before.examples.get(key) ?? 0) + 1);
        }
      }
      // After: the headline.
      after.isolates++;
      const h = id.headline;
      afterKinds.set(h.kind, (afterKinds.get(h.kind) ?? 0) + 1);
      if (!REPORTED.has(id.call.level as never)) continue;
      let right: boolean | null = null;
      let said = '';
      if (h.kind === 'taxon' && binomial(h.name.en)) {
        right = binomial(h.name.en) === truth;
        said = h.name.en;
      } else if (h.kind === 'complex') {
        const complex = TAXON_COMPLEXES.find((c) => c.name === h.name.en);
        right = complex ? isComplexMember(complex, truth) : h.members.includes(truth);
        said = h.name.en;
      } else if (h.kind === 'presumptive') {
        right = binomial(h.name.en) === truth;
        said = `${h.name.en} (presumptive)`;
      }
      if (right === null) continue;
      after.species++;
      if (!right) {
        after.wrong++;
        const key = `${truth} → ${said}`;
        after.examples.set(key, (after.examples.get(key) ?? 0) + 1);
      }
    }
  }
  return { before, after, afterKinds, taxa: drawnSpecies.length };
}

const matrices = readBiochemMatrices();
const random = generator(seed);
const rows: string[] = [];
const details: string[] = [];
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
for (const [label, matrix, method] of [
  ['API 20E', matrices.API20E, 'biochem'],
  ['Conventional tubes', matrices.conventional, 'biochem'],
  ['Morphology and primary tests', matrices.primary, 'morphology'],
] as const) {
  const r = run(matrix, method, random);
  rows.push(
    `| ${label} | ${r.taxa} | ${r.before.isolates} | ${r.before.species} | ${r.before.wrong} (${pct(r.before.wrong, r.before.species)}) | ${r.after.species} | ${r.after.wrong} (${pct(r.after.wrong, r.after.species)}) |`,
  );
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} ×${n}`).join('; ') || '—';
  details.push(`**${label}** — headlines after: ${[...r.afterKinds].map(([k, n]) => `${k} ${n}`).join(', ')}.`);
  details.push(`- most frequent wrong calls before: ${top(r.before.examples)}`);
  details.push(`- after: ${top(r.after.examples)}`);
}
const complexes = TAXON_COMPLEXES.filter((c) => c.unsplitBy.includes('biochem')).map((c) => c.name);
console.log(`| matrix | species rows | isolates | before: species-level calls | before: wrong | after: species-level calls | after: wrong |
|---|---|---|---|---|---|---|
${rows.join('\n')}

${details.join('\n')}

Seed ${seed}, ${perTaxon} isolates per species row. Complexes biochemistry calls: ${complexes.join(', ')}.`);
