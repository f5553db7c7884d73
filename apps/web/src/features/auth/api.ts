import { authPaths, type ActivationResult, type CurrentUser, type LoginResult } from '@mdc/contracts';
import { api } from '../../lib/http';

export interface LoginFailureData {
  email?: string;
}

export const authApi = {
  login: (body: { email: string; password: string }) => api.post<LoginResult | LoginFailureData | null>(authPaths.login, body),
  register: (body: { email: string; password: string; repeatPassword: string }) => api.post<null>(authPaths.register, body),
  /** The page shows the outcome itself (activated, already active, FAILED!), so no toast. */
  activate: (id: string) => api.post<ActivationResult>(authPaths.activate, { id }, { toast: false }),
  /** Logging out always succeeds locally, whatever the server says. */
  logout: (email: string | null) => api.post<null>(authPaths.logout, { email: email ?? undefined }, { silent: true }),
  /** Checks a remembered token; an invalid one only ends the session, it does not force a login. */
  me: () => api.get<CurrentUser>(authPaths.me, undefined, { silent: true, progress: false }),
  forgot: (email: string) => api.post<null>(authPaths.forgotPassword, { email }),
  verifyRecovery: (id: string) => api.post<null>(authPaths.verifyRecoveryLink, { id }, { toast: false }),
  recover: (body: { id: string; password: string; repeatPassword: string }) => api.post<null>(authPaths.recoverPassword, body),
  updatePassword: (body: { email: string; oldPassword: string; password: string; repeatPassword: string }) =>
    api.post<null>(authPaths.updatePassword, body),
};
