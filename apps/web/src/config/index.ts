/**
 * Build-time settings of the web app. `VITE_API_BASE_URL` lets a deployment point the client at an
 * API on another origin; the default is the same origin that serves the app.
 */
export const appConfig = {
  apiBaseUrl: (import.meta.env?.VITE_API_BASE_URL as string | undefined) || '/',
  /** Scroll distance after which the header pins itself to the top of the viewport. */
  headerFixedOffset: 60,
  /** Scroll and resize handlers run at most this often. */
  handlerThrottleMs: 200,
  /** A loading indicator, once shown, stays at least this long so it never flickers. */
  minimumLoadingMs: 200,
  /** At or below this width the navigation moves into the drawer. */
  mobileMaxWidth: 768,
  localeCookieDays: 365,
  /** Idempotent calls are retried this many times on network errors and 5xx answers. */
  retryAttempts: 3,
  retryBaseDelayMs: 300,
  /** A failed lazy chunk reloads the page, but not more often than this. */
  chunkReloadIntervalMs: 60_000,
  autocompleteDebounceMs: 250,
} as const;

export { siteConfig, filingFor } from './site';
