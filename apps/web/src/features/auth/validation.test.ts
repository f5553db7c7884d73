import { describe, expect, it } from 'vitest';
import { emailProblem, passwordProblem, repeatProblem } from './validation';

describe('form validation shared with the server', () => {
  it('asks for an e-mail, then a valid one', () => {
    expect(emailProblem('')).toBe('emailRequired');
    expect(emailProblem('   ')).toBe('emailRequired');
    expect(emailProblem(undefined)).toBe('emailRequired');
    expect(emailProblem('not-an-address')).toBe('emailInvalid');
    expect(emailProblem('a@b')).toBe('emailInvalid');
    expect(emailProblem(' Lab.Tech@Hospital.example.cn ')).toBeNull();
  });
  it('holds new passwords to the rule but not the current one', () => {
    expect(passwordProblem('', 'new')).toBe('passwordRequired');
    expect(passwordProblem('', 'old')).toBe('oldPasswordRequired');
    expect(passwordProblem('abcdef', 'new')).toBe('passwordWeak');
    expect(passwordProblem('Abcdef1!', 'new')).toBeNull();
    expect(passwordProblem('abcdef', 'current')).toBeNull();
  });
  it('wants the repeat, and the same password', () => {
    expect(repeatProblem('Abcdef1!', '')).toBe('passwordRepeatRequired');
    expect(repeatProblem('Abcdef1!', 'Abcdef1?')).toBe('passwordMismatch');
    expect(repeatProblem('Abcdef1!', 'Abcdef1!')).toBeNull();
  });
});
