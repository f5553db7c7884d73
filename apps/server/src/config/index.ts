import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRefdataDir } from '@mdc/refdata/datadir';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Everything the server can be told, read once from the environment (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** Where the portal is reached from outside; e-mailed links start with it. */
  publicUrl: string;
  /** Embedded database, outbox and uploads live here. */
  home: string;
  /** PostgreSQL server; unset means embedded PGlite under `home`. */
  databaseUrl?: string;
  /** Schema to use on the PostgreSQL server (tests isolate themselves this way). */
  databaseSchema?: string;
  /** SMTP server; unset means `.eml` files in `home/outbox`. */
  smtpUrl?: string;
  /** Sender of Chinese mails; its address is the sender of every mail. */
  mailFrom: string;
  /** Display name of the sender of English mails. */
  mailFromNameEn: string;
  /**
   * Proxies whose forwarding headers (X-Forwarded-For, -Proto, -Host) are believed: false (the
   * default: none, the socket's address is the client), a hop count, or addresses and ranges.
   */
  trustProxy: false | number | string[];
  refdataDir?: string;
  webDist: string;
  logLevel: string;
  security: {
    passwordMaxAgeDays: number;
    /** failed logins of one client before the account is locked for that client */
    maxFailedLogins: number;
    /** failed logins from all clients together before the whole account is locked */
    maxFailedLoginsAccount: number;
    sessionTtlHours: number;
    activationTtlHours: number;
    recoveryTtlHours: number;
  };
  rateLimit: {
    /** requests per minute and client address */
    login: number;
    mail: number;
    api: number;
    /** mails per target address (activation, recovery, already-registered notice) per hour */
    mailPerAddress: number;
  };
  bodyLimitBytes: number;
  /** Run queued jobs inside the server process. */
  embeddedWorkers: boolean;
  workerConcurrency: number;
  /** Days an anonymous identification stays viewable by its link (0: forever). */
  anonymousTaskDays: number;
  /** Uploads kept for identifications without an account, in MB (0: no limit): per client address and for all together. */
  anonymousUploadMb: { perClient: number; total: number };
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return n;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset or empty trusts nobody; a number N trusts the N proxies nearest to the
 * server; otherwise a comma-separated list of addresses, CIDR ranges or the names loopback,
 * linklocal, uniquelocal. `true` is refused: it would let every client name its own address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits) || (family === 4 && isIP(bits) === 4);
    if (!PROXY_NAMES.has(entry) && (!family || !validBits || extra !== undefined)) {
      throw new Error(`TRUST_PROXY must be a hop count or proxy addresses/ranges (e.g. 127.0.0.1,10.0.0.0/8), got "${entry}"`);
    }
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const home = path.resolve(env.MDC_HOME || path.join(repoRoot, '.mdc'));
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    home,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'MDC 微生物数据云 <no-reply@mdc.local>',
    mailFromNameEn: env.MAIL_FROM_NAME_EN || 'MDC Microbe Data Cloud',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    refdataDir: findRefdataDir(env),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    security: {
      passwordMaxAgeDays: int(env.PASSWORD_MAX_AGE_DAYS, 90, 'PASSWORD_MAX_AGE_DAYS'),
      maxFailedLogins: int(env.MAX_FAILED_LOGINS, 5, 'MAX_FAILED_LOGINS'),
      maxFailedLoginsAccount: int(env.MAX_FAILED_LOGINS_ACCOUNT, 20, 'MAX_FAILED_LOGINS_ACCOUNT'),
      sessionTtlHours: int(env.SESSION_TTL_HOURS, 24 * 7, 'SESSION_TTL_HOURS'),
      activationTtlHours: int(env.ACTIVATION_TTL_HOURS, 48, 'ACTIVATION_TTL_HOURS'),
      recoveryTtlHours: int(env.RECOVERY_TTL_HOURS, 2, 'RECOVERY_TTL_HOURS'),
    },
    rateLimit: {
      login: int(env.RATE_LIMIT_LOGIN, 20, 'RATE_LIMIT_LOGIN'),
      mail: int(env.RATE_LIMIT_MAIL, 5, 'RATE_LIMIT_MAIL'),
      api: int(env.RATE_LIMIT_API, 1200, 'RATE_LIMIT_API'),
      mailPerAddress: int(env.RATE_LIMIT_MAIL_ADDRESS, 5, 'RATE_LIMIT_MAIL_ADDRESS'),
    },
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    // Without a PostgreSQL server nobody else can reach the database, so the server must work its jobs.
    embeddedWorkers: !env.DATABASE_URL || env.MDC_EMBEDDED_WORKERS !== '0',
    workerConcurrency: Math.max(1, int(env.WORKER_CONCURRENCY, 2, 'WORKER_CONCURRENCY')),
    anonymousTaskDays: int(env.BLAST_ANONYMOUS_DAYS, 30, 'BLAST_ANONYMOUS_DAYS'),
    anonymousUploadMb: {
      perClient: int(env.BLAST_ANONYMOUS_UPLOAD_MB, 512, 'BLAST_ANONYMOUS_UPLOAD_MB'),
      total: int(env.BLAST_ANONYMOUS_UPLOAD_TOTAL_MB, 10_240, 'BLAST_ANONYMOUS_UPLOAD_TOTAL_MB'),
    },
  };
  return { ...config, ...overrides };
}

export { repoRoot };
