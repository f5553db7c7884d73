/**
 * R3 and the single large upload of R2 (issue 17), against a portal on the embedded database
 * while a prober asks autocomplete every 100 ms (an in-memory answer: its wait is the event loop's):
 *
 * - "1,000,000 contigs": an "assembly" of a million 12 bp contigs (~22 MB, under the 32 MB a file
 *   may have). Before: accepted, 7 s of the server's thread parsing it, +1.1 GB.
 * - "30 MB assembly": the shared test genomes unpacked and put in one plain FASTA of ~30 MB
 *   (more sequence than one bacterial genome). Before: the server stalled > 10 s on one such upload.
 *
 * A refused small assembly starts the genome thread first, so that its start is not counted.
 * Pass, for each: refused (HTTP 400) with the expected reason, no probe waited 1 s or more, and the
 * server's resident memory never rose more than --growth MB (default 200) above where it stood.
 *
 *   REFDATA_DIR=… npx tsx bench/server/assembly-uploads.ts [--growth 200] [--contigs 1000000] [--mb 30]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { probe, startBenchPortal, submitFile } from './harness';

const { values } = parseArgs({ options: { growth: { type: 'string', default: '200' }, contigs: { type: 'string', default: '1000000' }, mb: { type: 'string', default: '30' } } });
const growthMb = Number(values.growth);
const contigCount = Number(values.contigs);
const targetBytes = Number(values.mb) * 1e6;

/** Random bases from a fixed seed: the same file on every run. */
function seededBases(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      out += 'ACGT'[state >>> 30];
    }
    return out;
  };
}

function manyContigs(count: number): Buffer {
  const bases = seededBases(17);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(`>c${i}\n${bases(12)}\n`);
  return Buffer.from(parts.join(''));
}

/** Whole records of the shared test genomes, each contig renamed after its file, up to `bytes`. */
function largeAssembly(bytes: number): Buffer {
  const dir = path.join(process.env.REFDATA_DIR ?? '/work/shared/data', 'genome/test');
  const parts: Buffer[] = [];
  let size = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.fna.gz')).sort()) {
    const tag = file.split('_')[0];
    const text = gunzipSync(readFileSync(path.join(dir, file))).toString('latin1').replace(/^>/gm, `>${tag}_`);
    const part = Buffer.from(text, 'latin1');
    parts.push(part);
    size += part.length;
    if (size >= bytes) break;
  }
  return Buffer.concat(parts).subarray(0, Math.max(bytes, 0));
}

const cases = [
  { label: `${contigCount.toLocaleString('en')} contigs of 12 bp`, name: 'fragments.fna', make: () => manyContigs(contigCount), reason: 'fragmented' },
  { label: `${values.mb} MB assembly`, name: 'large.fna', make: () => largeAssembly(targetBytes), reason: 'too-large' },
];

const portal = await startBenchPortal();
const verdicts: boolean[] = [];
try {
  const warm = await submitFile(portal.base, 'genome', 'warm.fna', Buffer.from(`>w\n${seededBases(3)(50_000)}\n`));
  console.log(`warm-up: HTTP ${warm.status} ${warm.body.msg}`);
  for (const c of cases) {
    const bytes = c.make();
    await new Promise((r) => setTimeout(r, 2_000));
    const rssBefore = portal.rssMb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, portal.rssMb())), 50);
    const prober = probe(`${portal.base}/api/search/autocomplete`, 100, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'kwd=esch' });
    await new Promise((r) => setTimeout(r, 300));
    const answer = await submitFile(portal.base, 'genome', c.name, bytes);
    await new Promise((r) => setTimeout(r, 1_000));
    const waits = await prober.stop();
    clearInterval(sampler);
    const reason = answer.body.data?.reason ?? answer.body.data?.refused?.[0]?.reason;
    const growth = rssPeak - rssBefore;
    const pass = answer.status === 400 && reason === c.reason && waits.maxMs < 1000 && growth < growthMb;
    verdicts.push(pass);
    console.log(`— ${c.label} (${(bytes.length / 1e6).toFixed(1)} MB) —`);
    console.log(`HTTP ${answer.status} after ${(answer.ms / 1000).toFixed(2)} s, reason ${reason}: ${answer.body.msg}`);
    console.log(`probe: ${waits.count} requests, p99 ${(waits.p99Ms / 1000).toFixed(2)} s, longest wait ${(waits.maxMs / 1000).toFixed(2)} s; server RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB (+${growth.toFixed(0)})`);
    console.log(`${pass ? 'PASS' : 'FAIL'}: ${c.label} refused as ${c.reason} while no other request waited 1 s, the server growing less than ${growthMb} MB`);
  }
} finally {
  await portal.stop();
}
process.exitCode = verdicts.every(Boolean) ? 0 : 1;
