import { z } from 'zod';
import { localized } from '../schemas';

const stats = z.object({
  length: z.number().int(),
  contigs: z.number().int(),
  n50: z.number().int(),
  largestContig: z.number().int(),
  gcPercent: z.number(),
  nPercent: z.number(),
});

const note = z.object({ code: z.string(), text: localized });

export const genomeHit = z.object({
  rank: z.number().int(),
  referenceId: z.string(),
  species: z.string(),
  strain: z.string(),
  accession: z.string(),
  ani: z.number().describe('percent'),
  queryAf: z.number().describe('aligned fraction of the query, 0–1'),
  referenceAf: z.number().describe('aligned fraction of the reference, 0–1'),
  mappedFragments: z.number().int(),
  queryFragments: z.number().int(),
  sharedHashes: z.number().int(),
  referenceLength: z.number().int(),
  referenceGcPercent: z.number(),
  supported: z.boolean().describe('enough of the genome aligned to support a call'),
  comparable: z.boolean().optional().describe('ANI ≥ 78 %: below it the value says nothing and is not shown (absent on results before issue 16)'),
  taxonId: z.string().nullable(),
});

const rrnaCopy = z.object({
  contig: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  strand: z.enum(['+', '-']),
  length: z.number().int(),
  species: z.string().nullable(),
  similarity: z.number().nullable(),
  level: z.string().nullable(),
  accession: z.string().nullable(),
  taxonId: z.string().nullable().optional(),
});

export const genomeResultSchema = z.object({
  query: z.object({ name: z.string(), sampleName: z.string(), stats }),
  call: z.object({
    level: z.enum(['species', 'genus', 'none']),
    species: z.string().nullable(),
    genus: z.string().nullable(),
    ani: z.number().nullable(),
    queryAf: z.number().nullable(),
    runnerUp: z.object({ species: z.string(), ani: z.number(), queryAf: z.number() }).nullable(),
    ambiguous: z.boolean(),
    complex: z
      .object({ id: z.string(), name: z.string(), zh: z.string() })
      .nullable()
      .optional()
      .describe('the species complex called instead of the species (level stays species)'),
    notes: z.array(note),
  }),
  hits: z.array(genomeHit),
  qc: z.object({
    stats,
    range: z.object({ species: z.string(), references: z.number().int(), lengthMin: z.number(), lengthMax: z.number(), gcMin: z.number(), gcMax: z.number() }).nullable(),
    contamination: z.object({ share: z.number(), genera: z.array(z.object({ genus: z.string(), share: z.number() })) }).nullable(),
    findings: z.array(note),
  }),
  rrna: z.object({
    found: z.number().int().describe('16S copies found in the assembly (draft assemblies often collapse identical copies into one)'),
    identified: z.boolean().describe('whether the 16S references were there to identify them'),
    copies: z.array(rrnaCopy),
    identityMin: z.number().nullable(),
    identityMax: z.number().nullable(),
    topSpecies: z.array(z.object({ species: z.string(), copies: z.number().int() })),
  }),
  library: z.object({ references: z.number().int(), species: z.number().int(), own: z.number().int() }),
  typing: z
    .object({
      species: z.string().nullable(),
      reason: z.enum(['typed', 'no-species-call', 'no-scheme', 'no-schemes-installed']),
      mlst: z
        .object({
          scheme: z.string(),
          st: z.string().describe('the ST, or "-" when no profile has the alleles'),
          status: z.enum(['PERFECT', 'NOVEL', 'MIXED', 'MISSING', 'BAD', 'OK', 'NONE']).describe("the mlst tool's status words"),
          score: z.number().int(),
          loci: z.array(
            z.object({
              locus: z.string(),
              call: z.string().describe('as mlst prints it: N, ~N (novel), N? (partial), - (missing), N,M (copies)'),
              kind: z.enum(['exact', 'novel', 'partial', 'missing', 'multiple']),
              hits: z.array(
                z.object({ allele: z.string(), contig: z.string(), start: z.number().int(), end: z.number().int(), strand: z.enum(['+', '-']), identity: z.number(), coverage: z.number() }),
              ),
            }),
          ),
          extra: z.record(z.string(), z.string()).describe('clonal complex and other columns of the profile'),
          neighbours: z.number().int(),
        })
        .nullable(),
    })
    .optional()
    .describe('MLST of the called species with its PubMLST scheme (absent on results from before typing)'),
  resistance: z
    .object({
      status: z.enum(['analysed', 'not-available']).describe('not-available: no resistance databases on the server'),
      species: z.string().nullable(),
      pointfinderSpecies: z.string().nullable().describe('PointFinder scheme of the species (null: mutations not searched)'),
      genes: z.array(
        z.object({
          name: z.string(),
          alleles: z.array(z.string()),
          class: z.string(),
          drugs: z.array(z.string()).describe('AMR codes'),
          identity: z.number().describe('percent'),
          coverage: z.number().describe('percent'),
          contig: z.string(),
          start: z.number().int(),
          end: z.number().int(),
          strand: z.enum(['+', '-']),
          intrinsic: z.boolean(),
          partial: z.boolean(),
          note: z.string(),
        }),
      ),
      mutations: z.array(
        z.object({ gene: z.string(), name: z.string(), class: z.string(), drugs: z.array(z.string()), contig: z.string(), start: z.number().int(), end: z.number().int(), note: z.string() }),
      ),
      predictions: z.array(
        z.object({ drug: z.string(), drugName: z.string(), prediction: z.enum(['R', 'S', 'uncertain']), evidence: z.string(), rule: z.string() }),
      ),
      key: z.array(z.string()).describe('acquired carbapenemases, ESBLs, AmpCs, then mcr and 16S methylases, without "bla"'),
    })
    .optional()
    .describe('resistance genes, mutations and predicted phenotype per drug (absent on results from before resistance)'),
  thresholds: z.record(z.string(), z.number()),
  ms: z.record(z.string(), z.number()),
});

export type { GenomeReport as GenomeTaskResult, RrnaCopyReport as RrnaCopyResult } from '@mdc/core/identify/genome';
