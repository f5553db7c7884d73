import { describe, expect, it } from 'vitest';
import {
  BIOCHEM_PANELS,
  BiochemInputError,
  decodeProfile,
  encodeProfile,
  panelById,
  parseReactionList,
  profileLength,
} from '@mdc/core/identify/biochem';

const api20e = BIOCHEM_PANELS.API20E;
const positives = (reactions: Record<string, string>) => Object.keys(reactions).filter((c) => reactions[c] === '+');

function inputError(fn: () => unknown): BiochemInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BiochemInputError);
    return error as BiochemInputError;
  }
  throw new Error('no error was thrown');
}

describe('API 20E numerical profile', () => {
  it('has 7 digits of three tests each, oxidase being the 21st test', () => {
    expect(profileLength(api20e)).toBe(7);
    expect(api20e.profile!.groups.map((g) => g.length)).toEqual([3, 3, 3, 3, 3, 3, 3]);
    expect(api20e.profile!.groups[6]).toEqual(['AMY', 'ARA', 'OX']);
  });

  it('decodes 5144572 as ONPG, LDC, ODC, IND, GLU, MAN, SOR, RHA, SAC, MEL, ARA positive', () => {
    const reactions = decodeProfile(api20e, '5144572');
    expect(positives(reactions).sort()).toEqual(['ARA', 'GLU', 'IND', 'LDC', 'MAN', 'MEL', 'ODC', 'ONPG', 'RHA', 'SAC', 'SOR'].sort());
    expect(Object.keys(reactions)).toHaveLength(21);
    expect(reactions.OX).toBe('-');
    expect(reactions.ADH).toBe('-');
  });

  it('encodes those reactions back to 5144572, missing tests counting as not positive', () => {
    const entered = Object.fromEntries(['ONPG', 'LDC', 'ODC', 'IND', 'GLU', 'MAN', 'SOR', 'RHA', 'SAC', 'MEL', 'ARA'].map((c) => [c, '+' as const]));
    expect(encodeProfile(api20e, entered)).toBe('5144572');
    expect(encodeProfile(api20e, {})).toBe('0000000');
  });

  it('round-trips every digit in every position', () => {
    for (let position = 0; position < 7; position++) {
      for (let digit = 0; digit <= 7; digit++) {
        const profile = '0000000'.split('').map((d, i) => (i === position ? String(digit) : d)).join('');
        const reactions = decodeProfile(api20e, profile);
        expect(positives(reactions)).toHaveLength([0, 1, 1, 2, 1, 2, 2, 3][digit]!);
        expect(encodeProfile(api20e, reactions)).toBe(profile);
      }
    }
  });

  it('accepts spaces and dashes as printed on result sheets', () => {
    expect(encodeProfile(api20e, decodeProfile(api20e, '5 144 572'))).toBe('5144572');
    expect(encodeProfile(api20e, decodeProfile(api20e, '514-4572'))).toBe('5144572');
  });

  it('refuses a wrong length, a digit above 7 and non-digits, naming the field in zh and en', () => {
    const short = inputError(() => decodeProfile(api20e, '514457', 'profile'));
    expect(short.problem).toBe('profile-length');
    expect(short.field).toBe('profile');
    expect(short.text.en).toContain('7 digits');
    expect(short.text.zh).toContain('7 位');
    expect(inputError(() => decodeProfile(api20e, '51445720')).problem).toBe('profile-length');
    const eight = inputError(() => decodeProfile(api20e, '5814572'));
    expect(eight.problem).toBe('profile-digit');
    expect(eight.text.en).toContain('digit 2 is 8');
    expect(inputError(() => decodeProfile(api20e, '5144579')).problem).toBe('profile-digit');
    expect(inputError(() => decodeProfile(api20e, '51445x2')).problem).toBe('profile-not-digits');
    expect(inputError(() => decodeProfile(api20e, '')).problem).toBe('profile-not-digits');
  });

  it('has no profile for panels without one', () => {
    expect(inputError(() => decodeProfile(BIOCHEM_PANELS.conventional, '1234567')).problem).toBe('profile-not-digits');
  });
});

describe('reactions typed by people', () => {
  const conventional = BIOCHEM_PANELS.conventional;

  it('reads code=reaction lists with aliases, case and dash variants, empty meaning not done', () => {
    expect(parseReactionList('IND=+, vp=-, CIT=, mob=+, LDC:–, ODC=−', { panel: conventional })).toEqual({ IND: '+', VP: '-', MOT: '+', LDC: '-', ODC: '-' });
    expect(parseReactionList('IND+, VP-', { panel: conventional })).toEqual({ IND: '+', VP: '-' });
  });

  it('refuses unknown codes, codes of another panel, bad reactions and duplicates', () => {
    const unknown = inputError(() => parseReactionList('XYZ=+', { panel: conventional }, 'reactions'));
    expect(unknown.problem).toBe('unknown-test');
    expect(unknown.text.zh).toContain('XYZ');
    expect(inputError(() => parseReactionList('COA=+', { panel: conventional })).problem).toBe('test-not-in-panel');
    expect(parseReactionList('COA=+', { panel: conventional, alsoAllowed: BIOCHEM_PANELS.primary.tests })).toEqual({ COA: '+' });
    const bad = inputError(() => parseReactionList('IND=yes', { panel: conventional }));
    expect(bad.problem).toBe('bad-reaction');
    expect(bad.text.en).toContain('IND');
    expect(inputError(() => parseReactionList('IND=+,ind=-', { panel: conventional })).problem).toBe('duplicate-test');
    expect(inputError(() => parseReactionList('garbage', { panel: conventional })).problem).toBe('bad-reaction');
  });

  it('finds panels by loose names and refuses others', () => {
    expect(panelById('api 20e').id).toBe('API20E');
    expect(panelById('Conventional').id).toBe('conventional');
    const error = inputError(() => panelById('API 30X', 'panel'));
    expect(error.problem).toBe('unknown-panel');
    expect(error.text.en).toContain('API 30X');
    // Strips MDC knows without a matrix behind them are named as such.
    for (const strip of ['API20NE', 'api 20 strep', 'API20STR', 'apistaph']) {
      const noMatrix = inputError(() => panelById(strip, 'panel'));
      expect(noMatrix.problem, strip).toBe('no-matrix');
      expect(noMatrix.text.en).toMatch(/has no probability matrix yet/);
      expect(noMatrix.text.zh).toMatch(/尚无概率矩阵/);
    }
  });
});
