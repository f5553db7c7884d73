import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale, ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { breakpointLinesInOrder, breakpointsByLines, queryBreakpoints, resolvedYear, normalizeBreakpointType, type BreakpointQuery } from '../breakpoint-query';
import { organismGroups, whonetOrganismByCode, whonetOrganismFor } from '../hierarchy';
import { assertAvailable, emptyTexts, notFound, SqlParams } from '../http';
import { BREAKPOINT_PAGE_ROWS, BreakpointFiles, closeBreakpointFileThreads } from '../breakpoint-download';
import { breakpointCellsJson } from '../breakpoint-file';
import { BREAKPOINT_TYPE_LABELS, METHOD_LABELS, hostLabel, siteLabel } from '../labels';
import { breakpointFilters, breakpointRow, localized, organismGroup, pageOf, pageQuery } from '../schemas';
import type { RefdataService } from '../service';
import type { Locale } from '@mdc/contracts';

const tags = ['resource'];

const filterQuery = {
  guideline: z.string().max(40).optional().describe('CLSI, EUCAST, SFM, SRGA, BSAC, DIN, NEO, AFA'),
  year: z
    .union([z.coerce.number().int().min(1900).max(2200), z.literal('all')])
    .optional()
    .describe('default: the latest year of the guideline (of each guideline without `guideline`); "all" for every year'),
  method: z.enum(['MIC', 'DISK', 'mic', 'disk']).optional(),
  organism: z.string().max(40).optional().describe('a WHONET organism code (kpn, eco: the rows of every group it belongs to, most specific per test, each naming its group) or a group code as in the table (EBC, STA: the rows naming that group)'),
  taxon: z.string().max(100).optional().describe('taxon id: the rows that apply to it through the WHONET hierarchy, most specific per test'),
  antibiotic: z.string().max(20).optional().describe('WHONET drug code'),
  site: z.string().max(200).optional().describe('site of infection as listed by /filters; "-" for rows that are not site-specific'),
  type: z.enum(['human', 'animal', 'ecoff', 'Human', 'Animal', 'ECOFF']).optional().describe('breakpoint type'),
  host: z.string().max(60).optional(),
  q: z.string().trim().max(200).optional().describe('free text over drug code/name, organism code, reference table'),
  sort: z
    .string()
    .max(100)
    .optional()
    .describe('guideline, year, method, organism, level, antibiotic, antibioticName, site, type, host, s, r, ecoff; "-" for descending'),
};
const listQuery = z.object({ ...filterQuery, ...pageQuery });
type ListQuery = z.infer<typeof listQuery>;

const EXPORT_LIMIT = 50_000;

async function toBreakpointQuery(service: RefdataService, query: Omit<ListQuery, 'page' | 'pageSize'>): Promise<BreakpointQuery> {
  const { taxon, ...rest } = query;
  if (!taxon) {
    // An organism's own WHONET code (lower case, as WHONET writes them: kpn, eco; group codes are
    // upper case: EBC, STA) stands for the organism: the rows of every group it belongs to apply,
    // the most specific per test, as for a taxon. A group code selects the rows naming that group.
    if (!rest.organism) return rest;
    const organism = await whonetOrganismByCode(service.db, rest.organism);
    if (!organism || organism.code !== rest.organism) return rest;
    const { organism: _code, ...others } = rest;
    return { ...others, groups: organismGroups(organism, service.organismLabels) };
  }
  const found = await service.db.query<{ mo: string; current_mo: string | null }>('SELECT mo, current_mo FROM taxon WHERE mo = $1', [taxon]);
  const row = found[0];
  if (!row) notFound(service, { zh: '未找到该分类单元', en: 'No such taxon' });
  const lineage = await service.db.query<{ mo: string }>(
    `WITH RECURSIVE up(mo, depth) AS (
        SELECT parent_mo, 1 FROM taxon WHERE mo = $1 AND parent_mo IS NOT NULL
        UNION ALL SELECT t.parent_mo, up.depth + 1 FROM taxon t JOIN up ON t.mo = up.mo WHERE t.parent_mo IS NOT NULL AND up.depth < 12)
      SELECT mo FROM up ORDER BY depth`,
    [row.mo],
  );
  const organism = await whonetOrganismFor(service.db, [row.mo, ...(row.current_mo ? [row.current_mo] : []), ...lineage.map((l) => l.mo)]);
  return { ...rest, groups: organism ? organismGroups(organism, service.organismLabels) : [] };
}

