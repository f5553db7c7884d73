import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationBody,
  activationResult,
  authPaths,
  currentUser,
  forgotPasswordBody,
  loginBody,
  loginResult,
  logoutBody,
  recoverPasswordBody,
  recoveryLinkBody,
  registerBody,
  updatePasswordBody,
} from '@mdc/contracts';
import { clientKey } from '../http/client';
import { ok, requestLocale } from '../http/envelope';
import { envelopeOf } from '../http/openapi';
import { bearerToken } from './plugin';
import { passwordChangedTexts, type AuthService } from './service';

const alreadyActive = {
  zh: '该账号已激活，请直接登录。',
  en: 'This account is already activated. Please log in.',
};

const sent = {
  register: {
    zh: '激活邮件已发送，请查收邮件并点击其中的链接完成注册。',
    en: 'An activation email has been sent. Please follow the link in it to complete your registration.',
  },
  forgot: {
    zh: '如果该邮箱已注册，重置密码的邮件已发送，请查收。',
    en: 'If this address is registered, an email with a reset link has been sent.',
  },
};

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; limits: { login: number; mail: number } }> = async (
  app,
  { auth, limits },
) => {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const tags = ['accounts'];

  app.post(
    authPaths.register,
    {
      config: perMinute(limits.mail),
      schema: {
        tags,
        summary: 'Register: creates an inactive account and mails an activation link',
        description: 'Answers the same whether or not the address is already registered.',
        body: registerBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      await auth.register(request.body.email, request.body.password, requestLocale(request));
      return ok(request, reply, null, sent.register);
    },
  );

  app.post(
    authPaths.activate,
    {
      schema: {
        tags,
        summary: 'Activate an account with the id from the activation mail (single use)',
        description: 'The link works once; opened again for an account that is active it answers code 0 with `alreadyActive: true`.',
        body: activationBody,
        response: { 200: envelopeOf(activationResult) },
      },
    },
    async (request, reply) => {
      const result = await auth.activate(request.body.id);
      return ok(request, reply, result, result.alreadyActive ? alreadyActive : undefined);
    },
  );

  app.post(
    authPaths.login,
    {
      config: perMinute(limits.login),
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        description:
          'Code 2016: the password is older than the allowed age and must be changed first. Code 2017: locked after repeated failures — this client (after MAX_FAILED_LOGINS failures of its own) or the whole account (after MAX_FAILED_LOGINS_ACCOUNT failures from all clients); only the mailed recovery link unlocks it.',
        body: loginBody,
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body.email, request.body.password, {
        client: clientKey(request.ip),
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      return ok(request, reply, result);
    },
  );

  app.post(
    authPaths.logout,
    { schema: { tags, summary: 'Log out: revokes the bearer token of this request', body: logoutBody.optional(), response: { 200: envelopeOf(z.null()) } } },
    async (request, reply) => {
      await auth.logout(bearerToken(request));
      return ok(request, reply, null);
    },
  );

  app.get(
    authPaths.me,
    { preHandler: app.requireUser, schema: { tags, summary: 'The logged-in user', security: [{ bearer: [] }], response: { 200: envelopeOf(currentUser) } } },
    async (request, reply) => {
      const user = request.user!;
      return ok(request, reply, {
        email: user.email,
        locale: user.locale,
        createdAt: new Date(user.created_at).toISOString(),
        passwordChangedAt: new Date(user.password_changed_at).toISOString(),
      });
    },
  );

  app.post(
    authPaths.forgotPassword,
    {
      config: perMinute(limits.mail),
      schema: { tags, summary: 'Mail a password reset link (the newest link voids older ones)', description: 'Answers the same whether or not the address is registered. Limited per client and per target address (HTTP 429, code 1003).', body: forgotPasswordBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email, requestLocale(request));
      return ok(request, reply, null, sent.forgot);
    },
  );

  app.post(
    authPaths.verifyRecoveryLink,
    { config: perMinute(limits.login), schema: { tags, summary: 'Check that a reset link is still valid (does not use it)', body: recoveryLinkBody, response: { 200: envelopeOf(z.object({ email: z.string() })) } } },
    async (request, reply) => ok(request, reply, await auth.checkRecoveryLink(request.body.id)),
  );

  app.post(
    authPaths.recoverPassword,
    { config: perMinute(limits.login), schema: { tags, summary: 'Set a new password with a reset link (single use); unlocks the account and ends all sessions', body: recoverPasswordBody, response: { 200: envelopeOf(z.null()) } } },
    async (request, reply) => {
      await auth.recoverPassword(request.body.id, request.body.password);
      return ok(request, reply, null, passwordChangedTexts);
    },
  );

  app.post(
    authPaths.updatePassword,
    {
      config: perMinute(limits.login),
      schema: { tags, summary: 'Change the password with the old one; ends all sessions', body: updatePasswordBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request, reply) => {
      // A logged-in user changes their own password, whatever e-mail the form carries.
      const email = request.user?.email ?? request.body.email;
      await auth.updatePassword(email, request.body.oldPassword, request.body.password, clientKey(request.ip));
      return ok(request, reply, null, passwordChangedTexts);
    },
  );
};
