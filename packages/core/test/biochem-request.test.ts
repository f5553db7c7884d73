import { describe, expect, it } from 'vitest';
import { BiochemInputError, checkBiochemRequest, identifyBiochemRequest, type ProbabilityMatrix } from '@mdc/core/identify/biochem';

const conventional: ProbabilityMatrix = {
  id: 'c',
  panel: 'conventional',
  name: { en: 'c', zh: 'c' },
  tests: ['IND', 'VP'],
  taxa: [
    { name: 'Alpha alpha', synonyms: [], percent: { IND: 95, VP: 5 }, source: 'test', primary: 'Rods' },
    { name: 'Beta beta', synonyms: [], percent: { IND: 5, VP: 95 }, source: 'test', primary: 'Rods' },
  ],
  source: 'test',
};

function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BiochemInputError);
    return (error as BiochemInputError).problem;
  }
  return 'none';
}

describe('requests from forms and API calls', () => {
  it('merges a profile with the primary tests entered beside it', () => {
    const checked = checkBiochemRequest({ panel: 'api20e', profile: '5144572', reactions: { GRAM: '-', ROD: '+', IND: '+' } });
    expect(checked.panel.id).toBe('API20E');
    expect(checked.profile).toBe('5144572');
    expect(checked.reactions.GRAM).toBe('-');
    expect(checked.reactions.ONPG).toBe('+');
    expect(Object.keys(checked.reactions)).toHaveLength(23);
  });

  it('reads the typed list form and object form alike, empty meaning not done', () => {
    expect(checkBiochemRequest({ panel: 'conventional', reactions: 'IND=+,VP=' }).reactions).toEqual({ IND: '+' });
    expect(checkBiochemRequest({ panel: 'conventional', reactions: { IND: '+', VP: '' } }).reactions).toEqual({ IND: '+' });
  });

  it('refuses contradictions, profiles of panels without one, empty requests and foreign codes, naming the field', () => {
    expect(problem(() => checkBiochemRequest({ panel: 'API20E', profile: '5144572', reactions: { IND: '-' } }))).toBe('conflicting-reaction');
    expect(problem(() => checkBiochemRequest({ panel: 'conventional', profile: '5144572' }))).toBe('profile-not-digits');
    expect(problem(() => checkBiochemRequest({ panel: 'conventional', reactions: {} }))).toBe('no-reactions');
    expect(problem(() => checkBiochemRequest({ panel: 'API20E', reactions: { MR: '+' } }))).toBe('test-not-in-panel');
    expect(problem(() => checkBiochemRequest({ panel: 'API 20NE', reactions: { IND: '+' } }))).toBe('no-matrix');
    expect(problem(() => checkBiochemRequest({ panel: 'API 99Z', reactions: { IND: '+' } }))).toBe('unknown-panel');
    try {
      checkBiochemRequest({ panel: 'API20E', profile: '9' }, { profile: { en: 'Numerical profile', zh: '数码谱' } });
    } catch (error) {
      expect((error as BiochemInputError).field).toBe('Numerical profile');
      expect((error as BiochemInputError).text.zh).toContain('数码谱');
    }
  });

  it('takes one reaction under the code of the panel that has it: TDA ≡ PDA, and the aliases of other strips', () => {
    expect(checkBiochemRequest({ panel: 'conventional', reactions: 'TDA=+,IND=-' }).reactions).toEqual({ PDA: '+', IND: '-' });
    expect(checkBiochemRequest({ panel: 'API20E', reactions: { PDA: '+', GLU: '+' } }).reactions).toEqual({ TDA: '+', GLU: '+' });
    expect(checkBiochemRequest({ panel: 'conventional', reactions: 'PAD=+,TRP=+,ARG=-,PNPG=+,UREA=+' }).reactions).toEqual({ PDA: '+', IND: '+', ADH: '-', ONPG: '+', URE: '+' });
    expect(checkBiochemRequest({ panel: 'API20E', reactions: { 'β-GAL': '+', 'H₂S': '-', 'ADH (Arg)': '+' } }).reactions).toEqual({ ONPG: '+', H2S: '-', ADH: '+' });
    expect(problem(() => checkBiochemRequest({ panel: 'conventional', reactions: 'TDA=+,PDA=+' }))).toBe('duplicate-test');
    // The primary panel has no deaminase at all: still refused there.
    expect(problem(() => checkBiochemRequest({ panel: 'primary', reactions: 'TDA=+,GRAM=-' }))).toBe('test-not-in-panel');
  });

  it('says so when the deployment has no matrix for the panel', () => {
    const request = checkBiochemRequest({ panel: 'API20E', profile: '5144572' });
    expect(problem(() => identifyBiochemRequest(request, { conventional }))).toBe('no-matrix');
    const result = identifyBiochemRequest(checkBiochemRequest({ panel: 'conventional', reactions: 'IND=+,VP=-' }), { conventional }, { top: 1 });
    expect(result.candidates).toHaveLength(1);
    expect(result.call.taxon).toBe('Alpha alpha');
  });
});
