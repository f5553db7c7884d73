import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiCode, type EntityPage, type Locale, fieldMessage, isFieldMessageKey, matchPage, pageHead, splitLocale } from '@mdc/contracts';
import { ApiError, envelope, requestLocale } from './envelope';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderPage } from './page-head';

export interface PageOptions {
  webDist: string;
  /** Absolute links in the head (og:url, hreflang alternates) start with it. */
  publicUrl: string;
  /** The name of the taxon or drug a detail page shows, for its title. */
  entityName(page: EntityPage, id: string, locale: Locale): Promise<string | undefined>;
}

const ENTITY_PAGES: Record<string, EntityPage> = { 'resource-taxon-detail': 'resource-taxon-detail', 'resource-atb-detail': 'resource-atb-detail' };

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function fieldOf(issue: ValidationIssue): string {
  const fromIssue = issue.params?.issue?.path?.map(String).join('.');
  if (fromIssue) return fromIssue;
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
}

function translate(message: string | undefined, locale: Locale): string {
  if (message && isFieldMessageKey(message)) return fieldMessage(message, locale);
  return envelope(ApiCode.BAD_REQUEST, locale, null).msg;
}

/**
 * Every failure leaves as an envelope in the request's language. Stack traces go to the log
 * only; the client gets a code and a sentence.
 */
export function registerErrorHandling(app: FastifyInstance, { webDist, publicUrl, entityName }: PageOptions) {
  app.setErrorHandler((raw: unknown, request, reply) => {
    const locale = requestLocale(request);
    if (raw instanceof ApiError) {
      const wait = (raw.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if (raw.status === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.status(raw.status).send(envelope(raw.code, locale, raw.data, raw.texts));
    }
    const error = raw as FastifyError & { validation?: ValidationIssue[] };
    if (error.validation) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue);
        fields[field] ??= translate(issue.message, locale);
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send({ code: ApiCode.BAD_REQUEST, msg: first ?? translate(undefined, locale), data: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(envelope(ApiCode.UNSUPPORTED_MEDIA_TYPE, locale, null));
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(envelope(ApiCode.PAYLOAD_TOO_LARGE, locale, null));
    }
    if (status === 429) {
      return reply.status(429).send(envelope(ApiCode.TOO_MANY_REQUESTS, locale, null));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body and the like: the client's fault, said plainly.
      return reply.status(status).send(envelope(ApiCode.BAD_REQUEST, locale, null));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ApiCode.INTERNAL_ERROR, locale, null));
  });

  // Read again when the file changes: a web build made while the server runs names new assets,
  // and a remembered old page would ask for files the build has removed (a blank page).
  const indexFile = path.join(webDist, 'index.html');
  let index: { mtimeMs: number; html: string } | undefined;
  const readIndex = (): string | undefined => {
    const stat = statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (index?.mtimeMs !== stat.mtimeMs) index = { mtimeMs: stat.mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return index.html;
  };

  /** The last path segment of a detail page: the taxon id or drug code it shows. */
  const entityOf = async (url: string, page: EntityPage, locale: Locale, log: FastifyInstance['log']) => {
    const segment = splitLocale(url).path.split('/').filter(Boolean)[2];
    if (!segment) return undefined;
    try {
      return await entityName(page, decodeURIComponent(segment), locale);
    } catch (error) {
      // A page without its entity's name is still the right page; the app fills the name in.
      log.warn({ err: error, url }, 'page title: entity lookup failed');
      return undefined;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send(envelope(ApiCode.NOT_FOUND, requestLocale(request), null));
    }
    // The single-page app renders every page itself; the server decides the status, so that an
    // unknown address is a real 404 for browsers and crawlers alike, and writes the page's own
    // head in its language, for link previews, search engines and screen readers.
    const page = matchPage(url);
    const known = page !== undefined;
    const html = readIndex();
    if (!html) {
      return reply.status(known ? 503 : 404).type('text/plain; charset=utf-8').send(
        known ? 'The web app is not built yet: run `npm run build`.' : 'This page could not be found',
      );
    }
    if (/\.[a-z0-9]+$/i.test(url) && !known) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const entityPage = page && ENTITY_PAGES[page.name];
    const entity = entityPage ? await entityOf(url, entityPage, splitLocale(url).locale, request.log) : undefined;
    const head = pageHead(request.url, { origin: publicUrl, entity });
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-language', head.lang)
      .type('text/html; charset=utf-8')
      .send(renderPage(html, head));
  });
}
