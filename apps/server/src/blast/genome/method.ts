import { defaultTimeZone } from '../../reports/time';
import { genomeCommand } from './command';
import { ApiCode } from '@mdc/contracts';
import { calledName, copyIdentity, GENOME_THRESHOLDS, GENOME_THRESHOLD_SOURCES, type RrnaCopy } from '@mdc/core/identify/genome';
import type { IdentificationCall, LocalizedText } from '@mdc/core/identify';
import { AssemblyError, DEFAULT_ASSEMBLY_LIMITS } from '@mdc/refdata/genome';
import { mlstDir } from '@mdc/refdata/mlst';
import type { Queryable } from '../../db';
import { ApiError } from '../../http/envelope';
import { genomeCounts } from '../../resource/genomes';
import type { BlastMethod, MethodContext } from '../method';
import { fileRefused } from '../http';
import { NoReferencesError } from '../rrna/engine';
import { engineFor } from '../rrna/engine-registry';
import { inputFiles, storeInputFile, type TaskRow } from '../tasks';
import { NoGenomeReferencesError, closeGenomeEngine, genomeEngineFor } from './engine';
import { z } from 'zod';
import { drugLabels } from './drug-labels';
import { genomeCsv } from './report';
import { drawPdf } from '../../reports/pdf-pool';
import { genomeReferenceRoutes } from './routes';
import { genomeResultSchema, type GenomeTaskResult, type RrnaCopyResult } from './schemas';

/** An assembly of up to 20 Mbp is at most about 21 MB as FASTA; gzipped far less. */
export const MAX_GENOME_UPLOAD_BYTES = 32 * 1024 * 1024;
/** Copies compared pairwise for their identity (a genome has up to about 15). */
const MAX_COPIES_COMPARED = 15;

const localized = z.object({ zh: z.string(), en: z.string() });

const noReferences: LocalizedText = {
  zh: '服务器尚未导入参考基因组，暂时无法进行基因组鉴定。请联系管理员运行 npx mdc import。',
  en: 'No reference genomes have been imported on the server yet, so genomes cannot be identified. Ask the administrator to run npx mdc import.',
};
const chooseFile: LocalizedText = {
  zh: '请选择基因组组装文件（FASTA 或 FASTA.gz）。',
  en: 'Choose a genome assembly file (FASTA or FASTA.gz).',
};
const oneFile: LocalizedText = {
  zh: '一次只能鉴定一个基因组组装文件。',
  en: 'One assembly file per identification.',
};

/** The call as the history shows it: the species, the genus ("<Genus> sp.", its closest species apart), or nothing. */
function callOf(result: GenomeTaskResult): IdentificationCall {
  const { call } = result;
  if (call.level === 'genus') return { name: call.genus!, value: call.ani, measure: 'ani', level: call.level, closest: call.species };
  return { name: calledName({ ...call, complex: call.complex ?? null }) ?? '', value: call.ani, measure: 'ani', level: call.level };
}

/** Identifies each 16S copy (cut at the gene's own ends) with the 16S engine. */
async function identifyCopies(copies: RrnaCopy[], context: MethodContext): Promise<{ copies: RrnaCopyResult[]; identified: boolean }> {
  const base: RrnaCopyResult[] = copies.map((c) => ({ contig: c.contig, start: c.start, end: c.end, strand: c.strand, length: c.sequence.length, species: null, similarity: null, level: null, accession: null, sequence: c.sequence }));
  if (copies.length === 0) return { copies: base, identified: false };
  try {
    const answer = await engineFor(context).identify(context.db, '16S', copies.map((c, i) => ({ id: `copy${i + 1}`, sequence: c.sequence })));
    return {
      copies: base.map((c, i) => {
        const result = answer.results[i];
        if (!result?.ok) return c;
        return { ...c, species: result.topHit.species, similarity: result.topHit.similarity, level: result.confidence.level, accession: result.topHit.accession };
      }),
      identified: true,
    };
  } catch (error) {
    if (error instanceof NoReferencesError) return { copies: base, identified: false };
    throw error;
  }
}

