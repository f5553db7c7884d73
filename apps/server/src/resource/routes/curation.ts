import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { assertAvailable } from '../http';
import { pageOf, pageQuery } from '../schemas';
import type { RefdataService } from '../service';
import { MARKERS } from '../sources';

const match = z.object({ accession: z.string(), species: z.string(), similarity: z.number() });

const flagged = z.object({
  marker: z.string(),
  accession: z.string(),
  species: z.string().describe('accepted name the reference is filed under'),
  depositedSpecies: z.string().describe('the label as deposited, when it is a former name ("" otherwise)'),
  description: z.string(),
  length: z.number().int(),
  reason: z.enum(['other-marker', 'other-genus']),
  misfiled: z
    .object({ resembles: z.string(), match, ownSimilarity: z.number().nullable() })
    .nullable()
    .describe('a gene of the other marker: its closest reference there, and its best similarity to its own marker'),
  misplaced: z
    .object({
      genus: z.string(),
      insideGenus: z.string(),
      closest: match,
      clusterReferences: z.number().int(),
      ownGenusSimilarity: z.number().nullable(),
      ownGenusReferences: z.number().int(),
    })
    .nullable()
    .describe('inside another genus: its closest reference there, how many of that genus are as close, its best similarity to its own genus'),
});

interface FlaggedRow {
  marker: string;
  accession: string;
  species: string;
  deposited_species: string;
  description: string;
  length: number;
  misfiled: { resembles: string; match: z.infer<typeof match>; ownSimilarity: number | null } | null;
  misplaced: z.infer<typeof flagged>['misplaced'];
  total: number;
}

/**
 * For curators: the reference sequences an import kept but left out of identification, with the
 * evidence — genes of the other marker, and records sitting inside another genus's cluster.
 */
export const curationRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  app.get(
    '/api/resource/references/flagged',
    {
      schema: {
        tags: ['resource'],
        summary: 'Reference sequences left out of identification at import, with the evidence',
        querystring: z.object({ marker: z.enum(MARKERS).optional(), ...pageQuery }),
        response: { 200: envelopeOf(pageOf(flagged)) },
      },
    },
    async (request, reply) => {
      assertAvailable(service);
      const { marker, page, pageSize } = request.query;
      const rows = await service.db.query<FlaggedRow>(
        `SELECT marker, accession, species, deposited_species, description, length, misfiled, misplaced, count(*) OVER () AS total
           FROM reference_sequence
          WHERE (misfiled IS NOT NULL OR misplaced IS NOT NULL) AND ($1::text IS NULL OR marker = $1)
          ORDER BY marker, species, line LIMIT $2 OFFSET $3`,
        [marker ?? null, pageSize, (page - 1) * pageSize],
      );
      return ok(request, reply, {
        total: Number(rows[0]?.total ?? 0),
        page,
        pageSize,
        list: rows.map((row) => ({
          marker: row.marker,
          accession: row.accession,
          species: row.species,
          depositedSpecies: row.deposited_species,
          description: row.description,
          length: Number(row.length),
          reason: row.misfiled ? ('other-marker' as const) : ('other-genus' as const),
          misfiled: row.misfiled ? { resembles: row.misfiled.resembles, match: row.misfiled.match, ownSimilarity: row.misfiled.ownSimilarity ?? null } : null,
          misplaced: row.misplaced
            ? {
                genus: row.misplaced.genus,
                insideGenus: row.misplaced.insideGenus,
                closest: row.misplaced.closest,
                clusterReferences: row.misplaced.clusterReferences,
                ownGenusSimilarity: row.misplaced.ownGenusSimilarity,
                ownGenusReferences: row.misplaced.ownGenusReferences,
              }
            : null,
        })),
      });
    },
  );
};
