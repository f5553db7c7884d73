import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeProfile, identifyBiochem, panelById, parseReactionList, type Reaction } from '@mdc/core/identify/biochem';
import { projectBiochemDir, readBiochemMatrices } from '@mdc/refdata/biochem';

interface EvaluationCase {
  id: string;
  panel: string;
  expected: string;
  reactions: Record<string, Reaction>;
  source: string;
}

/** The evaluation set: published profiles, each with the identification its source reports. */
function readEvaluationSet(): EvaluationCase[] {
  const lines = readFileSync(path.join(projectBiochemDir, 'evaluation.tsv'), 'utf8').split('\n');
  const cases: EvaluationCase[] = [];
  let header: string[] | undefined;
  for (const line of lines) {
    if (!line.trim() || line.startsWith('#')) continue;
    const cells = line.split('\t');
    if (!header) {
      header = cells;
      continue;
    }
    const get = (name: string) => cells[header!.indexOf(name)]?.trim() ?? '';
    const panel = panelById(get('panel'));
    const profile = get('profile');
    const reactions = profile ? decodeProfile(panel, profile) : parseReactionList(get('reactions'), { panel });
    cases.push({ id: get('id'), panel: panel.id, expected: get('expected'), reactions, source: get('source') });
  }
  return cases;
}

describe('evaluation set of published profiles', () => {
  const cases = readEvaluationSet();
  const matrices = readBiochemMatrices();

  it('has sources for every profile', () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
    for (const c of cases) expect(c.source.length, c.id).toBeGreaterThan(20);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('identifies the published taxon (or its complex) at rank 1 for at least 8 in 9 profiles', () => {
    const lines: string[] = [];
    let correct = 0;
    for (const c of cases) {
      const matrix = matrices[c.panel as 'API20E'];
      const expected = matrix.taxa.filter((t) => t.name === c.expected || t.complex === c.expected);
      expect(expected.length, `${c.id}: ${c.expected} is not in the ${c.panel} matrix`).toBeGreaterThan(0);
      const result = identifyBiochem(matrix, c.reactions, { primary: matrices.primary, nextTestMatrices: [matrices.conventional] });
      const call = result.call;
      const ok = call.taxon === c.expected || call.complex === c.expected;
      if (ok) correct++;
      lines.push(`${ok ? 'ok  ' : 'MISS'} ${c.id}: ${call.taxon} ${call.percentId.toFixed(1)} % T ${call.typicity.toFixed(2)} ${call.level}`);
    }
    const accuracy = correct / cases.length;
    console.log(`biochem evaluation: ${correct}/${cases.length} (${(100 * accuracy).toFixed(0)} %) at rank 1\n${lines.join('\n')}`);
    expect(accuracy).toBeGreaterThanOrEqual(8 / 9);
  });
});
