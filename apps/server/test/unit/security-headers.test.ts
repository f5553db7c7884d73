import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, type SecurityHeaderOptions } from '../../src/http/security-headers';

const options: SecurityHeaderOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers worked out once', () => {
  it('are the headers @fastify/helmet sets, on answers and on not-found answers', async () => {
    const plugin = Fastify();
    await plugin.register(helmet, options);
    const once = Fastify();
    registerSecurityHeaders(once, options);
    for (const app of [plugin, once]) app.get('/x', async () => ({ ok: true }));
    for (const url of ['/x', '/missing']) {
      const [a, b] = await Promise.all([plugin.inject(url), once.inject(url)]);
      const { date: _a, ...expected } = a.headers;
      const { date: _b, ...actual } = b.headers;
      expect(actual).toEqual(expected);
      expect(actual['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses options helmet refuses, at start-up', () => {
    const app = Fastify();
    expect(() => registerSecurityHeaders(app, { ...options, contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } })).toThrow(/self/);
  });
});
