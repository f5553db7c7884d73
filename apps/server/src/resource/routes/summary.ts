import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { importHint, importingTexts, loadingTexts } from '../http';
import { importState, localized } from '../schemas';
import type { RefdataService } from '../service';

const counts = z.object({
  taxa: z.number().int(),
  acceptedTaxa: z.number().int(),
  species: z.number().int(),
  genera: z.number().int(),
  taxonCodes: z.number().int(),
  whonetOrganisms: z.number().int(),
  antibiotics: z.number().int(),
  breakpoints: z.number().int(),
  guidelines: z.number().int(),
  expectedResistance: z.number().int(),
  expertRules: z.number().int(),
  eucastRules: z.number().int(),
  qcRanges: z.number().int(),
  sequences16S: z.number().int(),
  sequences18S: z.number().int(),
  sequencesITS: z.number().int().describe('fungal ITS references (ITS1, ITS2 and whole ITS records, all imported; those too short or unnamed are not searched)'),
  genomes: z.number().int().describe('shared reference genomes (imported, or added by an administrator)'),
  genomeSpecies: z.number().int(),
  chineseNames: z.number().int(),
  resistanceGenes: z.number().int().describe('acquired resistance genes (ResFinder alleles)'),
});

const ZERO: z.infer<typeof counts> = {
  taxa: 0,
  acceptedTaxa: 0,
  species: 0,
  genera: 0,
  taxonCodes: 0,
  whonetOrganisms: 0,
  antibiotics: 0,
  breakpoints: 0,
  guidelines: 0,
  expectedResistance: 0,
  expertRules: 0,
  eucastRules: 0,
  qcRanges: 0,
  sequences16S: 0,
  sequences18S: 0,
  sequencesITS: 0,
  genomes: 0,
  genomeSpecies: 0,
  chineseNames: 0,
  resistanceGenes: 0,
};

export const summaryRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  // The counts change only with an import; the entry page asks for them on every visit.
  let cached: { importedAt: string; counts: z.infer<typeof counts> } | undefined;

  app.get(
    '/api/resource/summary',
    {
      schema: {
        tags: ['resource'],
        summary: 'Counts per category, the last import and whether one is running',
        description:
          '`ready` is false until reference data has been imported; `hint` then says (in both languages) how to import. While an import runs on the embedded database the counts are those of the last import.',
        response: {
          200: envelopeOf(
            z.object({
              ready: z.boolean(),
              starting: z.boolean().describe('the server has just started and still reads its index (seconds to a minute): ask again'),
              hint: localized.nullable(),
              importing: importState.nullable(),
              lastImport: z.object({ importedAt: z.string(), durationMs: z.number().int(), sourceDir: z.string() }).nullable(),
              counts,
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const status = service.importStatus;
      const last = service.lastImport;
      let data = ZERO;
      if (last && cached?.importedAt === last.importedAt) {
        data = cached.counts;
      } else if (last && !service.busy) {
        const rows = await service.db.query<z.infer<typeof counts>>(
          `SELECT
             (SELECT count(*)::int FROM taxon) AS "taxa",
             (SELECT count(*)::int FROM taxon WHERE status = 'accepted') AS "acceptedTaxa",
             (SELECT count(*)::int FROM taxon WHERE status = 'accepted' AND rank = 'species') AS "species",
             (SELECT count(*)::int FROM taxon WHERE status = 'accepted' AND rank = 'genus') AS "genera",
             (SELECT count(*)::int FROM taxon_code) AS "taxonCodes",
             (SELECT count(DISTINCT lower(code))::int FROM whonet_organism) AS "whonetOrganisms",
             (SELECT count(*)::int FROM antibiotic) AS "antibiotics",
             (SELECT count(*)::int FROM breakpoint) AS "breakpoints",
             (SELECT count(DISTINCT guideline)::int FROM breakpoint) AS "guidelines",
             (SELECT count(*)::int FROM expected_resistance) AS "expectedResistance",
             (SELECT count(*)::int FROM expert_rule) AS "expertRules",
             (SELECT count(*)::int FROM eucast_rule) AS "eucastRules",
             (SELECT count(*)::int FROM qc_range) AS "qcRanges",
             (SELECT count(*)::int FROM reference_sequence WHERE marker = '16S') AS "sequences16S",
             (SELECT count(*)::int FROM reference_sequence WHERE marker = '18S') AS "sequences18S",
             (SELECT count(*)::int FROM its_reference) AS "sequencesITS",
             (SELECT count(*)::int FROM genome_reference WHERE owner_id IS NULL) AS "genomes",
             (SELECT count(DISTINCT species)::int FROM genome_reference WHERE owner_id IS NULL) AS "genomeSpecies",
             (SELECT count(*)::int FROM chinese_name_antibiotic) + (SELECT count(*)::int FROM chinese_name_organism) AS "chineseNames",
             (SELECT count(*)::int FROM resistance_gene) AS "resistanceGenes"`,
        );
        data = rows[0] ?? ZERO;
        cached = { importedAt: last.importedAt, counts: data };
      } else if (last) {
        data = { ...ZERO, ...countsFromImport(last.counts) };
      }
      const starting = service.starting;
      const hint = status.running ? importingTexts(service) : starting ? loadingTexts : last ? null : importHint(service);
      return ok(
        request,
        reply,
        {
          // Not ready while the server still reads the index at start-up: search would find nothing yet.
          ready: last !== undefined && !starting,
          starting,
          hint,
          importing: status.running || status.error ? status : null,
          lastImport: last ? { importedAt: last.importedAt, durationMs: last.durationMs, sourceDir: last.sourceDir } : null,
          counts: data,
        },
        hint ?? undefined,
      );
    },
  );
};

/** While the embedded database is busy importing, the previous import's own counts stand in. */
function countsFromImport(tables: Record<string, number>): Partial<z.infer<typeof counts>> {
  return {
    taxa: tables.taxon ?? 0,
    taxonCodes: tables.taxon_code ?? 0,
    antibiotics: tables.antibiotic ?? 0,
    breakpoints: tables.breakpoint ?? 0,
    expectedResistance: tables.expected_resistance ?? 0,
    expertRules: tables.expert_rule ?? 0,
    eucastRules: tables.eucast_rule ?? 0,
    qcRanges: tables.qc_range ?? 0,
    sequencesITS: tables.its_reference ?? 0,
    genomes: tables.genome_reference ?? 0,
    chineseNames: (tables.chinese_name_antibiotic ?? 0) + (tables.chinese_name_organism ?? 0),
    resistanceGenes: tables.resistance_gene ?? 0,
  };
}
