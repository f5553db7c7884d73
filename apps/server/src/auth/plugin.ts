import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '@mdc/contracts';
import { ApiError } from '../http/envelope';
import type { AuthService } from './service';
import type { UserRow } from './repository';

export type AuthenticatedUser = Pick<UserRow, 'id' | 'email' | 'locale' | 'created_at' | 'password_changed_at'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a valid bearer token. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a logged-in user: HTTP 401 otherwise. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_\-]{16,128})\s*$/.exec(header);
  return match?.[1];
}

/**
 * Resolves the bearer token on every request. A token that is present but garbage, expired or
 * revoked is an error only where a route needs a user, so public pages keep working.
 */
export const authPlugin = fp<{ auth: AuthService }>(async (app, { auth }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.headers.authorization) return;
    const token = bearerToken(request);
    const found = token ? await auth.userForToken(token) : undefined;
    request.user = found
      ? { id: found.id, email: found.email, locale: found.locale, created_at: found.created_at, password_changed_at: found.password_changed_at }
      : null;
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw new ApiError(ApiCode.UNAUTHORIZED, 401);
  });
});
