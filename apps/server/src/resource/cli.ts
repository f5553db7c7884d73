import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { Config } from '../config';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { importRefdata, type ImportProgressEvent, type ImportSummary } from './importer';
import { RefdataMissingError } from './sources';

interface Reporter {
  progress(event: ImportProgressEvent): void;
  stop(): void;
}

/** One bar per table on a terminal; plain lines (start and end of each table) in a log or a pipe. */
function reporter(stream: NodeJS.WriteStream): Reporter {
  if (stream.isTTY) {
    const bars = new cliProgress.MultiBar(
      {
        stream,
        format: ' {stage} {table} |{bar}| {value}/{total} {percentage}%',
        barsize: 20,
        hideCursor: true,
        clearOnComplete: false,
        fps: 10,
      },
      cliProgress.Presets.shades_classic,
    );
    const byTable = new Map<string, cliProgress.SingleBar>();
    return {
      progress(event) {
        const key = event.stage === 'read' ? 'read' : event.table;
        const payload = { stage: event.stage === 'read' ? 'reading' : 'writing', table: event.table.padEnd(24) };
        let bar = byTable.get(key);
        if (!bar) {
          bar = bars.create(event.total, event.done, payload);
          byTable.set(key, bar);
        }
        bar.setTotal(event.total);
        bar.update(event.done, payload);
      },
      stop: () => bars.stop(),
    };
  }
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6) + 's';
  return {
    progress(event) {
      if (event.stage === 'read') stream.write(`${seconds()}  read ${event.table} (${event.done}/${event.total})\n`);
      else if (event.done === 0) stream.write(`${seconds()}  writing ${event.table}: ${event.total} rows\n`);
      else if (event.done === event.total) stream.write(`${seconds()}  wrote ${event.table}\n`);
    },
    stop: () => undefined,
  };
}

function printSummary(summary: ImportSummary, log: (line: string) => void): void {
  if (summary.skipped) {
    log(`Reference data in ${summary.sourceDir} is unchanged since the last import: nothing to do (use --force to import again).`);
    return;
  }
  const width = Math.max(...Object.keys(summary.counts).map((t) => t.length));
  log('');
  log(`Imported from ${summary.sourceDir}:`);
  for (const [table, count] of Object.entries(summary.counts)) log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-US').padStart(8)}`);
  log(`  ${'total'.padEnd(width)}  ${Object.values(summary.counts).reduce((a, b) => a + b, 0).toLocaleString('en-US').padStart(8)}`);
  for (const warning of summary.warnings) log(`  note: ${warning}`);
  log(`Time: ${(summary.durationMs / 1000).toFixed(1)} s (reading ${(summary.readMs / 1000).toFixed(1)} s, writing ${(summary.writeMs / 1000).toFixed(1)} s)`);
}

/** `mdc import`: everything or nothing; Ctrl-C rolls back and leaves the previous data. */
export async function runImportCommand(args: string[], config: Config): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, force: { type: 'boolean', default: false } } });
  const dir = values.data ? path.resolve(values.data) : config.refdataDir;
  if (!dir) {
    console.error('mdc import: no reference data folder. Pass --data DIR or set REFDATA_DIR (default ../shared/data beside the checkout).');
    process.exitCode = 2;
    return;
  }
  const db = await openDb(config);
  const controller = new AbortController();
  const interrupt = () => {
    console.error('\ninterrupted: rolling back, the previous data stays');
    controller.abort();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const report = reporter(process.stderr);
  try {
    await migrate(db);
    console.log(`Importing reference data from ${dir} into ${db.kind === 'pglite' ? `the embedded database in ${config.home}/db` : 'the PostgreSQL server'}`);
    const summary = await importRefdata(db, dir, { force: values.force, signal: controller.signal, onProgress: (e) => report.progress(e) });
    report.stop();
    printSummary(summary, (line) => console.log(line));
  } catch (error) {
    report.stop();
    if (controller.signal.aborted) {
      console.error('Import interrupted; nothing was changed.');
      process.exitCode = 130;
    } else if (error instanceof RefdataMissingError) {
      console.error(`mdc import: ${error.message}`);
      process.exitCode = 2;
    } else {
      console.error(`mdc import failed, nothing was changed: ${(error as Error).message}`);
      process.exitCode = 1;
    }
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await db.close();
  }
}
