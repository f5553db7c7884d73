import type { Envelope } from '@mdc/contracts';

/**
 * One check per link and page load. Activation links are single-use: a second identical call
 * (a remount, React's development double effects) must reuse the first answer, not spend the link.
 */
const checks = new Map<string, Promise<Envelope<unknown> | null>>();

export function checkOnce(key: string, run: () => Promise<Envelope<unknown>>): Promise<Envelope<unknown> | null> {
  let pending = checks.get(key);
  if (!pending) {
    pending = run().catch(() => null);
    checks.set(key, pending);
  }
  return pending;
}
