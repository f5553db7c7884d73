import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { elementsOf, findResistome, normalizeOrganism, predictDrugs, ReportError, readResistanceReport, type DrugPrediction, type ResistomeResult } from '@mdc/core/resistome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { AssemblyError, readAssembly } from '@mdc/refdata/genome';
import { EXIT_USAGE, UsageError, batchInputs, finishBatch, type RefusedInput } from '../blast/cli-batch';
import { loadResistomeReference, readOrganismNames, ReferenceDataMissing, type ResistomeReferenceData } from './reference';

const MAX_FILE_MB = 32;

const usage = `mdc resistome — acquired resistance genes, point mutations and predicted susceptibility of genome assemblies

Usage:
  mdc resistome --query ASSEMBLY [ASSEMBLY …] [--organism NAME] [--format tsv|json] [--predict]
  mdc resistome predict --genes FILE [FILE …] [--organism NAME] [--format tsv|json]

  --query          assemblies (FASTA or FASTA.gz, ≤ ${MAX_FILE_MB} MB each), each one genome
  --organism       the isolate's species ("Escherichia coli", "Klebsiella pneumoniae"): PointFinder's
                   mutations of that species and its intrinsic genes; without it, acquired genes only
  --min-identity   percent identity to a ResFinder allele (default 90)
  --min-coverage   percent of the allele covered (default 60)
  --format         tsv (default) or json
  --predict        the predicted category per drug instead of the genes
  --genes          (predict) AMRFinderPlus TSV, ResFinder results_tab or hAMRonization TSV reports
  --timings        engine times per assembly on standard error

Genes (TSV): query kind name class drugs identity coverage contig start end note
  kind gene | mutation; name as ResFinder names the allele (blaKPC-2) or the change (gyrA p.S83L);
  drugs AMR codes joined by ";"; note: allele-tie:A/B (equally good alleles), intrinsic, partial.
Predictions (TSV): sample drug drug_name prediction evidence rule — R, S (no known mechanism) or uncertain.
Reference data from REFDATA_DIR (ResFinder, PointFinder 3.0, AMRFinderPlus under resistome/).
Exit codes: 0 every input answered, 1 something refused (named on standard error), 2 wrong usage.`;

const GENE_HEADER = ['query', 'kind', 'name', 'class', 'drugs', 'identity', 'coverage', 'contig', 'start', 'end', 'note'];
const PREDICTION_HEADER = ['sample', 'drug', 'drug_name', 'prediction', 'evidence', 'rule'];

/** Tabs and line ends inside a cell would break the row. */
const cell = (v: string | number) => String(v).replace(/[\t\r\n]+/g, ' ');

function geneRows(query: string, r: ResistomeResult): string[] {
  return [
    ...r.genes.map((g) => [query, 'gene', g.name, g.class, g.drugs.join(';'), g.identity.toFixed(2), g.coverage.toFixed(2), g.contig, g.start, g.end, g.notes.join(';')].map(cell).join('\t')),
    ...r.mutations.map((m) => [query, 'mutation', m.name, m.class, m.drugs.join(';'), m.identity.toFixed(2), m.coverage.toFixed(2), m.contig, m.start, m.end, m.notes.join(';')].map(cell).join('\t')),
  ];
}

function predictionRows(sample: string, predictions: readonly DrugPrediction[]): string[] {
  return predictions.map((p) => [sample, p.drug, p.drugName, p.prediction, p.evidence, p.rule].map(cell).join('\t'));
}

function referenceData(): ResistomeReferenceData {
  const dir = findRefdataDir();
  if (!dir) throw new UsageError('no reference data: set REFDATA_DIR to the shared data folder');
  return loadResistomeReference(dir);
}

function checkOrganism(known: ReadonlySet<string>, organism: string | undefined): void {
  if (organism === undefined) return;
  const name = normalizeOrganism(organism);
  if (!name) throw new UsageError('--organism is empty');
  if (known.size > 0 && !known.has(name)) {
    throw new UsageError(`unknown organism "${organism}": not a name of the AMR package's taxonomy (give genus and species, e.g. "Klebsiella pneumoniae")`);
  }
}

function percent(value: string | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 100) throw new UsageError(`${option} must be a percentage above 0 and at most 100 (got "${value}")`);
  return n;
}

