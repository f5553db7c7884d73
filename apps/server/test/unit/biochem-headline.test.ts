import { describe, expect, it } from 'vitest';
import { checkBiochemRequest, identifyBiochemRequest } from '@mdc/core/identify/biochem';
import { biochemMatrices } from '../../src/blast/biochem/method';

const identify = (request: Parameters<typeof checkBiochemRequest>[0]) => identifyBiochemRequest(checkBiochemRequest(request), biochemMatrices(), { top: 5 });

describe('biochemistry and morphology headlines (issue 16)', () => {
  it('morphology of Gram-positive cocci in clusters, catalase +, coagulase + names coagulase-positive staphylococci and the test that settles them, not "S. aureus, good identification"', () => {
    const result = identify({ panel: 'primary', reactions: { GRAM: '+', COCC: '+', CLUS: '+', CAT: '+', COA: '+' } });
    expect(result.call.taxon).toBe('Staphylococcus aureus');
    expect(result.headline).toMatchObject({ kind: 'morphology-group', name: { en: 'Coagulase-positive staphylococci', zh: '凝固酶阳性葡萄球菌' } });
    if (result.headline.kind !== 'morphology-group') return;
    expect(result.headline.members).toEqual(expect.arrayContaining(['Staphylococcus argenteus', 'Staphylococcus schweitzeri', 'Staphylococcus pseudintermedius', 'Staphylococcus intermedius', 'Staphylococcus coagulans']));
    expect(result.headline.settles.en).toMatch(/MALDI-TOF/);
    expect(result.headline.settles.zh).toMatch(/MALDI-TOF/);
  });

  it('morphology never labels a species "good identification": a species row is presumptive, at most acceptable', () => {
    const result = identify({ panel: 'primary', reactions: { GRAM: '+', COCC: '+', CHAIN: '+', CAT: '-', BHEM: '+', PYRA: '+', BAC: '+' } });
    expect(result.call.taxon).toBe('Streptococcus pyogenes');
    expect(result.headline.kind).toBe('presumptive');
    expect(['excellent', 'very good', 'good']).not.toContain(result.call.level);
  });

  it('API 20E profile 0000000 is headed "unacceptable profile", the nearest taxon only below', () => {
    const result = identify({ panel: 'API20E', profile: '0000000' });
    expect(result.call.level).toBe('unacceptable');
    expect(result.headline).toEqual({ kind: 'unacceptable', name: { en: 'Unacceptable profile', zh: '不可接受的生化谱' } });
    expect(result.candidates[0]!.taxon).toBe(result.call.taxon);
  });

  it('a panel names the complex it cannot split', () => {
    // 3305573: the classic API 20E profile of E. cloacae.
    const result = identify({ panel: 'API20E', profile: '3305573' });
    expect(result.call.taxon).toBe('Enterobacter cloacae');
    expect(result.headline).toMatchObject({ kind: 'complex', name: { en: 'Enterobacter cloacae complex', zh: '阴沟肠杆菌复合群' } });
  });
});
