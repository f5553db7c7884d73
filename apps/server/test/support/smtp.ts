import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The From header as a mail client shows it: `Name <address>` */
  from: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words belongs to neither; before plain text it stays.
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=(?:\s+(?==\?utf-8\?))?/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Reads the text/plain part of a message the way a mail client would: headers, transfer encoding. */
export function readMessage(raw: string): { subject: string; from: string; text: string } {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'm').exec(unfolded)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '');
  const subject = header('Subject');
  const from = header('From').replace(/^"(.*)"(?= <)/, '$1');
  // Parts are split at the message's own boundary only: a quoted-printable line may begin with
  // "--" too (a link's base64url token wrapped there), and was taken for a boundary, cutting the
  // link short (an activation then failed as "link invalid", about once in a few thousand mails).
  const top = unfolded.split('\n\n')[0] ?? '';
  const boundary = /boundary="?([^";\n]+)"?/i.exec(top)?.[1];
  const escaped = boundary?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = escaped ? unfolded.split(new RegExp(`\\n--${escaped}(?:--)?\\n?`)) : [unfolded];
  const plain = parts.find((part) => /^Content-Type: text\/plain/im.test(part)) ?? unfolded;
  const [headers = '', ...bodyLines] = plain.split('\n\n');
  const body = bodyLines.join('\n\n');
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { subject, from, text };
}

/** A real SMTP server on loopback that keeps what it receives, for tests that follow mailed links. */
export async function startSmtp() {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { subject, from, text } = readMessage(raw);
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          from,
          text,
          links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Waits for the oldest mail to `to` that no earlier call has taken. */
    async next(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.find((m) => m.to.includes(to) && !taken.has(m));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtp>>;
