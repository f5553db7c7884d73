import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode } from '@mdc/contracts';
import { ApiError, ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import type { MethodContext } from '../method';
import { noItsReferencesText } from './engine';

/** Species whose whole ITS makes a telling sample: a dermatophyte of a complex ITS cannot split first, then one it names alone. */
const PREFERRED = ['Trichophyton mentagrophytes', 'Trichophyton rubrum', 'Fusarium oxysporum', 'Penicillium citrinum'];

export const itsRoutes: FastifyPluginAsyncZod<{ context: MethodContext }> = async (app, { context }) => {
  app.get(
    '/api/blast/its/sample',
    {
      schema: {
        tags: ['blast'],
        summary: 'A sample to try ITS identification with: a whole ITS1-5.8S-ITS2 reference of a clinically relevant fungus',
        response: { 200: envelopeOf(z.object({ species: z.string(), accession: z.string(), fasta: z.string() })) },
      },
    },
    async (request, reply) => {
      const rows = await context.db.query<{ accession: string; species: string; sequence: string }>(
        `SELECT accession, species, sequence FROM its_reference WHERE region = 'ITS' AND exclusion IS NULL
          ORDER BY coalesce(array_position($1::text[], species), 1000), line LIMIT 1`,
        [PREFERRED],
      );
      const row = rows[0];
      if (!row) throw new ApiError(ApiCode.NOT_FOUND, 404, noItsReferencesText());
      const lines = row.sequence.toUpperCase().match(/.{1,70}/g) ?? [];
      return ok(request, reply, { species: row.species, accession: row.accession, fasta: `>sample_${row.accession} ${row.species}\n${lines.join('\n')}\n` });
    },
  );
};
