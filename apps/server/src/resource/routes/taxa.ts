import { TAXON_RANKS } from '@mdc/refdata/taxonomy';
import type { SequenceRow } from '@mdc/contracts';
import { listGenomes } from '../genomes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { queryBreakpoints, resolvedYear } from '../breakpoint-query';
import { organismGroups, whonetOrganismFor, type OrganismGroup, type WhonetOrganism } from '../hierarchy';
import { assertAvailable, emptyTexts, likeLiteral, notFound, orderBy, SqlParams } from '../http';
import { MARKERS } from '../sources';
import { expectedResistanceRows } from './rules';
import {
  breakpointFilters,
  breakpointRow,
  pageOf,
  pageQuery,
  ruleRow,
  statusCorrection,
  statusCorrectionOf,
  taxonListItem,
  taxonRef,
  whonetInfo,
} from '../schemas';
import type { RefdataService } from '../service';
import type { Queryable } from '../../db';

const tags = ['resource'];
const RANKS = TAXON_RANKS;
const RANK_SQL = `array_position(ARRAY[${RANKS.map((r) => `'${r}'`).join(',')}]::text[], t.rank)`;
const HAN = /\p{Script=Han}/u;

interface TaxonRow {
  mo: string;
  name: string;
  name_zh: string | null;
  rank: string;
  status: string;
  author: string | null;
  source: string;
  kingdom: string | null;
  phylum: string | null;
  class: string | null;
  order: string | null;
  family: string | null;
  genus: string | null;
  prevalence: number;
  snomed: string[];
  lpsn_id: string | null;
  lpsn_parent_id: string | null;
  lpsn_renamed_to: string | null;
  gbif_id: string | null;
  gbif_parent_id: string | null;
  gbif_renamed_to: string | null;
  mycobank_id: string | null;
  mycobank_parent_id: string | null;
  mycobank_renamed_to: string | null;
  oxygen_tolerance: string | null;
  retired_from: string | null;
  status_correction: unknown;
  parent_mo: string | null;
  current_mo: string | null;
  current_name: string | null;
  current_zh: string | null;
  total?: number;
}

const taxonNotFound = { zh: '未找到该分类单元', en: 'No such taxon' };

const listQuery = z.object({
  q: z.string().trim().max(200).optional().describe('scientific or Chinese name; see `match`'),
  match: z.enum(['prefix', 'contains', 'exact']).default('prefix'),
  rank: z.enum(RANKS).optional(),
  status: z.enum(['accepted', 'synonym', 'unknown', 'not validly published']).optional(),
  kingdom: z.string().max(100).optional(),
  genus: z.string().max(100).optional().describe('taxa of this genus (exact, case-insensitive)'),
  parent: z.string().max(100).optional().describe('direct children of this taxon id'),
  sort: z.string().max(100).optional().describe('name, nameZh, rank, status, prevalence; prefix "-" for descending'),
  ...pageQuery,
});

const SORTS: Record<string, string> = {
  name: 't.name',
  nameZh: 't.name_zh',
  rank: RANK_SQL,
  status: 't.status',
  prevalence: 't.prevalence',
};

export const taxonDetail = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable().describe('curated Chinese name; for a synonym, that of its accepted name'),
  zhAliases: z.array(z.string()),
  rank: z.string(),
  status: z.string(),
  statusCorrection,
  author: z.string().nullable(),
  source: z.string(),
  prevalence: z.number(),
  snomed: z.array(z.string()),
  lpsn: z.object({ id: z.string().nullable(), parentId: z.string().nullable(), renamedTo: z.string().nullable(), url: z.string().nullable() }),
  gbif: z.object({ id: z.string().nullable(), parentId: z.string().nullable(), renamedTo: z.string().nullable(), url: z.string().nullable() }),
  mycobank: z
    .object({ id: z.string().nullable(), parentId: z.string().nullable(), renamedTo: z.string().nullable(), url: z.string().nullable() })
    .describe('MycoBank ids (fungi)'),
  oxygenTolerance: z.string().nullable().describe('aerobe, facultative anaerobe, anaerobe… (AMR 3.0.0)'),
  retiredFrom: z
    .string()
    .nullable()
    .describe('set for a code the current taxonomy dropped: the earlier table it comes from (its `current` is the successor)'),
  lineage: z.array(taxonRef).describe('from the kingdom down to the parent, each linkable by id'),
  current: taxonRef.nullable().describe('for a synonym: the accepted name it resolves to'),
  synonyms: z.array(z.object({ id: z.string(), name: z.string(), author: z.string().nullable(), status: z.string() })),
  children: z.object({ total: z.number().int(), list: z.array(taxonRef.extend({ status: z.string() })) }),
  codes: z.array(z.string()).describe('laboratory codes and abbreviations'),
  whonet: whonetInfo.nullable(),
  sequences: z.array(z.object({ marker: z.string(), count: z.number().int() })),
  genomes: z
    .array(
      z.object({
        id: z.number().int(),
        species: z.string(),
        strain: z.string(),
        accession: z.string(),
        length: z.number().int(),
        contigs: z.number().int(),
        gcPercent: z.number(),
        source: z.enum(['import', 'admin', 'user']),
      }),
    )
    .describe('shared reference genomes of the taxon (filed under its accepted name), for whole-genome identification'),
  breakpoints: z.array(z.object({ guideline: z.string(), year: z.number().int(), count: z.number().int() })).describe('rows that apply, latest year of each guideline'),
  expectedResistance: z.array(ruleRow),
});

