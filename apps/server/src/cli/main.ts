import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';

// The help text is a plain file so that `bin/mdc.js help` can print it without loading the build,
// checking whether the build is fresh, or reading any configuration.
const usage = readFileSync(new URL('./usage.txt', import.meta.url), 'utf8').trimEnd();

export async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve': {
      parseArgs({ args: rest, options: {}, allowPositionals: false });
      const { serve } = await import('./serve');
      await serve((await import('../config')).loadConfig());
      return;
    }
    case 'worker': {
      const { values } = parseArgs({ args: rest, options: { concurrency: { type: 'string', default: '2' } } });
      const concurrency = Number(values.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a whole number ≥ 1');
      const { runWorker } = await import('./worker');
      await runWorker((await import('../config')).loadConfig(), concurrency);
      return;
    }
    case 'import':
      return (await import('../resource/cli')).runImportCommand(rest, (await import('../config')).loadConfig());
    case 'interpret':
      return (await import('../lab/cli')).runInterpretCommand(rest);
    case 'antibiogram':
      return (await import('../lab/antibiogram/cli')).runAntibiogramCommand(rest);
    case 'identify':
      return (await import('../blast/cli')).runIdentifyCommand(rest);
    case 'genome':
      return (await import('../blast/genome/admin')).runGenomeCommand(rest);
    case 'resistome':
      return (await import('../resistome/cli')).runResistomeCommand(rest);
    case 'mlst':
      return (await import('../mlst/cli')).runMlstCommand(rest);
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
