import type { Envelope, Locale } from '@mdc/contracts';
import { ApiCode } from '@mdc/contracts';

/** Serialises a body the way the API expects POST bodies: `application/x-www-form-urlencoded`. */
export function toFormBody(data: unknown): string {
  if (data === undefined || data === null) return '';
  if (typeof data === 'string') return data;
  if (data instanceof URLSearchParams) return data.toString();
  const form = new URLSearchParams();
  const append = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Date) form.append(key, value.toISOString());
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(value)) value.forEach((item) => append(key, item));
    else append(key, value);
  }
  return form.toString();
}

/** JSON with sorted keys, so `{a,b}` and `{b,a}` describe the same request. */
function stable(value: unknown): string {
  if (value === undefined) return '';
  if (value instanceof URLSearchParams) return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/** Identity of a request for "a repeated identical request cancels the earlier one". */
export function requestKey(request: { method?: string; url?: string; params?: unknown; data?: unknown }): string {
  const method = (request.method ?? 'GET').toUpperCase();
  return `${method} ${request.url ?? ''} ${stable(request.params)} ${stable(request.data)}`;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isIdempotent(method: string | undefined): boolean {
  return IDEMPOTENT.has((method ?? 'GET').toUpperCase());
}

/**
 * Whether a failed attempt is worth repeating: only idempotent calls (a repeated POST could
 * register twice or send a second mail), only for network failures (`status` undefined) and
 * server errors, and only `max` times.
 */
export function shouldRetry(input: { method?: string; status?: number; retriesDone: number; max: number }): boolean {
  if (!isIdempotent(input.method) || input.retriesDone >= input.max) return false;
  return input.status === undefined || input.status >= 500;
}

/** Exponential back-off: base, 2×base, 4×base… */
export function retryDelayMs(retriesDone: number, base: number): number {
  return base * 2 ** retriesDone;
}

export function isEnvelope(body: unknown): body is Envelope {
  if (!body || typeof body !== 'object') return false;
  const { code, msg } = body as { code?: unknown; msg?: unknown };
  return typeof code === 'number' && Number.isInteger(code) && typeof msg === 'string';
}

/** 2016 and 2017 are answered by navigation and a dedicated message, not by a toast. */
const HANDLED_CODES = new Set<number>([ApiCode.OK, ApiCode.PASSWORD_EXPIRED, ApiCode.ACCOUNT_LOCKED]);

export function shouldToastCode(code: number): boolean {
  return !HANDLED_CODES.has(code);
}

export type ResponseKind = 'answer' | 'unauthorized' | 'failure';

/**
 * What an HTTP answer means to the client:
 * - `answer`: an envelope the caller reads (2xx, or a 4xx the server explained with an envelope,
 *   such as a rate limit or an oversized body: its `msg` says what to do);
 * - `unauthorized`: 401, the session is gone;
 * - `failure`: anything else (5xx, or a body that is not our envelope), shown as the error page.
 */
export function classifyResponse(status: number, body: unknown): ResponseKind {
  if (status === 401) return 'unauthorized';
  if (!isEnvelope(body)) return 'failure';
  if (status >= 200 && status < 300) return 'answer';
  if (status >= 400 && status < 500) return 'answer';
  return 'failure';
}

export function apiErrorText(status: number | string, locale: Locale): string {
  return locale === 'en' ? `API error, status code: ${status}` : `接口错误, 错误码: ${status}`;
}

/** Whether calls to `baseURL` stay on the page's own origin (and so may carry its cookies). */
export function isSameOrigin(baseURL: string, origin: string): boolean {
  try {
    return new URL(baseURL, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