function ended(error: unknown): boolean {
  const usageError = error instanceof UsageError || error instanceof ReferenceDataMissing || (error as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS');
  if (!usageError) return false;
  console.error(`mdc resistome: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error('see mdc resistome --help');
  process.exitCode = EXIT_USAGE;
  return true;
}

/** `mdc resistome`: genes and mutations of assemblies, or predictions from them or from other tools' reports. */
export async function runResistomeCommand(args: string[]): Promise<void> {
  try {
    if (args[0] === 'predict') return await runPredictFromReports(args.slice(1));
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        query: { type: 'string', multiple: true },
        organism: { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        predict: { type: 'boolean', default: false },
        'min-identity': { type: 'string' },
        'min-coverage': { type: 'string' },
        timings: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    const { files: queries } = batchInputs(values.query, positionals, values.format, '--query', 'ASSEMBLY');
    const minIdentity = percent(values['min-identity'], '--min-identity', 90);
    const minCoverage = percent(values['min-coverage'], '--min-coverage', 60);
    const started = performance.now();
    const ref = referenceData();
    checkOrganism(ref.organisms, values.organism);
    if (values.timings) process.stderr.write(`timing reference data read and indexed: ${(performance.now() - started).toFixed(0)} ms\n`);
    const refused: RefusedInput[] = [];
    const json: unknown[] = [];
    let answered = 0;
    if (values.format === 'tsv') console.log((values.predict ? PREDICTION_HEADER : GENE_HEADER).join('\t'));
    for (const file of queries) {
      const query = path.basename(file);
      const size = statSync(file).size;
      if (size > MAX_FILE_MB * 1024 * 1024) {
        refused.push({ item: file, reason: `${query}: ${(size / 1024 / 1024).toFixed(1)} MB, more than the limit of ${MAX_FILE_MB} MB for one assembly` });
        continue;
      }
      let assembly;
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      try {
        assembly = readAssembly(readFileSync(file), query);
      } catch (error) {
        if (error instanceof AssemblyError) {
          refused.push({ item: file, reason: error.message });
          continue;
        }
        throw error;
      }
      const t1 = performance.now();
      const result = findResistome(ref.prepared, assembly, values.organism, { minIdentity, minCoverage });
      const t2 = performance.now();
      const cpu = process.cpuUsage(cpu0);
      const predictions = values.predict ? predictDrugs(elementsOf(result, ref.subclassOf), { organism: values.organism }) : [];
      // CPU time beside wall time: on a shared machine the wall clock also counts the waits for a core.
      if (values.timings) process.stderr.write(`timing ${query}: read ${(t1 - t0).toFixed(0)} ms, genes + mutations ${(t2 - t1).toFixed(0)} ms (read + search CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), prediction ${(performance.now() - t2).toFixed(0)} ms\n`);
      answered++;
      if (values.format === 'json') json.push(values.predict ? { sample: query, organism: values.organism ?? null, predictions } : { query, organism: values.organism ?? null, genes: result.genes, mutations: result.mutations });
      else {
        const rows = values.predict ? predictionRows(query, predictions) : geneRows(query, result);
        if (rows.length) console.log(rows.join('\n'));
      }
    }
    if (values.format === 'json') console.log(JSON.stringify(json, null, 2));
    finishBatch(refused, answered);
  } catch (error) {
    if (!ended(error)) throw error;
  }
}

async function runPredictFromReports(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      genes: { type: 'string', multiple: true },
      organism: { type: 'string' },
      format: { type: 'string', default: 'tsv' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const { files } = batchInputs(values.genes, positionals, values.format, '--genes', 'FILE');
  const dir = findRefdataDir();
  // Only the organism check needs the reference data here; the rules are in the code.
  if (values.organism !== undefined && dir) checkOrganism(readOrganismNames(dir), values.organism);
  const refused: RefusedInput[] = [];
  const json: unknown[] = [];
  let answered = 0;
  if (values.format === 'tsv') console.log(PREDICTION_HEADER.join('\t'));
  for (const file of files) {
    const size = statSync(file).size;
    if (size > MAX_FILE_MB * 1024 * 1024) {
      refused.push({ item: file, reason: `${path.basename(file)}: ${(size / 1024 / 1024).toFixed(1)} MB, more than the limit of ${MAX_FILE_MB} MB for a report` });
      continue;
    }
    let samples;
    try {
      samples = readResistanceReport(readFileSync(file, 'utf8'), path.basename(file));
    } catch (error) {
      if (error instanceof ReportError) {
        refused.push({ item: file, reason: `line ${error.line}: ${error.reason}` });
        continue;
      }
      throw error;
    }
    answered++;
    for (const s of samples) {
      const predictions = predictDrugs(s.elements, { organism: values.organism });
      if (values.format === 'json') json.push({ sample: s.sample, file: path.basename(file), organism: values.organism ?? null, predictions });
      else console.log(predictionRows(s.sample, predictions).join('\n'));
    }
  }
  if (values.format === 'json') console.log(JSON.stringify(json, null, 2));
  finishBatch(refused, answered);
}
