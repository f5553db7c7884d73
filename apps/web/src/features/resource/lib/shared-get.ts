import type { Envelope } from '@mdc/contracts';
import { getResource, type Params } from '../api';

interface Flight {
  promise: Promise<Envelope<unknown>>;
  users: number;
  controller: AbortController;
}

const inflight = new Map<string, Flight>();

/** One key per address and parameters (in a stable order, blanks left out). */
export function requestKeyOf(url: string, params: Params | undefined): string {
  const entries = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${url}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * A GET shared by everyone asking for the same thing at the same time. The HTTP client cancels
 * an earlier identical request when a second one starts, so two parts of a page asking for the
 * same address (the notice and the overview both want the summary) must share one request.
 * The request is aborted only when its last user lets go.
 */
export function sharedGet<T>(url: string, params: Params | undefined): { promise: Promise<Envelope<T>>; release(): void } {
  const key = requestKeyOf(url, params);
  let flight = inflight.get(key);
  if (!flight) {
    const controller = new AbortController();
    const promise = getResource<unknown>(url, params, controller.signal).finally(() => {
      if (inflight.get(key) === created) inflight.delete(key);
    });
    const created: Flight = { promise, users: 0, controller };
    flight = created;
    inflight.set(key, created);
  }
  const mine = flight;
  mine.users += 1;
  let released = false;
  return {
    promise: mine.promise as Promise<Envelope<T>>,
    release() {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users === 0) {
        mine.controller.abort();
        if (inflight.get(key) === mine) inflight.delete(key);
      }
    },
  };
}
