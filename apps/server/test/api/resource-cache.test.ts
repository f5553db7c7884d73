import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { sharedReferencesChanged } from '../../src/resource/reference-version';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';
import { buildSmallDataDir } from '../unit/support/small-refdata';

let small: string;
beforeAll(() => {
  small = buildSmallDataDir();
});
afterAll(() => rmSync(small, { recursive: true, force: true }));

/**
 * On the embedded database every query holds the event loop: the Resource pages' anonymous
 * answers, which change only with the shared references, are kept (issue 28, load bench).
 */
describe.each(dbKinds)('Resource answers kept between reference changes, on %s', (kind) => {
  let portal: TestPortal;
  let queries = 0;
  beforeAll(async () => {
    portal = await startPortal(kind, {}, {}, { imported: small });
    const query = portal.db.query.bind(portal.db);
    portal.db.query = (async (sql: string, params?: unknown[]) => {
      queries++;
      return query(sql, params);
    }) as Db['query'];
  });
  afterAll(async () => portal?.close());

  const counted = async (url: string, options: Parameters<typeof call>[4] = {}) => {
    const before = queries;
    const answer = await call(portal, 'GET', url, undefined, options);
    return { ...answer, queries: queries - before };
  };

  it('answers a taxon page, its breakpoints and a drug list again without the database, per language', async () => {
    for (const url of ['/api/resource/taxa/B_ESCHR_COLI', '/api/resource/taxa/B_ESCHR_COLI/breakpoints', '/api/resource/antibiotics?q=mero', '/api/resource/breakpoints?organism=eco']) {
      const first = await counted(url, { locale: 'en' });
      expect(first.status).toBe(200);
      expect(first.queries).toBeGreaterThan(0);
      const again = await counted(url, { locale: 'en' });
      expect(again.queries).toBe(0);
      expect(again.raw).toBe(first.raw);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['content-security-policy']).toBeDefined();
      const zh = await counted(url, { locale: 'zh' });
      expect(zh.queries).toBeGreaterThan(0);
    }
  });

  it('asks the database again after shared references change, for signed-in requests and for failures', async () => {
    const url = '/api/resource/taxa/B_KLBSL_PNMN';
    const first = await counted(url);
    expect((await counted(url)).queries).toBe(0);
    sharedReferencesChanged();
    const after = await counted(url);
    expect(after.queries).toBeGreaterThan(0);
    expect(after.raw).toBe(first.raw);
    expect((await counted(url, { headers: { authorization: 'Bearer not-a-token' } })).queries).toBeGreaterThan(0);
    const missing = await counted('/api/resource/taxa/B_NOPE');
    expect(missing.status).toBe(404);
    expect((await counted('/api/resource/taxa/B_NOPE')).queries).toBeGreaterThan(0);
  });
});
