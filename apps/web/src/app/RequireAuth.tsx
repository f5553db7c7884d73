import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth/session';
import { routeLocale } from '../lib/i18n/locale';
import { loginUrl } from '../lib/redirect';

/** Private pages: anonymous visitors go to login and come back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const location = useLocation();
  if (!token) {
    const here = location.pathname + location.search + location.hash;
    return <Navigate to={loginUrl(routeLocale(location.pathname), here)} replace />;
  }
  return children;
}
