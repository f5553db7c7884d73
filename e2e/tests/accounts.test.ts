import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPaths } from '@mdc/contracts';
import { startStack, type Stack } from '../support/stack';
import { NEW_PASSWORD, PASSWORD, activeAccount, clickStill, cookie, eventually, expectPath, fillForm, freshEmail, logIn, visibleText } from '../support/helpers';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ MAX_FAILED_LOGINS: '5' });
});
afterAll(async () => stack?.close());

async function tokenWorks(token: string | undefined) {
  if (!token) return false;
  const res = await stack.portal.app.inject({ method: 'GET', url: authPaths.me, headers: { authorization: `Bearer ${token}` } });
  return res.statusCode === 200;
}

describe('accounts in the browser', () => {
  it('register → mail over SMTP → activation link → log in → change password → forced re-login', async () => {
    const { page } = await stack.newPage();
    const email = freshEmail();
    await page.goto('/register');
    await fillForm(page, { email, password: PASSWORD, repeatPassword: PASSWORD });
    await page.getByTestId('register-submit').click();
    await expectPath(page, '/register/sended');

    const mail = await stack.smtp.next(email);
    expect(mail.subject).toContain('激活');
    const link = mail.links.find((l) => l.includes('/register/verify/'))!;
    expect(link.startsWith(stack.baseUrl + '/register/verify/')).toBe(true);
    await page.goto(link);
    await page.getByTestId('verify-activated').waitFor();
    // A second click on the link: not a red FAILED! and "sign up again" but "already activated",
    // with the way to log in.
    await page.goto(link);
    const already = page.getByTestId('verify-already-active');
    await already.waitFor();
    expect(await already.innerText()).toContain('账号已激活');
    expect(await already.innerText()).toContain('请直接登录');
    expect(await page.getByText('FAILED!').count()).toBe(0);
    expect(await page.getByTestId('verify-failed').count()).toBe(0);
    await clickStill(page.getByTestId('verify-login-link'));
    await expectPath(page, '/login');

    await logIn(page, email, PASSWORD);
    await expectPath(page, '/');
    const token = await cookie(page, 'token');
    expect(decodeURIComponent((await cookie(page, 'email')) ?? '')).toBe(email);
    expect(await tokenWorks(token)).toBe(true);

    await page.goto('/lab');
    await page.getByTestId('user-menu').click();
    await clickStill(page.getByTestId('user-menu-change-password'));
    await expectPath(page, /^\/updatePassword\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('email')).toBe(email);
    expect(params.get('redirect')).toBe('/lab');
    await fillForm(page, { oldPassword: PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    await page.getByTestId('update-submit').click();
    await page.getByText('修改成功，请重新登录').first().waitFor();
    await expectPath(page, /^\/login/);
    await page.getByTestId('login-page').waitFor();
    expect(await cookie(page, 'token')).toBeUndefined();
    expect(await tokenWorks(token)).toBe(false);

    await fillForm(page, { email, password: PASSWORD });
    await page.getByTestId('login-submit').click();
    await page.getByText('邮箱或密码错误').first().waitFor();
    await fillForm(page, { email, password: NEW_PASSWORD });
    await page.getByTestId('login-submit').click();
    await expectPath(page, '/lab');
    expect(await tokenWorks(await cookie(page, 'token'))).toBe(true);
  });

  it('lock-out after failed logins → recovery mail → new password → log in (English)', async () => {
    const { email } = await activeAccount(stack);
    const { page } = await stack.newPage({ locale: 'en-US' });
    await page.goto('/en/login');
    for (let i = 0; i < 5; i++) {
      await fillForm(page, { email, password: `Wrong${i}!pw` });
      await page.getByTestId('login-submit').click();
      if (i < 4) await page.getByText('Incorrect email or password').first().waitFor();
    }
    const alert = page.getByTestId('locked-alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Your account has been locked. Please reset your password and log in again.');

    // The right password no longer opens the account.
    await fillForm(page, { email, password: PASSWORD });
    await page.getByTestId('login-submit').click();
    await alert.waitFor();
    expect(await cookie(page, 'token')).toBeUndefined();

    await page.getByTestId('locked-recover-link').click();
    await expectPath(page, /^\/en\/forgotPassword/);
    await fillForm(page, { email });
    await page.getByTestId('forgot-submit').click();
    await expectPath(page, '/en/forgotPassword/sended');

    const mail = await stack.smtp.next(email);
    expect(mail.subject).toMatch(/reset your password/i);
    const link = mail.links.find((l) => l.includes('/en/forgotPassword/recover/'))!;
    await page.goto(link);
    await fillForm(page, { password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    await page.getByTestId('recover-submit').click();
    await expectPath(page, /^\/en\/login/);

    await logIn(page, email, NEW_PASSWORD, '/en/login');
    await expectPath(page, '/en');
    expect(await tokenWorks(await cookie(page, 'token'))).toBe(true);

    // A used link fails.
    await page.goto(link);
    await page.getByText('FAILED!').waitFor();
  });

  it('says an English activation link opened again belongs to an active account and offers log-in', async () => {
    const email = freshEmail();
    const post = (url: string, body: Record<string, string>) =>
      stack.portal.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', local: 'en' }, payload: new URLSearchParams(body).toString() });
    expect((await post(authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD })).json().code).toBe(0);
    const link = (await stack.smtp.next(email)).links.find((l) => l.includes('/en/register/verify/'))!;
    const { page } = await stack.newPage({ locale: 'en-US' });
    await page.goto(link);
    await page.getByTestId('verify-activated').waitFor();
    await page.reload();
    const already = page.getByTestId('verify-already-active');
    await already.waitFor();
    const text = await already.innerText();
    expect(text).toContain('Account already activated');
    expect(text).toContain('Log in');
    expect(text).not.toMatch(/FAILED|Sign up again/);
    await clickStill(page.getByTestId('verify-login-link'));
    await expectPath(page, '/en/login');
    await logIn(page, email, PASSWORD, '/en/login');
    await expectPath(page, '/en');
  });

  it('forces a change of an aged password before normal use', async () => {
    const { email } = await activeAccount(stack);
    await stack.portal.db.query(`UPDATE users SET password_changed_at = now() - interval '120 days' WHERE email = $1`, [email]);
    const { page } = await stack.newPage();
    await page.goto('/login?redirect=%2Fblast%2Fhist');
    await fillForm(page, { email, password: PASSWORD });
    await page.getByTestId('login-submit').click();
    await expectPath(page, /^\/updatePassword\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('email')).toBe(email);
    expect(params.get('redirect')).toBe('/blast/hist');
    expect(await page.getByTestId('password-expired-notice').innerText()).toContain('您的密码已长时间未修改');
    expect(await cookie(page, 'token')).toBeUndefined();

    await fillForm(page, { oldPassword: PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    await page.getByTestId('update-submit').click();
    await expectPath(page, /^\/login/);
    // The change-password form also has an e-mail field: wait for the login form before typing.
    await page.getByTestId('login-page').waitFor();
    await fillForm(page, { email, password: NEW_PASSWORD });
    await page.getByTestId('login-submit').click();
    await expectPath(page, '/blast/hist');
  });

  it('logout from a private page goes to login with redirect; from a public page it stays', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage();
    await logIn(page, email, password, '/login?redirect=%2Flab%2Fhist');
    await expectPath(page, '/lab/hist');
    const token = await cookie(page, 'token');
    await page.getByTestId('user-menu').click();
    await clickStill(page.getByTestId('logout'));
    await expectPath(page, '/login?redirect=%2Flab%2Fhist');
    expect(await cookie(page, 'token')).toBeUndefined();
    expect(await cookie(page, 'email')).toBeUndefined();
    expect(await tokenWorks(token)).toBe(false);
    await page.getByTestId('login-submit').waitFor();

    await logIn(page, email, password, '/login?redirect=%2Fresource');
    await expectPath(page, '/resource');
    await page.getByTestId('user-menu').click();
    await clickStill(page.getByTestId('logout'));
    await page.getByTestId('login-link').waitFor();
    await expectPath(page, '/resource');
  });

  it('sends anonymous visitors of private pages to login and back', async () => {
    const { email, password } = await activeAccount(stack);
    const { page } = await stack.newPage();
    await page.goto('/en/blast/hist');
    await expectPath(page, '/en/login?redirect=%2Fen%2Fblast%2Fhist');
    await fillForm(page, { email, password });
    await page.getByTestId('login-submit').click();
    await expectPath(page, '/en/blast/hist');
  });

  it('validates forms in the page language without calling the server', async () => {
    const { page } = await stack.newPage();
    await page.goto('/en/register');
    await fillForm(page, { email: 'not-an-email', password: 'weak', repeatPassword: 'other' });
    await page.getByTestId('register-submit').click();
    await page.getByText('Please enter a valid Email...').waitFor();
    await page.getByText('Inconsistent password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/register');
    await page.goto('/register');
    await page.getByTestId('register-submit').click();
    await page.getByText('请输入邮箱...').waitFor();
    expect(await visibleText(page)).toContain('请输入密码...');
  });
});

describe('the reset mail sent page', () => {
  // Issue 24: it told the user to "register again later" — the account exists; what helps is the
  // spam folder, another reset email later, and knowing only the newest one works.
  it.each([
    ['', '稍后再试', /注册/],
    ['/en', 'try again later', /sign up|register/i],
  ] as const)('%s/forgotPassword/sended says to check spam or ask again later, never to register again', async (pre, later, register) => {
    const { email } = await activeAccount(stack);
    const { page } = await stack.newPage({ locale: pre ? 'en-US' : 'zh-CN' });
    await page.goto(`${pre}/forgotPassword`);
    await fillForm(page, { email });
    await page.getByTestId('forgot-submit').click();
    await expectPath(page, `${pre}/forgotPassword/sended`);
    const hint = await page.getByTestId('forgot-sended-hint').innerText();
    expect(hint).toContain(later);
    expect(hint).not.toMatch(register);
    await page.getByTestId('forgot-sended-again').click();
    await expectPath(page, `${pre}/forgotPassword`);
    await stack.smtp.next(email);
  });
});

describe('mail links that do not work', () => {
  it('shows FAILED! with a way back for a bad activation link', async () => {
    const { page } = await stack.newPage();
    await page.goto('/register/verify/not-a-real-link');
    await page.getByText('FAILED!').waitFor();
    await page.locator('a[href="/register"]').first().waitFor();
    await page.goto('/en/forgotPassword/recover/not-a-real-link');
    await eventually(async () => (await visibleText(page)).includes('FAILED!'), 'recover link failure shown');
  });
});
