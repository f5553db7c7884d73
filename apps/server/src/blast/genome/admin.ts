import path from 'node:path';
import { parseArgs } from 'node:util';
import { AssemblyError, ManifestError, readGenomeManifest } from '@mdc/refdata/genome';
import { readTaxonomy } from '@mdc/refdata/taxonomy';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { loadConfig } from '../../config';
import { openDb } from '../../db';
import { migrate } from '../../db/migrate';
import { insertGenomes, listGenomes, readGenomeFolder } from '../../resource/genomes';

const usage = `mdc genome — the reference genomes of whole-genome identification

Usage:
  mdc genome add DIR    add the genomes of a folder as shared references (a lab's own collection);
                        DIR holds manifest.tsv (tab-separated, header, at least file and species;
                        optional strain and accession; file relative to DIR) and the FASTA or
                        FASTA.gz files it names. Genomes already held are skipped.
  mdc genome list       the shared reference genomes

The database is the server's (DATABASE_URL, or the embedded one under MDC_HOME: stop a running
server first). A running server picks up added genomes with its next identification.`;

class UsageError extends Error {}

export async function runGenomeCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  try {
    if (!sub || sub === 'help' || sub === '--help' || sub === '-h') {
      console.log(usage);
      return;
    }
    if (sub !== 'add' && sub !== 'list') throw new UsageError(`unknown subcommand "${sub}"`);
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
    const db = await openDb(loadConfig());
    try {
      await migrate(db);
      if (sub === 'list') {
        for (const g of await listGenomes(db)) console.log([g.id, g.source, g.species, g.strain, g.accession, g.length, g.contigs, g.gcPercent.toFixed(2)].join('\t'));
        return;
      }
      const dir = positionals[0];
      if (!dir || positionals.length > 1) throw new UsageError('mdc genome add needs one folder');
      readGenomeManifest(dir);
      // File species under their accepted names when the taxonomy is at hand.
      const data = findRefdataDir();
      const taxonomy = data ? await readTaxonomy(path.join(data, 'taxonomy')).catch(() => undefined) : undefined;
      const started = performance.now();
      const rows = await readGenomeFolder(dir, taxonomy, (done, total) => process.stderr.write(`\rread ${done}/${total}`));
      process.stderr.write('\n');
      const ids = await db.transaction((tx) => insertGenomes(tx, rows, 'admin'));
      console.log(`added ${ids.length} reference genome${ids.length === 1 ? '' : 's'} (${rows.length - ids.length} already held) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ManifestError || error instanceof AssemblyError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc genome: ${error instanceof AssemblyError ? error.texts.en : (error as Error).message}`);
      if (error instanceof UsageError) console.error('see mdc genome --help');
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
