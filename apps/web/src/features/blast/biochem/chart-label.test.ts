import { describe, expect, it } from 'vitest';
import { CHART_LABEL_CHARS, chartLabel, chartTaxon } from './chart-label';

// Issue 24: the chart cut "Escherichia coli (inactive biogroup)" to "Escherichia coli (inactive biogro…",
// losing the word that sets the row apart from E. coli.
describe('profile chart row labels', () => {
  it('abbreviates the genus of a long name instead of cutting its end', () => {
    expect(chartLabel('Escherichia coli (inactive biogroup)')).toBe('E. coli (inactive biogroup)');
    expect(chartLabel('Enterobacter cloacae subsp. dissolvens')).toBe('E. cloacae subsp. dissolvens');
  });

  it('keeps a name that fits, and a group name that is no binomial, as written', () => {
    expect(chartLabel('Escherichia coli')).toBe('Escherichia coli');
    expect(chartLabel('Salmonella enterica serovar Typhi')).toBe('Salmonella enterica serovar Typhi');
    const group = 'Coagulase-negative staphylococci (other species)';
    expect(chartLabel(group)).toBe(`${group.slice(0, CHART_LABEL_CHARS - 1)}…`);
  });

  it('cuts with an ellipsis only what is too long even abbreviated', () => {
    const label = chartLabel('Pseudomonas pseudoalcaligenes subsp. citrulli biovar 2');
    expect(label.startsWith('P. pseudoalcaligenes subsp.')).toBe(true);
    expect(label.endsWith('…')).toBe(true);
    expect(label.length).toBe(CHART_LABEL_CHARS);
  });
});

// Looked at (issue 24's screenshots): the Chinese morphology page headed its chart row "#2 Coagulase-negative staphylococci".
describe('profile chart rows on a Chinese page', () => {
  it('names a group written in English words by its Chinese name, a Latin name as it is', () => {
    const cons = { taxon: 'Coagulase-negative staphylococci', zh: '凝固酶阴性葡萄球菌' };
    expect(chartTaxon(cons, 'zh')).toBe('凝固酶阴性葡萄球菌');
    expect(chartTaxon(cons, 'en')).toBe('Coagulase-negative staphylococci');
    expect(chartTaxon({ taxon: 'Staphylococcus aureus', zh: '金黄色葡萄球菌' }, 'zh')).toBe('Staphylococcus aureus');
    expect(chartTaxon({ taxon: 'Kocuria', zh: '考克菌属' }, 'zh')).toBe('Kocuria');
    expect(chartTaxon({ taxon: 'Coagulase-negative staphylococci' }, 'zh')).toBe('Coagulase-negative staphylococci');
  });
});
