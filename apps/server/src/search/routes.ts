import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode } from '@mdc/contracts';
import { ApiError, ok } from '../http/envelope';
import { envelopeOf } from '../http/openapi';
import type { TableCount } from '../resource/digest';
import { importHint, importingTexts, loadingTexts } from '../resource/http';
import { localized, searchItem } from '../resource/schemas';
import type { RefdataService } from '../resource/service';
import type { SearchHit } from './index';

export const KEYWORD_MAX = 200;

const tooLong = {
  zh: `搜索关键词过长，请不超过 ${KEYWORD_MAX} 个字符。`,
  en: `The search keyword is too long: use at most ${KEYWORD_MAX} characters.`,
};

/** Trims a keyword; refuses one too long to be a name (a pasted paragraph, a probe). */
export function cleanKeyword(raw: string | undefined): string {
  const keyword = (raw ?? '').trim();
  if (keyword.length > KEYWORD_MAX) throw new ApiError(ApiCode.BAD_REQUEST, 400, tooLong, { fields: { kwd: tooLong.en } });
  return keyword;
}

type Item = z.infer<typeof searchItem>;

const loadingState = z
  .object({
    running: z.boolean().describe('an import is under way'),
    table: z.string().nullable().describe('the table it is writing'),
    percent: z.number().int().nullable(),
  })
  .nullable()
  .optional()
  .describe('present until the first import is searchable: an empty list then means "not there yet", not "nothing found"');

/** Until the first import is searchable, what search has to say instead of an empty answer. */
function loading(service: RefdataService) {
  if (service.starting) return { state: { running: false, table: null, percent: null }, texts: loadingTexts };
  // A later import leaves the earlier data searchable until the new index replaces it.
  if (service.lastImport) return null;
  const state = service.importStatus;
  return {
    state: { running: state.running, table: state.table ?? null, percent: state.total ? Math.floor(((state.done ?? 0) / state.total) * 100) : null },
    texts: state.running ? importingTexts(service) : importHint(service),
  };
}

export function toItem(hit: SearchHit): Item {
  const e = hit.entity;
  const chinese = hit.via === 'zh' || hit.via === 'zh-alias';
  const item: Item = {
    value: chinese ? (e.nameZh ?? e.nameEn) : e.nameEn,
    type: e.type,
    id: e.id,
    label_zh: e.nameZh ?? e.nameEn,
    label_en: e.nameEn,
    matched: hit.matched,
    match: hit.match,
    via: hit.via,
  };
  if (e.rank) item.rank = e.rank;
  if (e.status) item.status = e.status;
  if (e.code) item.code = e.code;
  if (e.currentId) item.currentId = e.currentId;
  if (e.currentName) item.currentName = e.currentName;
  return item;
}

const breakpointGroup = z.object({
  label: localized,
  guideline: z.string(),
  year: z.number().int(),
  count: z.number().int(),
  antibiotic: z.string().nullable().describe('filter for /resource/bp: drug code'),
  taxon: z.string().nullable().describe('filter for /resource/bp: taxon id (rows applying through the WHONET hierarchy)'),
});
type BreakpointGroup = z.infer<typeof breakpointGroup>;

const GROUP_SEEDS = 3;

/**
 * Breakpoint tables for the search page: for the best few drugs and organisms found, how many
 * rows each guideline's latest table holds for them; for a guideline named in the keyword (with
 * a year, or its latest), that table. Answered from memory (see BreakpointDigest).
 */
function breakpointGroups(service: RefdataService, keyword: string, drugs: SearchHit[], taxa: SearchHit[]): BreakpointGroup[] {
  const digest = service.digest;
  const groups: BreakpointGroup[] = [];
  const words = keyword.toUpperCase().split(/\s+/);
  const yearWord = words.map(Number).find((n) => Number.isInteger(n) && n > 1900 && n < 2200);
  for (const guideline of digest.guidelines) {
    if (!words.includes(guideline.toUpperCase())) continue;
    const years = digest.years.get(guideline)!;
    const year = yearWord !== undefined && years.has(yearWord) ? yearWord : Math.max(...years.keys());
    groups.push({ label: { zh: `${guideline} ${year}`, en: `${guideline} ${year}` }, guideline, year, count: years.get(year)!, antibiotic: null, taxon: null });
  }
  const named = (hit: SearchHit, counts: TableCount[], link: { antibiotic: string | null; taxon: string | null }) => {
    const name = { zh: hit.entity.nameZh ?? hit.entity.nameEn, en: hit.entity.nameEn };
    for (const c of counts) {
      groups.push({ label: { zh: `${c.guideline} ${c.year} · ${name.zh}`, en: `${c.guideline} ${c.year} · ${name.en}` }, ...c, ...link });
    }
  };
  for (const hit of drugs.slice(0, GROUP_SEEDS)) named(hit, digest.drugCounts(hit.entity.id), { antibiotic: hit.entity.id, taxon: null });
  for (const hit of taxa.slice(0, GROUP_SEEDS)) named(hit, digest.taxonCounts(hit.entity.id, service.organismLabels), { antibiotic: null, taxon: hit.entity.id });
  return groups;
}

