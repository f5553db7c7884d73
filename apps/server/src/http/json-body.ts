import type { FastifyInstance } from 'fastify';
import { ApiCode, type Locale } from '@mdc/contracts';
import { ApiError, requestLocale } from './envelope';

/**
 * Where a parsed JSON body holds a key that, copied onto an ordinary object, would set its
 * prototype instead of a field (`__proto__`, or `constructor` holding a `prototype`): the path of
 * the object that holds it ('' for the body itself) and the key.
 */
export function forbiddenKey(body: unknown): { holder: string; key: string } | undefined {
  // A stack, not recursion: a body of 1 MB may nest deeper than the call stack goes.
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return { holder: path, key };
      if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return { holder: at, key: 'prototype' };
      stack.push({ value: child, path: at });
    }
  }
  return undefined;
}

/** How deep a JSON body may nest: far beyond any form of this portal (the deepest, Lab results, is 3), far short of a call stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * The top-level field (or '' for the body itself) of a JSON body that nests objects or lists more
 * than `limit` levels deep, else undefined. Such a body is refused as it is parsed: 10,000 levels
 * in biochemistry's `reactions` overflowed the call stack of code further on (issue 28).
 */
export function tooDeepField(body: unknown, limit = MAX_JSON_DEPTH): string | undefined {
  const stack: { value: unknown; depth: number; field: string }[] = [{ value: body, depth: 0, field: '' }];
  while (stack.length) {
    const { value, depth, field } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return field;
    for (const key of Object.keys(value)) stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, field: depth === 0 ? key : field });
  }
  return undefined;
}

function refusal(field: string, texts: Record<Locale, string>, locale: Locale): ApiError {
  return new ApiError(ApiCode.BAD_REQUEST, 400, texts, { fields: { [field]: texts[locale] } });
}

/**
 * JSON bodies parsed so that a refusal says what was wrong. Fastify's own parser refuses a
 * `__proto__` key too (rightly: prototype poisoning), but as an error without a field, which left
 * the client a bare "Invalid request" (issue 17 R11). This one names the object that held the key.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const locale = requestLocale(request);
    const text = (raw as string).charCodeAt(0) === 0xfeff ? (raw as string).slice(1) : (raw as string);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      done(refusal('_', { zh: '提交的内容不是有效的 JSON', en: 'The request is not valid JSON' }, locale), undefined);
      return;
    }
    const deep = tooDeepField(body);
    if (deep !== undefined) {
      const name = { zh: deep || '请求内容', en: deep || 'The request' };
      done(refusal(deep || '_', { zh: `${name.zh}：嵌套超过 ${MAX_JSON_DEPTH} 层的上限`, en: `${name.en}: nested deeper than the limit of ${MAX_JSON_DEPTH} levels` }, locale), undefined);
      return;
    }
    const forbidden = forbiddenKey(body);
    if (forbidden) {
      const field = forbidden.holder || '_';
      const name = { zh: forbidden.holder || '请求内容', en: forbidden.holder || 'The request' };
      done(refusal(field, { zh: `${name.zh}：不接受名为“${forbidden.key}”的键`, en: `${name.en}: the key "${forbidden.key}" is not accepted` }, locale), undefined);
      return;
    }
    done(null, body);
  });
}
