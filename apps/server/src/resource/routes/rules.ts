import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db';
import { ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { groupsWhere, organismGroups, whonetOrganismByCode, type OrganismGroup } from '../hierarchy';
import { assertAvailable, emptyTexts, likeLiteral, SqlParams } from '../http';
import type { Localized } from '../labels';
import { pageOf, pageQuery, ruleRow } from '../schemas';
import type { RefdataService } from '../service';

type RuleRow = z.infer<typeof ruleRow>;
type AntibioticRef = RuleRow['antibiotics'][number];

const tags = ['resource'];

interface ExpectedRow {
  line: number;
  guideline: string;
  reference_table: string;
  organism_code: string;
  organism_code_type: string;
  exception_organism_codes: string[];
  exception_organism_code_type: string;
  antibiotic_code: string;
  antibiotic_code_type: string;
  antibiotic_exceptions: string[];
  comments: string;
  total?: number;
}

interface ExpertRow {
  line: number;
  rule_code: string;
  description: string;
  organism_code: string;
  organism_code_type: string;
  criteria: string;
  affected_antibiotics: string[];
  antibiotic_exceptions: string[];
  total?: number;
}

interface EucastRow {
  line: number;
  organism_property: string;
  operator: string;
  value: string;
  if_antibiotics: string[];
  if_values: string[];
  then_antibiotics: string[];
  to_value: string;
  reference: string;
  rule_group: string;
  version: string;
  note: string;
  total?: number;
}

function drugRef(service: RefdataService, code: string): AntibioticRef {
  const drug = service.drugs.get(code) ?? service.drugs.get(code.toUpperCase());
  return { code, name: drug?.name ?? null, nameZh: drug?.nameZh ?? null };
}

/** The drugs an expected-resistance row covers: one code, or every drug of an ATC group but the exceptions. */
function expectedDrugs(service: RefdataService, row: ExpectedRow): AntibioticRef[] {
  if (row.antibiotic_code_type !== 'ATC_CODE') return [drugRef(service, row.antibiotic_code)];
  const except = new Set(row.antibiotic_exceptions);
  const drugs = [...service.drugs.values()]
    .filter((d) => d.atcCode.startsWith(row.antibiotic_code) && !except.has(d.code))
    .sort((a, b) => a.name.localeCompare(b.name));
  return drugs.length ? drugs.map((d) => ({ code: d.code, name: d.name, nameZh: d.nameZh })) : [{ code: row.antibiotic_code, name: null, nameZh: null }];
}

function toExpected(service: RefdataService, row: ExpectedRow): RuleRow {
  const labels = service.organismLabels;
  const level = row.organism_code_type;
  return {
    id: row.line,
    type: 'expected',
    guideline: row.guideline,
    source: [row.guideline, row.reference_table].filter(Boolean).join(' · '),
    organism: { text: row.organism_code, code: row.organism_code, level, label: labels.group(row.organism_code, level) },
    exceptOrganisms: row.exception_organism_codes.map((code) => ({
      level: row.exception_organism_code_type,
      code,
      label: labels.group(code, row.exception_organism_code_type),
    })),
    antibiotics: expectedDrugs(service, row),
    exceptAntibiotics: row.antibiotic_exceptions,
    criteria: row.antibiotic_code_type === 'ATC_CODE' ? `ATC ${row.antibiotic_code}` : '',
    result: 'R',
    description: '',
    note: row.comments,
  };
}

function toExpert(service: RefdataService, row: ExpertRow): RuleRow {
  const labels = service.organismLabels;
  return {
    id: row.line,
    type: 'expert',
    guideline: 'WHONET',
    source: `WHONET · ${row.rule_code}`,
    organism: { text: row.organism_code, code: row.organism_code, level: row.organism_code_type, label: labels.group(row.organism_code, row.organism_code_type) },
    exceptOrganisms: [],
    antibiotics: row.affected_antibiotics.map((code) => drugRef(service, code)),
    exceptAntibiotics: row.antibiotic_exceptions,
    criteria: row.criteria,
    result: 'R',
    description: row.description,
    note: '',
  };
}

const PROPERTY_LABELS: Record<string, Localized> = {
  genus: { en: 'genus', zh: '属' },
  genus_species: { en: 'species', zh: '种' },
  fullname: { en: 'name', zh: '名称' },
  order: { en: 'order', zh: '目' },
  family: { en: 'family', zh: '科' },
  gramstain: { en: 'Gram stain', zh: '革兰染色' },
};
const OPERATOR_LABELS: Record<string, Localized> = {
  is: { en: 'is', zh: '为' },
  like: { en: 'matches', zh: '匹配' },
  one_of: { en: 'is one of', zh: '属于' },
};

function toEucast(service: RefdataService, row: EucastRow, zhNames: ReadonlyMap<string, { mo: string; zh: string | null }>): RuleRow {
  const taxon = row.operator === 'is' ? zhNames.get(row.value.toLowerCase()) : undefined;
  const property = PROPERTY_LABELS[row.organism_property] ?? { en: row.organism_property, zh: row.organism_property };
  const operator = OPERATOR_LABELS[row.operator] ?? { en: row.operator, zh: row.operator };
  const label: Localized = taxon
    ? { en: row.value, zh: taxon.zh ?? row.value }
    : { en: `${property.en} ${operator.en} ${row.value}`, zh: `${property.zh}${operator.zh} ${row.value}` };
  const criteria = row.if_antibiotics.length
    ? row.if_antibiotics.map((code, i) => `${code}=${row.if_values[i] ?? row.if_values[0] ?? ''}`).join(' AND ')
    : '';
  return {
    id: row.line,
    type: 'eucast',
    guideline: 'EUCAST',
    source: [`EUCAST ${row.rule_group} ${row.version}`.trim(), row.reference].filter(Boolean).join(' · '),
    organism: { text: `${row.organism_property} ${row.operator} ${row.value}`, code: taxon?.mo ?? null, level: row.organism_property, label },
    exceptOrganisms: [],
    antibiotics: row.then_antibiotics.map((code) => drugRef(service, code)),
    exceptAntibiotics: [],
    criteria,
    result: row.to_value,
    description: '',
    note: row.note,
  };
}

/** Expected resistant phenotypes of an organism: rows naming one of its groups and not excepting it. */
export async function expectedResistanceRows(db: Queryable, service: RefdataService, groups: readonly OrganismGroup[]): Promise<RuleRow[]> {
  const p = new SqlParams();
  const rows = await db.query<ExpectedRow>(
    `SELECT * FROM expected_resistance WHERE ${groupsWhere(groups, p, 'organism_code', 'organism_code_type')} ORDER BY guideline, line`,
    p.values,
  );
  const excepted = (row: ExpectedRow) =>
    row.exception_organism_codes.some((code) =>
      groups.some((g) => g.level === row.exception_organism_code_type && g.code.toUpperCase() === code.toUpperCase()),
    );
  return rows.filter((row) => !excepted(row)).map((row) => toExpected(service, row));
}

const RULE_TYPES = ['expected', 'expert', 'eucast'] as const;

export const ruleRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  const db = service.db;

  app.get(
    '/api/resource/rules',
    {
      schema: {
        tags,
        summary: 'Expert rules by type: expected resistant phenotypes (intrinsic resistance), WHONET expert inference rules, EUCAST expert rules',
        description:
          '`organism`: a WHONET organism or group code (expected/expert: the rows that apply to it through the WHONET hierarchy; eucast: rows naming it). `antibiotic`: rows affecting that drug code.',
        querystring: z.object({
          type: z.enum(RULE_TYPES).default('expected'),
          guideline: z.string().max(40).optional().describe('CLSI or EUCAST (expected resistance)'),
          organism: z.string().max(100).optional(),
          antibiotic: z.string().max(20).optional(),
          q: z.string().trim().max(200).optional(),
          ...pageQuery,
        }),
        response: { 200: envelopeOf(pageOf(ruleRow).extend({ type: z.enum(RULE_TYPES) })) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const query = request.query;
      const p = new SqlParams();
      const where: string[] = [];
      const limit = `LIMIT ${p.add(query.pageSize)} OFFSET ${p.add((query.page - 1) * query.pageSize)}`;
      const like = query.q ? p.add(`%${likeLiteral(query.q.toLowerCase())}%`) : undefined;
      let list: RuleRow[] = [];
      let total = 0;
      if (query.type === 'expected' || query.type === 'expert') {
        if (query.organism) {
          const organism = await whonetOrganismByCode(db, query.organism);
          const groups = organism
            ? organismGroups(organism, service.organismLabels)
            : [{ level: '', code: query.organism, label: { en: '', zh: '' } }];
          where.push(
            organism
              ? groupsWhere(groups, p, 'organism_code', 'organism_code_type')
              : `upper(organism_code) = ${p.add(query.organism.toUpperCase())}`,
          );
        }
      }
      if (query.type === 'expected') {
        if (query.guideline) where.push(`guideline = ${p.add(query.guideline)}`);
        if (query.antibiotic) {
          const code = p.add(query.antibiotic.toUpperCase());
          where.push(
            `((antibiotic_code_type = 'WHONET_ABX_CODE' AND antibiotic_code = ${code}) OR (antibiotic_code_type = 'ATC_CODE'
              AND EXISTS (SELECT 1 FROM antibiotic a WHERE a.code = ${code} AND a.atc_code LIKE expected_resistance.antibiotic_code || '%')
              AND NOT (${code} = ANY(antibiotic_exceptions))))`,
          );
        }
        if (like) where.push(`(lower(organism_code) LIKE ${like} OR lower(reference_table) LIKE ${like} OR lower(antibiotic_code) LIKE ${like})`);
        const rows = await db.query<ExpectedRow>(
          `SELECT *, count(*) OVER () AS total FROM expected_resistance ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
            ORDER BY guideline, line ${limit}`,
          p.values,
        );
        total = Number(rows[0]?.total ?? 0);
        list = rows.map((row) => toExpected(service, row));
      } else if (query.type === 'expert') {
        if (query.antibiotic) {
          const code = p.add(query.antibiotic.toUpperCase());
          where.push(
            `(${code} = ANY(affected_antibiotics) OR EXISTS (SELECT 1 FROM antibiotic a WHERE a.code = ${code} AND a.class = ANY(affected_antibiotics)))`,
          );
        }
        if (like) where.push(`(lower(rule_code) LIKE ${like} OR lower(description) LIKE ${like} OR lower(criteria) LIKE ${like})`);
        const rows = await db.query<ExpertRow>(
          `SELECT *, count(*) OVER () AS total FROM expert_rule ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY line ${limit}`,
          p.values,
        );
        total = Number(rows[0]?.total ?? 0);
        list = rows.map((row) => toExpert(service, row));
      } else {
        if (query.organism) where.push(`lower(value) LIKE ${p.add(`%${likeLiteral(query.organism.toLowerCase())}%`)}`);
        if (query.antibiotic) {
          const code = p.add(query.antibiotic.toUpperCase());
          where.push(`(${code} = ANY(then_antibiotics) OR ${code} = ANY(if_antibiotics))`);
        }
        if (like) where.push(`(lower(value) LIKE ${like} OR lower(reference) LIKE ${like} OR lower(note) LIKE ${like})`);
        const rows = await db.query<EucastRow>(
          `SELECT *, count(*) OVER () AS total FROM eucast_rule ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY line ${limit}`,
          p.values,
        );
        const names = await db.query<{ key: string; mo: string; zh: string | null }>(
          `SELECT DISTINCT ON (lower(name)) lower(name) AS key, mo, name_zh AS zh FROM taxon WHERE lower(name) = ANY($1::text[])
            ORDER BY lower(name), (status = 'accepted') DESC`,
          [rows.filter((r) => r.operator === 'is').map((r) => r.value.toLowerCase())],
        );
        const zhNames = new Map(names.map((n) => [n.key, { mo: n.mo, zh: n.zh }]));
        total = Number(rows[0]?.total ?? 0);
        list = rows.map((row) => toEucast(service, row, zhNames));
      }
      return ok(request, reply, { type: query.type, total, page: query.page, pageSize: query.pageSize, list }, emptyTexts(service));
    },
  );
};
