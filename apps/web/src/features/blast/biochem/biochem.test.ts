import { describe, expect, it } from 'vitest';
import { BIOCHEM_PANELS, checkBiochemRequest } from '@mdc/core/identify/biochem';
import {
  applyProfile,
  chooseInGroup,
  groupChoice,
  nextReaction,
  noNextTestReason,
  notDone,
  primaryBeside,
  profileOf,
  readCount,
  readTypedProfile,
  restNegative,
  submissionFields,
  withReaction,
  type Entered,
} from './entry';

const api20e = BIOCHEM_PANELS.API20E;
const conventional = BIOCHEM_PANELS.conventional;

describe('the biochemistry dialog: wells, profile and primary tests', () => {
  it('cycles a well through +, – and not done', () => {
    expect(nextReaction(undefined)).toBe('+');
    expect(nextReaction('+')).toBe('-');
    expect(nextReaction('-')).toBeUndefined();
    const wells = withReaction(withReaction({}, 'ONPG', '+'), 'ONPG', undefined);
    expect(wells).toEqual({});
  });

  it('lets the grid follow a typed profile, and the profile follow the grid', () => {
    const typed = readTypedProfile(api20e, '5144572', 'en');
    expect(typed.kind).toBe('complete');
    if (typed.kind !== 'complete') return;
    const wells = applyProfile(api20e, { GRAM: '-' }, typed.wells);
    expect(Object.keys(wells).filter((c) => wells[c] === '+')).toEqual(['GRAM', 'ONPG', 'LDC', 'ODC', 'IND', 'GLU', 'MAN', 'SOR', 'RHA', 'SAC', 'MEL', 'ARA'].filter((c) => c !== 'GRAM'));
    expect(wells.GRAM).toBe('-');
    expect(profileOf(api20e, wells)).toBe('5144572');
    expect(notDone(api20e, wells)).toBe(0);
    // Citrate read positive: the second digit gains 2.
    expect(profileOf(api20e, withReaction(wells, 'CIT', '+'))).toBe('5344572');
    // A well set back to not done counts as not positive in the profile, and is said to be not done.
    const undone = withReaction(wells, 'ONPG', undefined);
    expect(profileOf(api20e, undone)).toBe('4144572');
    expect(notDone(api20e, undone)).toBe(1);
    expect(profileOf(api20e, {})).toBe('');
    expect(profileOf(conventional, { IND: '+' })).toBe('');
  });

  it('points out a wrong profile at once, in the reader\'s language, and waits for the rest of a good one', () => {
    expect(readTypedProfile(api20e, '514', 'en').kind).toBe('partial');
    expect(readTypedProfile(api20e, '', 'en').kind).toBe('partial');
    const eight = readTypedProfile(api20e, '5148', 'en');
    expect(eight).toMatchObject({ kind: 'error' });
    expect(eight.kind === 'error' && eight.message).toMatch(/^Numerical profile: digit 4 is 8/);
    const long = readTypedProfile(api20e, '51445721', 'zh');
    expect(long.kind === 'error' && long.message).toMatch(/^数码谱：.*应为 7 位数字，而不是 8 位/);
    const letters = readTypedProfile(api20e, '51a', 'en');
    expect(letters.kind === 'error' && letters.message).toMatch(/digits only/);
    expect(readTypedProfile(api20e, '514 4572', 'en').kind).toBe('complete');
    // Sent with 3 digits, the profile asks for 7 — not "no reaction was entered" (issue 16).
    const short = readTypedProfile(api20e, '514', 'zh', { final: true });
    expect(short.kind === 'error' && short.message).toMatch(/^数码谱：.*应为 7 位数字，而不是 3 位/);
    const shortEn = readTypedProfile(api20e, '514', 'en', { final: true });
    expect(shortEn.kind === 'error' && shortEn.message).toMatch(/7 digits/);
  });

  it('marks the unread wells negative on request, keeping the positives', () => {
    const wells = restNegative(api20e, { ONPG: '+', IND: '+' });
    expect(notDone(api20e, wells)).toBe(0);
    expect(profileOf(api20e, wells)).toBe('1040000');
  });

  it('reads a group of alternatives as one choice', () => {
    let entered: Entered = chooseInGroup({}, 'shape', 'COCC');
    expect(entered).toMatchObject({ COCC: '+', ROD: '-', COCB: '-', CURV: '-', YST: '-' });
    expect(groupChoice(entered, 'shape')).toBe('COCC');
    entered = chooseInGroup(entered, 'haemolysis', 'none');
    expect(entered).toMatchObject({ BHEM: '-', AHEM: '-' });
    expect(groupChoice(entered, 'haemolysis')).toBe('none');
    entered = chooseInGroup(entered, 'shape', undefined);
    expect(groupChoice(entered, 'shape')).toBeUndefined();
    expect(entered.COCC).toBeUndefined();
    // A group counts as one reading however many members it sets.
    const read = chooseInGroup(chooseInGroup({ GRAM: '+' }, 'shape', 'COCC'), 'arrangement', 'CLUS');
    expect(readCount(read, BIOCHEM_PANELS.primary.tests)).toBe(3);
  });

  it('offers beside a panel only the primary tests the panel does not read itself', () => {
    expect(primaryBeside(api20e, ['GRAM', 'OX', 'CAT'])).toEqual(['GRAM', 'CAT']);
    expect(primaryBeside(conventional, ['GRAM', 'MOT', 'IND', 'CAT'])).toEqual(['GRAM', 'CAT']);
  });

  it('sends what the server accepts: the reactions, and the profile once every well is read', () => {
    const allowed = [...api20e.tests, 'GRAM'];
    const partial = submissionFields('biochem', api20e, { ONPG: '+', GRAM: '-', CAT: '+' }, allowed, '  ', 'en');
    expect(partial).toEqual({ fields: { method: 'biochem', panel: 'API20E', reactions: 'ONPG=+,GRAM=-' } });
    const typed = readTypedProfile(api20e, '5144572', 'en');
    const full = submissionFields('biochem', api20e, typed.kind === 'complete' ? applyProfile(api20e, {}, typed.wells) : {}, allowed, 'Urine 17', 'en');
    expect('fields' in full && full.fields).toMatchObject({ profile: '5144572', sampleName: 'Urine 17' });
    // The server's own check takes it as it is.
    if ('fields' in full) {
      const checked = checkBiochemRequest({ panel: full.fields.panel, profile: full.fields.profile!, reactions: full.fields.reactions });
      expect(checked.profile).toBe('5144572');
    }
    const none = submissionFields('morphology', BIOCHEM_PANELS.primary, {}, BIOCHEM_PANELS.primary.tests, '', 'zh');
    expect(none).toEqual({ error: { field: 'reactions', message: '反应：未输入任何反应，请至少填写一项 + 或 –。' } });
  });
});

describe('no next test, said as the label allows', () => {
  it('a good identification (E. coli 5144572, 98 %) is never told its leading candidates cannot be separated', () => {
    expect(noNextTestReason('good')).toBe('stands');
    expect(noNextTestReason('acceptable')).toBe('stands');
    expect(noNextTestReason('low discrimination')).toBe('inseparable');
    expect(noNextTestReason('unacceptable')).toBe('unacceptable');
    // A morphology group states no label: its species is settled by another method, not by a further primary test.
    expect(noNextTestReason(null)).toBe('group');
  });
});

