import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db';
import { searchRoutes } from '../search/routes';
import { antibioticRoutes } from './routes/antibiotics';
import { breakpointRoutes } from './routes/breakpoints';
import { curationRoutes } from './routes/curation';
import { geneRoutes } from './routes/genes';
import { maldiRoutes } from './routes/maldi';
import { ruleRoutes } from './routes/rules';
import { summaryRoutes } from './routes/summary';
import { taxonRoutes } from './routes/taxa';
import { registerResponseCache } from './response-cache';
import { RefdataService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reference shelf: search index, import status, `runImport(dir)` (tests and tools). */
    refdata: RefdataService;
  }
}

export interface ResourcePluginOptions {
  db: Db;
  config: Pick<Config, 'refdataDir'>;
  /**
   * Import once listening when the database has no reference data and a data folder is found.
   * Off for throw-away in-memory databases, whose tests import what they need.
   */
  autoImport: boolean;
  /**
   * Hold `ready()` (and so `listen`) until the index and labels are read: tests and tools that
   * inject requests want answers from the data at once. `mdc serve` does not: reading the index
   * of the full reference data outlasts Fastify's 10 s limit for start-up hooks on a busy machine
   * (FST_ERR_HOOK_TIMEOUT, the server exited); it listens at once and says "still loading".
   */
  awaitIndex: boolean;
}

/** The Resource and Search APIs, with the in-memory search index they share. */
export const resourcePlugin = fp<ResourcePluginOptions>(async (app, { db, config, autoImport, awaitIndex }) => {
  const service = new RefdataService(db, app.log, config.refdataDir);
  app.decorate('refdata', service);
  app.addHook('onClose', async () => service.close());
  registerResponseCache(app, service);
  await app.register(summaryRoutes, { service });
  await app.register(taxonRoutes, { service });
  await app.register(antibioticRoutes, { service });
  await app.register(breakpointRoutes, { service });
  await app.register(ruleRoutes, { service });
  await app.register(maldiRoutes, { service });
  await app.register(curationRoutes, { service });
  await app.register(geneRoutes, { service });
  await app.register(searchRoutes, { service });
  const started = service.start();
  if (awaitIndex) app.addHook('onReady', async () => started);
  // Only a server that listens imports on its own: tools and tests that build the app to
  // inject requests into it decide for themselves.
  if (autoImport) app.addHook('onListen', async () => service.importIfEmpty());
});
