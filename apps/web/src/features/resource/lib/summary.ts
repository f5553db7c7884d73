import { useEffect, useState } from 'react';
import { resourcePaths, type ResourceSummary } from '../api';
import { sharedGet } from './shared-get';

let cached: { at: number; promise: Promise<ResourceSummary | undefined> } | undefined;
const FRESH_MS = 60_000;

/** The shelf's state (imported? importing?), asked once a minute at most across pages. */
export function loadSummary(force = false): Promise<ResourceSummary | undefined> {
  if (!force && cached && Date.now() - cached.at < FRESH_MS) return cached.promise;
  // Never released: the answer is kept for the next pages, and the request is shared with the overview's.
  const promise = sharedGet<ResourceSummary>(resourcePaths.summary, undefined)
    .promise.then((envelope) => (envelope.code === 0 ? envelope.data : undefined))
    .catch(() => undefined);
  cached = { at: Date.now(), promise };
  // A failed, "still importing" or "still starting" answer is not worth keeping.
  void promise.then((summary) => {
    if (!summary || summary.importing?.running || summary.starting) cached = undefined;
  });
  return promise;
}

export function useResourceSummary(): ResourceSummary | undefined {
  const [summary, setSummary] = useState<ResourceSummary>();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      void loadSummary().then((s) => {
        if (!live) return;
        setSummary(s);
        // Just started: the index is read within seconds to a minute; the notice goes when it is.
        if (s?.starting) timer = setTimeout(ask, 3_000);
      });
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return summary;
}