function filtersEcho(query: Omit<ListQuery, 'page' | 'pageSize'>, resolved: BreakpointQuery, year: number | null) {
  return {
    groups: resolved.groups ? [...resolved.groups] : null,
    guideline: query.guideline ?? null,
    year,
    method: query.method?.toUpperCase() ?? null,
    organism: query.organism ?? null,
    taxon: query.taxon ?? null,
    antibiotic: query.antibiotic?.toUpperCase() ?? null,
    site: query.site ?? null,
    type: normalizeBreakpointType(query.type) ?? null,
    host: query.host ?? null,
  };
}

export const breakpointRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  const db = service.db;
  const files = new BreakpointFiles();
  app.addHook('onClose', async () => closeBreakpointFileThreads());

  app.get(
    '/api/resource/breakpoints',
    {
      schema: {
        tags,
        summary: 'Breakpoints filtered by guideline, year, method, organism, drug, site, type; paged and sortable',
        querystring: listQuery,
        response: { 200: envelopeOf(pageOf(breakpointRow).extend({ filters: breakpointFilters })) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const { page, pageSize, ...filters } = request.query;
      const query = await toBreakpointQuery(service, filters);
      const result = await queryBreakpoints(db, query, service.organismLabels, service.digest, { limit: pageSize, offset: (page - 1) * pageSize });
      return ok(
        request,
        reply,
        { ...result, page, pageSize, filters: filtersEcho(filters, query, resolvedYear(service.digest, query)) },
        emptyTexts(service),
      );
    },
  );

  app.get(
    '/api/resource/breakpoints/export',
    {
      schema: {
        tags,
        summary: 'Download the filtered breakpoint table as CSV (UTF-8 with BOM, for Excel) or .xlsx',
        description: 'Same filters as /api/resource/breakpoints; column headers in the language of `lang` (else the `local` header). At most 50,000 rows.',
        querystring: z.object({ ...filterQuery, format: z.enum(['csv', 'xlsx']).default('csv'), lang: z.enum(['zh', 'en']).optional() }),
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const { format, lang, ...filters } = request.query;
      const locale: Locale = lang ?? requestLocale(request);
      const query = await toBreakpointQuery(service, filters);
      const year = resolvedYear(service.digest, query);
      const name = ['breakpoints', filters.guideline, year ?? (filters.year === 'all' ? 'all-years' : 'latest'), filters.antibiotic, filters.organism ?? filters.taxon]
        .filter(Boolean)
        .join('_')
        .replace(/[^A-Za-z0-9_.-]+/g, '-');
      const importId = service.lastImport?.id ?? null;
      const key = JSON.stringify([format, locale, Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);
      // The keys in order first, then the rows page by page by key (each page a short hold of the
      // database and the event loop); written in the file thread, kept per import: the same data
      // is answered with the same bytes.
      const file = await files.file(importId, key, async () => {
        const lines = await breakpointLinesInOrder(db, query, service.digest, EXPORT_LIMIT);
        const pages: string[] = [];
        for (let start = 0; start < lines.length; start += BREAKPOINT_PAGE_ROWS) {
          await new Promise((resolve) => setImmediate(resolve));
          const list = await breakpointsByLines(db, lines.slice(start, start + BREAKPOINT_PAGE_ROWS), service.organismLabels);
          pages.push(breakpointCellsJson(list, locale));
        }
        return { format, locale, pages, importedAt: service.lastImport?.importedAt ?? null };
      });
      return reply
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(file);
    },
  );

  const option = z.object({ value: z.string(), label: localized, count: z.number().int() });
  // The filter values change only with an import; every visit to the breakpoint page asks for them.
  const filterCache: { importedAt: string; entries: Map<string, unknown> } = { importedAt: '', entries: new Map() };

  app.get(
    '/api/resource/breakpoints/filters',
    {
      schema: {
        tags,
        summary: 'The values the breakpoint filters can take (guidelines with their years, sites, organisms, drugs…)',
        description: 'Sites, hosts, organisms and drugs are those of `guideline` and `year` when given (year defaults to the latest).',
        querystring: z.object({ guideline: filterQuery.guideline, year: filterQuery.year }),
        response: {
          200: envelopeOf(
            z.object({
              guidelines: z.array(z.object({ name: z.string(), years: z.array(z.number().int()), latestYear: z.number().int(), count: z.number().int() })),
              year: z.number().int().nullable(),
              methods: z.array(option),
              types: z.array(option),
              hosts: z.array(option),
              sites: z.array(option),
              organisms: z.array(organismGroup.extend({ count: z.number().int() })),
              antibiotics: z.array(z.object({ code: z.string(), name: z.string().nullable(), nameZh: z.string().nullable(), count: z.number().int() })),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const { guideline } = request.query;
      const year = resolvedYear(service.digest, request.query);
      const importedAt = service.lastImport?.importedAt ?? '';
      if (filterCache.importedAt !== importedAt) filterCache.entries = new Map();
      filterCache.importedAt = importedAt;
      const key = `${guideline ?? ''}|${year ?? ''}`;
      const hit = filterCache.entries.get(key);
      if (hit) return ok(request, reply, hit, emptyTexts(service));
      const p = new SqlParams();
      const where: string[] = [];
      if (guideline) where.push(`b.guideline = ${p.add(guideline)}`);
      if (year !== null) where.push(`b.year = ${p.add(year)}`);
      const scope = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [guidelines, methods, types, hosts, sites, organisms, antibiotics] = await Promise.all([
        db.query<{ name: string; years: number[]; count: number }>(
          `SELECT guideline AS name, array_agg(DISTINCT year ORDER BY year DESC) AS years, count(*)::int AS count FROM breakpoint GROUP BY guideline ORDER BY count DESC`,
        ),
        db.query<{ value: string; count: number }>(`SELECT method AS value, count(*)::int AS count FROM breakpoint b ${scope} GROUP BY method ORDER BY method DESC`, p.values),
        db.query<{ value: string; count: number }>(`SELECT breakpoint_type AS value, count(*)::int AS count FROM breakpoint b ${scope} GROUP BY 1 ORDER BY count DESC`, p.values),
        db.query<{ value: string; count: number }>(`SELECT host AS value, count(*)::int AS count FROM breakpoint b ${scope} GROUP BY 1 ORDER BY count DESC`, p.values),
        db.query<{ value: string; count: number }>(`SELECT site_of_infection AS value, count(*)::int AS count FROM breakpoint b ${scope} GROUP BY 1 ORDER BY count DESC`, p.values),
        db.query<{ code: string; level: string; count: number }>(
          `SELECT min(organism_code) AS code, CASE organism_code_type WHEN '' THEN 'ALL' ELSE organism_code_type END AS level, count(*)::int AS count
             FROM breakpoint b ${scope} GROUP BY upper(organism_code), 2 ORDER BY count DESC`,
          p.values,
        ),
        db.query<{ code: string; name: string | null; name_zh: string | null; count: number }>(
          `SELECT b.antibiotic_code AS code, min(a.name) AS name, min(a.name_zh) AS name_zh, count(*)::int AS count
             FROM breakpoint b LEFT JOIN antibiotic a ON a.code = b.antibiotic_code ${scope} GROUP BY b.antibiotic_code ORDER BY min(a.name), b.antibiotic_code`,
          p.values,
        ),
      ]);
      const labels = service.organismLabels;
      const data = {
        guidelines: guidelines.map((g) => ({ ...g, latestYear: g.years[0]! })),
        year,
        methods: methods.map((m) => ({ ...m, label: METHOD_LABELS[m.value] ?? { en: m.value, zh: m.value } })),
        types: types.map((t) => ({ ...t, label: BREAKPOINT_TYPE_LABELS[t.value] ?? { en: t.value, zh: t.value } })),
        hosts: hosts.filter((h) => h.value !== '').map((h) => ({ ...h, label: hostLabel(h.value) })),
        sites: sites.map((s) => ({ value: s.value === '' ? '-' : s.value, count: s.count, label: siteLabel(s.value) })),
        organisms: organisms.map((o) => ({ code: o.code, level: o.level, count: o.count, label: labels.group(o.code, o.level) })),
        antibiotics: antibiotics.map((a) => ({ code: a.code, name: a.name, nameZh: a.name_zh, count: a.count })),
      };
      if (filterCache.entries.size < 200) filterCache.entries.set(key, data);
      return ok(request, reply, data, emptyTexts(service));
    },
  );

  app.get(
    '/api/resource/qc-ranges',
    {
      schema: {
        tags,
        summary: 'Quality-control ranges by guideline, year, reference strain, drug and method',
        querystring: z.object({
          guideline: z.string().max(40).optional(),
          year: z.coerce.number().int().min(1900).max(2200).optional(),
          strain: z.string().max(40).optional(),
          antibiotic: z.string().max(20).optional(),
          method: z.enum(['MIC', 'Disk']).optional(),
          ...pageQuery,
        }),
        response: {
          200: envelopeOf(
            pageOf(
              z.object({
                id: z.number().int(),
                guideline: z.string(),
                year: z.number().int(),
                strain: z.string(),
                referenceTable: z.string(),
                organismCode: z.string(),
                organism: localized.describe('the reference strain\'s organism'),
                antibiotic: z.object({ code: z.string(), name: z.string(), nameZh: z.string().nullable() }),
                testCode: z.string(),
                method: z.string(),
                medium: z.string(),
                minimum: z.number(),
                maximum: z.number().nullable(),
                note: z.string(),
              }),
            ).extend({
              guidelines: z
                .array(z.object({ name: z.string(), years: z.array(z.number().int()) }))
                .describe('with `antibiotic`: the guidelines and years (newest first) that have QC ranges for it'),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const q = request.query;
      const guidelines = q.antibiotic
        ? await db.query<{ name: string; years: number[] }>(
            `SELECT guideline AS name, array_agg(DISTINCT year ORDER BY year DESC) AS years FROM qc_range WHERE antibiotic_code = $1 GROUP BY guideline ORDER BY count(*) DESC, guideline`,
            [q.antibiotic.toUpperCase()],
          )
        : [];
      const p = new SqlParams();
      const where: string[] = [];
      if (q.guideline) where.push(`guideline = ${p.add(q.guideline)}`);
      if (q.year) where.push(`year = ${p.add(q.year)}`);
      if (q.strain) where.push(`lower(strain) = ${p.add(q.strain.toLowerCase())}`);
      if (q.antibiotic) where.push(`antibiotic_code = ${p.add(q.antibiotic.toUpperCase())}`);
      if (q.method) where.push(`method = ${p.add(q.method)}`);
      const rows = await db.query<{
        line: number;
        guideline: string;
        year: number;
        strain: string;
        reference_table: string;
        organism_code: string;
        antibiotic_name: string;
        antibiotic_test: string;
        antibiotic_code: string;
        method: string;
        medium: string;
        minimum: number;
        maximum: number | null;
        comments: string;
        total: number;
      }>(
        `SELECT *, count(*) OVER () AS total FROM qc_range ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
          ORDER BY guideline, year DESC, strain, antibiotic_code, method, line LIMIT ${p.add(q.pageSize)} OFFSET ${p.add((q.page - 1) * q.pageSize)}`,
        p.values,
      );
      return ok(
        request,
        reply,
        {
          total: Number(rows[0]?.total ?? 0),
          page: q.page,
          pageSize: q.pageSize,
          guidelines,
          list: rows.map((r) => ({
            id: r.line,
            guideline: r.guideline,
            year: r.year,
            strain: r.strain,
            referenceTable: r.reference_table,
            organismCode: r.organism_code,
            organism: service.organismLabels.group(r.organism_code, 'WHONET_ORG_CODE'),
            antibiotic: { code: r.antibiotic_code, name: r.antibiotic_name, nameZh: service.drugs.get(r.antibiotic_code)?.nameZh ?? null },
            testCode: r.antibiotic_test,
            method: r.method,
            medium: r.medium,
            minimum: r.minimum,
            maximum: r.maximum,
            note: r.comments,
          })),
        },
        emptyTexts(service),
      );
    },
  );
};
