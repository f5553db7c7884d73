import { parseArgs } from 'node:util';
import { loadConfig } from '../config';

const usage = `mdc — MDC · Microbe Data Cloud

Usage:
  mdc serve            start the portal (web and API) on PORT (default 3000)
  mdc worker [--concurrency N]
                       work queued jobs from the PostgreSQL server at DATABASE_URL
  mdc import [--data DIR] [--force]
                       load the reference data from DIR (default REFDATA_DIR or ../shared/data) in one transaction
  mdc interpret …      interpret AST results (see mdc interpret --help)
  mdc antibiogram --input FILE [--period YYYY|all] [--guideline "CLSI 2025"] [--format tsv|json]
                       the cumulative antibiogram (CLSI M39) of a WHONET file (see mdc antibiogram --help)
  mdc identify …       identify isolates: --method 16S|18S|genome|proteome|biochem|morphology … (see mdc identify --help)
  mdc genome add DIR   add reference genomes (a folder with manifest.tsv) for genome identification
  mdc maldi add DIR    add main spectra to the shared MALDI-TOF library (see mdc maldi --help)
  mdc help             this text

Configuration comes from environment variables; see the README.`;

export async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve': {
      parseArgs({ args: rest, options: {}, allowPositionals: false });
      const { serve } = await import('./serve');
      await serve(loadConfig());
      return;
    }
    case 'worker': {
      const { values } = parseArgs({ args: rest, options: { concurrency: { type: 'string', default: '2' } } });
      const concurrency = Number(values.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a whole number ≥ 1');
      const { runWorker } = await import('./worker');
      await runWorker(loadConfig(), concurrency);
      return;
    }
    case 'import':
      return (await import('../resource/cli')).runImportCommand(rest, loadConfig());
    case 'interpret':
      return (await import('../lab/cli')).runInterpretCommand(rest);
    case 'antibiogram':
      return (await import('../lab/antibiogram/cli')).runAntibiogramCommand(rest);
    case 'identify':
      return (await import('../blast/cli')).runIdentifyCommand(rest);
    case 'genome':
      return (await import('../blast/genome/admin')).runGenomeCommand(rest);
    case 'maldi':
      return (await import('../blast/proteome/library-cli')).runMaldiCommand(rest);
    case 'help':
    case '--help':
    case '-h':
      console.log(usage);
      return;
    default:
      console.error(`mdc: unknown command "${command}"\n\n${usage}`);
      process.exitCode = 2;
  }
}
