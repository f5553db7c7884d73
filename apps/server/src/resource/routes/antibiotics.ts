import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { assertAvailable, emptyTexts, likeLiteral, notFound, orderBy, SqlParams } from '../http';
import { drugClassLabel, drugSubclassLabel } from '../labels';
import { localized, pageOf, pageQuery } from '../schemas';
import type { RefdataService } from '../service';

const tags = ['resource'];

export const antibioticItem = z.object({
  code: z.string().describe('WHONET drug code: /resource/atb/:code'),
  name: z.string(),
  nameZh: z.string().nullable(),
  zhAliases: z.array(z.string()),
  enAliases: z.array(z.string()),
  otherCodes: z.array(z.string()).describe('WHO, DIN, JAC, EUCAST and user codes'),
  class: z.string(),
  subclass: z.string(),
  classLabel: localized.describe('the class in both languages (Chinese from the curated terms table)'),
  subclassLabel: localized,
  profClass: z.string(),
  atcCode: z.string(),
  aware: z.string().describe('WHO AWaRe: Access, Watch, Reserve or ""'),
  ciaCategory: z.string(),
  potencies: z.array(z.string()).describe('disk contents'),
  guidelines: z.array(z.string()),
  human: z.boolean(),
  veterinary: z.boolean(),
  breakpointCount: z.number().int(),
});

const antibioticDetail = antibioticItem.extend({
  rows: z.array(
    z.object({
      line: z.number().int(),
      potency: z.string(),
      guidelines: z.string(),
      loinc: z.record(z.string(), z.string()),
      comments: z.string(),
    }),
  ),
  breakpointSummary: z.array(z.object({ guideline: z.string(), years: z.array(z.number().int()), latestYear: z.number().int(), count: z.number().int() })),
  expectedResistanceCount: z.number().int(),
  qcRangeCount: z.number().int(),
});

interface AntibioticRow {
  code: string;
  name: string;
  name_zh: string | null;
  zh_aliases: string[];
  en_aliases: string[];
  other_codes: string[];
  class: string;
  subclass: string;
  prof_class: string;
  atc_code: string;
  aware: string;
  cia_category: string;
  potencies: string[];
  guidelines: string[];
  human: boolean;
  veterinary: boolean;
  breakpoint_count: number;
  total?: number;
}

function toItem(row: AntibioticRow): z.infer<typeof antibioticItem> {
  return {
    code: row.code,
    name: row.name,
    nameZh: row.name_zh,
    zhAliases: row.zh_aliases,
    enAliases: row.en_aliases,
    otherCodes: row.other_codes,
    class: row.class,
    subclass: row.subclass,
    classLabel: drugClassLabel(row.class),
    subclassLabel: drugSubclassLabel(row.subclass),
    profClass: row.prof_class,
    atcCode: row.atc_code,
    aware: row.aware,
    ciaCategory: row.cia_category,
    potencies: row.potencies,
    guidelines: row.guidelines,
    human: row.human,
    veterinary: row.veterinary,
    breakpointCount: row.breakpoint_count,
  };
}

const SORTS: Record<string, string> = {
  code: 'code',
  name: 'lower(name)',
  nameZh: 'name_zh',
  class: 'class',
  subclass: 'subclass',
  atc: 'atc_code',
  aware: "array_position(ARRAY['Access','Watch','Reserve']::text[], aware)",
  breakpoints: 'breakpoint_count',
};

