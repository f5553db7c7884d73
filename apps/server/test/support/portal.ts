import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config';
import { loadConfig } from '../../src/config';
import type { Portal } from '../../src/app';
import { startPortalOn } from './imported-portal';

export type DbKind = 'pglite' | 'postgres';

export const postgresUrl = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const havePostgres = await postgresReachable();
if (!havePostgres && process.env.CI === 'true') {
  throw new Error(`CI needs the PostgreSQL server at ${postgresUrl} for the API tests`);
}
if (!havePostgres) console.warn(`PostgreSQL not reachable at ${postgresUrl}: API tests run on PGlite only`);

/** The API tests run on both databases the portal supports. */
export const dbKinds: DbKind[] = havePostgres ? ['pglite', 'postgres'] : ['pglite'];

export interface TestPortal extends Portal {
  config: Config;
  home: string;
}

export interface StartOptions {
  /** A reference data folder the portal starts with, imported (PGlite: from a kept image of the same import). */
  imported?: string;
}

export async function startPortal(kind: DbKind, env: Record<string, string> = {}, overrides: Partial<Config> = {}, options: StartOptions = {}): Promise<TestPortal> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-test-'));
  const schema = kind === 'postgres' ? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const config = loadConfig(
    {
      MDC_HOME: home,
      PUBLIC_URL: 'http://portal.test',
      LOG_LEVEL: 'warn',
      ...(kind === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
      ...env,
    },
    overrides,
  );
  const portal = await startPortalOn(config, options.imported, kind === 'pglite');
  return {
    ...portal,
    config,
    home,
    async close() {
      if (schema) await portal.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await portal.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  locale?: 'zh' | 'en';
  /** Send the body as JSON instead of the form encoding the web client uses. */
  json?: boolean;
  headers?: Record<string, string>;
  /** The client's address as the server's socket sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

/** Calls the API the way the web client does: form-urlencoded POST bodies, `local` header. */
export async function call(portal: Portal, method: 'GET' | 'POST', url: string, body?: Record<string, string>, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers.local = options.locale;
  let payload: string | undefined;
  if (body) {
    if (options.json) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    } else {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body).toString();
    }
  }
  const response = await portal.app.inject({ method, url, headers, payload, remoteAddress: options.remoteAddress });
  const json = response.headers['content-type']?.toString().includes('json') ? (response.json() as { code: number; msg: string; data: any }) : undefined;
  return { status: response.statusCode, body: json!, headers: response.headers, raw: response.body };
}

