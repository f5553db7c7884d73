import { ApiCode, type Locale, type LoginResult, localizedPath } from '@mdc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { ApiError } from '../http/envelope';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import { decoyHash, hashPassword, verifyPassword } from './password-hash';
import { mailLinks, sessions, users, type UserRow } from './repository';
import { hashSecret, newSecret } from './secrets';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

export const passwordChangedTexts: Record<Locale, string> = {
  zh: '修改成功，请重新登录',
  en: 'Success, please log in again',
};

export function createAuthService({ db, mailer, config, log }: AuthDeps) {
  const security = config.security;

  function link(locale: Locale, path: string) {
    return config.publicUrl + localizedPath(path, locale);
  }

  /**
   * Mail goes out after the answer is decided and never changes it: a slow or failing mail
   * server must not reveal whether an address exists, nor turn a done registration into an error.
   */
  function sendLater(mail: Parameters<Mailer['send']>[0]) {
    mailer.send(mail).catch((error: unknown) => log.error({ err: error, to: mail.to }, 'sending mail failed'));
  }

  async function sendActivation(q: Queryable, user: Pick<UserRow, 'id' | 'email'>, locale: Locale, passwordHash: string | null) {
    const secret = newSecret();
    await mailLinks.create(q, user.id, 'activation', hashSecret(secret), security.activationTtlHours, passwordHash);
    return renderMail('activation', locale, user.email, link(locale, `/register/verify/${secret}`), security.activationTtlHours);
  }

  function isPasswordExpired(user: UserRow) {
    if (security.passwordMaxAgeDays <= 0) return false;
    const ageMs = Date.now() - new Date(user.password_changed_at).getTime();
    return ageMs > security.passwordMaxAgeDays * 24 * 3600 * 1000;
  }

  /** Checks a password against an account, counting failures and locking at the limit. */
  async function checkCredentials(user: UserRow, password: string) {
    if (user.locked_at) throw new ApiError(ApiCode.ACCOUNT_LOCKED, 403);
    if (!(await verifyPassword(password, user.password_hash))) {
      const state = await users.recordFailure(db, user.id, security.maxFailedLogins);
      if (state.locked) {
        log.warn({ userId: user.id }, 'account locked after repeated failed logins');
        throw new ApiError(ApiCode.ACCOUNT_LOCKED, 403);
      }
      return false;
    }
    return true;
  }

  return {
    async register(email: string, password: string, locale: Locale): Promise<void> {
      // Hash first, whatever happens next, so that every branch takes the same time.
      const passwordHash = await hashPassword(password);
      const existing = await users.byEmail(db, email);
      if (existing?.active) {
        sendLater(renderMail('alreadyRegistered', locale, email, link(locale, '/forgotPassword'), 0));
        return;
      }
      const mail = await db.transaction(async (tx) => {
        const user = existing ?? (await users.create(tx, email, passwordHash, locale));
        return sendActivation(tx, user, locale, existing ? passwordHash : null);
      });
      sendLater(mail);
    },

    async activate(secret: string): Promise<void> {
      await db.transaction(async (tx) => {
        const used = await mailLinks.consume(tx, 'activation', hashSecret(secret));
        if (!used) throw new ApiError(ApiCode.ACTIVATION_LINK_INVALID, 400);
        await users.activate(tx, used.user_id, used.password_hash);
        await mailLinks.voidOthers(tx, used.user_id, 'activation');
      });
    },

    async login(email: string, password: string, meta: { userAgent?: string; ip?: string }): Promise<LoginResult> {
      const user = await users.byEmail(db, email);
      if (!user) {
        await verifyPassword(password, await decoyHash());
        throw new ApiError(ApiCode.LOGIN_FAILED, 400);
      }
      if (!(await checkCredentials(user, password))) throw new ApiError(ApiCode.LOGIN_FAILED, 400);
      await users.clearFailures(db, user.id);
      if (!user.active) throw new ApiError(ApiCode.ACCOUNT_INACTIVE, 403);
      if (isPasswordExpired(user)) throw new ApiError(ApiCode.PASSWORD_EXPIRED, 403, undefined, { email: user.email });
      const token = newSecret();
      const expiresAt = await sessions.create(db, user.id, hashSecret(token), security.sessionTtlHours, meta);
      return { token, email: user.email, expiresAt: new Date(expiresAt).toISOString() };
    },

    async userForToken(token: string) {
      return sessions.userFor(db, hashSecret(token));
    },

    async logout(token: string | undefined) {
      if (token) await sessions.revoke(db, hashSecret(token));
    },

    async forgotPassword(email: string, locale: Locale): Promise<void> {
      const user = await users.byEmail(db, email);
      if (!user) return;
      const secret = newSecret();
      await mailLinks.create(db, user.id, 'recovery', hashSecret(secret), security.recoveryTtlHours);
      sendLater(renderMail('recovery', locale, user.email, link(locale, `/forgotPassword/recover/${secret}`), security.recoveryTtlHours));
    },

    async checkRecoveryLink(secret: string): Promise<{ email: string }> {
      const found = await mailLinks.find(db, 'recovery', hashSecret(secret));
      const user = found && (await users.byId(db, found.user_id));
      if (!user) throw new ApiError(ApiCode.RECOVERY_LINK_INVALID, 400);
      return { email: user.email };
    },

    /** The mailbox link is the only way back into a locked account: it sets the password, unlocks and activates. */
    async recoverPassword(secret: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const used = await mailLinks.consume(tx, 'recovery', hashSecret(secret));
        if (!used) throw new ApiError(ApiCode.RECOVERY_LINK_INVALID, 400);
        await users.setPassword(tx, used.user_id, passwordHash);
        await users.activate(tx, used.user_id, null);
        await sessions.revokeAll(tx, used.user_id);
        await mailLinks.voidOthers(tx, used.user_id, 'recovery');
      });
    },

    async updatePassword(email: string, oldPassword: string, newPassword: string): Promise<void> {
      const user = await users.byEmail(db, email);
      if (!user) {
        await verifyPassword(oldPassword, await decoyHash());
        throw new ApiError(ApiCode.OLD_PASSWORD_WRONG, 400);
      }
      if (!(await checkCredentials(user, oldPassword))) throw new ApiError(ApiCode.OLD_PASSWORD_WRONG, 400);
      if (!user.active) throw new ApiError(ApiCode.ACCOUNT_INACTIVE, 403);
      if (oldPassword === newPassword) throw new ApiError(ApiCode.PASSWORD_REUSED, 400);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.setPassword(tx, user.id, passwordHash);
        await sessions.revokeAll(tx, user.id);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
