import { ApiCode, type Locale, type LoginResult, localizedPath } from '@mdc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { ApiError } from '../http/envelope';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import { decoyHash, hashPassword, verifyPassword } from './password-hash';
import { loginFailures, mailLinks, mailQuota, sessions, unknownAddressFailures, users, type UserRow } from './repository';
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

/** Where a login or password change comes from: `clientKey` of the request's address. */
export interface ClientMeta {
  client: string;
  userAgent?: string;
  ip?: string;
}

function mailQuotaTexts(seconds: number): Record<Locale, string> {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return {
    zh: `发往该邮箱的邮件已达上限，请先查看收件箱（包括垃圾邮件），或 ${minutes} 分钟后再试。`,
    en: `Too many emails have been sent to this address. Please check your inbox (and spam folder), or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  };
}

/** An address as the failure counts of unregistered addresses know it: hashed, case aside. */
const addressKey = (email: string) => hashSecret(`login-to:${email.toLowerCase()}`);

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

  /**
   * Lock-out that a stranger cannot turn against the owner. Failed logins are counted per
   * account and client (its address, an IPv6 client by its /64; forwarding headers only from
   * TRUST_PROXY). A client that fails `maxFailedLogins` times is locked out of that account
   * (code 2017) while the owner, logging in from elsewhere, is not: knowing an address is no
   * longer enough to lock its account. Only failures from all clients together reaching
   * `maxFailedLoginsAccount` — guessing spread over many addresses — lock the whole account.
   * Either lock is lifted by the mailed recovery link alone (the mailbox proves the owner); a
   * successful login clears its client's count and the account's.
   */
  async function checkCredentials(user: UserRow, password: string, client: string) {
    if (user.locked_at || (await loginFailures.isLocked(db, user.id, client))) throw new ApiError(ApiCode.ACCOUNT_LOCKED, 403);
    if (!(await verifyPassword(password, user.password_hash))) {
      const clientLocked = await loginFailures.record(db, user.id, client, security.maxFailedLogins);
      const account = await users.recordFailure(db, user.id, security.maxFailedLoginsAccount);
      if (clientLocked || account.locked) {
        log.warn({ userId: user.id, client, accountLocked: account.locked }, 'login locked after repeated failures');
        throw new ApiError(ApiCode.ACCOUNT_LOCKED, 403);
      }
      return false;
    }
    return true;
  }

  /**
   * Every request that mails an address counts against that address, whoever sends it and
   * whether or not the address is registered (so the answer tells nothing about it): an inbox
   * gets at most `mailPerAddress` of our mails an hour. The last link sent stays valid, so the
   * owner is not locked out of recovery by someone else's requests.
   */
  async function takeMailQuota(email: string) {
    const max = config.rateLimit.mailPerAddress;
    if (max <= 0) return;
    const wait = await mailQuota.take(db, hashSecret(`mail-to:${email.toLowerCase()}`), max);
    if (wait > 0) throw new ApiError(ApiCode.TOO_MANY_REQUESTS, 429, mailQuotaTexts(wait), { retryAfterSeconds: wait });
  }

  return {
    async register(email: string, password: string, locale: Locale): Promise<void> {
      await takeMailQuota(email);
      // Hash first, whatever happens next, so that every branch takes the same time.
      const passwordHash = await hashPassword(password);
      const existing = await users.byEmail(db, email);
      if (existing?.active) {
        sendLater(renderMail('alreadyRegistered', locale, email, link(locale, '/forgotPassword'), 0));
        return;
      }
      const mail = await db.transaction(async (tx) => {
        const created = existing ? undefined : await users.createIfAbsent(tx, email, passwordHash, locale);
        // Another registration of the address got there first: answered as if it had been there before.
        const user = existing ?? created ?? (await users.byEmail(tx, email))!;
        if (created) await unknownAddressFailures.carryOver(tx, addressKey(email), created.id);
        if (!created && user.active) return renderMail('alreadyRegistered', locale, email, link(locale, '/forgotPassword'), 0);
        return sendActivation(tx, user, locale, created ? null : passwordHash);
      });
      sendLater(mail);
    },

    /**
     * Activates the account of a mailed link. The link works once; opened again (a second click,
     * a mail client's preview) it answers that the account is already active rather than failing.
     */
    async activate(secret: string): Promise<{ alreadyActive: boolean }> {
      return db.transaction(async (tx) => {
        const used = await mailLinks.consume(tx, 'activation', hashSecret(secret));
        if (!used) {
          const owner = await mailLinks.ownerOfAny(tx, 'activation', hashSecret(secret));
          const user = owner === undefined ? undefined : await users.byId(tx, owner);
          if (user?.active) return { alreadyActive: true };
          throw new ApiError(ApiCode.ACTIVATION_LINK_INVALID, 400);
        }
        await users.activate(tx, used.user_id, used.password_hash);
        await mailLinks.voidOthers(tx, used.user_id, 'activation');
        return { alreadyActive: false };
      });
    },

    async login(email: string, password: string, meta: ClientMeta): Promise<LoginResult> {
      const user = await users.byEmail(db, email);
      if (!user) {
        // Counted and locked as an account's would be, so that the answers tell nothing about it.
        const address = addressKey(email);
        if (await unknownAddressFailures.isLocked(db, address, meta.client, security.maxFailedLoginsAccount)) throw new ApiError(ApiCode.ACCOUNT_LOCKED, 403);
        await verifyPassword(password, await decoyHash());
        if (await unknownAddressFailures.record(db, address, meta.client, security.maxFailedLogins, security.maxFailedLoginsAccount)) {
          throw new ApiError(ApiCode.ACCOUNT_LOCKED, 403);
        }
        throw new ApiError(ApiCode.LOGIN_FAILED, 400);
      }
      if (!(await checkCredentials(user, password, meta.client))) throw new ApiError(ApiCode.LOGIN_FAILED, 400);
      await users.clearFailures(db, user.id);
      await loginFailures.clear(db, user.id, meta.client);
      if (!user.active) throw new ApiError(ApiCode.ACCOUNT_INACTIVE, 403);
      if (isPasswordExpired(user)) throw new ApiError(ApiCode.PASSWORD_EXPIRED, 403, undefined, { email: user.email });
      const token = newSecret();
      const expiresAt = await sessions.create(db, user.id, hashSecret(token), security.sessionTtlHours, { userAgent: meta.userAgent, ip: meta.ip });
      return { token, email: user.email, expiresAt: new Date(expiresAt).toISOString() };
    },

    async userForToken(token: string) {
      return sessions.userFor(db, hashSecret(token));
    },

    async logout(token: string | undefined) {
      if (token) await sessions.revoke(db, hashSecret(token));
    },

    async forgotPassword(email: string, locale: Locale): Promise<void> {
      await takeMailQuota(email);
      const user = await users.byEmail(db, email);
      if (!user) return;
      const secret = newSecret();
      // Only the newest reset link works: one left in an older mail is void.
      await db.transaction(async (tx) => {
        await mailLinks.voidOthers(tx, user.id, 'recovery');
        await mailLinks.create(tx, user.id, 'recovery', hashSecret(secret), security.recoveryTtlHours);
      });
      sendLater(renderMail('recovery', locale, user.email, link(locale, `/forgotPassword/recover/${secret}`), security.recoveryTtlHours));
    },

    async checkRecoveryLink(secret: string): Promise<{ email: string }> {
      const found = await mailLinks.find(db, 'recovery', hashSecret(secret));
      const user = found && (await users.byId(db, found.user_id));
      if (!user) throw new ApiError(ApiCode.RECOVERY_LINK_INVALID, 400);
      return { email: user.email };
    },

    /**
     * The mailbox link is the only way back into a locked account: it sets the password, unlocks
     * (for every client) and activates. Like a change of password it refuses the current
     * password; a refusal leaves the link usable.
     */
    async recoverPassword(secret: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const link = await mailLinks.find(tx, 'recovery', hashSecret(secret));
        const user = link && (await users.byId(tx, link.user_id));
        if (!user) throw new ApiError(ApiCode.RECOVERY_LINK_INVALID, 400);
        if (await verifyPassword(password, user.password_hash)) throw new ApiError(ApiCode.PASSWORD_REUSED, 400);
        const used = await mailLinks.consume(tx, 'recovery', hashSecret(secret));
        if (!used) throw new ApiError(ApiCode.RECOVERY_LINK_INVALID, 400);
        await users.setPassword(tx, used.user_id, passwordHash);
        await users.activate(tx, used.user_id, null);
        await loginFailures.clearAll(tx, used.user_id);
        await sessions.revokeAll(tx, used.user_id);
        await mailLinks.voidOthers(tx, used.user_id, 'recovery');
      });
    },

    async updatePassword(email: string, oldPassword: string, newPassword: string, client: string): Promise<void> {
      const user = await users.byEmail(db, email);
      if (!user) {
        await verifyPassword(oldPassword, await decoyHash());
        throw new ApiError(ApiCode.OLD_PASSWORD_WRONG, 400);
      }
      if (!(await checkCredentials(user, oldPassword, client))) throw new ApiError(ApiCode.OLD_PASSWORD_WRONG, 400);
      if (!user.active) throw new ApiError(ApiCode.ACCOUNT_INACTIVE, 403);
      if (oldPassword === newPassword) throw new ApiError(ApiCode.PASSWORD_REUSED, 400);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.setPassword(tx, user.id, passwordHash);
        await loginFailures.clearAll(tx, user.id);
        await sessions.revokeAll(tx, user.id);
        // A reset link mailed before the change must not undo it.
        await mailLinks.voidOthers(tx, user.id, 'recovery');
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
