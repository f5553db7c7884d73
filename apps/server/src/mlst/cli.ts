import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AssemblyError, readAssembly } from '@mdc/refdata/genome';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { EXIT_USAGE, UsageError, batchInputs, finishBatch } from '../blast/cli-batch';
import { MlstSchemes, mlstLine, mlstNote } from '../blast/genome/mlst';

const usage = `mdc mlst — sequence types (PubMLST 7-gene MLST) of genome assemblies

Usage:
  mdc mlst --query ASSEMBLY [ASSEMBLY …] [--scheme NAME] [--format tsv|json]

  --query   assemblies (FASTA or FASTA.gz), each one genome
  --scheme  a PubMLST scheme (klebsiella, ecoli_achtman_4, abaumannii_2 …); without it, the
            scheme with the best score, as the mlst tool chooses (its alternatives ecoli
            (Pasteur), abaumannii (Oxford), vcholerae_2 and senterica_achtman_2 only when named)
  --format  tsv (default): one line per assembly as the mlst tool prints it, without a header —
            FILE SCHEME ST locus(allele) …; json: also status, score, each allele's contig,
            position, strand, identity and coverage, and the clonal complex where given

Alleles: N exact; ~N novel (full length, ≥ 95 % identical to N); N? partial (≥ 50 % of N);
- missing; N,M several exact copies. ST - when no profile has the alleles (a novel profile is said
so on standard error). Schemes are read from REFDATA_DIR/mlst (the 167 schemes bundled with mlst).`;

/** `mdc mlst`: MLST of assemblies, in the mlst tool's output, for people and benchmarks. */
export async function runMlstCommand(args: string[]): Promise<void> {
  const log = (line: string) => process.stderr.write(line + '\n');
  const started = performance.now();
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        query: { type: 'string', multiple: true },
        scheme: { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    const { files: queries } = batchInputs(values.query, positionals, values.format, '--query', 'ASSEMBLY');
    const dataDir = values.data ?? findRefdataDir();
    if (!dataDir) throw new UsageError('no reference data folder: set REFDATA_DIR (or --data DIR) to the folder holding mlst/');
    const schemes = MlstSchemes.of(dataDir);
    if (!schemes.available) throw new UsageError(`no MLST schemes under ${schemes.source} (REFDATA_DIR must hold mlst/pubmlst/<scheme>/)`);
    if (values.scheme !== undefined && !schemes.names.includes(values.scheme)) {
      const like = schemes.similar(values.scheme);
      throw new UsageError(`unknown MLST scheme "${values.scheme}" (${schemes.names.length} scheme${schemes.names.length === 1 ? '' : 's'} in ${schemes.source}${like.length ? `; similar: ${like.join(', ')}` : ''})`);
    }

    let t = performance.now();
    const typer = schemes.typer(values.scheme ? [values.scheme] : undefined);
    log(`read ${values.scheme ? `the ${values.scheme} scheme` : `${schemes.names.length} schemes`} in ${((performance.now() - t) / 1000).toFixed(2)} s`);

    const refused: { item: string; reason: string }[] = [];
    const answers: { file: string; json: object }[] = [];
    const lines: string[] = [];
    let typingMs = 0;
    for (const file of queries) {
      let assembly;
      try {
        assembly = readAssembly(await readFile(file), file);
      } catch (error) {
        if (!(error instanceof AssemblyError)) throw error;
        refused.push({ item: file, reason: error.texts.en });
        answers.push({ file, json: { filename: file, refused: error.texts.en } });
        continue;
      }
      t = performance.now();
      const { best, candidates } = typer.type(assembly, values.scheme ? { schemes: [values.scheme] } : {});
      typingMs += performance.now() - t;
      lines.push(mlstLine(file, best));
      const note = mlstNote(best);
      if (note) log(`${file}: ${note}`);
      const rival = candidates.find((c) => c !== best && best && c.score === best.score);
      if (best && rival) log(`${file}: ${rival.scheme} (ST ${rival.st}) scores as well as ${best.scheme}; ${best.scheme} kept (its ST has ${best.neighbours} single-locus variants, ${rival.neighbours} in ${rival.scheme})`);
      answers.push({
        file,
        json: {
          filename: file,
          scheme: best?.scheme ?? '-',
          sequence_type: best?.st ?? '-',
          status: best?.status ?? 'NONE',
          score: best?.score ?? 0,
          alleles: best ? Object.fromEntries(best.loci.map((l) => [l.locus, l.call])) : null,
          loci: best?.loci ?? [],
          ...(best && Object.keys(best.extra).length ? { profile: best.extra } : {}),
          ...(note ? { note } : {}),
        },
      });
    }
    log(`typed ${answers.length - refused.length} assemblies in ${(typingMs / 1000).toFixed(2)} s; total ${((performance.now() - started) / 1000).toFixed(2)} s`);
    const output = values.format === 'json' ? JSON.stringify(answers.map((a) => a.json), null, 2) + '\n' : lines.map((l) => l + '\n').join('');
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
    finishBatch(refused, answers.length - refused.length, log);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc mlst: ${(error as Error).message}`);
      console.error('see mdc mlst --help');
      process.exitCode = EXIT_USAGE;
      return;
    }
    throw error;
  }
}
