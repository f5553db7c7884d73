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
