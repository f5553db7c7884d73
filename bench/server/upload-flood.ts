/**
 * R5 of issue 17: one multipart submission of many large files (default 30 × 31 MB, genome
 * method: one assembly of ≤ 32 MB allowed) streamed to a portal on the embedded database. The
 * client writes the parts as fast as the server reads them and stops when the server answers.
 * Pass: refused (HTTP 4xx) within 5 s of the first byte, with the server's resident memory never
 * more than 200 MB above where it started.
 *
 *   npx tsx bench/server/upload-flood.ts [--files 30] [--mb 31] [--method genome]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { startBenchPortal } from './harness';

const { values } = parseArgs({ options: { files: { type: 'string', default: '30' }, mb: { type: 'string', default: '31' }, method: { type: 'string', default: 'genome' } } });
const files = Number(values.files);
const bytesPerFile = Number(values.mb) * 1024 * 1024;
const boundary = '----mdcbench' + Math.random().toString(16).slice(2);
const chunk = Buffer.alloc(1024 * 1024, 'ACGTTGCA'.repeat(8) + '\n');

const portal = await startBenchPortal();
try {
  await new Promise((r) => setTimeout(r, 1000));
  const rssStart = portal.rssMb();
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, portal.rssMb())), 50);
  const url = new URL(`${portal.base}/api/blast/tasks`);
  const started = performance.now();
  let sent = 0;
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, local: 'en' } });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.on('data', (d: Buffer) => (body += d.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const write = async () => {
      const part = (text: string) => new Promise<void>((done) => (request.write(text) ? done() : request.once('drain', () => done())));
      await part(`--${boundary}\r\ncontent-disposition: form-data; name="method"\r\n\r\n${values.method}\r\n`);
      for (let f = 0; f < files && !answered; f++) {
        await part(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="genome-${f}.fna"\r\ncontent-type: application/octet-stream\r\n\r\n>contig_${f}\n`);
        for (let left = bytesPerFile; left > 0 && !answered; left -= chunk.length) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          sent += piece.length;
          await new Promise<void>((done) => (request.write(piece) ? done() : request.once('drain', () => done())));
        }
        await part('\r\n');
      }
      if (!answered) request.end(`--${boundary}--\r\n`);
    };
    write().catch(() => undefined);
  });
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  clearInterval(sampler);
  const rssAfter = portal.rssMb();
  let message = answer.body.slice(0, 200);
  try {
    message = (JSON.parse(answer.body) as { msg: string }).msg;
  } catch {
    /* not JSON */
  }
  console.log(`${files} × ${values.mb} MB (${((files * bytesPerFile) / 1e6).toFixed(0)} MB) to ${values.method}: HTTP ${answer.status} after ${seconds.toFixed(2)} s, ${(sent / 1e6).toFixed(0)} MB sent; "${message}"`);
  console.log(`server RSS ${rssStart.toFixed(0)} MB at start, peak ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssStart).toFixed(0)}), ${rssAfter.toFixed(0)} MB a second after`);
  const pass = answer.status >= 400 && answer.status < 500 && seconds < 5 && rssPeak - rssStart < 200;
  console.log(`${pass ? 'PASS' : 'FAIL'}: ${files} × ${values.mb} MB in one submission refused within 5 s with < 200 MB growth`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await portal.stop();
}
