import { ApiCode } from '@mdc/contracts';
import { ApiError } from '../http/envelope';
import type { Localized } from './labels';
import type { RefdataService } from './service';

/** What the Resource pages say when the database holds no reference data yet. */
export function importHint(service: RefdataService): Localized {
  const where = service.dataDir
    ? { zh: `（数据目录：${service.dataDir}）`, en: ` (data folder: ${service.dataDir})` }
    : {
        zh: '（未找到数据目录：请用 --data 指定，或设置环境变量 REFDATA_DIR，默认为仓库旁的 ../shared/data）',
        en: ' (no data folder found: pass --data DIR or set REFDATA_DIR; the default is ../shared/data beside the checkout)',
      };
  return {
    zh: `参考数据尚未导入。请在服务器上运行 npx mdc import${where.zh}，完成后刷新本页。`,
    en: `The reference data has not been imported yet. On the server, run npx mdc import${where.en}, then reload this page.`,
  };
}

export function importingTexts(service: RefdataService): Localized {
  const state = service.importStatus;
  const progress = state.total ? ` ${state.table ?? ''} ${Math.floor(((state.done ?? 0) / state.total) * 100)}%` : '';
  return {
    zh: `参考数据正在导入${progress}，请稍候再试。`,
    en: `The reference data is being imported${progress}; please try again in a moment.`,
  };
}

/** While the server reads its index at start-up (seconds to a minute on a busy machine). */
export const loadingTexts: Localized = {
  zh: '参考数据仍在加载（服务器刚刚启动），请稍候再试。',
  en: 'The reference data is still loading (the server has just started); please try again in a moment.',
};

/**
 * The embedded database is held by an import for its whole transaction: rather than leave a
 * page waiting a minute, say so at once (a PostgreSQL server keeps serving the old rows). The
 * same while the server still reads its index and labels at start-up.
 */
export function assertAvailable(service: RefdataService): void {
  if (service.starting) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, loadingTexts);
  if (service.busy) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, importingTexts(service));
}

/** The no-data message for a list (code 0, empty list), or undefined when data is there. */
export function emptyTexts(service: RefdataService): Localized | undefined {
  return service.lastImport ? undefined : importHint(service);
}

export function notFound(service: RefdataService, what: Localized): never {
  throw new ApiError(ApiCode.NOT_FOUND, 404, service.lastImport ? what : importHint(service));
}

/** A LIKE pattern that matches `text` literally: %, _ and backslashes are not wildcards. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * ORDER BY from a `sort` parameter ("name", "-year"): only names in `allowed` pass, each
 * mapped to its SQL; anything else is a 400 naming the choices.
 */
export function orderBy(sort: string | undefined, allowed: Record<string, string>, fallback: string, tieBreak: string): string {
  if (!sort) return `${fallback}, ${tieBreak}`;
  const parts: string[] = [];
  for (const raw of sort.split(',')) {
    const descending = raw.startsWith('-');
    const key = descending ? raw.slice(1) : raw;
    const sql = allowed[key];
    if (!sql) {
      throw new ApiError(ApiCode.BAD_REQUEST, 400, {
        zh: `无法按 “${key}” 排序，可选：${Object.keys(allowed).join('、')}`,
        en: `Cannot sort by "${key}"; choose from ${Object.keys(allowed).join(', ')}`,
      });
    }
    parts.push(`${sql} ${descending ? 'DESC' : 'ASC'} NULLS LAST`);
  }
  return [...parts, tieBreak].join(', ');
}

export { SqlParams } from './sql-params';
