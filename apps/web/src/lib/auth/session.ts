import { useSyncExternalStore } from 'react';
import type { CurrentUser, LoginResult } from '@mdc/contracts';
import { clearSession, readSession, writeSession } from '../cookies';

export interface AuthState {
  /** Bearer token from the `token` cookie, null when anonymous. */
  token: string | null;
  email: string | null;
  /** Profile from `/api/user/me`, once loaded. */
  user: CurrentUser | null;
}

function fromCookies(): AuthState {
  const session = readSession();
  return { token: session?.token ?? null, email: session?.email || null, user: null };
}

let state: AuthState = fromCookies();
const listeners = new Set<() => void>();

function set(next: AuthState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/**
 * The client-side session. Cookies are the source of truth across reloads and tabs; this store is
 * what components render from, so both are always changed together here.
 */
export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(result: LoginResult) {
    writeSession(result);
    set({ token: result.token, email: result.email, user: null });
  },
  setUser(user: CurrentUser) {
    if (state.token) set({ ...state, user, email: user.email });
  },
  /** Forgets the session: cookies removed, user reset. */
  reset() {
    clearSession();
    if (state.token || state.email || state.user) set({ token: null, email: null, user: null });
  },
  /** Picks up a login or logout that happened in another tab. */
  resync() {
    const next = fromCookies();
    if (next.token !== state.token) set(next);
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