export const antibioticRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  const db = service.db;

  app.get(
    '/api/resource/antibiotics',
    {
      schema: {
        tags,
        summary: 'Antimicrobials: Chinese and English names, code, aliases, class, ATC, AWaRe, potency; paged and sortable',
        description: '`q` matches code, other codes, English and Chinese names and aliases (contains, plain text).',
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          class: z.string().max(100).optional(),
          subclass: z.string().max(100).optional(),
          aware: z.enum(['Access', 'Watch', 'Reserve']).optional(),
          guideline: z.string().max(20).optional().describe('drugs listed for this guideline family (CLSI, EUCAST…)'),
          withBreakpoints: z.enum(['true', 'false']).optional().describe('only drugs that have breakpoints'),
          human: z.enum(['true', 'false']).optional(),
          sort: z.string().max(100).optional().describe('code, name, nameZh, class, subclass, atc, aware, breakpoints; "-" for descending'),
          ...pageQuery,
        }),
        response: { 200: envelopeOf(pageOf(antibioticItem)) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const query = request.query;
      const p = new SqlParams();
      const where: string[] = [];
      if (query.q) {
        const like = p.add(`%${likeLiteral(query.q.toLowerCase())}%`);
        where.push(`(lower(code) LIKE ${like} OR lower(name) LIKE ${like} OR coalesce(name_zh, '') LIKE ${like}
          OR EXISTS (SELECT 1 FROM unnest(other_codes || en_aliases || zh_aliases) AS alias WHERE lower(alias) LIKE ${like}))`);
      }
      if (query.class) where.push(`class = ${p.add(query.class)}`);
      if (query.subclass) where.push(`subclass = ${p.add(query.subclass)}`);
      if (query.aware) where.push(`aware = ${p.add(query.aware)}`);
      if (query.guideline) where.push(`${p.add(query.guideline.toUpperCase())} = ANY(guidelines)`);
      if (query.withBreakpoints) where.push(query.withBreakpoints === 'true' ? 'breakpoint_count > 0' : 'breakpoint_count = 0');
      if (query.human) where.push(query.human === 'true' ? 'human' : 'NOT human');
      const rows = await db.query<AntibioticRow>(
        `SELECT *, count(*) OVER () AS total FROM antibiotic ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
          ORDER BY ${orderBy(query.sort, SORTS, 'lower(name)', 'code')} LIMIT ${p.add(query.pageSize)} OFFSET ${p.add((query.page - 1) * query.pageSize)}`,
        p.values,
      );
      return ok(
        request,
        reply,
        { total: Number(rows[0]?.total ?? 0), page: query.page, pageSize: query.pageSize, list: rows.map(toItem) },
        emptyTexts(service),
      );
    },
  );

  app.get(
    '/api/resource/antibiotics/:code',
    {
      schema: {
        tags,
        summary: 'One antimicrobial with its WHONET rows and a summary of its breakpoints',
        description: 'The breakpoints themselves: `/api/resource/breakpoints?antibiotic=CODE`.',
        params: z.object({ code: z.string().max(20) }),
        response: { 200: envelopeOf(antibioticDetail) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const code = request.params.code.toUpperCase();
      const rows = await db.query<AntibioticRow>('SELECT * FROM antibiotic WHERE code = $1', [code]);
      const drug = rows[0];
      if (!drug) notFound(service, { zh: '未找到该抗菌药物', en: 'No such antimicrobial' });
      const [records, summary, expected, qc] = await Promise.all([
        db.query<{ line: number; potency: string; record: { guidelines: string; loinc: Record<string, string>; comments: string } }>(
          'SELECT line, potency, record FROM antibiotic_row WHERE code = $1 ORDER BY line',
          [code],
        ),
        db.query<{ guideline: string; years: number[]; count: number }>(
          `SELECT guideline, array_agg(DISTINCT year ORDER BY year DESC) AS years, count(*)::int AS count
             FROM breakpoint WHERE antibiotic_code = $1 GROUP BY guideline ORDER BY count DESC, guideline`,
          [code],
        ),
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM expected_resistance e
            WHERE (e.antibiotic_code_type = 'WHONET_ABX_CODE' AND e.antibiotic_code = $1)
               OR (e.antibiotic_code_type = 'ATC_CODE' AND $2 <> '' AND $2 LIKE e.antibiotic_code || '%' AND NOT ($1 = ANY(e.antibiotic_exceptions)))`,
          [code, drug.atc_code],
        ),
        db.query<{ n: number }>('SELECT count(*)::int AS n FROM qc_range WHERE antibiotic_code = $1', [code]),
      ]);
      return ok(request, reply, {
        ...toItem(drug),
        rows: records.map((r) => ({
          line: r.line,
          potency: r.potency,
          guidelines: r.record.guidelines ?? '',
          loinc: Object.fromEntries(Object.entries(r.record.loinc ?? {}).filter(([, v]) => v !== '')),
          comments: r.record.comments ?? '',
        })),
        breakpointSummary: summary.map((s) => ({ guideline: s.guideline, years: s.years, latestYear: s.years[0]!, count: s.count })),
        expectedResistanceCount: expected[0]?.n ?? 0,
        qcRangeCount: qc[0]?.n ?? 0,
      });
    },
  );
};
