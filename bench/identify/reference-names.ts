// `mdc identify --method 16S --reference FASTA` names its hits by the taxonomy imported into the
// database (issue 24): rank-1 names of the 454 16S dev queries that are not accepted names, with
// `--names deposited` (the file's labels, as before) and by default, the taxonomy imported into a
// PostgreSQL schema of its own.
//   npx tsx bench/identify/reference-names.ts   (REFDATA_DIR or ../shared/data; DATABASE_URL_TEST or postgres://postgres@127.0.0.1:5432/test)
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { readCurrentTaxonomy } from '@mdc/refdata/taxonomy';
import { repoRoot } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { insertBatches } from '../../apps/server/src/resource/batch';
import { taxonPlan } from '../../apps/server/src/resource/plans';
import type { RefdataSources } from '../../apps/server/src/resource/sources';

const run = promisify(execFile);
const dir = findRefdataDir();
if (!dir) throw new Error('reference data not found: set REFDATA_DIR');
const url = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_names_${Date.now().toString(36)}`;
const taxonomy = await readCurrentTaxonomy(dir);
const db = await openPostgres(url, schema);
const mdc = path.join(repoRoot, 'apps/server/bin/mdc.js');
const queries = path.join(dir, 'rrna/16S_queries_dev.fasta.gz');
const references = path.join(dir, 'rrna/16S_reference.fasta.gz');

interface Row {
  query: string;
  species: string;
}
async function rankOne(names: 'accepted' | 'deposited'): Promise<{ rows: Row[]; stderr: string }> {
  const { stdout, stderr } = await run(process.execPath, [mdc, 'identify', '--method', '16S', '--query', queries, '--reference', references, '--top', '1', '--names', names], {
    env: { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schema, MDC_FROM_SOURCES: '1' },
    maxBuffer: 256 << 20,
  }).catch((e: { stdout: string; stderr: string }) => e);
  const [header, ...lines] = stdout.trimEnd().split('\n');
  const columns = header!.split('\t');
  const at = (c: string) => columns.indexOf(c);
  return { rows: lines.map((l) => l.split('\t')).filter((c) => c[at('rank')] === '1').map((c) => ({ query: c[at('query')]!, species: c[at('species')]! })), stderr };
}
const notAccepted = (rows: Row[]) => {
  const names = rows.filter((r) => taxonomy.allByName(r.species).some((t) => t.rank === 'species') && !taxonomy.allByName(r.species).some((t) => t.rank === 'species' && t.status === 'accepted'));
  return { queries: names.length, distinct: new Set(names.map((r) => r.species)).size };
};
try {
  await migrate(db);
  await insertBatches(db, taxonPlan({ taxonomy, names: { organismZh: () => null } } as unknown as RefdataSources));
  const before = await rankOne('deposited');
  const after = await rankOne('accepted');
  const b = notAccepted(before.rows);
  const a = notAccepted(after.rows);
  const lines = [
    `# 16S \`mdc identify --reference\` names — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `${before.rows.length} dev queries answered (\`rrna/16S_queries_dev.fasta.gz\`) against \`rrna/16S_reference.fasta.gz\` given as --reference; taxonomy: ${taxonomy.taxa.length} taxa imported into a PostgreSQL schema. A rank-1 name counts as not accepted when the taxonomy knows it as a species only under another (synonym) name.`,
    '',
    '| | --names deposited (before) | default: accepted names |',
    '|---|---|---|',
    `| rank-1 names not accepted (queries) | ${b.queries} | ${a.queries} |`,
    `| distinct rank-1 names not accepted | ${b.distinct} | ${a.distinct} |`,
    '',
    `Standard error of the default run: ${after.stderr.split('\n').filter((l) => /names/.test(l)).join(' ')}`,
  ];
  console.log(lines.join('\n'));
  mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  writeFileSync(path.join(repoRoot, `bench/results/identify-reference-names-${new Date().toISOString().slice(0, 10)}.md`), lines.join('\n') + '\n');
} finally {
  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}
