import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode } from '@mdc/contracts';
import { drugCodeOf, drugOf } from '@mdc/core/resistome';
import { ApiError, ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { geneClassLabel, mechanismLabel, RESFINDER_SOURCE } from '../genes';
import { assertAvailable, emptyTexts, likeLiteral, notFound, SqlParams } from '../http';
import { localized, pageOf, pageQuery } from '../schemas';
import type { Queryable } from '../../db';
import type { RefdataService } from '../service';

const tags = ['resource'];

const drugRef = z.object({
  code: z.string().describe("MDC drug code (/resource/atb/:code)"),
  name: z.string(),
  nameZh: z.string().nullable(),
  listed: z.boolean().describe("false for a code MDC's drug list lacks (STR1): no drug page"),
});

const amrfinder = z
  .object({
    symbol: z.string(),
    level: z.enum(['symbol', 'family']).describe('"symbol": the same allele in AMRFinderPlus; "family": only its family node maps'),
    class: z.string(),
    subclass: z.string(),
    name: z.string(),
  })
  .nullable()
  .describe('the AMRFinderPlus 2024-07-22.1 symbol (or family node) of the gene, when one maps');

export const geneItem = z.object({
  id: z.string().describe('ResFinder allele id (gene_variant_accession)'),
  name: z.string().describe('allele name as ResFinder writes it: /resource/genes/:name'),
  variant: z.number().int(),
  accession: z.string(),
  family: z.string().describe('gene family (blaKPC-2 → blaKPC)'),
  classes: z.array(z.object({ value: z.string(), label: localized })),
  drugs: z.array(drugRef).describe("the drugs ResFinder names, as MDC's drug codes"),
  otherDrugs: z.array(z.string()).describe('drugs ResFinder names that have no MDC code, as written'),
  mechanism: z.string(),
  mechanismLabel: localized,
  amrfinder,
});

const geneDetail = z.object({
  name: z.string(),
  family: z.string(),
  dbClasses: z.array(z.string()).describe('ResFinder database files the allele sits in'),
  classes: z.array(z.object({ value: z.string(), label: localized })),
  drugs: z.array(drugRef),
  otherDrugs: z.array(z.string()),
  phenotype: z.string().describe("phenotypes.txt's drug list as written"),
  mechanism: z.string(),
  mechanismLabel: localized,
  notes: z.string(),
  requiredGene: z.string(),
  pmids: z.array(z.string()),
  variants: z.array(z.object({ id: z.string(), variant: z.number().int(), accession: z.string(), length: z.number().int(), pmids: z.array(z.string()) })),
  familySize: z.number().int().describe('alleles of the same family'),
  amrfinder,
  source: z.object({ name: z.string(), version: z.string(), licence: z.string(), url: z.string() }),
});

const facets = z.object({
  classes: z.array(z.object({ value: z.string(), label: localized, count: z.number().int() })),
  drugs: z.array(drugRef.extend({ count: z.number().int() })),
  total: z.number().int(),
});

interface GeneRow {
  id: string;
  name: string;
  variant: number;
  accession: string;
  family: string;
  db_classes: string[];
  classes: string[];
  drugs: string[];
  drug_codes: string[];
  pmids: string[];
  mechanism: string;
  notes: string;
  required_gene: string;
  length: number;
  amrfinder_symbol: string | null;
  amrfinder_level: string | null;
  amrfinder_class: string | null;
  amrfinder_subclass: string | null;
  amrfinder_name: string | null;
  total?: number;
}

type DrugRef = z.infer<typeof drugRef>;

/** Names of the drug codes (the antibiotic table's), for the rows at hand. */
async function drugNames(db: Queryable, codes: Iterable<string>): Promise<Map<string, DrugRef>> {
  const list = [...new Set(codes)];
  if (list.length === 0) return new Map();
  const rows = await db.query<{ code: string; name: string; name_zh: string | null }>('SELECT code, name, name_zh FROM antibiotic WHERE code = ANY($1::text[])', [list]);
  return new Map(rows.map((r) => [r.code, { code: r.code, name: r.name, nameZh: r.name_zh, listed: true }]));
}

/** A code of the resistome's drug table that WHONET's list lacks (STR1, streptomycin): its English name. */
const unlistedDrug = (code: string): DrugRef => ({ code, name: drugOf(code)?.name ?? code, nameZh: null, listed: false });

/** Drugs by code where MDC has them; the names ResFinder writes that have none stay as written. */
function drugsOf(row: GeneRow, names: Map<string, DrugRef>): { drugs: DrugRef[]; otherDrugs: string[] } {
  return {
    drugs: row.drug_codes.map((code) => names.get(code) ?? unlistedDrug(code)),
    otherDrugs: row.drugs.filter((d) => drugCodeOf(d) === undefined),
  };
}

function amrfinderOf(row: GeneRow): z.infer<typeof amrfinder> {
  if (!row.amrfinder_symbol) return null;
  return {
    symbol: row.amrfinder_symbol,
    level: row.amrfinder_level === 'family' ? 'family' : 'symbol',
    class: row.amrfinder_class ?? '',
    subclass: row.amrfinder_subclass ?? '',
    name: row.amrfinder_name ?? '',
  };
}

const classesOf = (row: GeneRow) => row.classes.map((value) => ({ value, label: geneClassLabel(value) }));

function toItem(row: GeneRow, names: Map<string, DrugRef>): z.infer<typeof geneItem> {
  return {
    id: row.id,
    name: row.name,
    variant: row.variant,
    accession: row.accession,
    family: row.family,
    classes: classesOf(row),
    ...drugsOf(row, names),
    mechanism: row.mechanism,
    mechanismLabel: mechanismLabel(row.mechanism),
    amrfinder: amrfinderOf(row),
  };
}

const badParam = (field: string, zh: string, en: string) => new ApiError(ApiCode.BAD_REQUEST, 400, { zh, en }, { fields: { [field]: en } });

export const geneRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  const db = service.db;

  app.get(
    '/api/resource/genes/facets',
    {
      schema: {
        tags,
        summary: 'Acquired resistance genes (ResFinder): the classes and drugs the list can be filtered by, with counts',
        response: { 200: envelopeOf(facets) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const [classes, drugs, total] = await Promise.all([
        db.query<{ value: string; count: number }>('SELECT c AS value, count(*)::int AS count FROM resistance_gene, unnest(classes) AS c GROUP BY c ORDER BY count DESC, c'),
        db.query<{ code: string; count: number }>('SELECT d AS code, count(*)::int AS count FROM resistance_gene, unnest(drug_codes) AS d GROUP BY d ORDER BY d'),
        db.query<{ n: number }>('SELECT count(*)::int AS n FROM resistance_gene'),
      ]);
      const names = await drugNames(db, drugs.map((d) => d.code));
      return ok(
        request,
        reply,
        {
          classes: classes.map((c) => ({ value: c.value, label: geneClassLabel(c.value), count: c.count })),
          drugs: drugs.map((d) => ({ ...(names.get(d.code) ?? unlistedDrug(d.code)), count: d.count })),
          total: total[0]?.n ?? 0,
        },
        emptyTexts(service),
      );
    },
  );

  app.get(
    '/api/resource/genes',
    {
      schema: {
        tags,
        summary: 'Acquired resistance genes (ResFinder alleles): family, class, drugs as MDC codes, mechanism; paged and filterable',
        description:
          '`q` matches the allele, its family, accession or AMRFinderPlus symbol (contains, plain text; "KPC" finds blaKPC-2). `class` is a ResFinder class (see /api/resource/genes/facets), `drug` an MDC drug code. Rows come by family, then allele number.',
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          class: z.string().trim().max(100).optional(),
          drug: z
            .string()
            .trim()
            .max(10)
            .regex(/^[A-Za-z0-9]+$/)
            .optional()
            .describe('MDC drug code, e.g. MEM'),
          family: z.string().trim().max(100).optional(),
          ...pageQuery,
        }),
        response: { 200: envelopeOf(pageOf(geneItem)) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const query = request.query;
      const p = new SqlParams();
      const where: string[] = [];
      if (query.class) {
        const known = await db.query<{ c: string }>('SELECT DISTINCT c FROM resistance_gene, unnest(classes) AS c WHERE lower(c) = lower($1)', [query.class]);
        if (known.length === 0 && service.lastImport) {
          const all = (await db.query<{ c: string }>('SELECT DISTINCT c FROM resistance_gene, unnest(classes) AS c ORDER BY c')).map((r) => r.c);
          throw badParam('class', `未知的耐药类别 “${query.class}”，可选：${all.map((c) => geneClassLabel(c).zh).join('、')}`, `Unknown class "${query.class}"; choose from ${all.join(', ')}`);
        }
        where.push(`${p.add(known[0]?.c ?? query.class)} = ANY(classes)`);
      }
      if (query.drug) {
        const code = query.drug.toUpperCase();
        const [drug] = await db.query<{ code: string }>('SELECT code FROM antibiotic WHERE code = $1', [code]);
        if (!drug && !drugOf(code) && service.lastImport) throw badParam('drug', `未知的药物代码 “${query.drug}”（应为 MDC 药物代码，如 MEM）`, `Unknown drug code "${query.drug}" (an MDC drug code such as MEM)`);
        where.push(`${p.add(code)} = ANY(drug_codes)`);
      }
      if (query.family) where.push(`family = ${p.add(query.family)}`);
      if (query.q) {
        const like = p.add(`%${likeLiteral(query.q.toLowerCase())}%`);
        where.push(`(lower(name) LIKE ${like} OR lower(family) LIKE ${like} OR lower(accession) LIKE ${like} OR lower(coalesce(amrfinder_symbol, '')) LIKE ${like})`);
      }
      const rows = await db.query<GeneRow>(
        `SELECT *, count(*) OVER () AS total FROM resistance_gene ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
          ORDER BY lower(family), sort_key LIMIT ${p.add(query.pageSize)} OFFSET ${p.add((query.page - 1) * query.pageSize)}`,
        p.values,
      );
      const names = await drugNames(db, rows.flatMap((r) => r.drug_codes));
      return ok(
        request,
        reply,
        { total: Number(rows[0]?.total ?? 0), page: query.page, pageSize: query.pageSize, list: rows.map((r) => toItem(r, names)) },
        emptyTexts(service),
      );
    },
  );

  app.get(
    '/api/resource/genes/:name',
    {
      schema: {
        tags,
        summary: 'One acquired resistance gene (ResFinder allele name): class, drugs, phenotype, mechanism, PMIDs, source and the AMRFinderPlus symbol',
        description: 'An allele name ResFinder lists under several accessions gives each as a variant; class, drugs and mechanism are the first variant\'s.',
        params: z.object({ name: z.string().min(1).max(100) }),
        response: { 200: envelopeOf(geneDetail) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const rows = await db.query<GeneRow>('SELECT * FROM resistance_gene WHERE name = $1 ORDER BY variant, id', [request.params.name]);
      const first = rows[0];
      if (!first) notFound(service, { zh: `未找到耐药基因 “${request.params.name}”`, en: `No resistance gene named "${request.params.name}"` });
      const [names, family] = await Promise.all([
        drugNames(db, first.drug_codes),
        db.query<{ n: number }>('SELECT count(*)::int AS n FROM resistance_gene WHERE family = $1', [first.family]),
      ]);
      const pmids: string[] = [];
      for (const r of rows) for (const id of r.pmids) if (!pmids.includes(id)) pmids.push(id);
      return ok(request, reply, {
        name: first.name,
        family: first.family,
        dbClasses: first.db_classes,
        classes: classesOf(first),
        ...drugsOf(first, names),
        phenotype: first.drugs.join(', '),
        mechanism: first.mechanism,
        mechanismLabel: mechanismLabel(first.mechanism),
        notes: first.notes,
        requiredGene: first.required_gene,
        pmids,
        variants: rows.map((r) => ({ id: r.id, variant: r.variant, accession: r.accession, length: r.length, pmids: r.pmids })),
        familySize: family[0]?.n ?? 0,
        amrfinder: amrfinderOf(first),
        source: { ...RESFINDER_SOURCE },
      });
    },
  );
};
