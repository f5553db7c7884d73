import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

/** helmet's options, as far as the portal uses them (helmet itself is @fastify/helmet's dependency). */
export interface SecurityHeaderOptions {
  contentSecurityPolicy: { directives: Record<string, string[] | null> };
  crossOriginEmbedderPolicy: boolean;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

// The helmet that @fastify/helmet would use, whatever the hoisting of node_modules.
const requireHere = createRequire(import.meta.url);
const helmet = createRequire(requireHere.resolve('@fastify/helmet'))('helmet') as (options: SecurityHeaderOptions) => Middleware;

/**
 * helmet's headers (CSP, frame, referrer, HSTS, …) on every answer, as @fastify/helmet set them,
 * but worked out once: @fastify/helmet calls `helmet(options)` on every request, building its
 * thirteen middlewares and checking the CSP directives again each time, plus an async hook that
 * decorates the reply (~0.14 ms of CPU per request; a third of an autocomplete's). The portal's
 * options hold no per-request values (no nonces, no directive functions), so the headers are the
 * same for every answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const set: Array<[string, string | string[]]> = [];
  const recorder = {
    setHeader(name: string, value: string | string[]) {
      set.push([name, value]);
    },
    removeHeader() {
      // X-Powered-By: Fastify never sets it.
    },
    getHeader: () => undefined,
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({ headers: {} } as IncomingMessage, recorder, (error) => (failed = error));
  if (failed) throw failed;
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  });
}
