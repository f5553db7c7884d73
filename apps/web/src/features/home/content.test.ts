import { describe, expect, it } from 'vitest';
import { homeContent } from './content';
import { breakpointLimit } from '@mdc/contracts';

describe('home page: identification as it is today (issue 16)', () => {
  it('tags no method as planned and describes Blast by every method, in both languages', () => {
    for (const locale of ['zh', 'en'] as const) {
      const text = JSON.stringify(homeContent[locale].blast);
      expect(text).not.toMatch(/规划中|Planned|later/);
      expect(homeContent[locale].blast.methods).toHaveLength(7);
      expect(homeContent[locale].blast.methods.join(' ')).toMatch(/ITS/);
    }
    expect(homeContent.zh.blast.lead).toMatch(/基因组.*MALDI-TOF.*生化.*形态/);
    expect(homeContent.en.blast.lead).toMatch(/genome.*MALDI-TOF.*biochemistry.*morphology/);
  });
});

describe('home page: the interpretation example in EUCAST’s own notation (issue 24)', () => {
  it('writes the resistant limit as EUCAST prints it, "MIC 16 > R 8", as the Lab’s reason does — never CLSI’s "≥ R 16"', () => {
    for (const locale of ['zh', 'en'] as const) {
      const eucast = homeContent[locale].lab.example.filter((line) => /EUCAST/.test(line));
      expect(eucast.length).toBeGreaterThan(0);
      for (const line of eucast) {
        const compared = /MIC (\d+(?:\.\d+)?) mg\/L (\S+) (?:R breakpoint|耐药折点) (\d+(?:\.\d+)?)/.exec(line);
        expect(compared, line).not.toBeNull();
        const [, value, operator, limit] = compared!;
        // EUCAST: R > limit, the limit being the last dilution that is not resistant
        expect(operator).toBe(breakpointLimit('EUCAST', 'MIC', 'r', Number(value)).operator);
        expect(Number(limit)).toBeLessThan(Number(value));
        expect(line).not.toMatch(/≥ R/);
      }
    }
  });
});

describe('home page: every reference data source with its licence (issue 24)', () => {
  // The table named LPSN, GBIF, WHONET, CLSI, EUCAST and NCBI alone: the fungal ITS references
  // (UNITE), the MALDI-TOF protein masses (BacteriaMSLF), the AMR package's 2023–2025 breakpoints
  // and rules, and the reference genomes were imported and used without being named.
  it.each(['zh', 'en'] as const)('names UNITE, BacteriaMSLF, the AMR package and the genome sources, each with a licence (%s)', (locale) => {
    const rows = homeContent[locale].database.rows;
    const named = (pattern: RegExp) => rows.find(([source]) => pattern.test(source));
    expect(named(/^UNITE$/)?.[3]).toMatch(/CC BY-SA 4\.0/);
    expect(named(/^BacteriaMSLF$/)?.[3]).toMatch(/BSD-2/);
    expect(named(/^AMR R/)?.[3]).toMatch(/GPL-2/);
    expect(named(/RefSeq|基因组|genome/i)).toBeDefined();
    for (const row of rows) {
      expect(row).toHaveLength(4);
      expect(row[3].trim(), row[0]).not.toBe('');
    }
  });

  it('lists the same sources, in the same order, in both languages', () => {
    const latin = (locale: 'zh' | 'en') => homeContent[locale].database.rows.map(([source]) => /^[A-Za-z]+/.exec(source)?.[0] ?? '');
    expect(homeContent.zh.database.rows).toHaveLength(homeContent.en.database.rows.length);
    // Sources named by a Latin name (all but the spectra and biochemical tables) carry it in both.
    const zh = latin('zh');
    latin('en').forEach((name, i) => zh[i] && expect(name).toBe(zh[i]));
  });
});