async function taxonById(db: Queryable, id: string): Promise<TaxonRow | undefined> {
  const rows = await db.query<TaxonRow>(
    `SELECT t.*, c.name AS current_name, c.name_zh AS current_zh
       FROM taxon t LEFT JOIN taxon c ON c.mo = t.current_mo AND t.current_mo <> t.mo
      WHERE t.mo = $1`,
    [id],
  );
  return rows[0];
}

async function ancestors(db: Queryable, mo: string): Promise<{ mo: string; name: string; name_zh: string | null; rank: string; depth: number }[]> {
  return db.query(
    `WITH RECURSIVE up(mo, depth) AS (
        SELECT parent_mo, 1 FROM taxon WHERE mo = $1 AND parent_mo IS NOT NULL
        UNION ALL
        SELECT t.parent_mo, up.depth + 1 FROM taxon t JOIN up ON t.mo = up.mo WHERE t.parent_mo IS NOT NULL AND up.depth < 12
      )
      SELECT t.mo, t.name, t.name_zh, t.rank, up.depth FROM up JOIN taxon t ON t.mo = up.mo ORDER BY up.depth DESC`,
    [mo],
  );
}

/** The WHONET organism of a taxon and the groups it belongs to (for breakpoints and rules). */
export async function taxonWhonet(
  db: Queryable,
  service: RefdataService,
  taxon: Pick<TaxonRow, 'mo' | 'current_mo'>,
  lineage: readonly { mo: string; name: string; name_zh: string | null; rank: string }[],
): Promise<{ organism: WhonetOrganism; groups: OrganismGroup[]; inheritedFrom: (typeof lineage)[number] | null } | undefined> {
  const own = [taxon.mo, ...(taxon.current_mo && taxon.current_mo !== taxon.mo ? [taxon.current_mo] : [])];
  const nearestFirst = [...lineage].reverse();
  const organism = await whonetOrganismFor(db, [...own, ...nearestFirst.map((a) => a.mo)]);
  if (!organism) return undefined;
  const inheritedFrom = organism.taxonMo && !own.includes(organism.taxonMo) ? (nearestFirst.find((a) => a.mo === organism.taxonMo) ?? null) : null;
  return { organism, groups: organismGroups(organism, service.organismLabels), inheritedFrom };
}

/** Resolves a taxon id for the sub-resources, with the WHONET groups when it has them. */
async function taxonContext(service: RefdataService, id: string) {
  const taxon = await taxonById(service.db, id);
  if (!taxon) notFound(service, taxonNotFound);
  const lineage = await ancestors(service.db, taxon.mo);
  const whonet = await taxonWhonet(service.db, service, taxon, lineage);
  return { taxon, lineage, whonet };
}

