import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, type ApiCodeValue, type Envelope, type Locale, messageFor, toLocale } from '@mdc/contracts';

/** The request's language: header `local` (zh default, en). */
export function requestLocale(request: FastifyRequest): Locale {
  return toLocale(request.headers['local']);
}

/** A failure the client is meant to see: an API code, an HTTP status, maybe a specific text. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiCodeValue,
    readonly status = 400,
    readonly texts?: Record<Locale, string>,
    readonly data: unknown = null,
  ) {
    super(`api error ${code}`);
  }
}

export function envelope<T>(code: ApiCodeValue, locale: Locale, data: T, texts?: Record<Locale, string>): Envelope<T> {
  return { code, msg: texts ? texts[locale] : messageFor(code, locale), data };
}

export function ok<T>(request: FastifyRequest, reply: FastifyReply, data: T, texts?: Record<Locale, string>) {
  return reply.send(envelope(ApiCode.OK, requestLocale(request), data, texts));
}
