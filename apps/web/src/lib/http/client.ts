import axios, { type AxiosResponse, type Method } from 'axios';
import { localizedPath, type Envelope, type Locale } from '@mdc/contracts';
import { appConfig } from '../../config';
import { authStore } from '../auth/session';
import { routeLocale } from '../i18n/locale';
import { loginUrl } from '../redirect';
import {
  classifyResponse,
  isSameOrigin,
  requestKey,
  retryDelayMs,
  shouldRetry,
  shouldToastCode,
  toFormBody,
} from './helpers';
import { progress } from './progress';

export interface RequestOptions {
  /** The caller handles every outcome itself: no toast, no error page, no login redirect. */
  silent?: boolean;
  /** Toast the server's `msg` for unexpected codes (default true). */
  toast?: boolean;
  /** Lets the caller abort, on top of the automatic cancellation of repeated requests. */
  signal?: AbortSignal;
  /** Show the top progress bar (default true); background calls such as suggestions turn it off. */
  progress?: boolean;
}

/** How the client reaches the UI; the app wires these to the router and the toast API. */
export interface HttpHooks {
  toast(text: string, kind: 'error' | 'warning'): void;
  navigate(to: string, options?: { replace?: boolean }): void;
}

let hooks: HttpHooks = {
  toast: (text) => console.warn(text),
  navigate: (to) => window.location.assign(to),
};

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

export type FailureKind = 'cancelled' | 'unauthorized' | 'http' | 'network';

/** Rejection of a call whose outcome the client already showed (or, when cancelled, hid). */
export class HttpFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status?: number,
  ) {
    super(kind === 'http' ? `HTTP ${status}` : kind);
    this.name = 'HttpFailure';
  }
}

export function isCancelled(error: unknown): boolean {
  return error instanceof HttpFailure && error.kind === 'cancelled';
}

const currentLocale = (): Locale => routeLocale(window.location.pathname);
const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

export const http = axios.create({
  baseURL: appConfig.apiBaseUrl,
  withCredentials: isSameOrigin(appConfig.apiBaseUrl, window.location.origin),
  headers: { Accept: 'application/json' },
  timeout: 30_000,
  // Every status is an answer to look at; `send` decides what each one means.
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  config.headers.set('local', currentLocale());
  const { token } = authStore.get();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  const method = (config.method ?? 'get').toLowerCase();
  if ((method === 'post' || method === 'put' || method === 'patch') && !(config.data instanceof FormData)) {
    config.data = toFormBody(config.data);
    config.headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  }
  return config;
});

/** The controller of the latest call per request identity. */
const inflight = new Map<string, AbortController>();

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new HttpFailure('cancelled'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new HttpFailure('cancelled'));
    });
  });
}

function answer<T>(response: AxiosResponse, options: RequestOptions, sentToken: boolean): Envelope<T> {
  const locale = currentLocale();
  const body = response.data as unknown;
  switch (classifyResponse(response.status, body)) {
    case 'answer': {
      const envelope = body as Envelope<T>;
      if (!options.silent && options.toast !== false && shouldToastCode(envelope.code) && envelope.msg) {
        hooks.toast(envelope.msg, 'error');
      }
      return envelope;
    }
    case 'unauthorized': {
      if (sentToken) authStore.reset();
      if (!options.silent) {
        const msg = (body as Partial<Envelope> | null)?.msg;
        if (typeof msg === 'string' && msg) hooks.toast(msg, 'warning');
        hooks.navigate(loginUrl(locale, currentPath()));
      }
      throw new HttpFailure('unauthorized', 401);
    }
    case 'failure': {
      if (!options.silent) hooks.navigate(`${localizedPath('/500', locale)}?status=${response.status}`);
      throw new HttpFailure('http', response.status);
    }
  }
}

async function send<T>(method: Method, url: string, payload: { params?: unknown; data?: unknown }, options: RequestOptions = {}): Promise<Envelope<T>> {
  const key = requestKey({ method, url, ...payload });
  inflight.get(key)?.abort();
  const controller = new AbortController();
  inflight.set(key, controller);
  const forward = () => controller.abort();
  options.signal?.addEventListener('abort', forward);
  if (options.signal?.aborted) controller.abort();

  const showProgress = options.progress !== false;
  if (showProgress) progress.start();
  try {
    for (let retriesDone = 0; ; retriesDone += 1) {
      const sentToken = Boolean(authStore.get().token);
      let response: AxiosResponse;
      try {
        response = await http.request({ method, url, ...payload, signal: controller.signal });
      } catch (error) {
        if (controller.signal.aborted || axios.isCancel(error)) throw new HttpFailure('cancelled');
        if (shouldRetry({ method, retriesDone, max: appConfig.retryAttempts })) {
          await sleep(retryDelayMs(retriesDone, appConfig.retryBaseDelayMs), controller.signal);
          continue;
        }
        // No answer at all: the network, a proxy or a firewall is in the way — the 404 page says so.
        if (!options.silent) hooks.navigate(localizedPath('/404', currentLocale()));
        throw new HttpFailure('network');
      }
      if (shouldRetry({ method, status: response.status, retriesDone, max: appConfig.retryAttempts })) {
        await sleep(retryDelayMs(retriesDone, appConfig.retryBaseDelayMs), controller.signal);
        continue;
      }
      return answer<T>(response, options, sentToken);
    }
  } finally {
    options.signal?.removeEventListener('abort', forward);
    if (inflight.get(key) === controller) inflight.delete(key);
    if (showProgress) progress.done();
  }
}

/** The API client: envelopes in, global handling of failures, see README of the web app. */
export const api = {
  get: <T>(url: string, params?: Record<string, unknown>, options?: RequestOptions) =>
    send<T>('GET', url, { params }, options),
  post: <T>(url: string, body?: Record<string, unknown>, options?: RequestOptions) =>
    send<T>('POST', url, { data: body }, options),
};
