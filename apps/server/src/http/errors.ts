import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiCode, type EntityPage, type Locale, fieldMessage, isFieldMessageKey, matchPage, pageHead, splitLocale } from '@mdc/contracts';
import { ApiError, envelope, requestLocale } from './envelope';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderPage } from './page-head';
import { malformedMultipart } from './multipart';

export interface PageOptions {
  webDist: string;
  /** Absolute links in the head (og:url, hreflang alternates) start with it. */
  publicUrl: string;
  /** The name of the taxon or drug a detail page shows, for its title. */
  entityName(page: EntityPage, id: string, locale: Locale): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route's limit for one file (bytes), named when the multipart reader stops a larger one. */
    uploadFileBytes?: number;
  }
}

const megabytes = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(2)).toString();

const ENTITY_PAGES: Record<string, EntityPage> = { 'resource-taxon-detail': 'resource-taxon-detail', 'resource-atb-detail': 'resource-atb-detail' };

/** A zod issue as the validator hands it over: what was wrong, and the limit it passed. */
interface SchemaIssue {
  path?: PropertyKey[];
  code?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  expected?: string;
  keys?: string[];
  values?: unknown[];
  /** invalid_union: the issues of each alternative. */
  errors?: SchemaIssue[][];
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: SchemaIssue & { issue?: SchemaIssue };
}

/** The zod issue behind a validation error (fastify-type-provider-zod spreads it into `params`, code as `keyword`). */
function schemaIssue(issue: ValidationIssue): SchemaIssue | undefined {
  if (issue.params?.issue) return issue.params.issue;
  if (!issue.keyword) return undefined;
  return { ...issue.params, code: issue.keyword };
}

const count = (n: number | bigint | undefined) => Number(n ?? 0).toLocaleString('en');

/**
 * A validation failure said for people: the field, and the limit it passed or what it should be,
 * in the request's language alone — never a bare "Invalid request".
 */
export function describeIssue(field: string, issue: SchemaIssue | undefined, locale: Locale): string {
  const zh = locale === 'zh';
  const name = field === '_' ? (zh ? '请求内容' : 'The request') : field;
  if (issue?.code === 'invalid_union' && issue.errors) {
    // Of the alternatives, the one of the right kind says what was wrong (a text too long, not "not a list").
    const fitting = issue.errors.find((branch) => branch[0] && branch[0].code !== 'invalid_type')?.[0];
    if (fitting) return describeIssue(field, fitting, locale);
  }
  const units = issue?.origin === 'string' ? (zh ? ' 个字符' : ' characters') : issue?.origin === 'array' || issue?.origin === 'set' ? (zh ? ' 项' : ' items') : '';
  switch (issue?.code) {
    case 'too_big':
      return zh ? `${name}：超过上限，最多 ${count(issue.maximum)}${units}` : `${name}: more than the limit of ${count(issue.maximum)}${units}`;
    case 'too_small':
      return zh ? `${name}：少于下限，至少 ${count(issue.minimum)}${units}` : `${name}: less than the minimum of ${count(issue.minimum)}${units}`;
    case 'invalid_type':
      return zh ? `${name}：格式不对（应为 ${issue.expected ?? '其他类型'}）` : `${name}: of the wrong kind (expected ${issue.expected ?? 'another type'})`;
    case 'unrecognized_keys':
      return zh ? `不接受的字段：${(issue.keys ?? []).join('、')}` : `Fields not accepted: ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_value':
      return zh ? `${name}：取值无效（可选：${(issue.values ?? []).map(String).join('、')}）` : `${name}: not one of ${(issue.values ?? []).map(String).join(', ')}`;
    default:
      return zh ? `${name}：取值无效` : `${name}: not a valid value`;
  }
}

function fieldOf(issue: ValidationIssue): string {
  const fromIssue = issue.params?.issue?.path?.map(String).join('.');
  if (fromIssue) return fromIssue;
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
}

function translate(issue: ValidationIssue, field: string, locale: Locale): string {
  if (issue.message && isFieldMessageKey(issue.message)) return fieldMessage(issue.message, locale);
  return describeIssue(field, schemaIssue(issue), locale);
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
    const malformed = malformedMultipart(raw, locale);
    if (malformed) return reply.status(malformed.status).send(envelope(malformed.code, locale, malformed.data, malformed.texts));
    const error = raw as FastifyError & { validation?: ValidationIssue[] };
    if (error.validation) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue);
        fields[field] ??= translate(issue, field, locale);
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send({ code: ApiCode.BAD_REQUEST, msg: first ?? describeIssue('_', undefined, locale), data: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(envelope(ApiCode.UNSUPPORTED_MEDIA_TYPE, locale, null));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      // The multipart reader's file limit, not the body limit of forms (a 10 MB WHONET file was told "1 MB").
      const limit = request.routeOptions.config?.uploadFileBytes;
      const texts = limit
        ? { zh: `文件超过 ${megabytes(limit)} MB 的上限`, en: `The file is larger than the limit of ${megabytes(limit)} MB` }
        : { zh: '文件超过此处上传的上限', en: 'The file is larger than the limit of this upload' };
      return reply.status(413).send(envelope(ApiCode.PAYLOAD_TOO_LARGE, locale, { fields: { file: texts[locale] } }, texts));
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      const texts = limit ? { zh: `提交的内容超过 ${megabytes(limit)} MB 的上限`, en: `The request is larger than the limit of ${megabytes(limit)} MB` } : undefined;
      return reply.status(413).send(envelope(ApiCode.PAYLOAD_TOO_LARGE, locale, null, texts));
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
