import { expect } from 'vitest';
import { authPaths } from '@mdc/contracts';
import type { SmtpSink } from './smtp';
import { call, type TestPortal } from './portal';

export const PASSWORD = 'Microbe1!';
let n = 0;
export const freshEmail = () => `api${Date.now()}${n++}@lab.example.org`;

/** Registers, activates by the mailed link and logs in, as a person would; returns the token. */
export async function activeAccount(portal: TestPortal, smtp: SmtpSink, email = freshEmail()): Promise<string> {
  expect((await call(portal, 'POST', authPaths.register, { email, password: PASSWORD, repeatPassword: PASSWORD })).body.code).toBe(0);
  const mail = await smtp.next(email);
  const id = mail.links.find((l) => l.includes('/register/verify/'))!.split('/').pop()!;
  expect((await call(portal, 'POST', authPaths.activate, { id })).body.code).toBe(0);
  const login = await call(portal, 'POST', authPaths.login, { email, password: PASSWORD });
  return login.body.data.token as string;
}

/**
 * A new account, activated in the database (for suites without a mail sink), logged in: its bearer token. `prefix` names the
 * suite in the address, so a failing test's rows are easy to find.
 */
export async function activeAccountToken(portal: TestPortal, prefix: string, password = PASSWORD): Promise<string> {
  const email = `${prefix}${Date.now()}${n++}@lab.example.org`;
  const registered = await call(portal, 'POST', authPaths.register, { email, password, repeatPassword: password });
  if (registered.body.code !== 0) throw new Error(`registering ${email}: ${JSON.stringify(registered.body)}`);
  await portal.db.query('UPDATE users SET active = true, activated_at = now() WHERE email = $1', [email]);
  const login = await call(portal, 'POST', authPaths.login, { email, password });
  if (login.body.code !== 0) throw new Error(`logging in ${email}: ${JSON.stringify(login.body)}`);
  return login.body.data.token as string;
}
