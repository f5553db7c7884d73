import { describe, expect, it } from 'vitest';
import { homeContent } from './content';

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
