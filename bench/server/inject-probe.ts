import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { TestPortal } from '../../apps/server/test/support/portal';

/**
 * Asks `url` every `everyMs` through the portal's own event loop (an in-process portal, as the
 * API tests start it) and keeps how late each answer came against when the probe was due: a
 * blocked event loop delays the probe's start as much as its answer, and both count.
 */
export function injectProbe(portal: TestPortal, url: string, everyMs: number) {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    let due = performance.now();
    while (running) {
      await portal.app.inject({ method: 'GET', url });
      const answered = performance.now();
      waits.push(answered - due);
      due = Math.max(answered, due + everyMs);
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { count: waits.length, maxMs: Math.max(0, ...waits) };
    },
  };
}

/**
 * Runs `work` while each of `urls` is asked every 50 ms: what it gave, how long it took, each
 * probe's longest wait (in the order of `urls`) and the event loop's longest delay meanwhile.
 */
export async function whileProbing<T>(portal: TestPortal, urls: string[], work: () => Promise<T>): Promise<{ value: T; ms: number; maxWaitMs: number[]; maxDelayMs: number }> {
  const probes = urls.map((url) => injectProbe(portal, url, 50));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  await new Promise((r) => setTimeout(r, 200));
  delay.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 200));
  delay.disable();
  const waits = await Promise.all(probes.map((p) => p.stop()));
  return { value, ms, maxWaitMs: waits.map((w) => w.maxMs), maxDelayMs: delay.max / 1e6 };
}
