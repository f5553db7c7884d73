import { z } from 'zod';
import { codeMessages } from '@mdc/contracts';

/** The envelope every answer shares, for the OpenAPI document and response serialization. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('0 on success; see the code catalogue'),
    msg: z.string().describe('a sentence in the language of the `local` header'),
    data,
  });
}

const codeCatalogue = Object.entries(codeMessages)
  .map(([code, texts]) => `- \`${code}\` ${texts.en} / ${texts.zh}`)
  .join('\n');

export const openApiInfo = {
  title: 'MDC · Microbe Data Cloud API',
  description: [
    'Every answer is `{ code, msg, data }`. `code` 0 is success; `msg` is in the language of the request header `local` (`zh` default, `en`).',
    'POST bodies may be `application/x-www-form-urlencoded` or JSON. Authenticate with `Authorization: Bearer <token>` from `/api/login`; an invalid or expired token gets HTTP 401.',
    '',
    'Codes:',
    codeCatalogue,
  ].join('\n'),
  version: '0.1.0',
};
