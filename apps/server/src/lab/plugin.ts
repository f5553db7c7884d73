import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode, type Locale } from '@mdc/contracts';
import { breakpointHistory } from '@mdc/core/ast';
import { drawPdf } from '../reports/pdf-pool';
import type { Config } from '../config';
import type { Db } from '../db';
import { ApiError, ok, requestLocale } from '../http/envelope';
import { envelopeOf } from '../http/openapi';
import { checkTextField } from '../http/text-input';
import { localized, pageOf, pageQuery } from '../resource/schemas';
import type { BatchRow } from './batch';
import { breakpointText, METHODS, SAMPLE_TYPES, SITE_FOR_SAMPLE, SITES, usualPanel } from './catalog';
import {
  BATCH_PREVIEW_ROWS,
  createBatch,
  createExperiment,
  deleteExperiment,
  experimentItem,
  experimentSettings,
  experimentResults,
  findExperiment,
  interpretExperiment,
  listExperiments,
  resultItem,
  type ExperimentRow,
} from './experiments';
import { closeDownloadThreads, readBatchFileFacts, writeBatchDownload } from './download-pool';
import { defaultTimeZone, experimentWorkbook, isTimeZone, type ExperimentDetail } from './export';
import { parseGuidelineText, type IsolateFileFormat } from './isolate-file';
import { labKnowledge, type LabKnowledge } from './knowledge';
import { importHintTexts, LAB_MESSAGES, tooManyResults, type Texts } from './messages';
import { breakpointRow, choice, experimentDetail, experimentItem as experimentItemSchema } from './schemas';
import { fieldTexts, readSwitch, siteForEngine, validateExperiment } from './validate';
import { antibiogramRoutes } from './antibiogram/routes';
import { genomeComparison, linkableGenomeTask, readGenomeTaskId } from './genome-link';

export interface LabPluginOptions {
  db: Db;
  config: Config;
}

const tags = ['lab'];
const security = [{ bearer: [] }];
/** Largest isolate file the web upload takes; bigger files belong to `mdc interpret --input`. */
export const MAX_BATCH_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Most test results (isolates × antibiotics) one uploaded batch is interpreted with. The batch job
 * holds every interpreted row and stores them as one JSON document: a 2 MB WHONET file (10,564
 * isolates, 104,149 results) interprets in ~0.5 GB, while a 9.9 MB one (~52,000 isolates, ~510,000
 * results) ran out of memory after it was accepted. Larger files are refused at upload, saying so;
 * `mdc interpret --input` writes its rows as it goes and takes them.
 */
export const MAX_BATCH_RESULTS = 120_000;

const idParams = z.object({
  id: z
    .string()
    .regex(/^(?:\d{1,15}|[a-z][0-9a-z]{4,39})$/)
    .describe("the experiment's reference (e.g. e3f9a0c21b7d4e855); the digits-only ids of earlier addresses still work for their owner"),
});

function notFound(): never {
  throw new ApiError(ApiCode.NOT_FOUND, 404, LAB_MESSAGES.notFound);
}

function fileName(detail: { number: number; sampleName: string }, extension: string): string {
  const base = `mdc-ast-${detail.number}-${detail.sampleName}`.replace(/[^\p{L}\p{N}_.-]+/gu, '-').replace(/-+/g, '-').slice(0, 80);
  return `${base.replace(/-$/, '')}.${extension}`;
}

