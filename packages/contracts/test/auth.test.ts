import { describe, expect, it } from 'vitest';
import { checkPassword, isStrongPassword, loginBody, registerBody, updatePasswordBody } from '@mdc/contracts';

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('password rule', () => {
  it('accepts 8+ characters with upper, lower, digit and special', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
  });
  it.each([
    ['Abcde1!', 'length'],
    ['abcdef1!', 'upper'],
    ['ABCDEF1!', 'lower'],
    ['Abcdefg!', 'digit'],
    ['Abcdefg1', 'special'],
  ])('rejects %s for %s', (pw, failing) => {
    const check = checkPassword(pw);
    expect(isStrongPassword(pw)).toBe(false);
    expect(check[failing as keyof typeof check]).toBe(false);
  });
  it('rejects passwords longer than 64 characters', () => {
    expect(isStrongPassword('Aa1!' + 'x'.repeat(61))).toBe(false);
  });
});

describe('account schemas', () => {
  it('normalises the e-mail', () => {
    const parsed = loginBody.parse({ email: '  Ana@Example.ORG ', password: 'x' });
    expect(parsed.email).toBe('ana@example.org');
  });
  it.each([
    [{ password: 'Abcdef1!', repeatPassword: 'Abcdef1!' }, 'emailRequired'],
    [{ email: '', password: 'Abcdef1!', repeatPassword: 'Abcdef1!' }, 'emailRequired'],
    [{ email: 'not-an-email', password: 'Abcdef1!', repeatPassword: 'Abcdef1!' }, 'emailInvalid'],
    [{ email: 'a@b.org', password: '', repeatPassword: '' }, 'passwordRequired'],
    [{ email: 'a@b.org', password: 'weak', repeatPassword: 'weak' }, 'passwordWeak'],
    [{ email: 'a@b.org', password: 'Abcdef1!', repeatPassword: '' }, 'passwordRepeatRequired'],
    [{ email: 'a@b.org', password: 'Abcdef1!', repeatPassword: 'Abcdef1?' }, 'passwordMismatch'],
  ])('register %j → %s', (body, key) => {
    expect(firstIssue(registerBody.safeParse(body))).toBe(key);
  });
  it('password change checks the new password, not the old one', () => {
    const ok = updatePasswordBody.safeParse({ email: 'a@b.org', oldPassword: 'old', password: 'Newpass1!', repeatPassword: 'Newpass1!' });
    expect(ok.success).toBe(true);
  });
});
