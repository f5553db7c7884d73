import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode, type Locale } from '@mdc/contracts';
import type { AntibiogramFilter, AntibiogramRules, FirstIsolateRule, PatientSetting } from '@mdc/core/antibiogram';
import type { Db } from '../../db';
import { ApiError, ok, requestLocale } from '../../http/envelope';
import { enqueue } from '../../jobs/queue';
import { parseGuidelineText } from '../isolate-file';
import type { LabKnowledge } from '../knowledge';
import { drawPdf } from '../../reports/pdf-pool';
import { antibiogramWorkbook } from './export';
import { antibiogramReport, type ReportQuery } from './report';
import { isolateFacets, REREAD_QUEUE } from './store';



const tags = ['lab'];
const security = [{ bearer: [] }];

const MESSAGES = {
  noFont: { en: 'PDF export needs a font with Chinese characters on the server (fonts-noto-cjk or MDC_PDF_FONT)', zh: '服务器上缺少含中文字符的字体，无法导出 PDF（请安装 fonts-noto-cjk 或设置 MDC_PDF_FONT）' },
  unknownGuideline: { en: 'Unknown guideline or year', zh: '无法识别的指南或年份' },
  rereading: { en: 'Re-reading every stored isolate', zh: '正在按新指南重新判读全部菌株' },
  combination: { en: 'A combination needs an organism and two different drugs', zh: '联合用药视图需要一种菌种和两种不同的药物' },
} as const;

const list = z
  .string()
  .max(2000)
  .optional()
  .transform((s) => (s ? s.split(',').map((v) => v.trim()).filter(Boolean) : undefined));

export const antibiogramQuery = z.object({
  period: z
    .string()
    .regex(/^(?:all|\d{4})$/, 'a year (YYYY) or all')
    .optional()
    .describe('a calendar year of collection, or all (every date as one period); default the newest year'),
  first: z.enum(['patient', 'episode', 'all']).default('patient').describe('first isolate per patient per period (M39), per episode, or every isolate'),
  episodeDays: z.coerce.number().int().min(1).max(3650).default(365),
  min: z.coerce.number().int().min(1).max(1000).default(30).describe('isolates needed for a percentage'),
  susceptible: z.enum(['S', 'S+SDD', 'S+I']).default('S'),
  includeScreening: z.enum(['true', 'false']).default('false'),
  specimen: list.describe('specimen types, comma-separated'),
  ward: list.describe('wards, comma-separated'),
  setting: list.describe('inpatient, outpatient, emergency'),
  organism: z.string().max(40).optional().describe('combination view: the organism code'),
  drugA: z.string().max(20).optional(),
  drugB: z.string().max(20).optional(),
});

const FIRST: Record<string, FirstIsolateRule> = { patient: 'patient-period', episode: 'episode', all: 'all' };

function queryOf(q: z.infer<typeof antibiogramQuery>, locale: Locale): ReportQuery {
  const rules: Partial<AntibiogramRules> = {
    firstIsolate: FIRST[q.first]!,
    episodeDays: q.episodeDays,
    minIsolates: q.min,
    susceptible: q.susceptible,
    diagnosticOnly: q.includeScreening !== 'true',
  };
  const settings = q.setting?.filter((s): s is PatientSetting => ['inpatient', 'outpatient', 'emergency'].includes(s));
  const filter: AntibiogramFilter = {
    ...(q.specimen ? { specimenType: q.specimen } : {}),
    ...(q.ward ? { ward: q.ward } : {}),
    ...(settings?.length ? { setting: settings } : {}),
  };
  let combination: ReportQuery['combination'];
  if (q.organism || q.drugA || q.drugB) {
    if (!q.organism || !q.drugA || !q.drugB || q.drugA === q.drugB) {
      throw new ApiError(ApiCode.BAD_REQUEST, 400, MESSAGES.combination, { fields: { drugB: MESSAGES.combination[locale] } });
    }
    combination = { organism: q.organism, drugs: [q.drugA.toUpperCase(), q.drugB.toUpperCase()] };
  }
  return { rules, filter, ...(q.period ? { period: q.period } : {}), ...(combination ? { combination } : {}) };
}

async function rereadPending(db: Db, userId: number): Promise<boolean> {
  const rows = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM jobs WHERE queue = $1 AND status IN ('queued', 'running') AND payload->>'userId' = $2`,
    [REREAD_QUEUE, String(userId)],
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/** The cumulative antibiogram of the logged-in user's isolates: the report, its exports, re-reading. */
export function antibiogramRoutes(parent: FastifyInstance, db: Db, requireKnowledge: () => Promise<LabKnowledge>): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const userId = (request: FastifyRequest) => Number(request.user!.id);

  app.get(
    '/api/lab/antibiogram',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The cumulative antibiogram (CLSI M39) of the user's stored isolates (batch uploads and experiments): the table of a period, trend per organism × drug, alert rates, an optional combination",
        description: 'Only the logged-in account\'s isolates are ever counted. `statements` states the rules in both languages; cells below `min` isolates carry n without a percentage; intrinsic-resistance cells are flagged, not 0 %.',
        querystring: antibiogramQuery,
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { kb } = await requireKnowledge();
      const report = await antibiogramReport(db, kb, userId(request), queryOf(request.query, locale));
      const facets = await isolateFacets(db, userId(request));
      return ok(request, reply, { ...report, facets, rereading: await rereadPending(db, userId(request)) });
    },
  );

  app.get(
    '/api/lab/antibiogram/export',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The antibiogram as a pocket-card PDF (A4 or A5, landscape) or an Excel workbook, with the rules and counts, in the language of `lang`',
        querystring: antibiogramQuery.extend({
          format: z.enum(['pdf', 'xlsx']).default('pdf'),
          size: z.enum(['A4', 'A5']).default('A4'),
          lang: z.enum(['zh', 'en']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const locale: Locale = request.query.lang ?? requestLocale(request);
      const { kb } = await requireKnowledge();
      const report = await antibiogramReport(db, kb, userId(request), queryOf(request.query, locale));
      const name = `mdc-antibiogram-${report.period}`;
      if (request.query.format === 'xlsx') {
        return reply
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await antibiogramWorkbook(report, locale));
      }
      // Drawn in the PDF threads: a year of a large laboratory's table must not hold up other requests.
      const pdf = await drawPdf('antibiogram', report, locale, request.query.size);
      if (pdf.length === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 501, MESSAGES.noFont);
      return reply.header('content-disposition', `attachment; filename="${name}-${request.query.size}.pdf"`).type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/api/lab/antibiogram/reread',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Read every stored isolate of the user again under one guideline and year (in the background); the report shows the new categories when done',
        body: z.object({ guideline: z.string().max(40).describe('"CLSI 2025", "EUCAST 2024"; without a year the newest') }),
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { kb } = await requireKnowledge();
      const parsed = parseGuidelineText(request.body.guideline);
      const canonical = parsed && kb.breakpoints.guideline(parsed.guideline);
      const years = canonical ? kb.breakpoints.yearsOf(canonical, 'Human') : [];
      const year = parsed?.year ?? years[0];
      if (!canonical || year === undefined || !years.includes(year)) {
        throw new ApiError(ApiCode.BAD_REQUEST, 400, MESSAGES.unknownGuideline, { fields: { guideline: MESSAGES.unknownGuideline[locale] } });
      }
      await enqueue(db, REREAD_QUEUE, { userId: userId(request), guideline: canonical, year });
      app.jobs.wake();
      return ok(request, reply, { guideline: canonical, year, rereading: true }, MESSAGES.rereading);
    },
  );
}