export const searchRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  const tags = ['search'];

  app.post(
    '/api/search/autocomplete',
    {
      schema: {
        tags,
        summary: 'Autocomplete over taxa, drugs and resistance genes: names, synonyms, Chinese names and aliases, WHONET and lab codes, gene alleles',
        description: [
          'Form field `kwd`, trimmed. Empty: code 0 and an empty list. Over 200 characters: code 1000.',
          'At most 10 items, ranked exact > prefix > word start > fuzzy (typing mistakes), then by clinical prevalence.',
          'Every character is plain text: quotes, `%`, `_`, backslashes and regular-expression characters match themselves.',
        ].join(' '),
        body: z.object({ kwd: z.string().max(100_000).optional() }).optional(),
        response: { 200: envelopeOf(z.object({ list: z.array(searchItem), loading: loadingState })) },
      },
    },
    async (request, reply) => {
      const keyword = cleanKeyword(request.body?.kwd);
      if (!keyword) return ok(request, reply, { list: [] });
      const pending = loading(service);
      if (pending) return ok(request, reply, { list: [], loading: pending.state }, pending.texts);
      const { hits } = service.searchIndex.search(keyword, { limit: 10 });
      return ok(request, reply, { list: hits.map(toItem) });
    },
  );

  const group = (item: z.ZodType) => z.object({ total: z.number().int(), list: z.array(item) });

  app.get(
    '/api/search',
    {
      schema: {
        tags,
        summary: 'The search page: taxa, drugs, resistance genes and breakpoint tables matching `k`, grouped with counts',
        description: '`total` counts matches without typing mistakes; when there are few, close misspellings are listed too.',
        querystring: z.object({
          k: z.string().max(100_000).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20).describe('items per group'),
        }),
        response: {
          200: envelopeOf(
            z.object({
              keyword: z.string(),
              total: z.number().int(),
              taxa: group(searchItem),
              antibiotics: group(searchItem),
              genes: group(searchItem).optional().describe('acquired resistance genes (ResFinder alleles): /resource/genes/:name'),
              breakpoints: group(breakpointGroup),
              loading: loadingState,
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const keyword = cleanKeyword(request.query.k);
      const empty = { total: 0, list: [] };
      if (!keyword) return ok(request, reply, { keyword, total: 0, taxa: empty, antibiotics: empty, breakpoints: empty });
      const pending = loading(service);
      if (pending) return ok(request, reply, { keyword, total: 0, taxa: empty, antibiotics: empty, breakpoints: empty, loading: pending.state }, pending.texts);
      const index = service.searchIndex;
      const limit = request.query.limit;
      const taxa = index.search(keyword, { types: ['taxon'], limit });
      const drugs = index.search(keyword, { types: ['antibiotic'], limit });
      const genes = index.search(keyword, { types: ['gene'], limit });
      const groups = breakpointGroups(service, keyword, drugs.hits, taxa.hits);
      const taxaTotal = Math.max(taxa.total, taxa.hits.length);
      const drugTotal = Math.max(drugs.total, drugs.hits.length);
      const geneTotal = Math.max(genes.total, genes.hits.length);
      return ok(request, reply, {
        keyword,
        total: taxaTotal + drugTotal + geneTotal + groups.length,
        taxa: { total: taxaTotal, list: taxa.hits.map(toItem) },
        antibiotics: { total: drugTotal, list: drugs.hits.map(toItem) },
        genes: { total: geneTotal, list: genes.hits.map(toItem) },
        breakpoints: { total: groups.length, list: groups },
      });
    },
  );
};