function copySummary(copies: (RrnaCopyResult & { sequence?: string })[]): { identityMin: number | null; identityMax: number | null; topSpecies: { species: string; copies: number }[] } {
  const sequences = copies.map((c) => c.sequence).filter((s): s is string => !!s).slice(0, MAX_COPIES_COMPARED);
  let min: number | null = null;
  let max: number | null = null;
  for (let i = 0; i < sequences.length; i++) {
    for (let j = i + 1; j < sequences.length; j++) {
      const identity = copyIdentity(sequences[i]!, sequences[j]!);
      min = min === null ? identity : Math.min(min, identity);
      max = max === null ? identity : Math.max(max, identity);
    }
  }
  // Only copies identified to the species (or a species group) name a species; a genus-level
  // 16S match names nothing, and the copy table still shows it.
  const counts = new Map<string, number>();
  for (const c of copies) if (c.species && (c.level === 'species' || c.level === 'species-group')) counts.set(c.species, (counts.get(c.species) ?? 0) + 1);
  return { identityMin: min, identityMax: max, topSpecies: [...counts].map(([species, n]) => ({ species, copies: n })).sort((a, b) => b.copies - a.copies) };
}

async function taxonIds(db: Queryable, species: string[]): Promise<Record<string, string>> {
  if (species.length === 0) return {};
  const rows = await db.query<{ name: string; mo: string }>(
    `SELECT DISTINCT ON (name) name, coalesce(current_mo, mo) AS mo FROM taxon WHERE name = ANY($1::text[]) ORDER BY name, (status = 'accepted') DESC`,
    [species],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.mo]));
}

/**
 * Whole-genome identification: an uploaded assembly (FASTA or FASTA.gz) against the reference
 * genomes by ANI, with assembly QC and the genome's 16S copies identified by the 16S engine.
 */
