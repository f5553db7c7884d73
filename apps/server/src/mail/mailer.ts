import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@mdc/contracts';

/**
 * The sender of a mail in its own language: `MAIL_FROM` as configured for Chinese mails, and its
 * address under the English display name for English ones, so that an English inbox does not
 * list "MDC 微生物数据云".
 */
export function senderFor(from: string, nameEn: string): Record<Locale, string | { name: string; address: string }> {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
  return { zh: from, en: { name: nameEn, address } };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's language, which also names the sender. */
  locale: Locale;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mails go, for the start-up log. */
  readonly description: string;
}

/**
 * Real SMTP when `SMTP_URL` is set; otherwise each message is rendered by nodemailer all the
 * same and written as an `.eml` file to the outbox, with its links in the log, so that the
 * embedded default needs no mail server and nothing is lost.
 */
export function createMailer(options: { smtpUrl?: string; from: string; fromNameEn: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const senders = senderFor(options.from, options.fromNameEn);
  const message = ({ locale, ...mail }: OutgoingMail) => ({ from: senders[locale], ...mail });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      description: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(mail) {
        await transport.sendMail(message(mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox ${options.outboxDir}`,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to outbox');
    },
  };
}
