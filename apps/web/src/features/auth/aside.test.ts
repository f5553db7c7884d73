import { describe, expect, it } from 'vitest';
import { authAside } from './aside';

describe('register and login pages: identification as it is today (issue 16)', () => {
  it('names every identification method the portal has (ITS too, as the home page does), and none as planned', () => {
    const blast = { zh: authAside.zh.points.find((p) => p.startsWith('微生物鉴定')), en: authAside.en.points.find((p) => p.startsWith('Blast')) };
    expect(blast.zh).toMatch(/16S\/18S.*ITS.*基因组.*MALDI-TOF.*生化.*形态/);
    expect(blast.en).toMatch(/16S\/18S.*ITS.*genome.*MALDI-TOF.*biochemistry.*morphology/);
    for (const locale of ['zh', 'en'] as const) expect(JSON.stringify(authAside[locale])).not.toMatch(/规划中|Planned|later/);
  });
});
