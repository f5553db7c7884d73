import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildApp, type Portal } from '../../src/app';
import { startPortal, type TestPortal } from '../support/portal';

describe('pages of the single-page app', () => {
  let portal: TestPortal;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'mdc-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    portal = await startPortal('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await portal?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/en', '/home', '/en/login', '/register/verify/abc', '/lab/hist', '/en/blast/res', '/resource/bp', '/search'])(
    'serves %s with 200',
    async (url) => {
      const res = await portal.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
    },
  );

  it.each(['/no-such-page', '/en/no-such-page', '/lab/hist/extra'])('serves the app for %s with HTTP 404', async (url) => {
    const res = await portal.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="root"');
  });

  it('serves built assets and 404s missing ones', async () => {
    expect((await portal.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await portal.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves a web build made while it runs: the new page and its new assets', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root" data-build="2"></div>');
    utimesSync(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect((await portal.app.inject({ method: 'GET', url: '/lab' })).body).toContain('data-build="2"');
    expect((await portal.app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
    // Unknown files and pages still answer 404, API paths with the envelope.
    expect((await portal.app.inject({ method: 'GET', url: '/assets/app-3.js' })).statusCode).toBe(404);
    const api = await portal.app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(Number) });
  });
});

describe('embedded database under MDC_HOME', () => {
  it('keeps accounts across restarts', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'mdc-home-'));
    const config = loadConfig({ MDC_HOME: home, LOG_LEVEL: 'warn' });
    let portal: Portal = await buildApp(config, { logger: false });
    try {
      expect(portal.db.kind).toBe('pglite');
      await portal.db.query(`INSERT INTO users (email, password_hash) VALUES ('kept@lab.org', 'x')`);
      await portal.close();
      expect(existsSync(path.join(home, 'db'))).toBe(true);
      portal = await buildApp(config, { logger: false });
      const rows = await portal.db.query<{ email: string }>('SELECT email FROM users');
      expect(rows.map((r) => r.email)).toEqual(['kept@lab.org']);
    } finally {
      await portal.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
