import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiCode } from '@mdc/contracts';
import type { Config } from './config';
import { openDb, type Db } from './db';
import { migrate } from './db/migrate';
import { createMailer, type Mailer } from './mail/mailer';
import { clientKey } from './http/client';
import { registerErrorHandling } from './http/errors';
import { registerJsonBody } from './http/json-body';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTextInput } from './http/text-input';
import { registerMultipartChecks } from './http/multipart';
import { entityTitleName } from './resource/page-names';
import { envelope, requestLocale } from './http/envelope';
import { openApiInfo } from './http/openapi';
import { createAuthService } from './auth/service';
import { authPlugin } from './auth/plugin';
import { authRoutes } from './auth/routes';
import { resourcePlugin } from './resource/plugin';
import { labPlugin } from './lab/plugin';
import { blastPlugin } from './blast/plugin';
import { createHandlers } from './jobs/handlers';
import { startRunner, type Runner } from './jobs/runner';

export interface AppOptions {
  /** Use an existing database (tests share one); otherwise one is opened from the config. */
  db?: Db;
  /** An in-memory embedded database, for tests. */
  memoryDb?: boolean;
  mailer?: Mailer;
  logger?: boolean | object;
  /**
   * Wait for the reference index before `ready()`/`listen` resolve. Default: yes when the caller
   * brings the database (tests, tools injecting requests), no for `mdc serve`, which listens at
   * once and answers "still loading" meanwhile.
   */
  awaitReferenceData?: boolean;
  /** Run jobs inside this process (default: yes; `MDC_EMBEDDED_WORKERS=0` leaves them to `mdc worker`). */
  embeddedWorkers?: boolean;
}

export interface Portal {
  app: FastifyInstance;
  db: Db;
  runner?: Runner;
  close(): Promise<void>;
}

/** A hop count as proxy-addr reads it: the `hops` proxies nearest to the server. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, options: AppOptions = {}): Promise<Portal> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    // Forwarding headers are believed only from the proxies the operator names (TRUST_PROXY);
    // otherwise any client could name its own address and escape every per-client limit.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Request ids let a log line be found from a user's report.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBody(app);
  registerTextInput(app);
  registerMultipartChecks(app);

  const db = options.db ?? (await openDb(config, { memory: options.memoryDb }));
  const applied = await migrate(db);
  if (applied.length) app.log.info({ applied }, 'database migrated');
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, fromNameEn: config.mailFromNameEn, outboxDir: path.join(config.home, 'outbox'), log: app.log });

  // A taxon's or drug's name in its page's title changes only with an import: kept per import, so
  // that a page view does not hold the embedded database (a query on the main thread) each time.
  const titles = new Map<string, string | undefined>();
  let titlesImport: number | undefined;
  const pageTitles = async (page: Parameters<typeof entityTitleName>[1], id: string, locale: Parameters<typeof entityTitleName>[3]) => {
    const current = app.refdata.lastImport?.id;
    if (current !== titlesImport || titles.size > 5000) {
      titles.clear();
      titlesImport = current;
    }
    const key = `${page} ${locale} ${id}`;
    if (titles.has(key)) return titles.get(key);
    const name = await entityTitleName(db, page, id, locale);
    if (current !== undefined && !app.refdata.starting) titles.set(key, name);
    return name;
  };
  registerErrorHandling(app, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    entityName: (page, id, locale) => pageTitles(page, id, locale),
  });
  // Only forms and JSON are accepted; anything else is answered 415 with a sentence.
  app.removeContentTypeParser('text/plain');

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.api,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api'),
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      ...envelope(ApiCode.TOO_MANY_REQUESTS, requestLocale(request), { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
    }),
  });
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(swagger, {
    openapi: {
      info: openApiInfo,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const auth = createAuthService({ db, mailer, config, log: app.log });
  await app.register(authPlugin, { auth });
  await app.register(authRoutes, { auth, limits: config.rateLimit });
  await app.register(resourcePlugin, {
    db,
    config,
    autoImport: !options.memoryDb && !options.db,
    awaitIndex: options.awaitReferenceData ?? Boolean(options.memoryDb || options.db),
  });

  await app.register(labPlugin, { db, config });
  await app.register(blastPlugin, { db, config });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ code: 0, msg: 'ok', data: { db: db.kind } }));

  if (existsSync(config.webDist)) {
    // Files are looked up per request (wildcard), so a rebuild's new assets are served at once;
    // paths without an extension are pages, left to the app's own not-found handler.
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: true,
      maxAge: '1h',
      allowedPath: (pathname) => /\.[a-z0-9]+$/i.test(pathname),
    });
  }

  // The embedded database lives in this process, so its jobs must run here too; with a
  // PostgreSQL server they may run here and in any number of `mdc worker` processes.
  const handlers = createHandlers({ db, config, log: app.log });
  const embedded = options.embeddedWorkers ?? config.embeddedWorkers;
  const runner = embedded && Object.keys(handlers).length ? startRunner({ db, handlers, concurrency: config.workerConcurrency, log: app.log }) : undefined;
  app.decorate('jobs', { wake: () => runner?.wake() });

  return {
    app,
    db,
    runner,
    async close() {
      await runner?.stop();
      await app.close();
      if (!options.db) await db.close();
    },
  };
}
