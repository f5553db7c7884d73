export const CHUNK_RELOAD_KEY = 'mdc:chunk-reload-at';

/** Browsers word a failed dynamic import differently; these cover Chromium, Firefox, Safari and Vite. */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message));
}

/**
 * A chunk that fails to load usually means a new release replaced the files: a reload fixes it.
 * A reload is allowed when none happened within `interval` ms, so a real outage cannot loop.
 */
export function mayReloadForChunk(lastReloadAt: string | null, now: number, interval: number): boolean {
  const last = lastReloadAt === null ? Number.NaN : Number(lastReloadAt);
  if (!Number.isFinite(last)) return true;
  // A timestamp from the future (clock changed) must not block reloads forever.
  return now - last >= interval || now < last;
}