export const genomeMethod: BlastMethod = {
  ids: genomeCommand.ids,
  measure: 'ani',
  // A batch of assemblies (one task each; gzip FASTA is ~1.5 MB for 5 Mbp); the upload is held while it is checked.
  uploads: {
    files: 20,
    fileBytes: MAX_GENOME_UPLOAD_BYTES,
    totalBytes: 2 * MAX_GENOME_UPLOAD_BYTES,
    unpackedBytes: Math.ceil(DEFAULT_ASSEMBLY_LIMITS.maxBases * 1.1) + (16 << 20),
    points: DEFAULT_ASSEMBLY_LIMITS.maxBases,
  },
  filesPerTask: 1,

  async accept(submission, context) {
    const { locale } = submission;
    const files = submission.files.filter((f) => f.bytes.length > 0);
    if (files.length === 0) throw fileRefused(chooseFile, locale, 'no-file');
    if (files.length > 1) throw fileRefused(oneFile, locale, 'too-many');
    const file = files[0]!;
    const fileName = (file.fileName || 'assembly.fasta').slice(0, 255);
    let stats;
    try {
      // In a genome thread: the event loop keeps answering while the upload is unpacked and read.
      stats = await genomeEngineFor(context).threadsPool.check(fileName, file.bytes);
    } catch (error) {
      if (error instanceof AssemblyError) throw fileRefused(error.texts, locale, error.problem);
      throw error;
    }
    const available = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM genome_reference WHERE owner_id IS NULL OR owner_id = $1', [submission.userId]);
    if (Number(available[0]?.n ?? 0) === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, noReferences);
    const sampleName = String(submission.fields.sampleName ?? '').trim().slice(0, 100) || fileName.replace(/\.(fna|fa|fasta|fas)(\.gz)?$/i, '');
    return {
      itemCount: 1,
      source: 'file',
      fileName,
      input: { sampleName, fileName, bytes: file.bytes.length, stats },
      store: (tx, taskId) => storeInputFile(tx, context, taskId, 1, fileName, file),
      log: { bytes: file.bytes.length, bases: stats.length },
    };
  },

  async run(task, context) {
    const started = performance.now();
    const [file] = await inputFiles(context, task.id);
    if (!file) return { outcome: { status: 'failed', error: chooseFile } };
    const engine = genomeEngineFor(context);
    let library;
    try {
      library = await engine.library(context.db, task.user_id === null ? null : Number(task.user_id));
    } catch (error) {
      if (error instanceof NoGenomeReferencesError) return { outcome: { status: 'failed', error: noReferences } };
      throw error;
    }
    let answer;
    try {
      // The analyses of the called species run in the same thread, on the assembly it has read.
      const analyses = context.config.refdataDir ? { mlstDir: mlstDir(context.config.refdataDir), resistomeDir: context.config.refdataDir } : { mlstDir: undefined };
      answer = await engine.threadsPool.identify(library.key, file.name, file.content, undefined, true, analyses);
    } catch (error) {
      if (error instanceof AssemblyError) return { outcome: { status: 'failed', error: error.texts } };
      throw error;
    }
    const rrnaStarted = performance.now();
    const { copies, identified } = await identifyCopies(answer.copies, context);
    const summary = copySummary(copies);
    const rrnaMs = performance.now() - rrnaStarted;
    const { identification } = answer;
    const input = (task.input ?? {}) as { sampleName?: string };
    const ids = await taxonIds(context.db, [...new Set([...identification.hits.map((h) => h.species), ...summary.topSpecies.map((s) => s.species)])]);
    const result: GenomeTaskResult = {
      query: { name: file.name, sampleName: input.sampleName ?? file.name, stats: identification.qc.stats },
      call: identification.call,
      hits: identification.hits.map((h) => ({ ...h, taxonId: ids[h.species] ?? null })),
      qc: identification.qc,
      rrna: {
        found: copies.length,
        identified,
        copies: copies.map(({ sequence: _sequence, ...c }) => ({ ...c, taxonId: c.species ? (ids[c.species] ?? null) : null })),
        identityMin: summary.identityMin,
        identityMax: summary.identityMax,
        topSpecies: summary.topSpecies,
      },
      library: { references: library.references, species: library.species, own: library.own },
      typing: answer.typing ?? { species: identification.call.level === 'species' ? identification.call.species : null, reason: 'no-schemes-installed', mlst: null },
      resistance: answer.resistance ?? {
        status: 'not-available',
        species: identification.call.level === 'species' ? identification.call.species : null,
        pointfinderSpecies: null,
        genes: [],
        mutations: [],
        predictions: [],
        key: [],
      },
      thresholds: { ...GENOME_THRESHOLDS },
      ms: {
        read: Math.round(answer.readMs),
        sketch: Math.round(answer.sketchMs + identification.ms.sketch),
        screen: Math.round(identification.ms.screen),
        ani: Math.round(identification.ms.ani),
        rrna: Math.round(rrnaMs),
        typing: Math.round(answer.analysesMs ?? 0),
        total: Math.round(performance.now() - started),
      },
    };
    return {
      outcome: {
        status: 'done',
        call: callOf(result),
        identified: 1,
        reference: { version: library.version.length > 40 ? `${library.references} genomes` : library.version, count: library.references },
        searchMs: result.ms.total,
        result,
        summary: {
          sampleName: result.query.sampleName,
          ambiguous: result.call.ambiguous,
          notes: result.call.notes.map((n) => n.code),
          closest: result.hits[0] ? { species: result.hits[0].species, ani: result.hits[0].ani } : null,
          // The history's headline type: the ST (or "-" with the scheme when none matched).
          typing: result.typing?.mlst ? { scheme: result.typing.mlst.scheme, st: result.typing.mlst.st } : null,
          // Key acquired mechanisms, then the ST: "KPC-2 · CTX-M-14 · ST11".
          resistance: result.resistance?.status === 'analysed' ? { key: result.resistance.key } : null,
          headline: [...(result.resistance?.key ?? []), ...(result.typing?.mlst && result.typing.mlst.st !== '-' ? [`ST${result.typing.mlst.st}`] : [])].join(' · ') || null,
        },
      },
      log: { level: result.call.level, species: result.call.species, ms: result.ms },
    };
  },

  detailShape: {
    genome: genomeResultSchema.nullable().optional().describe('genome: the identification once done (null while running)'),
    drugs: z
      .record(z.string(), z.object({ name: localized, classKey: z.string(), classLabel: localized, classOrder: z.number().int() }))
      .optional()
      .describe('names (zh/en) and classes of the drugs of the predicted phenotype, by code'),
  },

  async detail(task) {
    const genome = (task.result as GenomeTaskResult | null) ?? null;
    return { genome, drugs: drugLabels(genome?.resistance?.predictions) };
  },

  async exportCsv(task, _context, locale) {
    return genomeCsv(task, locale);
  },

  async exportPdf(task: TaskRow, _context, locale, options) {
    return drawPdf('genome', task, locale, options?.timeZone ?? defaultTimeZone(locale));
  },

  async info(context) {
    const counts = await genomeCounts(context.db);
    return {
      methods: [
        {
          method: 'genome',
          references: counts.genomes,
          species: counts.species,
          minBases: DEFAULT_ASSEMBLY_LIMITS.minBases,
          maxBases: DEFAULT_ASSEMBLY_LIMITS.maxBases,
          maxUploadBytes: MAX_GENOME_UPLOAD_BYTES,
          thresholds: { ...GENOME_THRESHOLDS },
          thresholdSources: { ...GENOME_THRESHOLD_SOURCES },
        },
      ],
    };
  },

  routes: genomeReferenceRoutes,

  async warmUp(context) {
    try {
      await genomeEngineFor(context).library(context.db, null);
    } catch (error) {
      if (!(error instanceof NoGenomeReferencesError)) throw error;
    }
  },

  close: closeGenomeEngine,

  command: genomeCommand.run,
};

