import { useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth/session';
import { blastApi, type IdentificationMethod, type Marker } from './api';

/** An identification submitted without an account: its link and the token that claims it later. */
export interface LocalTask {
  id: string;
  token: string;
  method: IdentificationMethod;
  createdAt: string;
  itemCount: number;
}

/** Entries kept by an earlier version name the marker and count sequences. */
function upgrade(task: LocalTask & { marker?: Marker; sequenceCount?: number }): LocalTask {
  return { id: task.id, token: task.token, createdAt: task.createdAt, method: task.method ?? task.marker ?? '16S', itemCount: task.itemCount ?? task.sequenceCount ?? 1 };
}

const KEY = 'mdc.blast.anonymousTasks';
/** Enough for a long session at the bench; the oldest fall off. */
const MAX = 50;

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

export function readLocalTasks(): LocalTask[] {
  try {
    const raw = storage()?.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.filter((t): t is LocalTask => typeof t?.id === 'string' && typeof t?.token === 'string').map(upgrade) : [];
  } catch {
    return [];
  }
}

function writeLocalTasks(list: LocalTask[]): void {
  try {
    if (list.length) storage()?.setItem(KEY, JSON.stringify(list.slice(0, MAX)));
    else storage()?.removeItem(KEY);
  } catch {
    // Private browsing or a full storage: the result stays reachable by its link.
  }
}

export function rememberLocalTask(task: LocalTask): void {
  writeLocalTasks([task, ...readLocalTasks().filter((t) => t.id !== task.id)]);
}

export function forgetLocalTasks(ids: readonly string[]): void {
  const gone = new Set(ids);
  writeLocalTasks(readLocalTasks().filter((t) => !gone.has(t.id)));
}

export function localTokenFor(id: string): string | undefined {
  return readLocalTasks().find((t) => t.id === id)?.token;
}

let claiming: Promise<string[]> | undefined;

/**
 * Once a user is logged in, the identifications this browser made anonymously move into their
 * history (the server accepts each token once); tasks that no longer exist are forgotten too.
 * Resolves to the ids moved; shared by every page that calls it at the same time.
 */
export function claimLocalTasks(): Promise<string[]> {
  const tokens = readLocalTasks().map((t) => t.token);
  if (tokens.length === 0) return Promise.resolve([]);
  claiming ??= blastApi
    .claim(tokens)
    .then((answer) => {
      if (answer.code !== 0) return [];
      // A token the server did not take belonged to a deleted task or was claimed elsewhere:
      // every token sent is done with either way.
      const sent = new Set(tokens);
      writeLocalTasks(readLocalTasks().filter((t) => !sent.has(t.token)));
      return answer.data.claimed;
    })
    .catch(() => [])
    .finally(() => {
      claiming = undefined;
    });
  return claiming;
}

/** Claims this browser's anonymous tasks when a user is logged in; the ids claimed by this page. */
export function useClaimLocalTasks(): string[] {
  const { token } = useAuth();
  const [claimed, setClaimed] = useState<string[]>([]);
  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    void claimLocalTasks().then((ids) => {
      if (live && ids.length) setClaimed(ids);
    });
    return () => {
      live = false;
    };
  }, [token]);
  return claimed;
}
