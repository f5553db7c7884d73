/**
 * How much longer a loading indicator that appeared at `shownAt` must stay visible so that it is on
 * screen for at least `minimum` ms. Zero when it may go now (or was never shown).
 */
export function remainingLoadingMs(shownAt: number | null, now: number, minimum: number): number {
  if (shownAt === null) return 0;
  return Math.max(0, shownAt + minimum - now);
}

/** Resolves with the value of `work`, but never sooner than `minimum` ms after the call. */
export async function atLeast<T>(work: Promise<T>, minimum: number, clock: () => number = Date.now): Promise<T> {
  const started = clock();
  try {
    return await work;
  } finally {
    const wait = remainingLoadingMs(started, clock(), minimum);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
