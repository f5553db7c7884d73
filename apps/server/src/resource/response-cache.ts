import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLocale } from '../http/envelope';
import { SHARED_REFERENCE_TTL_MS, sharedReferenceGeneration } from './reference-version';
import type { RefdataService } from './service';

/**
 * The Resource pages' answers that depend only on the shared references: a taxon, its
 * breakpoints, the breakpoint, drug, gene, rule and QC lists. Exports, FASTA downloads and the
 * curation pages are not kept.
 */
const KEPT = [
  /^\/api\/resource\/taxa(\/[^/]+(\/breakpoints)?)?$/,
  /^\/api\/resource\/breakpoints(\/filters)?$/,
  /^\/api\/resource\/antibiotics(\/[^/]+)?$/,
  /^\/api\/resource\/genes(\/[^/]+)?$/,
  /^\/api\/resource\/(rules|qc-ranges|maldi)$/,
];

const MAX_ENTRIES = 2000;
const MAX_BYTES = 32 * 2 ** 20;

interface Entry {
  version: string;
  at: number;
  contentType: string;
  payload: string;
}

/**
 * Keeps anonymous answers of the Resource pages until the shared references change (a new import,
 * shared genomes or MALDI-TOF entries written in this process; at most SHARED_REFERENCE_TTL_MS for
 * what another process adds). On the embedded database every query runs on the main thread: a
 * taxon page was 11 queries and ~25–45 ms of CPU, a drug page ~22 ms, a breakpoint list ~19 ms, so
 * that under 50 connections the server spent 70 % of its CPU in PGlite answering the same
 * questions again (bench/server/load.ts: 9 ms of CPU per answer over the visitor mix).
 */
export function registerResponseCache(app: FastifyInstance, service: RefdataService): void {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const pending = new WeakMap<FastifyRequest, { key: string; version: string }>();
  const version = () => `${service.lastImport?.id ?? 'none'}|${sharedReferenceGeneration()}`;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.payload.length;
    entries.delete(key);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization) return;
    // While the index is read or an import holds the embedded database, the routes say so themselves.
    if (service.starting || service.busy) return;
    const query = request.url.indexOf('?');
    const path = query < 0 ? request.url : request.url.slice(0, query);
    if (!KEPT.some((pattern) => pattern.test(path))) return;
    const key = `${requestLocale(request)} ${request.url}`;
    const now = version();
    const entry = entries.get(key);
    if (entry && entry.version === now && Date.now() - entry.at < SHARED_REFERENCE_TTL_MS) {
      // Most recently used last: the oldest entries go first when the cache is full.
      entries.delete(key);
      entries.set(key, entry);
      return reply.type(entry.contentType).send(entry.payload);
    }
    pending.set(request, { key, version: now });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const kept = pending.get(request);
    if (!kept || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    drop(kept.key);
    if (payload.length > MAX_BYTES / 16) return payload;
    entries.set(kept.key, { version: kept.version, at: Date.now(), contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), payload });
    bytes += payload.length;
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(key);
    }
    return payload;
  });
}
