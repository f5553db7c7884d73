import type { FastifyInstance } from 'fastify';
import { ApiCode, type Locale } from '@mdc/contracts';
import { ApiError, requestLocale } from './envelope';

const NUL = '\u0000';

/**
 * Where a request's text holds a NUL character (U+0000): the path of the field ('_' for the body
 * itself), else undefined. No text a person types holds one, and neither database stores one in
 * a text column (PostgreSQL refuses it), so it would otherwise end as a 500 deep in a query.
 */
export function fieldWithNul(root: unknown): string | undefined {
  if (typeof root === 'string') return root.includes(NUL) ? '_' : undefined;
  // A stack, not recursion: a JSON body may nest deeply (json-body.ts bounds how deep).
  const stack: { holder: Record<string, unknown>; path: string }[] = [];
  if (isContainer(root)) stack.push({ holder: root, path: '' });
  while (stack.length) {
    const { holder, path } = stack.pop()!;
    for (const key of Object.keys(holder)) {
      const at = path ? `${path}.${key}` : key;
      // A key holding one is named by the object that holds it.
      if (key.includes(NUL)) return path || '_';
      const child = holder[key];
      if (typeof child === 'string') {
        if (child.includes(NUL)) return at;
      } else if (isContainer(child)) stack.push({ holder: child, path: at });
    }
  }
  return undefined;
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/** The refusal of a field holding a NUL character, naming it, in the request's language. */
export function nulRefusal(field: string, locale: Locale): ApiError {
  const name = field === '_' ? { zh: '请求内容', en: 'The request' } : { zh: field, en: field };
  const texts = {
    zh: `${name.zh}：含有空字符（U+0000），文本中不能有该字符`,
    en: `${name.en}: holds a NUL character (U+0000), which no text may contain`,
  };
  return new ApiError(ApiCode.BAD_REQUEST, 400, texts, { fields: { [field]: texts[locale] } });
}

/** Passwords are compared as typed: a stored hash of a password typed in another form must still match. */
const AS_TYPED = /password/i;

/**
 * Text in Unicode's composed form (NFC), in place: "é" typed as e + U+0301 (macOS file names,
 * some input methods) and as U+00E9 are one name to search, compare and store.
 */
export function normaliseText<T>(root: T): T {
  if (typeof root === 'string') return root.normalize('NFC') as T;
  const stack: Record<string, unknown>[] = [];
  if (isContainer(root)) stack.push(root);
  while (stack.length) {
    const holder = stack.pop()!;
    for (const key of Object.keys(holder)) {
      const child = holder[key];
      if (typeof child === 'string') {
        if (AS_TYPED.test(key)) continue;
        const composed = child.normalize('NFC');
        if (composed !== child) holder[key] = composed;
      } else if (isContainer(child)) stack.push(child);
    }
  }
  return root;
}

/** Refuses a multipart text field holding a NUL character (multipart parts are read by the routes themselves). */
export function checkTextField(field: string, value: unknown, locale: Locale): void {
  if (typeof value === 'string' && value.includes(NUL)) throw nulRefusal(field, locale);
}

/**
 * Text input is checked once, for every route, before the route's own validation: the query, the
 * path's parameters and form or JSON bodies hold no NUL character, and are read in NFC.
 */
export function registerTextInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part);
      if (field !== undefined) throw nulRefusal(field, requestLocale(request));
    }
    normaliseText(request.params);
    normaliseText(request.query);
    request.body = normaliseText(request.body);
  });
}