export const taxonRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  const db = service.db;

  app.get(
    '/api/resource/taxa',
    {
      schema: {
        tags,
        summary: 'Taxa: filter by rank, name, status; paged and sortable',
        description: 'Chinese text in `q` searches the curated Chinese names. `%`, `_` and backslashes in `q` are plain characters.',
        querystring: listQuery,
        response: { 200: envelopeOf(pageOf(taxonListItem)) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const query = request.query;
      const p = new SqlParams();
      const where: string[] = [];
      if (query.q) {
        const text = query.q.toLowerCase();
        const pattern = query.match === 'exact' ? likeLiteral(text) : query.match === 'contains' ? `%${likeLiteral(text)}%` : `${likeLiteral(text)}%`;
        if (HAN.test(query.q)) where.push(`coalesce(t.name_zh, '') LIKE ${p.add(query.match === 'prefix' ? `%${likeLiteral(text)}%` : pattern)}`);
        else where.push(`lower(t.name) LIKE ${p.add(pattern)}`);
      }
      if (query.rank) where.push(`t.rank = ${p.add(query.rank)}`);
      if (query.status) where.push(`t.status = ${p.add(query.status)}`);
      if (query.kingdom) where.push(`lower(t.kingdom) = ${p.add(query.kingdom.toLowerCase())}`);
      if (query.genus) where.push(`lower(t.genus) = ${p.add(query.genus.toLowerCase())}`);
      if (query.parent) where.push(`t.parent_mo = ${p.add(query.parent)}`);
      const order = orderBy(query.sort, SORTS, 't.name', 't.mo');
      const filter = where.length ? 'WHERE ' + where.join(' AND ') : '';
      const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM taxon t ${filter}`, p.values);
      // The page is cut first and only its rows are joined to their accepted names.
      const rows = await db.query<TaxonRow>(
        `SELECT t.*, c.name AS current_name FROM (
            SELECT t.mo, t.name, t.name_zh, t.rank, t.status, t.author, t.kingdom, t.phylum, t.family, t.genus, t.prevalence, t.current_mo, t.status_correction
              FROM taxon t ${filter} ORDER BY ${order} LIMIT ${p.add(query.pageSize)} OFFSET ${p.add((query.page - 1) * query.pageSize)}
          ) t LEFT JOIN taxon c ON c.mo = t.current_mo AND t.current_mo <> t.mo
          ORDER BY ${order}`,
        p.values,
      );
      return ok(
        request,
        reply,
        {
          total: total[0]?.n ?? 0,
          page: query.page,
          pageSize: query.pageSize,
          list: rows.map((t) => ({
            id: t.mo,
            name: t.name,
            nameZh: t.name_zh,
            rank: t.rank,
            status: t.status,
            author: t.author,
            kingdom: t.kingdom,
            phylum: t.phylum,
            family: t.family,
            genus: t.genus,
            prevalence: t.prevalence,
            current: t.current_mo && t.current_name ? { id: t.current_mo, name: t.current_name } : null,
            statusCorrection: statusCorrectionOf(t.status_correction),
          })),
        },
        emptyTexts(service),
      );
    },
  );

  app.get(
    '/api/resource/taxa/:id',
    {
      schema: {
        tags,
        summary: 'A taxon: lineage, names, WHONET code and groups, sequences, breakpoint summary, expected resistance',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelopeOf(taxonDetail) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const { taxon, lineage, whonet } = await taxonContext(service, request.params.id);
      const accepted = taxon.current_mo ?? taxon.mo;
      const [synonyms, children, childCount, codes, sequences, aliases, genomes] = await Promise.all([
        db.query<{ mo: string; name: string; author: string | null; status: string }>(
          `SELECT mo, name, author, status FROM taxon WHERE current_mo = $1 AND mo <> $1 ORDER BY name LIMIT 500`,
          [accepted],
        ),
        db.query<{ mo: string; name: string; name_zh: string | null; rank: string; status: string }>(
          `SELECT mo, name, name_zh, rank, status FROM taxon WHERE parent_mo = $1 ORDER BY (status = 'accepted') DESC, prevalence, name LIMIT 200`,
          [taxon.mo],
        ),
        db.query<{ n: number }>('SELECT count(*)::int AS n FROM taxon WHERE parent_mo = $1', [taxon.mo]),
        db.query<{ code: string }>('SELECT code FROM taxon_code WHERE mo = $1 ORDER BY code', [taxon.mo]),
        db.query<{ marker: string; n: number }>('SELECT marker, count(*)::int AS n FROM reference_sequence WHERE taxon_mo = $1 GROUP BY marker', [accepted]),
        db.query<{ aliases: string[] }>('SELECT aliases FROM chinese_name_organism WHERE lower(name) = lower($1)', [taxon.name]),
        listGenomes(db, { taxonMo: accepted }),
      ]);
      let breakpoints: { guideline: string; year: number; count: number }[] = [];
      let expected: z.infer<typeof ruleRow>[] = [];
      if (whonet) {
        breakpoints = service.digest.taxonCounts(taxon.mo, service.organismLabels);
        expected = await expectedResistanceRows(db, service, whonet.groups);
      }
      const link = (base: string, id: string | null) => (id ? `${base}${id}` : null);
      return ok(request, reply, {
        id: taxon.mo,
        name: taxon.name,
        nameZh: taxon.name_zh ?? taxon.current_zh,
        zhAliases: aliases[0]?.aliases ?? [],
        rank: taxon.rank,
        status: taxon.status,
        statusCorrection: statusCorrectionOf(taxon.status_correction),
        author: taxon.author,
        source: taxon.source,
        prevalence: taxon.prevalence,
        snomed: taxon.snomed,
        lpsn: {
          id: taxon.lpsn_id,
          parentId: taxon.lpsn_parent_id,
          renamedTo: taxon.lpsn_renamed_to,
          url: link('https://lpsn.dsmz.de/', taxon.lpsn_id ? `taxon/${taxon.lpsn_id}` : null),
        },
        gbif: {
          id: taxon.gbif_id,
          parentId: taxon.gbif_parent_id,
          renamedTo: taxon.gbif_renamed_to,
          url: link('https://www.gbif.org/species/', taxon.gbif_id),
        },
        mycobank: {
          id: taxon.mycobank_id,
          parentId: taxon.mycobank_parent_id,
          renamedTo: taxon.mycobank_renamed_to,
          url: link('https://www.mycobank.org/page/Name%20details%20page/field/Mycobank%20%23/', taxon.mycobank_id),
        },
        oxygenTolerance: taxon.oxygen_tolerance,
        retiredFrom: taxon.retired_from,
        lineage: lineage.map((a) => ({ id: a.mo, name: a.name, nameZh: a.name_zh, rank: a.rank })),
        current:
          taxon.current_mo && taxon.current_mo !== taxon.mo && taxon.current_name
            ? { id: taxon.current_mo, name: taxon.current_name, nameZh: taxon.current_zh, rank: taxon.rank }
            : null,
        synonyms: synonyms.map((s) => ({ id: s.mo, name: s.name, author: s.author, status: s.status })),
        children: {
          total: childCount[0]?.n ?? 0,
          list: children.map((c) => ({ id: c.mo, name: c.name, nameZh: c.name_zh, rank: c.rank, status: c.status })),
        },
        codes: codes.map((c) => c.code),
        whonet: whonet
          ? {
              code: whonet.organism.code,
              name: whonet.organism.name,
              nameZh: whonet.organism.nameZh,
              organismType: whonet.organism.organismType,
              anaerobe: whonet.organism.anaerobe,
              subkingdom: whonet.organism.subkingdom,
              familyCode: whonet.organism.familyCode,
              genusGroup: whonet.organism.genusGroup,
              genusCode: whonet.organism.genusCode,
              speciesGroup: whonet.organism.speciesGroup,
              serovarGroup: whonet.organism.serovarGroup,
              inheritedFrom: whonet.inheritedFrom
                ? { id: whonet.inheritedFrom.mo, name: whonet.inheritedFrom.name, nameZh: whonet.inheritedFrom.name_zh, rank: whonet.inheritedFrom.rank }
                : null,
              groups: whonet.groups,
            }
          : null,
        sequences: MARKERS.map((marker) => ({ marker, count: sequences.find((s) => s.marker === marker)?.n ?? 0 })),
        genomes: genomes.map((g) => ({ id: g.id, species: g.species, strain: g.strain, accession: g.accession, length: g.length, contigs: g.contigs, gcPercent: g.gcPercent, source: g.source })),
        breakpoints,
        expectedResistance: expected,
      });
    },
  );

  const sequenceQuery = z.object({ marker: z.enum(MARKERS).optional(), ...pageQuery });

  app.get(
    '/api/resource/taxa/:id/sequences',
    {
      schema: {
        tags,
        summary: 'Reference 16S/18S sequences of a taxon (filed under its accepted name)',
        params: z.object({ id: z.string().max(100) }),
        querystring: sequenceQuery,
        response: {
          200: envelopeOf(
            pageOf(
              z.object({
                marker: z.string(),
                accession: z.string(),
                description: z.string(),
                species: z.string(),
                length: z.number().int(),
                misfiled: z
                  .object({ resembles: z.string(), match: z.object({ accession: z.string(), species: z.string(), similarity: z.number() }) })
                  .nullable()
                  .describe('set when the sequence is a gene of the other marker (found at import): kept here, left out of identification'),
              }),
            ),
          ),
        },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const taxon = await taxonById(db, request.params.id);
      if (!taxon) notFound(service, taxonNotFound);
      const { marker, page, pageSize } = request.query;
      const rows = await db.query<SequenceRow & { total: number }>(
        `SELECT marker, accession, description, species, length, misfiled, count(*) OVER () AS total FROM reference_sequence
          WHERE taxon_mo = $1 AND ($2::text IS NULL OR marker = $2) ORDER BY marker, line LIMIT $3 OFFSET $4`,
        [taxon.current_mo ?? taxon.mo, marker ?? null, pageSize, (page - 1) * pageSize],
      );
      return ok(request, reply, {
        total: Number(rows[0]?.total ?? 0),
        page,
        pageSize,
        list: rows.map(({ total: _total, misfiled, ...row }) => ({
          ...row,
          misfiled: misfiled ? { resembles: misfiled.resembles, match: misfiled.match } : null,
        })),
      });
    },
  );

  app.get(
    '/api/resource/taxa/:id/sequences.fasta',
    {
      schema: {
        tags,
        summary: 'Download the reference sequences of a taxon as FASTA',
        description: 'Answers `text/x-fasta` as an attachment (not an envelope); errors are envelopes.',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ marker: z.enum(MARKERS).optional() }),
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const taxon = await taxonById(db, request.params.id);
      if (!taxon) notFound(service, taxonNotFound);
      const marker = request.query.marker ?? null;
      const rows = await db.query<{ header: string; sequence: string }>(
        `SELECT header, sequence FROM reference_sequence WHERE taxon_mo = $1 AND ($2::text IS NULL OR marker = $2) ORDER BY marker, line`,
        [taxon.current_mo ?? taxon.mo, marker],
      );
      if (rows.length === 0) notFound(service, { zh: '该分类单元没有参考序列', en: 'This taxon has no reference sequences' });
      const body = rows.map((r) => `>${r.header}\n${wrap(r.sequence, 80)}\n`).join('');
      const file = `${taxon.name.replace(/[^A-Za-z0-9]+/g, '_')}${marker ? '_' + marker : ''}.fasta`;
      return reply
        .header('content-disposition', `attachment; filename="${file}"`)
        .type('text/x-fasta; charset=utf-8')
        .send(body);
    },
  );

  app.get(
    '/api/resource/taxa/:id/breakpoints',
    {
      schema: {
        tags,
        summary: 'Breakpoints that apply to a taxon through the WHONET hierarchy (most specific per test)',
        description: 'Without `year`, the latest year of each guideline (or of `guideline`); `year=all` for every year.',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({
          guideline: z.string().max(40).optional(),
          year: z.union([z.coerce.number().int().min(1900).max(2200), z.literal('all')]).optional(),
          method: z.enum(['MIC', 'DISK', 'mic', 'disk']).optional(),
          type: z.string().max(20).optional(),
          antibiotic: z.string().max(20).optional(),
          site: z.string().max(200).optional(),
          sort: z.string().max(100).optional(),
          ...pageQuery,
        }),
        response: {
          200: envelopeOf(pageOf(breakpointRow).extend({ filters: breakpointFilters, whonetCode: z.string().nullable() })),
        },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const { whonet } = await taxonContext(service, request.params.id);
      const q = request.query;
      const query = { ...q, groups: whonet?.groups ?? [] };
      const result = whonet
        ? await queryBreakpoints(db, query, service.organismLabels, service.digest, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize })
        : { total: 0, list: [] };
      return ok(request, reply, {
        ...result,
        page: q.page,
        pageSize: q.pageSize,
        whonetCode: whonet?.organism.code ?? null,
        filters: {
          groups: whonet?.groups ?? null,
          guideline: q.guideline ?? null,
          year: resolvedYear(service.digest, q),
          method: q.method?.toUpperCase() ?? null,
          organism: null,
          taxon: request.params.id,
          antibiotic: q.antibiotic ?? null,
          site: q.site ?? null,
          type: q.type ?? null,
          host: null,
        },
      });
    },
  );
};

function wrap(sequence: string, width: number): string {
  const lines: string[] = [];
  for (let i = 0; i < sequence.length; i += width) lines.push(sequence.slice(i, i + width));
  return lines.join('\n');
}
