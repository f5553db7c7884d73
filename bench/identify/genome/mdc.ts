/**
 * The MDC side of the genome benchmark as a deployment runs it: run.ts bundles this file and the
 * genome thread to JavaScript with esbuild (not timed), so the timed command is Node starting the
 * compiled command, as mash and fastANI start theirs. Arguments are those of
 * `mdc identify --method genome`.
 */
import { runGenomeIdentify } from '../../../apps/server/src/blast/genome/cli';

await runGenomeIdentify(process.argv.slice(2));
