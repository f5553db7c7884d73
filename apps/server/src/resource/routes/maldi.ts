import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { listMaldiEntries, maldiCounts } from '../maldi';
import type { RefdataService } from '../service';

const entry = z.object({
  id: z.number().int(),
  source: z.enum(['import', 'admin', 'user']),
  species: z.string(),
  strain: z.string(),
  origin: z.string(),
  replicates: z.number().int(),
  peakCount: z.number().int(),
});

/**
 * The shared MALDI-TOF library on the Resource pages: how many main spectra of how many species
 * (for /resource), and a taxon's entries (for its page: a species' own, a genus' species').
 */
export const maldiRoutes: FastifyPluginAsyncZod<{ service: RefdataService }> = async (app, { service }) => {
  app.get(
    '/api/resource/maldi',
    {
      schema: {
        tags: ['resource'],
        summary: 'The shared MALDI-TOF library: counts by species, and the main spectra of one taxon',
        description: '`taxon` (a taxon id): the main spectra filed under it — a species (or subspecies) by its own name, a genus by its species.',
        querystring: z.object({ taxon: z.string().max(40).optional() }),
        response: {
          200: envelopeOf(
            z.object({
              entries: z.number().int(),
              species: z.number().int(),
              imported: z.number().int(),
              admin: z.number().int(),
              bySpecies: z.array(z.object({ species: z.string(), taxonMo: z.string().nullable(), entries: z.number().int() })),
              taxon: z.array(entry).nullable(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const db = service.db;
      const counts = await maldiCounts(db);
      let taxon: z.infer<typeof entry>[] | null = null;
      if (request.query.taxon) {
        const rows = await db.query<{ mo: string; name: string; rank: string }>('SELECT mo, name, rank FROM taxon WHERE mo = $1', [request.query.taxon]);
        const t = rows[0];
        if (t) {
          const found = await listMaldiEntries(db, t.rank === 'genus' ? { genus: t.name, taxonMo: t.mo } : { taxonMo: t.mo, species: t.name });
          taxon = found.map(({ id, source, species, strain, origin, replicates, peakCount }) => ({ id, source, species, strain, origin, replicates, peakCount }));
        } else taxon = [];
      }
      return ok(request, reply, { ...counts, taxon });
    },
  );
};
