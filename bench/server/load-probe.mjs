// Preloaded into the load benchmark's `mdc serve` (node --import): the server's own account of
// its event loop and garbage collection, so that a slow answer can be told from a blocked loop or
// a GC pause. SIGUSR2 starts a window (all counters reset); the next SIGUSR2 prints
// `LOADPROBE {…}` for that window and starts another. Nothing is printed otherwise.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0, major: 0 };
  // Stalls of the loop itself: a 10 ms timer that fires late by more than 50 ms.
  let stalls = { count: 0, totalMs: 0, maxMs: 0 };
  let cpu = process.cpuUsage();
  let wall = performance.now();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      // NODE_PERFORMANCE_GC_MAJOR = 4 (mark-sweep-compact)
      if (entry.detail?.kind === 4) gc.major++;
    }
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 10;
    if (late > 50) {
      stalls.count++;
      stalls.totalMs += late;
      stalls.maxMs = Math.max(stalls.maxMs, late);
    }
    last = now;
  }, 10).unref();
  let open = false;
  process.on('SIGUSR2', () => {
    if (open) {
      const used = process.cpuUsage(cpu);
      const ms = (ns) => Math.round(ns / 1e4) / 100;
      const report = {
        seconds: Math.round(performance.now() - wall) / 1000,
        cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100,
        loopDelayMs: { p50: ms(loop.percentile(50)), p90: ms(loop.percentile(90)), p99: ms(loop.percentile(99)), max: ms(loop.max), mean: ms(loop.mean) },
        stalls: { count: stalls.count, totalMs: Math.round(stalls.totalMs), maxMs: Math.round(stalls.maxMs) },
        gc: { count: gc.count, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 10) / 10, major: gc.major },
        rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
      };
      process.stdout.write(`LOADPROBE ${JSON.stringify(report)}\n`);
    }
    open = true;
    loop.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0, major: 0 };
    stalls = { count: 0, totalMs: 0, maxMs: 0 };
    cpu = process.cpuUsage();
    wall = performance.now();
  });
}
