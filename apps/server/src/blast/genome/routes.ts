import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode, type Locale } from '@mdc/contracts';
import { AssemblyError, readAssembly } from '@mdc/refdata/genome';
import { ApiError, ok, requestLocale } from '../../http/envelope';
import { envelopeOf } from '../../http/openapi';
import { deleteOwnGenome, genomeRow, insertGenomes, listGenomes } from '../../resource/genomes';
import { userIdOf } from '../http';
import type { MethodContext } from '../method';

const tags = ['blast'];
/** Private reference genomes per account: a lab's own collection, not a second GTDB. */
export const MAX_OWN_GENOMES = 50;

const genomeInfo = z.object({
  id: z.number().int(),
  source: z.enum(['import', 'admin', 'user']),
  file: z.string(),
  species: z.string(),
  strain: z.string(),
  accession: z.string(),
  taxonMo: z.string().nullable(),
  length: z.number().int(),
  contigs: z.number().int(),
  n50: z.number().int(),
  gcPercent: z.number(),
  createdAt: z.string(),
});

const texts = {
  added: { zh: '已加入您的参考基因组', en: 'Added to your reference genomes' },
  deleted: { zh: '已删除', en: 'Deleted' },
  notFound: { zh: '未找到该参考基因组', en: 'No such reference genome of yours' },
  species: { zh: '请填写菌种的拉丁学名（属名 种加词），如 Escherichia coli。', en: 'Give the species as a Latin binomial (genus and species), e.g. Escherichia coli.' },
  file: { zh: '请选择基因组组装文件（FASTA 或 FASTA.gz）。', en: 'Choose a genome assembly file (FASTA or FASTA.gz).' },
  duplicate: { zh: '这个基因组已在您的参考基因组中。', en: 'This genome is already among your reference genomes.' },
  full: { zh: `每个账号最多保存 ${MAX_OWN_GENOMES} 个参考基因组，请先删除不再需要的。`, en: `An account keeps at most ${MAX_OWN_GENOMES} reference genomes; delete some you no longer need first.` },
};

function fieldError(field: string, message: { zh: string; en: string }, locale: Locale): ApiError {
  return new ApiError(ApiCode.BAD_REQUEST, 400, message, { fields: { [field]: message[locale] } });
}

/** A lab's own reference genomes: listed, added from an assembly, deleted; used by its own identifications only. */
export const genomeReferenceRoutes: FastifyPluginAsyncZod<{ context: MethodContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    '/api/blast/genome/references',
    {
      schema: {
        tags,
        summary: 'Reference genomes the identification searches: the shared ones, and the logged-in account\'s own',
        response: { 200: envelopeOf(z.object({ shared: z.array(genomeInfo), own: z.array(genomeInfo), maxOwn: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const all = await listGenomes(db, { ownerId: userId });
      return ok(request, reply, { shared: all.filter((g) => g.source !== 'user'), own: all.filter((g) => g.source === 'user'), maxOwn: MAX_OWN_GENOMES });
    },
  );

  app.post(
    '/api/blast/genome/references',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Add a reference genome of the account\'s own (multipart: file, species, strain)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const userId = userIdOf(request)!;
      if (!request.isMultipart()) throw fieldError('file', texts.file, locale);
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new ApiError(ApiCode.BAD_REQUEST, 413, { zh: '文件过大', en: 'The file is too large' });
          if (bytes.length > 0) file = { name: part.filename || 'assembly.fasta', bytes };
        } else fields[part.fieldname] = String(part.value ?? '');
      }
      const species = (fields.species ?? '').trim().replace(/\s+/g, ' ');
      if (!/^[A-Z][a-z]+ [a-z][a-z-]+( [a-z].*)?$/.test(species) || species.length > 100) throw fieldError('species', texts.species, locale);
      if (!file) throw fieldError('file', texts.file, locale);
      const strain = (fields.strain ?? '').trim().slice(0, 200);
      let row;
      try {
        row = genomeRow(readAssembly(file.bytes, file.name.slice(0, 255)), { file: file.name.slice(0, 255), species, strain, accession: (fields.accession ?? '').trim().slice(0, 40) });
      } catch (error) {
        if (error instanceof AssemblyError) throw fieldError('file', error.texts, locale);
        throw error;
      }
      const own = await listGenomes(db, { ownerId: userId, ownOnly: true });
      if (own.length >= MAX_OWN_GENOMES) throw new ApiError(ApiCode.BAD_REQUEST, 400, texts.full);
      const [id] = await insertGenomes(db, [row], 'user', userId);
      if (id === undefined) throw new ApiError(ApiCode.BAD_REQUEST, 409, texts.duplicate, { fields: { file: texts.duplicate[locale] } });
      request.log.info({ genomeReference: id, species, bases: row.length }, 'private reference genome added');
      return ok(request, reply, { id }, texts.added);
    },
  );

  app.post(
    '/api/blast/genome/references/:id/delete',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Delete one of the account\'s own reference genomes',
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const removed = await deleteOwnGenome(db, request.params.id, userIdOf(request)!);
      if (!removed) throw new ApiError(ApiCode.NOT_FOUND, 404, texts.notFound);
      return ok(request, reply, null, texts.deleted);
    },
  );
};
