import { describe, expect, it } from 'vitest';
import { labTexts } from './i18n';
import { testsEntered, testsToSend, valueProblem } from './values';

const en = labTexts.en;

describe('valueProblem', () => {
  it.each(['16', '<=0.25', '≤0.25', '>32', '>= 8', '0,5', '=2', '2/38', '16 mg/L', '0.0001', '2048'])('accepts the MIC %s', (value) => {
    expect(valueProblem(en, 'MIC', value)).toBeNull();
  });
  it.each(['', '  '])('asks for a missing MIC (%j)', (value) => {
    expect(valueProblem(en, 'MIC', value)).toBe('MIC can not be null');
    expect(valueProblem(labTexts.zh, 'MIC', value)).toBe('MIC 不能为空');
  });
  it.each([
    ['abc', 'wrong MIC: not a number (no spaces or text inside the value)'],
    ['16 16', 'wrong MIC: not a number (no spaces or text inside the value)'],
    ['8 mg', 'wrong MIC: not a number (no spaces or text inside the value)'],
    ['>>4', 'wrong MIC: not a number (no spaces or text inside the value)'],
    ['4096', 'wrong MIC: outside the dilution range 0.0001–2048 mg/L'],
    ['0', 'wrong MIC: outside the dilution range 0.0001–2048 mg/L'],
    ['-1', 'wrong MIC: negative'],
    ['19 mm', 'wrong MIC'],
  ])('refuses the MIC %s saying why', (value, why) => {
    expect(valueProblem(en, 'MIC', value)).toBe(why);
  });
  it('checks zones against 6–80 mm', () => {
    expect(valueProblem(en, 'DISK', '19')).toBeNull();
    expect(valueProblem(en, 'DISK', '6')).toBeNull();
    expect(valueProblem(en, 'DISK', '5')).toBe('wrong zone diameter: outside 6–80 mm');
    expect(valueProblem(labTexts.zh, 'DISK', '95')).toBe('抑菌圈直径有误：超出 6–80 mm');
    expect(valueProblem(en, 'DISK', '')).toBe('Zone diameter can not be null');
  });
});

describe('isolate tests', () => {
  it('sends only the tests done, in the form order', () => {
    expect(testsToSend({ ESBL: '', MECA_PCR: '+', INDUC_CLI: '-' })).toEqual({ MECA_PCR: '+', INDUC_CLI: '-' });
    expect(Object.keys(testsToSend({ INDUC_CLI: '-', ESBL: '+' }))).toEqual(['ESBL', 'INDUC_CLI']);
    expect(testsToSend(undefined)).toEqual({});
    expect(testsToSend({ ESBL: 'x' } as never)).toEqual({});
  });
  it('names the tests entered the way the lab does, in both languages', () => {
    expect(testsEntered(labTexts.zh, { MECA_PCR: '+', ESBL: '-' })).toEqual([
      ['ESBL', 'ESBL 产超广谱β-内酰胺酶', '阴性（−）'],
      ['MECA_PCR', 'mecA/PBP2a（MRSA 确认）', '阳性（+）'],
    ]);
    expect(testsEntered(en, { INDUC_CLI: '+' })).toEqual([['INDUC_CLI', 'Inducible clindamycin resistance (D-test)', 'Positive (+)']]);
    expect(testsEntered(en, {})).toEqual([]);
  });
});

describe('titles', () => {
  it('calls the result detail dialog what the rest of the Lab calls a result (AST), not "Drug-sensitivity" (issue 16)', () => {
    expect(en.detail.title).toBe('AST result detail');
    expect(JSON.stringify(en)).not.toMatch(/drug-sensitivity/i);
  });
});