/** `filename*` carries the name in UTF-8 for browsers; `filename` an ASCII fallback. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]+/g, '-').replace(/-+(?=[.-])/g, '').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The lab area's routes: form options, suggestions, experiments, batches and exports. */
export const labPlugin: FastifyPluginAsync<LabPluginOptions> = async (parent, { db, config }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_BATCH_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000 } });

  /** The knowledge base, without asking the database while an import holds the embedded one. */
  const knowledge = async (): Promise<LabKnowledge | null> => labKnowledge(db, { recheck: !app.refdata?.busy });
  const requireKnowledge = async (): Promise<LabKnowledge> => {
    const found = await knowledge();
    if (!found) throw new ApiError(ApiCode.BAD_REQUEST, 409, importHintTexts(config.refdataDir));
    return found;
  };
  const userId = (request: FastifyRequest) => Number(request.user!.id);
  // A listening server builds the engine in the background, so the first lab page does not wait for it.
  app.addHook('onListen', async () => {
    void knowledge().catch((error) => app.log.warn({ err: error }, 'lab: building the knowledge base failed'));
  });
  app.addHook('onClose', async () => closeDownloadThreads());

  app.get(
    '/api/lab/options',
    {
      schema: {
        tags,
        summary: 'What the experiment form offers: guidelines and years, sample types, sites of infection, methods',
        response: {
          200: envelopeOf(
            z.object({
              ready: z.boolean().describe('false until the reference data has been imported'),
              hint: localized.nullable(),
              defaultGuideline: z.string(),
              guidelines: z.array(z.object({ guideline: z.string(), years: z.array(z.number().int()), latest: z.number().int() })),
              sampleTypes: z.array(choice),
              sites: z.array(choice),
              siteForSample: z.record(z.string(), z.string()).describe('the site a sample type usually means'),
              methods: z.array(choice),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const found = await knowledge();
      const guidelines = found
        ? found.kb
            .guidelines()
            .map((g) => ({ guideline: g.guideline, years: g.byType.Human ?? [], latest: g.byType.Human?.[0] ?? g.latest }))
            .filter((g) => g.years.length > 0)
            .sort((a, b) => rank(a.guideline) - rank(b.guideline) || a.guideline.localeCompare(b.guideline))
        : [];
      return ok(request, reply, {
        ready: found !== null,
        hint: found ? null : importHintTexts(config.refdataDir),
        defaultGuideline: found?.kb.defaultGuideline ?? 'CLSI',
        guidelines,
        sampleTypes: SAMPLE_TYPES,
        sites: SITES,
        siteForSample: SITE_FOR_SAMPLE,
        methods: METHODS,
      });
    },
  );

  app.get(
    '/api/lab/organisms',
    {
      schema: {
        tags,
        summary: 'Organism autocomplete: Chinese and Latin names, synonyms and WHONET codes',
        description: 'Only organisms the interpretation engine knows are offered. A misspelt name that matches nothing is corrected when it can be (`corrected`).',
        querystring: z.object({ q: z.string().max(100).default(''), limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: {
          200: envelopeOf(
            z.array(z.object({ code: z.string(), name: z.string(), nameZh: z.string().nullable(), matched: z.string().nullable(), corrected: z.boolean() })),
          ),
        },
      },
    },
    async (request, reply) => {
      const found = await knowledge();
      return ok(request, reply, found ? found.suggestions.search(request.query.q, request.query.limit) : []);
    },
  );

  app.get(
    '/api/lab/breakpoint-history',
    {
      schema: {
        tags,
        summary: 'One organism × drug across every year of a guideline: S and R per year and the years they changed (the step chart of the breakpoint page)',
        querystring: z.object({
          organism: z.string().max(200),
          antibiotic: z.string().max(100),
          guideline: z.string().max(40).default('CLSI'),
          method: z.enum(['MIC', 'DISK', 'mic', 'disk']).default('MIC').transform((m) => m.toUpperCase() as 'MIC' | 'DISK'),
        }),
        response: {
          200: envelopeOf(
            z.object({
              organism: z.object({ code: z.string(), name: z.string(), nameZh: z.string().nullable() }).nullable(),
              antibiotic: z.object({ code: z.string(), name: z.string(), nameZh: z.string().nullable() }).nullable(),
              guideline: z.string().nullable(),
              method: z.string(),
              years: z.array(
                z.object({
                  year: z.number().int(),
                  s: z.number().nullable(),
                  r: z.number().nullable(),
                  sdd: z.boolean(),
                  referenceTable: z.string(),
                  matchedAt: z.string(),
                  changed: z.boolean().describe('S or R differs from the year before'),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { kb, names, suggestions } = await requireKnowledge();
      const q = request.query;
      const code = kb.findOrganism(q.organism)?.code ?? suggestions.resolve(q.organism);
      const organism = code ? kb.organism(code) : undefined;
      const drug = kb.findAntibiotic(q.antibiotic);
      const guideline = kb.breakpoints.guideline(q.guideline);
      const years = organism && drug && guideline ? breakpointHistory(kb, { organism: organism.code, antibiotic: drug.code, guideline, method: q.method }) : [];
      return ok(request, reply, {
        organism: organism ? { code: organism.code, name: organism.name, nameZh: kb.organisms.localNameOf(organism.code) ?? null } : null,
        antibiotic: drug ? { code: drug.code, name: drug.name, nameZh: names.antibioticZh(drug.code) ?? null } : null,
        guideline,
        method: q.method,
        years,
      });
    },
  );

  app.get(
    '/api/lab/antibiotics',
    {
      schema: {
        tags,
        summary: '"Add antibiotic": drugs with a breakpoint for the organism, method, guideline and year; the usual panel first',
        querystring: z.object({
          organism: z.string().max(200),
          method: z.enum(['MIC', 'DISK', 'mic', 'disk']).transform((m) => m.toUpperCase() as 'MIC' | 'DISK'),
          guideline: z.string().max(40).optional(),
          year: z.coerce.number().int().min(1900).max(2100).optional(),
          site: z.string().max(100).optional(),
          q: z.string().max(100).optional().describe('filter by code, English or Chinese name'),
        }),
        response: {
          200: envelopeOf(
            z.object({
              organism: z.object({ code: z.string(), name: z.string(), nameZh: z.string().nullable() }).nullable(),
              guideline: z.string().nullable(),
              year: z.number().int().nullable(),
              list: z.array(
                z.object({
                  code: z.string(),
                  name: z.string(),
                  nameZh: z.string().nullable(),
                  usual: z.boolean().describe('part of the panel usually reported for this organism group'),
                  expectedResistant: z.boolean().describe('intrinsic resistance: reported R whatever the value'),
                  potency: z.string().nullable().describe('disk content of the breakpoint (disk diffusion)'),
                  breakpoint: breakpointRow,
                  breakpointText: z.string(),
                  matchedLevel: z.string(),
                  matchedGroup: localized,
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { kb, names, suggestions } = await requireKnowledge();
      const query = request.query;
      const code = kb.findOrganism(query.organism)?.code ?? suggestions.resolve(query.organism);
      const organism = code ? kb.organism(code) : undefined;
      const guideline = kb.breakpoints.guideline(query.guideline || kb.defaultGuideline);
      const year = query.year ?? (guideline ? kb.latestYear(guideline) : null);
      if (!organism || !guideline || year === null) return ok(request, reply, { organism: null, guideline, year, list: [] });
      // "Not site-specific (systemic)" offers no drug whose only breakpoint is for another site (cefazolin: uUTI only).
      const site = siteForEngine(query.site ?? '');
      const drugs = kb.antibioticsWithBreakpoints(organism.code, query.method, guideline, year, site ? { site } : {});
      const panel = usualPanel(organism);
      const order = (code: string) => {
        const at = panel.indexOf(code);
        return at < 0 ? panel.length : at;
      };
      const q = query.q?.trim().toLowerCase();
      const list = drugs
        .map((d, i) => ({ d, i, usual: panel.includes(d.code) }))
        .filter(({ d }) => !q || d.code.toLowerCase().includes(q) || d.name.toLowerCase().includes(q) || (names.antibioticZh(d.code) ?? '').includes(q))
        .sort((a, b) => Number(b.usual) - Number(a.usual) || order(a.d.code) - order(b.d.code) || a.i - b.i)
        .map(({ d, usual }) => ({
          code: d.code,
          name: d.name,
          nameZh: names.antibioticZh(d.code) ?? null,
          usual,
          expectedResistant: d.expectedResistant,
          potency: d.breakpoint.potency,
          breakpoint: { ...d.breakpoint },
          breakpointText: breakpointText(d.breakpoint),
          matchedLevel: d.matchedLevel,
          matchedGroup: kb.organisms.groupLabel(d.matchedLevel, d.breakpoint.organismCode),
        }));
      const label = suggestions.label(organism.code);
      return ok(request, reply, { organism: { code: organism.code, name: organism.name, nameZh: label?.nameZh ?? null }, guideline, year, list });
    },
  );

  const experimentBody = z.object({
    sampleName: z.string().max(500).optional(),
    sampleType: z.string().max(100).optional(),
    organism: z.string().max(500).optional(),
    method: z.string().max(20).optional(),
    site: z.string().max(100).optional(),
    guideline: z.string().max(40).optional(),
    year: z.union([z.string().max(10), z.number()]).optional(),
    results: z
      .union([z.string().max(200_000), z.array(z.unknown()).max(500)])
      .optional()
      .describe('[{antibiotic, value, potency?}], as JSON text (form bodies) or an array (JSON bodies)'),
    // Any JSON here: the lab's own check (readTests) answers a list, a number or unreadable text
    // with "The isolate tests could not be read" rather than the generic "Invalid request".
    tests: z
      .unknown()
      .optional()
      .describe(
        'Isolate tests the WHONET expert rules read, as JSON text (form bodies) or an object (JSON bodies): {"ESBL":"+","MECA_PCR":"-"}. ' +
          'Codes: ESBL (ESBL confirmed; rule ESBL-CONFIRMED), BETA_LACT (β-lactamase; BLNAR-HFLU), MECA_PCR (mecA/PBP2a; MRS), INDUC_CLI (inducible clindamycin resistance, D-test; ICR). ' +
          'Results: "+" positive, "-" negative; leave out a test not done.',
      ),
    expertRules: z
      .union([z.string().max(10), z.boolean()])
      .optional()
      .describe('Apply the WHONET and EUCAST expert rules: true (default) or false, as a boolean or the text "true"/"false". Intrinsic resistance applies either way.'),
    patientId: z.string().max(200).optional().describe('optional, for the cumulative antibiogram: the patient'),
    specimenNumber: z.string().max(200).optional(),
    collectionDate: z.string().max(40).optional().describe('yyyy-mm-dd, not after today'),
    ward: z.string().max(200).optional(),
    setting: z.string().max(40).optional().describe('inpatient, outpatient or emergency'),
    genomeTaskId: z
      .string()
      .max(500)
      .optional()
      .describe("optional: the genome identification task of the same isolate (its id, or its result page's address), the viewer's own or an anonymous one by its link; finished, with predicted susceptibility"),
  });

  app.post(
    '/api/lab/experiments',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Submit an experiment: stored as running, interpreted by a background job',
        description: [
          'Validation messages (in the `local` language): SampleName can not be null, Organism is required, Sample type can not be null,',
          'Site of infection is required, Methods can not be null, method: not one of MIC, disk, MIC can not be null, wrong MIC: not a number / negative / outside the dilution range (Zone diameter can not be null / wrong zone diameter… for disks).',
          'Optional `tests` (isolate tests such as ESBL or mecA, read by the expert rules) and `expertRules` (false: interpret by the breakpoints and intrinsic resistance only).',
          'On failure nothing is stored; `data.fields` names every field at fault (`results.N.value` for a result, `tests.CODE` for an isolate test).',
        ].join(' '),
        body: experimentBody,
        response: { 200: envelopeOf(z.object({ id: z.string(), number: z.number().int(), status: z.literal('running') })) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const found = await requireKnowledge();
      const { problems, valid } = validateExperiment(request.body, found.kb, (text) => found.suggestions.resolve(text));
      const genomeTaskId = readGenomeTaskId(request.body.genomeTaskId);
      const genome = genomeTaskId ? await linkableGenomeTask(db, genomeTaskId, userId(request)) : null;
      const genomeProblem = genome && 'problem' in genome ? genome.problem : null;
      if (!valid || genomeProblem) {
        const fields = { ...fieldTexts(problems, locale), ...(genomeProblem ? { genomeTaskId: genomeProblem[locale] } : {}) };
        const first = problems[0] ? LAB_MESSAGES[problems[0][1]] : genomeProblem!;
        throw new ApiError(ApiCode.BAD_REQUEST, 400, first, { fields });
      }
      const created = await createExperiment(db, userId(request), valid!, found, genomeTaskId);
      app.jobs.wake();
      return ok(request, reply, { id: created.ref, number: created.number, status: 'running' as const });
    },
  );

  app.get(
    '/api/lab/experiments',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The user's experiments, newest first, paged and filtered",
        querystring: z.object({
          status: z.enum(['running', 'done', 'failed']).optional(),
          kind: z.enum(['single', 'batch']).optional(),
          organism: z.string().trim().max(100).optional().describe('organism (code, Latin or Chinese name) or sample name contains'),
          from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('submitted on or after (YYYY-MM-DD)'),
          to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('submitted on or before (YYYY-MM-DD)'),
          ...pageQuery,
        }),
        response: { 200: envelopeOf(pageOf(experimentItemSchema)) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listExperiments(db, userId(request), {
        page: q.page,
        pageSize: q.pageSize,
        ...(q.status ? { status: q.status } : {}),
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.organism ? { organism: q.organism } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
      }, requestLocale(request));
      return ok(request, reply, page);
    },
  );

  async function detailOf(request: FastifyRequest, address: string): Promise<{ row: ExperimentRow; detail: ExperimentDetail }> {
    const row = await findExperiment(db, userId(request), address);
    if (!row) notFound();
    const id = Number(row.id);
    const results = await experimentResults(db, id);
    let batch: ExperimentDetail['batch'] = null;
    if (row.kind === 'batch') {
      // The first rows only: a batch's rows (up to 120,000, some 70 MB of JSON) are read whole
      // only by a download, and then in its thread.
      const rows = await db.query<{ file_name: string; format: IsolateFileFormat; preview: BatchRow[] | null }>(
        `SELECT file_name, format, coalesce(preview, jsonb_path_query_array(output, '$[0 to ${BATCH_PREVIEW_ROWS - 1}]')) AS preview FROM lab_batch WHERE experiment_id = $1`,
        [id],
      );
      const b = rows[0];
      const summary = row.summary?.batch;
      batch = {
        fileName: b?.file_name ?? '',
        format: b?.format ?? '',
        isolates: summary?.isolates ?? Number(row.input.isolates ?? 0),
        results: summary?.results ?? 0,
        problems: summary?.problems ?? 0,
        alerts: summary?.alerts ?? {},
        reportingInstructions: summary?.reportingInstructions ?? 0,
        genome: summary?.genome ?? null,
        preview: (b?.preview ?? []).map((r) => ({
          isolate: r.isolate,
          specimenNumber: r.specimenNumber ?? '',
          patientId: r.patientId ?? '',
          organism: r.organism,
          organismName: r.organismName,
          organismZh: r.organismZh,
          column: r.column,
          antibiotic: r.antibiotic,
          antibioticName: r.antibioticName,
          antibioticZh: r.antibioticZh,
          method: r.method,
          value: r.value,
          category: r.category,
          originalCategory: r.originalCategory,
          breakpoint: r.breakpoint,
          reason: r.reason,
        })),
      };
    }
    const item = experimentItem(row, requestLocale(request));
    const detail: ExperimentDetail = {
      ...item,
      resultCount: row.kind === 'batch' ? (batch?.results ?? 0) : results.length,
      organismMatch: row.organism_match,
      results: results.map(resultItem),
      rules: row.summary?.rules ?? [],
      alerts: row.summary?.alerts ?? [],
      ...experimentSettings(row),
      batch,
      genome: row.kind === 'single' && row.input.genomeTaskId ? await genomeComparison(db, userId(request), row.input.genomeTaskId, results) : null,
    };
    return { row, detail };
  }

  app.get(
    '/api/lab/experiments/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One experiment with every result: category, breakpoint row, explanation, expert rules applied, the isolate tests entered',
        description: "Another user's experiment answers 404, like a missing one. While `status` is running, poll again.",
        params: idParams,
        response: { 200: envelopeOf(experimentDetail) },
      },
    },
    async (request, reply) => ok(request, reply, (await detailOf(request, request.params.id)).detail),
  );

  app.get(
    '/api/lab/experiments/:id/reread',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Re-read a single experiment under another year of its guideline: every result with its category then and now, the differences marked',
        params: idParams,
        querystring: z.object({ year: z.coerce.number().int().min(1900).max(2100) }),
        response: {
          200: envelopeOf(
            z.object({
              guideline: z.string().nullable(),
              year: z.number().int().nullable().describe('the year the experiment was read under'),
              otherYear: z.number().int(),
              differences: z.number().int(),
              results: z.array(
                z.object({
                  antibiotic: z.string(),
                  value: z.string(),
                  category: z.string().nullable(),
                  otherCategory: z.string().nullable(),
                  otherBreakpoint: z.string(),
                  differs: z.boolean(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { row, detail } = await detailOf(request, request.params.id);
      const found = await requireKnowledge();
      if (row.kind !== 'single') throw new ApiError(ApiCode.NOT_FOUND, 404, LAB_MESSAGES.notFound);
      const guideline = row.guideline ?? found.kb.defaultGuideline;
      if (!found.kb.breakpoints.yearsOf(found.kb.breakpoints.guideline(guideline) ?? guideline, 'Human').includes(request.query.year)) {
        throw new ApiError(ApiCode.BAD_REQUEST, 400, LAB_MESSAGES.unknownGuideline);
      }
      const { stored } = interpretExperiment({ ...row, guideline, year: request.query.year }, found);
      const results = detail.results.map((now, i) => {
        const then = stored[i];
        return {
          antibiotic: now.antibiotic?.code ?? now.antibioticInput,
          value: now.value,
          category: now.category,
          otherCategory: then?.category ?? null,
          otherBreakpoint: breakpointText(then?.breakpoint ?? null),
          differs: (then?.category ?? null) !== now.category,
        };
      });
      return ok(request, reply, { guideline: detail.guideline, year: detail.year, otherYear: request.query.year, differences: results.filter((r) => r.differs).length, results });
    },
  );

  const deleteSchema = {
    tags,
    security,
    summary: 'Delete an experiment with its results (a running job then finds nothing to do)',
    params: idParams,
    response: { 200: envelopeOf(z.object({ id: z.string() })) },
  };
  for (const [method, url, summary] of [
    ['DELETE', '/api/lab/experiments/:id', deleteSchema.summary],
    ['POST', '/api/lab/experiments/:id/delete', 'Same as DELETE, for form clients'],
  ] as const) {
    app.route({
      method,
      url,
      preHandler: app.requireUser,
      schema: { ...deleteSchema, summary },
      handler: async (request, reply) => {
        if (!(await deleteExperiment(db, userId(request), request.params.id))) notFound();
        return ok(request, reply, { id: request.params.id }, LAB_MESSAGES.deleted);
      },
    });
  }

  app.get(
    '/api/lab/experiments/:id/export',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Download one experiment as Excel (.xlsx) or PDF, in the language of `lang` (else the `local` header)',
        params: idParams,
        querystring: z.object({
          format: z.enum(['xlsx', 'pdf']).default('xlsx'),
          lang: z.enum(['zh', 'en']).optional(),
          tz: z
            .string()
            .max(64)
            .optional()
            .describe("the reader's time zone (IANA name, e.g. Europe/Berlin; the web app sends the browser's) for the times in the report; default Asia/Shanghai for zh, UTC for en"),
        }),
      },
    },
    async (request, reply) => {
      const locale: Locale = request.query.lang ?? requestLocale(request);
      const zone = request.query.tz?.trim() || defaultTimeZone(locale);
      if (!isTimeZone(zone)) throw new ApiError(ApiCode.BAD_REQUEST, 400, LAB_MESSAGES.badTimeZone, { fields: { tz: LAB_MESSAGES.badTimeZone[locale] } });
      const { detail } = await detailOf(request, request.params.id);
      if (detail.status === 'running') throw new ApiError(ApiCode.BAD_REQUEST, 409, LAB_MESSAGES.notReady);
      if (request.query.format === 'xlsx') {
        return reply
          .header('content-disposition', attachment(fileName(detail, 'xlsx')))
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await experimentWorkbook(detail, locale, zone));
      }
      // Drawn in a PDF thread with a time and memory budget, as every report is: an experiment of
      // many results and long names does not hold up other requests.
      const pdf = await drawPdf('experiment', detail, locale, zone);
      if (pdf.length === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 501, LAB_MESSAGES.noFont);
      return reply.header('content-disposition', attachment(fileName(detail, 'pdf'))).type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/api/lab/batches',
    {
      preHandler: app.requireUser,
      config: { uploadFileBytes: MAX_BATCH_UPLOAD_BYTES },
      schema: {
        tags,
        security,
        summary: 'Upload an isolate file (WHONET export or CSV/TSV) to be interpreted in the background',
        description: [
          'multipart/form-data with `file` (≤ 10 MB) and optionally `guideline` ("EUCAST 2022"; default: the guideline of each WHONET column, else CLSI), `sampleName` and `expertRules` (true by default; false interprets by breakpoints and intrinsic resistance only, without the expert rules or the file\'s test columns).',
          'Accepted: WHONET pipe-separated files (ROW_IDX|ORGANISM|AMP_ND10|…), CSV/TSV with ORGANISM and WHONET test columns, or CSV/TSV with columns guideline, organism, antibiotic, method, value (optional site, potency, isolate).',
          'Download the result from /api/lab/experiments/{id}/download once done.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ id: z.string(), number: z.number().int(), status: z.literal('running'), format: z.string(), isolates: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const bad = (texts: Texts, field = 'file'): never => {
        throw new ApiError(ApiCode.BAD_REQUEST, 400, texts, { fields: { [field]: texts[locale] } });
      };
      if (!request.isMultipart()) bad(LAB_MESSAGES.fileRequired);
      const fields: Record<string, string> = {};
      let upload: { name: string; content: string } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (part.file.truncated) bad(LAB_MESSAGES.fileTooLarge);
          upload = { name: part.filename || 'isolates.txt', content: decodeText(buffer) };
        } else if (typeof part.value === 'string') {
          checkTextField(part.fieldname, part.value, locale);
          fields[part.fieldname] = part.value;
        }
      }
      if (!upload || upload.content.trim() === '') bad(LAB_MESSAGES.fileRequired);
      const found = await requireKnowledge();
      let guideline: string | null = null;
      let year: number | null = null;
      if (fields.guideline?.trim()) {
        const parsed = parseGuidelineText(fields.guideline);
        const canonical = parsed && found.kb.breakpoints.guideline(parsed.guideline);
        const years = canonical ? found.kb.breakpoints.yearsOf(canonical, 'Human') : [];
        const chosenYear = parsed?.year ?? (fields.year ? Number(fields.year) : years[0]);
        if (!canonical || chosenYear === undefined || !years.includes(chosenYear)) bad(LAB_MESSAGES.unknownGuideline, 'guideline');
        guideline = canonical!;
        year = chosenYear!;
      }
      // Read whole in the download thread: 11,900 isolates held the event loop for seconds.
      const file = await readBatchFileFacts(upload!.content);
      if (!file.ok) {
        if ('texts' in file) bad({ en: `The file could not be read: ${file.texts.en}`, zh: `无法读取该文件：${file.texts.zh}` });
        else {
          // The reader's reason is English only: the Chinese message says where, in Chinese alone.
          const { line, column, message } = file.formatError;
          const where = [line !== undefined ? `第 ${line} 行` : '', column ? `${column} 列` : ''].filter(Boolean).join('，');
          bad({ en: `The file could not be read: ${message}`, zh: `无法读取该文件：${where ? `${where}的` : ''}格式不符合要求` });
        }
      }
      const facts = file as Extract<typeof file, { ok: true }>;
      if (facts.isolates === 0) bad(LAB_MESSAGES.fileEmpty);
      const results = facts.results;
      if (results > MAX_BATCH_RESULTS) bad(tooManyResults(results, facts.isolates, MAX_BATCH_RESULTS));
      const expertRules = readSwitch(fields.expertRules);
      if (expertRules === null) bad(LAB_MESSAGES.badExpertRules, 'expertRules');
      const created = await createBatch(db, userId(request), {
        expertRules: expertRules!,
        fileName: upload!.name.slice(0, 200),
        format: facts.format,
        content: upload!.content,
        isolates: facts.isolates,
        guideline,
        year,
        sampleName: (fields.sampleName?.trim() || upload!.name).slice(0, 200),
      });
      app.jobs.wake();
      return ok(request, reply, { id: created.ref, number: created.number, status: 'running' as const, format: facts.format, isolates: facts.isolates });
    },
  );

  antibiogramRoutes(app, db, requireKnowledge);

  app.get(
    '/api/lab/experiments/:id/download',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "A batch experiment's interpreted file: CSV (UTF-8 with BOM, for Excel), tab-separated text or .xlsx",
        params: idParams,
        querystring: z.object({ format: z.enum(['csv', 'tsv', 'xlsx']).default('csv'), lang: z.enum(['zh', 'en']).optional() }),
      },
    },
    async (request, reply) => {
      const locale: Locale = request.query.lang ?? requestLocale(request);
      // The experiment and its file only (not the page's results and preview): the rows as JSON
      // text, no objects made here, and a long file's own text for its columns, both read and
      // written in the download thread.
      const row = await findExperiment(db, userId(request), request.params.id);
      if (!row) notFound();
      // Batches written since issue 28 keep their rows compressed (unpacked in the thread); older ones as JSONB.
      // The packed rows as base64 text, for the same reason they are written so (storeBatchOutput).
      const [found] = await db.query<{ format: IsolateFileFormat; output: string | null; output_gzip: string | null; content: string }>(
        `SELECT format, encode(output_gzip, 'base64') AS output_gzip, CASE WHEN output_gzip IS NULL THEN output::text END AS output, CASE WHEN format = 'long' THEN content ELSE '' END AS content FROM lab_batch WHERE experiment_id = $1`,
        [row.id],
      );
      const batch = found && { ...found, output_gzip: found.output_gzip === null ? null : Buffer.from(found.output_gzip, 'base64') };
      if (row.kind !== 'batch' || !batch?.format) throw new ApiError(ApiCode.BAD_REQUEST, 400, LAB_MESSAGES.notBatch);
      if (row.status !== 'done' || (batch.output === null && batch.output_gzip === null)) throw new ApiError(ApiCode.BAD_REQUEST, 409, LAB_MESSAGES.notReady);
      const downloadFormat = request.query.format;
      const rows = batch.output_gzip ? { rowsGzip: batch.output_gzip } : { rowsJson: batch.output! };
      const bytes = await writeBatchDownload({ format: downloadFormat, fileFormat: batch.format, longFile: batch.content, ...rows, locale, genome: Boolean(row.summary?.batch?.genome) });
      const type = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8', tsv: 'text/tab-separated-values; charset=utf-8' }[downloadFormat];
      const name = fileName({ number: Number(row.number), sampleName: row.sample_name }, downloadFormat);
      return reply.header('content-disposition', attachment(name)).type(type).send(bytes);
    },
  );
};

function rank(guideline: string): number {
  return guideline === 'CLSI' ? 0 : guideline === 'EUCAST' ? 1 : 2;
}

/** Labs export in UTF-8, or in GB18030 from older Chinese Windows software. */
function decodeText(buffer: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  if (!utf8.includes('\uFFFD')) return utf8;
  try {
    return new TextDecoder('gb18030').decode(buffer);
  } catch {
    return utf8;
  }
}
