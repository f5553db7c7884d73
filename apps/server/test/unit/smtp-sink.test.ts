import { describe, expect, it } from 'vitest';
import { readMessage } from '../support/smtp';

/** A mail as nodemailer writes an activation mail: multipart, both parts quoted-printable, long lines wrapped with "=". */
const mail = (link: [string, string]) =>
  [
    'From: MDC <no-reply@mdc.local>',
    'To: a@lab.example.org',
    'Subject: =?UTF-8?B?5r+A5rS7?=',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative;',
    ' boundary="--_NmP-c00027fbbd198a69-Part_1"',
    '',
    '----_NmP-c00027fbbd198a69-Part_1',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '=E6=82=A8=E5=A5=BD=EF=BC=9A',
    `${link[0]}=`,
    link[1],
    '=E2=80=94 MDC',
    '----_NmP-c00027fbbd198a69-Part_1',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<p>html</p>',
    '----_NmP-c00027fbbd198a69-Part_1--',
    '',
  ].join('\r\n');

describe('the test mail sink reads a mail as a mail client does', () => {
  it('keeps a wrapped link whole, also when the wrapped line begins with "--" (a base64url token can)', () => {
    for (const tail of ['fxg', '--x8TBwtJfxg', '-_abc']) {
      const { text, subject } = readMessage(mail(['http://portal.test/register/verify/OtcmAjSA6sSBuj6eqYdgi_VwMU8ESsFOKG8TBwtJ', tail]));
      expect(text).toContain(`http://portal.test/register/verify/OtcmAjSA6sSBuj6eqYdgi_VwMU8ESsFOKG8TBwtJ${tail}\n`);
      expect(text).toContain('您好：');
      expect(text).not.toContain('<p>html</p>');
      expect(subject).toBe('激活');
    }
  });
});
