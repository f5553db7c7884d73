import { useEffect } from 'react';
import { ApiCode } from '@mdc/contracts';
import { authStore, useAuth } from '../../lib/auth/session';
import { authApi } from './api';

/**
 * Confirms a remembered token once per token and loads the profile. A rejected token (401) is
 * forgotten by the HTTP client; a private page then sends the visitor to login.
 * Also follows logins and logouts made in other tabs (cookies are shared, memory is not).
 */
export function useSessionCheck() {
  const { token } = useAuth();

  useEffect(() => {
    if (!token) return;
    let stale = false;
    authApi
      .me()
      .then((envelope) => {
        if (!stale && envelope.code === ApiCode.OK && envelope.data) authStore.setUser(envelope.data);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [token]);

  useEffect(() => {
    const resync = () => {
      if (document.visibilityState === 'visible') authStore.resync();
    };
    document.addEventListener('visibilitychange', resync);
    window.addEventListener('focus', resync);
    return () => {
      document.removeEventListener('visibilitychange', resync);
      window.removeEventListener('focus', resync);
    };
  }, []);
}
