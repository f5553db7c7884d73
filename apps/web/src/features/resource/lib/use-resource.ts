import { ApiCode } from '@mdc/contracts';
import { useCallback, useEffect, useState } from 'react';
import { HttpFailure, isCancelled } from '../../../lib/http';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import type { Params } from '../api';
import { requestKeyOf, sharedGet } from './shared-get';

export type LoadProblem =
  /** The server answered with an envelope that is not a success: its message is shown. */
  | { kind: 'message'; code: number; msg: string }
  /** 5xx: on the embedded database mostly "an import is running" (503). */
  | { kind: 'server'; status: number }
  | { kind: 'network' };

export interface Loaded<T> {
  data: T | undefined;
  /** The envelope's message on success (the API puts its "nothing imported yet" hint there). */
  msg: string;
  problem: LoadProblem | undefined;
  /** True while a request runs, kept at least the minimum loading time. */
  loading: boolean;
  reload(): void;
}


/**
 * GETs a Resource API address and follows it: a new address (or new params) aborts the earlier
 * request; the previous data stay on screen while the next page loads, so tables do not jump.
 * `url` null means "nothing to load yet".
 */
export function useResource<T>(url: string | null, params?: Params): Loaded<T> {
  const key = url === null ? '' : requestKeyOf(url, params);
  const [state, setState] = useState<{ key: string; data?: T; msg: string; problem?: LoadProblem }>({ key: '', msg: '' });
  const [running, setRunning] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    const request = sharedGet<T>(url, params);
    setRunning(true);
    request.promise
      .then((envelope) => {
        if (!live) return;
        if (envelope.code === ApiCode.OK) setState({ key, data: envelope.data, msg: envelope.msg });
        else setState((prev) => ({ key, data: prev.data, msg: '', problem: { kind: 'message', code: envelope.code, msg: envelope.msg } }));
      })
      .catch((error: unknown) => {
        if (!live || isCancelled(error)) return;
        const problem: LoadProblem =
          error instanceof HttpFailure && error.kind === 'http' && error.status ? { kind: 'server', status: error.status } : { kind: 'network' };
        setState((prev) => ({ key, data: prev.data, msg: '', problem }));
      })
      .finally(() => {
        if (live) setRunning(false);
      });
    return () => {
      live = false;
      request.release();
    };
    // `key` is the serialised url + params: objects rebuilt on each render must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const loading = useMinimumLoading(running);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, msg: state.msg, problem: state.key === key ? state.problem : undefined, loading, reload };
}
