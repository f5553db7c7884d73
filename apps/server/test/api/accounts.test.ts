import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPaths } from '@mdc/contracts';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { startSmtp, type SmtpSink } from '../support/smtp';

const PASSWORD = 'Microbe1!';
const NEW_PASSWORD = 'Colony2#x';

let counter = 0;
const freshEmail = () => `user${Date.now()}${counter++}@lab.example.org`;
const idFromLink = (link: string) => link.split('/').pop()!;

describe.each(dbKinds)('accounts on %s', (kind) => {
  let portal: TestPortal;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal(kind, { SMTP_URL: smtp.url, MAX_FAILED_LOGINS: '5', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  async function registerAndActivate(email: string, locale: 'zh' | 'en' = 'zh') {
    const reg = await call(portal, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD }, { locale });
    expect(reg.body.code).toBe(0);
    const mail = await smtp.next(email);
    const link = mail.links.find((l) => l.includes('/register/verify/'))!;
    const act = await call(portal, 'POST', authPaths.activate, { id: idFromLink(link) });
    expect(act.body.code).toBe(0);
    return mail;
  }

  async function login(email: string, password = PASSWORD) {
    return call(portal, 'POST', authPaths.login, { email, password });
  }

  it('registers, mails a single-use activation link in the user language, logs in and out', async () => {
    const email = freshEmail();
    const reg = await call(portal, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD }, { locale: 'en' });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ code: 0, data: null });
    expect(reg.body.msg).toMatch(/activation email/i);

    const before = await login(email);
    expect(before.body.code).toBe(2002);

    const mail = await smtp.next(email);
    expect(mail.subject).toMatch(/activate your account/i);
    const link = mail.links.find((l) => l.includes('/register/verify/'))!;
    expect(link).toMatch(/^http:\/\/portal\.test\/en\/register\/verify\/[A-Za-z0-9_-]{40,}$/);

    const first = await call(portal, 'POST', authPaths.activate, { id: idFromLink(link) }, { locale: 'en' });
    expect(first.body).toMatchObject({ code: 0, data: { alreadyActive: false } });
    // A second click on the link: the account is active, which is what the user needs to hear.
    const again = await call(portal, 'POST', authPaths.activate, { id: idFromLink(link) }, { locale: 'en' });
    expect(again.body).toEqual({ code: 0, msg: 'This account is already activated. Please log in.', data: { alreadyActive: true } });
    const againZh = await call(portal, 'POST', authPaths.activate, { id: idFromLink(link) });
    expect(againZh.body.msg).toBe('该账号已激活，请直接登录。');

    const session = await login(email);
    expect(session.body.code).toBe(0);
    expect(session.body.data.email).toBe(email);
    const token: string = session.body.data.token;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const me = await call(portal, 'GET', authPaths.me, undefined, { token });
    expect(me.body.data.email).toBe(email);

    expect((await call(portal, 'POST', authPaths.logout, { email }, { token })).body.code).toBe(0);
    const after = await call(portal, 'GET', authPaths.me, undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(2010);
  });

  it('mails Chinese text to a user registering in Chinese', async () => {
    const email = freshEmail();
    const mail = await registerAndActivate(email, 'zh');
    expect(mail.subject).toContain('激活');
    expect(mail.text).toContain('激活账号');
    expect(mail.links[0]).toMatch(/^http:\/\/portal\.test\/register\/verify\//);
    expect(mail.from).toBe('MDC 微生物数据云 <no-reply@mdc.local>');
  });

  it('names the sender in the language of the mail, at the same address', async () => {
    const email = freshEmail();
    const mail = await registerAndActivate(email, 'en');
    expect(mail.from).toBe('MDC Microbe Data Cloud <no-reply@mdc.local>');
    await call(portal, 'POST', authPaths.forgotPassword, { email }, { locale: 'en' });
    expect((await smtp.next(email)).from).toBe('MDC Microbe Data Cloud <no-reply@mdc.local>');
    await call(portal, 'POST', authPaths.forgotPassword, { email }, { locale: 'zh' });
    expect((await smtp.next(email)).from).toBe('MDC 微生物数据云 <no-reply@mdc.local>');
  });

  it('still refuses an activation link of an account that never became active', async () => {
    const email = freshEmail();
    await call(portal, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD });
    const link = (await smtp.next(email)).links[0]!;
    await portal.db.query(`UPDATE mail_links SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
    expect((await call(portal, 'POST', authPaths.activate, { id: idFromLink(link) })).body.code).toBe(2003);
  });

  it('answers a second registration of the same address exactly like the first (no enumeration)', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const second = await call(portal, 'POST', authPaths.register, { email, password: 'Other1!pw', repeatPassword: 'Other1!pw' });
    const unknown = await call(portal, 'POST', authPaths.register, { email: freshEmail(), password: PASSWORD, repeatPassword: PASSWORD });
    expect(second.status).toBe(unknown.status);
    expect(second.body).toEqual(unknown.body);
    const notice = await smtp.next(email);
    expect(notice.text).toContain('/forgotPassword');
    // The password of the existing account did not change.
    expect((await login(email)).body.code).toBe(0);
    expect((await login(email, 'Other1!pw')).body.code).toBe(2001);
  });

  it('rejects an expired activation link', async () => {
    const short = await startPortal(kind, { SMTP_URL: smtp.url, ACTIVATION_TTL_HOURS: '0', RATE_LIMIT_MAIL: '1000' });
    try {
      const email = freshEmail();
      await call(short, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD });
      const link = (await smtp.next(email)).links[0]!;
      const act = await call(short, 'POST', authPaths.activate, { id: idFromLink(link) });
      expect(act.body.code).toBe(2003);
      expect((await call(short, 'POST', authPaths.login, { email, password: PASSWORD })).body.code).toBe(2002);
    } finally {
      await short.close();
    }
  });

  it('locks the account after 5 failed logins; only the mailed recovery link unlocks it', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    for (let i = 1; i <= 4; i++) expect((await login(email, 'Wrong1!pw')).body.code).toBe(2001);
    const locked = await call(portal, 'POST', authPaths.login, { email, password: 'Wrong1!pw' }, { locale: 'en' });
    expect(locked.body.code).toBe(2017);
    expect(locked.body.msg).toBe('Your account has been locked. Please reset your password and log in again.');
    // The right password does not help any more, and neither does a password change.
    expect((await login(email)).body.code).toBe(2017);
    const change = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(change.body.code).toBe(2017);

    expect((await call(portal, 'POST', authPaths.forgotPassword, { email })).body.code).toBe(0);
    const mail = await smtp.next(email);
    const link = mail.links.find((l) => l.includes('/forgotPassword/recover/'))!;
    const id = idFromLink(link);
    const check = await call(portal, 'POST', authPaths.verifyRecoveryLink, { id });
    expect(check.body).toMatchObject({ code: 0, data: { email } });

    const mismatch = await call(portal, 'POST', authPaths.recoverPassword, { id, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD + 'x' }, { locale: 'en' });
    expect(mismatch.body.code).toBe(1000);
    expect(mismatch.body.msg).toBe('Inconsistent password.');
    expect((await login(email)).body.code).toBe(2017);

    const done = await call(portal, 'POST', authPaths.recoverPassword, { id, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(done.body.code).toBe(0);
    expect((await login(email, NEW_PASSWORD)).body.code).toBe(0);
    // Single use.
    expect((await call(portal, 'POST', authPaths.recoverPassword, { id, password: PASSWORD, repeatPassword: PASSWORD })).body.code).toBe(2004);
    expect((await call(portal, 'POST', authPaths.verifyRecoveryLink, { id })).body.code).toBe(2004);
  });

  it('refuses the current password on recovery as a change of password does, and keeps the link usable', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    await call(portal, 'POST', authPaths.forgotPassword, { email });
    const id = idFromLink((await smtp.next(email)).links[0]!);
    const same = await call(portal, 'POST', authPaths.recoverPassword, { id, password: PASSWORD, repeatPassword: PASSWORD }, { locale: 'en' });
    expect(same.body).toMatchObject({ code: 2006, msg: 'The new password must differ from the old one' });
    expect((await call(portal, 'POST', authPaths.verifyRecoveryLink, { id })).body.code).toBe(0);
    expect((await call(portal, 'POST', authPaths.recoverPassword, { id, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD })).body.code).toBe(0);
    expect((await login(email, NEW_PASSWORD)).body.code).toBe(0);
    // And a change of password refuses it too (unchanged).
    const change = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: NEW_PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(change.body.code).toBe(2006);
  });

  it('keeps only the newest reset link valid; a completed reset or a change of password voids the rest', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const requestLink = async () => {
      expect((await call(portal, 'POST', authPaths.forgotPassword, { email })).body.code).toBe(0);
      return idFromLink((await smtp.next(email)).links[0]!);
    };
    const verify = async (id: string) => (await call(portal, 'POST', authPaths.verifyRecoveryLink, { id })).body.code;
    const first = await requestLink();
    const second = await requestLink();
    expect(await verify(first)).toBe(2004);
    expect(await verify(second)).toBe(0);
    const old = await call(portal, 'POST', authPaths.recoverPassword, { id: first, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(old.body.code).toBe(2004);
    expect((await login(email)).body.code).toBe(0);

    expect((await call(portal, 'POST', authPaths.recoverPassword, { id: second, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD })).body.code).toBe(0);
    expect(await verify(second)).toBe(2004);

    // A link mailed before a change of password cannot undo the change.
    const third = await requestLink();
    const changed = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: NEW_PASSWORD, password: 'Third3#pw', repeatPassword: 'Third3#pw' });
    expect(changed.body.code).toBe(0);
    expect(await verify(third)).toBe(2004);
    expect((await login(email, 'Third3#pw')).body.code).toBe(0);
  });

  it('locks out the client that fails, not the owner logging in from elsewhere', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const from = (remoteAddress: string, password: string) => call(portal, 'POST', authPaths.login, { email, password }, { remoteAddress });
    for (let i = 1; i <= 4; i++) expect((await from('203.0.113.7', 'Wrong1!pw')).body.code).toBe(2001);
    expect((await from('203.0.113.7', 'Wrong1!pw')).body.code).toBe(2017);
    expect((await from('203.0.113.7', PASSWORD)).body.code).toBe(2017);
    // The owner, elsewhere, is not locked out.
    expect((await from('198.51.100.20', PASSWORD)).body.code).toBe(0);
    // Fresh IPv6 addresses of one /64 are one client.
    for (let i = 1; i <= 4; i++) expect((await from(`2001:db8:1:2::${i}`, 'Wrong1!pw')).body.code).toBe(2001);
    expect((await from('2001:db8:1:2:ffff::9', 'Wrong1!pw')).body.code).toBe(2017);
    // The recovery link lifts the lock of every client.
    await call(portal, 'POST', authPaths.forgotPassword, { email });
    const id = idFromLink((await smtp.next(email)).links[0]!);
    expect((await call(portal, 'POST', authPaths.recoverPassword, { id, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD })).body.code).toBe(0);
    expect((await from('203.0.113.7', NEW_PASSWORD)).body.code).toBe(0);
    expect((await from('2001:db8:1:2::1', NEW_PASSWORD)).body.code).toBe(0);
  });

  it('locks the whole account when failures from many clients add up', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const from = (remoteAddress: string, password: string) => call(portal, 'POST', authPaths.login, { email, password }, { remoteAddress });
    // MAX_FAILED_LOGINS_ACCOUNT is 20 by default: four clients of five failures each.
    const codes: number[] = [];
    for (let client = 1; client <= 4; client++) for (let i = 0; i < 5; i++) codes.push((await from(`192.0.2.${client}`, 'Wrong1!pw')).body.code);
    expect(codes.filter((code) => code === 2001)).toHaveLength(16);
    expect(codes.filter((code) => code === 2017)).toHaveLength(4);
    expect((await from('198.51.100.99', PASSWORD)).body.code).toBe(2017);
  });

  it('answers forgot-password the same for unknown addresses and sends nothing', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const known = await call(portal, 'POST', authPaths.forgotPassword, { email });
    const unknownEmail = freshEmail();
    const unknown = await call(portal, 'POST', authPaths.forgotPassword, { email: unknownEmail });
    expect(unknown.body).toEqual(known.body);
    await smtp.next(email);
    await expect(smtp.next(unknownEmail, 1500)).rejects.toThrow(/no mail/);
  });

  it('forces a change of a password older than the allowed age, then ends every session', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const first = await login(email);
    const oldToken: string = first.body.data.token;
    await portal.db.query(`UPDATE users SET password_changed_at = now() - interval '91 days' WHERE email = $1`, [email]);

    const aged = await call(portal, 'POST', authPaths.login, { email, password: PASSWORD }, { locale: 'en' });
    expect(aged.body.code).toBe(2016);
    expect(aged.body.msg).toBe('Your password has not been changed for a long time. You must change the password before you can use it normally.');
    expect(aged.body.data).toEqual({ email });

    const same = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: PASSWORD, password: PASSWORD, repeatPassword: PASSWORD });
    expect(same.body.code).toBe(2006);
    const wrongOld = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: 'Nope1!xyz', password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(wrongOld.body.code).toBe(2005);

    const changed = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, { locale: 'en' });
    expect(changed.body).toMatchObject({ code: 0, msg: 'Success, please log in again' });
    expect((await call(portal, 'GET', authPaths.me, undefined, { token: oldToken })).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).body.code).toBe(0);
  });

  it('a logged-in change of password revokes all sessions', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const a: string = (await login(email)).body.data.token;
    const b: string = (await login(email)).body.data.token;
    const changed = await call(portal, 'POST', authPaths.updatePassword, { email, oldPassword: PASSWORD, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, { token: a });
    expect(changed.body.code).toBe(0);
    expect((await call(portal, 'GET', authPaths.me, undefined, { token: a })).status).toBe(401);
    expect((await call(portal, 'GET', authPaths.me, undefined, { token: b })).status).toBe(401);
  });

  it('accepts JSON bodies as well as forms', async () => {
    const email = freshEmail();
    await registerAndActivate(email);
    const res = await call(portal, 'POST', authPaths.login, { email: email.toUpperCase(), password: PASSWORD }, { json: true });
    expect(res.body.code).toBe(0);
  });

  describe('bad input changes nothing and is answered in the user language', () => {
    async function userCount() {
      const rows = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      return rows[0]!.n;
    }

    it.each([
      [{ email: 'not-an-email', password: PASSWORD, repeatPassword: PASSWORD }, 'Please enter a valid Email...', '请输入有效的邮箱...'],
      [{ email: '', password: PASSWORD, repeatPassword: PASSWORD }, 'Please enter your Email...', '请输入邮箱...'],
      [{ email: 'a@lab.org', password: 'weakpass', repeatPassword: 'weakpass' }, /at least|8 to 64/, /8 至 64/],
      [{ email: 'a@lab.org', password: PASSWORD, repeatPassword: PASSWORD + '2' }, 'Inconsistent password.', '两次输入的密码不一致。'],
      [{ email: 'a@lab.org', password: PASSWORD, repeatPassword: '' }, 'Please re-enter your password...', '请再次输入密码...'],
    ])('register %j', async (body, en, zh) => {
      const count = await userCount();
      const resEn = await call(portal, 'POST', authPaths.register, body, { locale: 'en' });
      const resZh = await call(portal, 'POST', authPaths.register, body);
      expect(resEn.status).toBe(400);
      expect(resEn.body.code).toBe(1000);
      expect(resEn.body.msg).toMatch(en);
      expect(resZh.body.msg).toMatch(zh);
      expect(await userCount()).toBe(count);
    });

    it('rejects unsupported content types with 415', async () => {
      const res = await portal.app.inject({ method: 'POST', url: authPaths.login, headers: { 'content-type': 'text/plain', local: 'en' }, payload: 'email=a' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 1001, msg: 'Unsupported content type: send a form or JSON' });
      const xml = await portal.app.inject({ method: 'POST', url: authPaths.login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
      expect(xml.statusCode).toBe(415);
    });

    it('rejects malformed JSON with a sentence, not a stack trace', async () => {
      const res = await portal.app.inject({ method: 'POST', url: authPaths.login, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(1000);
      expect(res.body).not.toMatch(/at .*\.ts|stack/i);
    });

    it('rejects oversized bodies with 413', async () => {
      const res = await portal.app.inject({
        method: 'POST',
        url: authPaths.register,
        headers: { 'content-type': 'application/x-www-form-urlencoded', local: 'en' },
        payload: 'email=' + 'a'.repeat(2 * 1024 * 1024),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 1002, msg: 'The request is larger than the limit of 1 MB' });
    });

    it.each(['Bearer garbage', 'Bearer ' + 'x'.repeat(43), 'Basic abc', 'Bearer'])('answers a bad token (%s) with 401', async (authorization) => {
      const res = await portal.app.inject({ method: 'GET', url: authPaths.me, headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(2010);
    });

    it('answers unknown API paths with an envelope 404', async () => {
      const res = await call(portal, 'GET', '/api/nothing-here', undefined, { locale: 'en' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 1004, msg: 'Not found' });
    });

    it('rejects a garbage or reused link id', async () => {
      expect((await call(portal, 'POST', authPaths.activate, { id: 'nope' })).body.code).toBe(2003);
      expect((await call(portal, 'POST', authPaths.activate, {})).body.code).toBe(1000);
      expect((await call(portal, 'POST', authPaths.verifyRecoveryLink, { id: 'x'.repeat(500) })).body.code).toBe(1000);
    });
  });
});

describe('limits that a forged X-Forwarded-For does not escape', () => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal('pglite', { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('limits 30 logins with varying X-Forwarded-For from one client (20 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await call(portal, 'POST', authPaths.login, { email: 'nobody@lab.example.org', password: 'Wrong1!pw' }, { headers: { 'x-forwarded-for': `10.${i}.0.1` }, remoteAddress: '203.0.113.50' });
      statuses.push(res.status);
    }
    // Wrong password four times, then locked out (an unknown address locks as an account does), never limited before the 21st.
    expect(statuses.slice(0, 20)).toEqual([...Array(4).fill(400), ...Array(16).fill(403)]);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('limits the mails to one address per hour, whichever clients ask (5 by default)', async () => {
    const email = freshEmail();
    const answers: Array<[number, number]> = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(portal, 'POST', authPaths.forgotPassword, { email }, { locale: 'en', remoteAddress: `198.51.100.${i + 1}` });
      answers.push([res.status, res.body.code]);
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill([200, 0]));
    expect(answers.slice(5)).toEqual([[429, 1003], [429, 1003]]);
    const refused = await call(portal, 'POST', authPaths.forgotPassword, { email: email.toUpperCase() }, { locale: 'en', remoteAddress: '198.51.100.99' });
    expect(refused.body.msg).toMatch(/^Too many emails have been sent to this address\. .*try again in 60 minutes\.$/);
    expect(refused.body.data.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.headers['retry-after']).toBe(String(refused.body.data.retryAfterSeconds));
    // Registering counts against the same inbox; another address is not affected.
    const register = await call(portal, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD }, { remoteAddress: '198.51.100.100' });
    expect(register.status).toBe(429);
    expect(register.body.msg).toContain('发往该邮箱的邮件已达上限');
    const other = freshEmail();
    expect((await call(portal, 'POST', authPaths.register, { email: other, password: PASSWORD, repeatPassword: PASSWORD }, { remoteAddress: '198.51.100.100' })).body.code).toBe(0);
    await smtp.next(other);
  });

  it('limits activation mails to a registered address the same way, and still mails the newest link', async () => {
    const email = freshEmail();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await call(portal, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD }, { remoteAddress: `192.0.2.${i + 10}` })).body.code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 1003]);
    const mails = [];
    for (let i = 0; i < 5; i++) mails.push(await smtp.next(email));
    await expect(smtp.next(email, 1000)).rejects.toThrow(/no mail/);
    const newest = idFromLink(mails.at(-1)!.links[0]!);
    expect((await call(portal, 'POST', authPaths.activate, { id: newest })).body.code).toBe(0);
  });

  it('believes X-Forwarded-For only from the proxies named in TRUST_PROXY', async () => {
    const proxied = await startPortal('pglite', { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', RATE_LIMIT_LOGIN: '2' });
    try {
      const attempt = (forwardedFor: string, remoteAddress: string) =>
        call(proxied, 'POST', authPaths.login, { email: 'nobody@lab.example.org', password: 'Wrong1!pw' }, { headers: { 'x-forwarded-for': forwardedFor }, remoteAddress });
      // Behind the trusted proxy each forwarded client has its own limit…
      expect([(await attempt('198.51.100.1', '127.0.0.1')).status, (await attempt('198.51.100.1', '10.1.2.3')).status]).toEqual([400, 400]);
      expect((await attempt('198.51.100.1', '127.0.0.1')).status).toBe(429);
      expect((await attempt('198.51.100.2', '127.0.0.1')).status).toBe(400);
      // …while a client talking to the server directly cannot name another address.
      const direct = [];
      for (let i = 0; i < 3; i++) direct.push((await attempt(`198.51.100.${30 + i}`, '203.0.113.9')).status);
      expect(direct).toEqual([400, 400, 429]);
    } finally {
      await proxied.close();
    }
  });
});

describe('rate limits and security headers', () => {
  let portal: TestPortal;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal('pglite', { SMTP_URL: smtp.url, RATE_LIMIT_MAIL: '2', RATE_LIMIT_LOGIN: '3' });
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('limits mail-sending endpoints per client', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(portal, 'POST', authPaths.forgotPassword, { email: `x${i}@lab.org` }, { locale: 'en' });
      codes.push([res.status, res.body.code]);
    }
    expect(codes).toEqual([[200, 0], [200, 0], [429, 1003]]);
  });

  it('limits login attempts per client', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(portal, 'POST', authPaths.login, { email: 'a@lab.org', password: 'x' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('sends a content security policy and other security headers', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('documents every account endpoint in OpenAPI', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown>; info: { description: string } };
    for (const path of Object.values(authPaths)) expect(Object.keys(doc.paths)).toContain(path);
    expect(doc.info.description).toContain('2016');
    expect(doc.info.description).toContain('2017');
  });
});
