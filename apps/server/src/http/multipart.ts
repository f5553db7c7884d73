import type { FastifyInstance } from 'fastify';
import { ApiCode, type Locale } from '@mdc/contracts';
import { ApiError, requestLocale } from './envelope';

/** RFC 2046: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY = 70;

const texts = {
  noBoundary: {
    zh: '上传内容不是有效的 multipart/form-data：Content-Type 头中没有 boundary（或为空）',
    en: 'The upload is not valid multipart/form-data: its Content-Type header names no boundary (or an empty one)',
  },
  longBoundary: {
    zh: `上传内容不是有效的 multipart/form-data：boundary 超过 ${MAX_BOUNDARY} 个字符的上限`,
    en: `The upload is not valid multipart/form-data: its boundary is longer than the limit of ${MAX_BOUNDARY} characters`,
  },
  malformed: {
    zh: '无法按 multipart/form-data 读取上传内容：内容在结束分隔符之前中断，或某一部分的格式有误',
    en: 'The upload could not be read as multipart/form-data: it ends before its closing boundary, or a part is malformed',
  },
} satisfies Record<string, Record<Locale, string>>;

function refusal(which: keyof typeof texts, locale: Locale): ApiError {
  return new ApiError(ApiCode.BAD_REQUEST, 400, texts[which], { fields: { _: texts[which][locale] } });
}

/** The boundary a multipart Content-Type names ('' when it names none). */
export function multipartBoundary(contentType: string): string {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return (match?.[1] ?? match?.[2] ?? '').trim();
}

/**
 * The multipart reader's own errors for a body that is not what its header says (busboy's:
 * no boundary, a body that ends early, a malformed part): the client's fault, not a 500.
 */
export function malformedMultipart(error: unknown, locale: Locale): ApiError | undefined {
  if (!(error instanceof Error) || (error as { statusCode?: number }).statusCode !== undefined) return undefined;
  if (/unexpected end of multipart data|^Multipart: Boundary not found$|^Boundary required$|^Malformed part header$/i.test(error.message)) return refusal('malformed', locale);
  return undefined;
}

/**
 * Every upload route is checked once before its handler reads the parts: a multipart request
 * must name a boundary its reader can look for.
 */
export function registerMultipartChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !/^\s*multipart\//i.test(type)) return;
    const boundary = multipartBoundary(type);
    if (!boundary) throw refusal('noBoundary', requestLocale(request));
    if (boundary.length > MAX_BOUNDARY) throw refusal('longBoundary', requestLocale(request));
  });
}
