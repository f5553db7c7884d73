// Preloaded into the benchmark's `mdc serve` (node --import): Fastify's 10 s limit for start-up
// hooks (avvio's timer) becomes 10 minutes until the server listens. On a machine at load 10-20
// reading the search index takes longer than 10 s and the server exits (FST_ERR_HOOK_TIMEOUT,
// 2026-11-28 and -29), so nothing could be measured. Timers created after listen are untouched.
import net from 'node:net';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const original = globalThis.setTimeout;
  globalThis.setTimeout = function startupTimeout(callback, ms, ...rest) {
    return original(callback, ms === 10_000 ? 600_000 : ms, ...rest);
  };
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (...args) {
    globalThis.setTimeout = original;
    return listen.apply(this, args);
  };
}
