import { matchPage } from '@mdc/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authStore } from '../../lib/auth/session';
import { routeLocale } from '../../lib/i18n/locale';
import { loginUrl } from '../../lib/redirect';
import { authApi } from './api';

/**
 * Ends the session: tells the server (which revokes the token), removes both cookies and resets the
 * user. On a private page the visitor goes to login with a way back; on a public page they stay.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { email } = authStore.get();
    const here = window.location.pathname + window.location.search;
    const page = matchPage(window.location.pathname);
    await authApi.logout(email).catch(() => undefined);
    authStore.reset();
    if (page && !page.public) navigate(loginUrl(routeLocale(window.location.pathname), here), { replace: true });
  }, [navigate]);
}
