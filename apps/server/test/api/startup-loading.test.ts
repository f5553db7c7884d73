import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type Portal } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDb, type Db } from '../../src/db';
import { openPostgres } from '../../src/db/postgres';
import { migrate } from '../../src/db/migrate';
import { call, dbKinds, postgresUrl } from '../support/portal';

/**
 * `mdc serve` used to wait for the whole search index in an onReady hook: on a busy machine with
 * the full reference data that outlasted Fastify's 10 s limit and the server exited
 * (FST_ERR_HOOK_TIMEOUT). It now listens at once and says the data is still loading.
 */
describe.each(dbKinds)('start-up while the reference index is read, on %s', (kind) => {
  const schema = `s_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-start-'));
  let db: Db;
  let portal: Portal;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    db = kind === 'postgres' ? await openPostgres(postgresUrl, schema) : await openDb({ home: '' }, { memory: true });
    await migrate(db);
    // The index build's first statement (the latest import) waits until the test lets it go:
    // a build that takes longer than any start-up limit.
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: unknown[]) => {
      if (/FROM refdata_import/.test(sql)) await held;
      return query(sql, params);
    }) as Db['query'];
    const config = loadConfig({ MDC_HOME: home, LOG_LEVEL: 'warn', PUBLIC_URL: 'http://portal.test' });
    portal = await buildApp(config, { db, logger: false, embeddedWorkers: false, awaitReferenceData: false });
    await portal.app.ready();
  });
  afterAll(async () => {
    release();
    await portal?.close();
    if (kind === 'postgres') await db?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('is ready before the index is read and says the data is still loading, in the request language', async () => {
    expect((await call(portal, 'GET', '/api/health')).status).toBe(200);

    const summary = await call(portal, 'GET', '/api/resource/summary', undefined, { locale: 'en' });
    expect(summary.status).toBe(200);
    expect(summary.body.data.ready).toBe(false);
    expect(summary.body.data.starting).toBe(true);
    expect(summary.body.data.hint.en).toMatch(/still loading/);

    const typed = await call(portal, 'POST', '/api/search/autocomplete', { kwd: 'Esch' }, { locale: 'en' });
    expect(typed.body.code).toBe(0);
    expect(typed.body.data.list).toEqual([]);
    expect(typed.body.data.loading).toMatchObject({ running: false });
    expect(typed.body.msg).toMatch(/still loading/);

    const list = await call(portal, 'GET', '/api/resource/taxa', undefined, { locale: 'zh' });
    expect(list.status).toBe(503);
    expect(list.body.msg).toMatch(/仍在加载/);
  });

  it('answers from the data once the index is read', async () => {
    release();
    await portal.app.refdata.whenReady();
    const summary = await call(portal, 'GET', '/api/resource/summary', undefined, { locale: 'en' });
    // This database holds no import: now the hint says how to import, not "still loading".
    expect(summary.body.data.starting).toBe(false);
    expect(summary.body.data.hint.en).toMatch(/has not been imported/);
    const list = await call(portal, 'GET', '/api/resource/taxa', undefined, { locale: 'en' });
    expect(list.status).toBe(200);
  });
});
