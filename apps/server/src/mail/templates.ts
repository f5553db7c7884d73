import type { Locale } from '@mdc/contracts';
import type { OutgoingMail } from './mailer';

type MailKind = 'activation' | 'recovery' | 'alreadyRegistered';

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expiry: (hours: number) => string;
  ignore: string;
}

const texts: Record<MailKind, Record<Locale, Texts>> = {
  activation: {
    zh: {
      subject: 'MDC 微生物数据云：激活您的账号',
      greeting: '您好：',
      body: '感谢注册 MDC 微生物数据云。请点击下面的链接激活账号（链接仅能使用一次）：',
      action: '激活账号',
      expiry: (h) => `链接 ${h} 小时内有效。`,
      ignore: '如果这不是您本人的操作，请忽略本邮件，账号不会被激活。',
    },
    en: {
      subject: 'MDC Microbe Data Cloud: activate your account',
      greeting: 'Hello,',
      body: 'Thank you for registering with MDC Microbe Data Cloud. Follow this link to activate your account (it works once):',
      action: 'Activate account',
      expiry: (h) => `The link is valid for ${h} hours.`,
      ignore: 'If you did not register, ignore this message and the account stays inactive.',
    },
  },
  recovery: {
    zh: {
      subject: 'MDC 微生物数据云：重置密码',
      greeting: '您好：',
      body: '我们收到了重置您账号密码的请求。请点击下面的链接设置新密码（链接仅能使用一次，设置后账号将解除锁定）：',
      action: '重置密码',
      expiry: (h) => `链接 ${h} 小时内有效。`,
      ignore: '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
    },
    en: {
      subject: 'MDC Microbe Data Cloud: reset your password',
      greeting: 'Hello,',
      body: 'We received a request to reset the password of your account. Follow this link to choose a new one (it works once and unlocks the account):',
      action: 'Reset password',
      expiry: (h) => `The link is valid for ${h} hours.`,
      ignore: 'If you did not ask for this, ignore this message; your password stays as it is.',
    },
  },
  alreadyRegistered: {
    zh: {
      subject: 'MDC 微生物数据云：该邮箱已注册',
      greeting: '您好：',
      body: '有人（可能是您本人）尝试用此邮箱再次注册 MDC 微生物数据云。该邮箱已有账号，您可以直接登录；如果忘记了密码，请通过下面的链接重置：',
      action: '找回密码',
      expiry: () => '',
      ignore: '如果这不是您本人的操作，请忽略本邮件。',
    },
    en: {
      subject: 'MDC Microbe Data Cloud: this address is already registered',
      greeting: 'Hello,',
      body: 'Someone (perhaps you) tried to register again with this address. An account already exists: you can log in, or reset a forgotten password here:',
      action: 'Forgot password',
      expiry: () => '',
      ignore: 'If this was not you, ignore this message.',
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail(kind: MailKind, locale: Locale, to: string, link: string, validHours: number): OutgoingMail {
  const t = texts[kind][locale];
  const expiry = t.expiry(validHours);
  const text = [t.greeting, '', t.body, '', link, '', expiry, t.ignore, '', '— MDC · Microbe Data Cloud']
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  const html = `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:sans-serif;line-height:1.6;color:#1f2937">
<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 16px;background:#0f6cbd;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="word-break:break-all;font-size:12px;color:#6b7280">${escapeHtml(link)}</p>
<p>${escapeHtml(expiry)} ${escapeHtml(t.ignore)}</p><p>— MDC · Microbe Data Cloud</p></body></html>`;
  return { to, subject: t.subject, text, html, locale };
}
