import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { appConfig } from '../config';
import { CHUNK_RELOAD_KEY, isChunkLoadError, mayReloadForChunk } from './chunk-reload';

/**
 * Reloads the page to fetch a chunk that failed to load (usually: a new release replaced it),
 * unless that already happened in the last minute. Returns whether a reload was started.
 */
export function reloadForChunk(): boolean {
  let last: string | null = null;
  try {
    last = sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    // Storage may be disabled; a reload is then still better than a dead page, once.
  }
  if (!mayReloadForChunk(last, Date.now(), appConfig.chunkReloadIntervalMs)) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Fetches the chunk ahead of navigation; failures are left to the real render. */
  preload(): Promise<void>;
};

/** `React.lazy` for a page module, with the chunk-reload rule; other failures reach the error page. */
export function lazyPage(factory: () => Promise<PageModule>): LazyPage {
  let pending: Promise<PageModule> | undefined;
  const load = () =>
    (pending ??= factory().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const Page = lazy(async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadForChunk()) {
        // The page is going away; keep the fallback on screen until it does.
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  });
  return Object.assign(Page, {
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  });
}
