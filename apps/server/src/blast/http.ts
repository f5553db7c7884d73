import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode } from '@mdc/contracts';
import type { Queryable } from '../db';
import { ApiError } from '../http/envelope';
import { visibleTask, type TaskRow } from './tasks';

export const taskNotFound = { zh: '未找到该鉴定任务', en: 'No such identification task' };

export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function userIdOf(request: FastifyRequest): number | null {
  return request.user ? Number(request.user.id) : null;
}

/** The task the request may see (its owner's, or an anonymous one by its link), else 404. */
export async function findTask(db: Queryable, request: FastifyRequest, id: string): Promise<TaskRow> {
  const task = /^[A-Za-z0-9_-]{16,64}$/.test(id) ? await visibleTask(db, id, userIdOf(request)) : undefined;
  if (!task) throw new ApiError(ApiCode.NOT_FOUND, 404, taskNotFound);
  return task;
}

export function download(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** An upload refused for what its file holds: the reason in both languages, under the form's file field. */
export function fileRefused(texts: { zh: string; en: string }, locale: 'zh' | 'en', reason: string, status = 400): ApiError {
  return new ApiError(ApiCode.BAD_REQUEST, status, texts, { fields: { file: texts[locale] }, reason });
}
