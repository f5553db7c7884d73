import type { Db, Queryable } from '../db';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  locale: 'zh' | 'en';
  active: boolean;
  failed_logins: number;
  locked_at: Date | null;
  password_changed_at: Date;
  created_at: Date;
}

export type LinkPurpose = 'activation' | 'recovery';

export const users = {
  async byEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
    const rows = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
    return rows[0];
  },
  async byId(db: Queryable, id: number): Promise<UserRow | undefined> {
    const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0];
  },
  /**
   * Creates the account unless the address is taken, by a registration that got there first
   * (undefined then): registrations of one address at once must not end in a unique-key error.
   */
  async createIfAbsent(db: Queryable, email: string, passwordHash: string, locale: string): Promise<UserRow | undefined> {
    const rows = await db.query<UserRow>(
      'INSERT INTO users (email, password_hash, locale) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING *',
      [email, passwordHash, locale],
    );
    return rows[0];
  },
  /** Counts a failed login from any client and locks the whole account at the limit; returns the new state. */
  async recordFailure(db: Queryable, id: number, maxFailures: number): Promise<{ failed_logins: number; locked: boolean }> {
    const rows = await db.query<{ failed_logins: number; locked_at: Date | null }>(
      `UPDATE users SET failed_logins = failed_logins + 1,
         locked_at = CASE WHEN failed_logins + 1 >= $2 THEN COALESCE(locked_at, now()) ELSE locked_at END
       WHERE id = $1 RETURNING failed_logins, locked_at`,
      [id, maxFailures],
    );
    const row = rows[0]!;
    return { failed_logins: row.failed_logins, locked: row.locked_at !== null };
  },
  async clearFailures(db: Queryable, id: number) {
    await db.query('UPDATE users SET failed_logins = 0 WHERE id = $1 AND failed_logins <> 0', [id]);
  },
  async setPassword(db: Queryable, id: number, passwordHash: string) {
    await db.query(
      `UPDATE users SET password_hash = $2, password_changed_at = now(), failed_logins = 0, locked_at = NULL
       WHERE id = $1`,
      [id, passwordHash],
    );
  },
  async activate(db: Queryable, id: number, passwordHash: string | null) {
    await db.query(
      `UPDATE users SET active = true, activated_at = now(),
         password_hash = COALESCE($2, password_hash),
         password_changed_at = CASE WHEN $2::text IS NULL THEN password_changed_at ELSE now() END
       WHERE id = $1`,
      [id, passwordHash],
    );
  },
  async setLocale(db: Queryable, id: number, locale: string) {
    await db.query('UPDATE users SET locale = $2 WHERE id = $1 AND locale <> $2', [id, locale]);
  },
};

export const sessions = {
  async create(db: Queryable, userId: number, tokenHash: string, ttlHours: number, meta: { userAgent?: string; ip?: string }) {
    const rows = await db.query<{ expires_at: Date }>(
      `INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, ip)
       VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5) RETURNING expires_at`,
      [userId, tokenHash, ttlHours, meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
    );
    return rows[0]!.expires_at;
  },
  async userFor(db: Queryable, tokenHash: string): Promise<(UserRow & { session_id: number }) | undefined> {
    const rows = await db.query<UserRow & { session_id: number }>(
      `SELECT u.*, s.id AS session_id FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [tokenHash],
    );
    return rows[0];
  },
  async revoke(db: Queryable, tokenHash: string) {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  },
  async revokeAll(db: Queryable, userId: number) {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  },
};

export const mailLinks = {
  async create(db: Queryable, userId: number, purpose: LinkPurpose, tokenHash: string, ttlHours: number, passwordHash: string | null = null) {
    await db.query(
      `INSERT INTO mail_links (user_id, purpose, token_hash, expires_at, password_hash)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5)`,
      [userId, purpose, tokenHash, ttlHours, passwordHash],
    );
  },
  /** A link that is still usable: not used, not expired. */
  async find(db: Queryable, purpose: LinkPurpose, tokenHash: string) {
    const rows = await db.query<{ id: number; user_id: number; password_hash: string | null }>(
      `SELECT id, user_id, password_hash FROM mail_links
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash, purpose],
    );
    return rows[0];
  },
  /** Marks a link used; only one caller can win, so a link works exactly once. */
  async consume(db: Queryable, purpose: LinkPurpose, tokenHash: string) {
    const rows = await db.query<{ user_id: number; password_hash: string | null }>(
      `UPDATE mail_links SET used_at = now()
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id, password_hash`,
      [tokenHash, purpose],
    );
    return rows[0];
  },
  /** The user a link of this kind was sent to, whether or not it is still usable. */
  async ownerOfAny(db: Queryable, purpose: LinkPurpose, tokenHash: string) {
    const rows = await db.query<{ user_id: number }>('SELECT user_id FROM mail_links WHERE token_hash = $1 AND purpose = $2', [tokenHash, purpose]);
    return rows[0]?.user_id;
  },
  /** Once one link of a kind has been used, or a newer one sent, the user's other links of that kind are void. */
  async voidOthers(db: Queryable, userId: number, purpose: LinkPurpose) {
    await db.query('UPDATE mail_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
  },
};

/** Failed logins per account and client; see `checkCredentials` in the service for the design. */
export const loginFailures = {
  async isLocked(db: Queryable, userId: number, client: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM login_failures WHERE user_id = $1 AND client = $2 AND locked_at IS NOT NULL', [userId, client]);
    return rows.length > 0;
  },
  /** Counts a failure of this client and locks it out of the account at the limit; true when it is now locked out. */
  async record(db: Queryable, userId: number, client: string, maxFailures: number): Promise<boolean> {
    const rows = await db.query<{ locked_at: Date | null }>(
      `INSERT INTO login_failures (user_id, client, failures, locked_at)
       VALUES ($1, $2, 1, CASE WHEN 1 >= $3 THEN now() END)
       ON CONFLICT (user_id, client) DO UPDATE SET
         failures = login_failures.failures + 1,
         last_failed_at = now(),
         locked_at = CASE WHEN login_failures.failures + 1 >= $3 THEN COALESCE(login_failures.locked_at, now()) ELSE login_failures.locked_at END
       RETURNING locked_at`,
      [userId, client, maxFailures],
    );
    return rows[0]!.locked_at !== null;
  },
  async clear(db: Queryable, userId: number, client: string) {
    await db.query('DELETE FROM login_failures WHERE user_id = $1 AND client = $2', [userId, client]);
  },
  async clearAll(db: Queryable, userId: number) {
    await db.query('DELETE FROM login_failures WHERE user_id = $1', [userId]);
  },
};

/**
 * Failed logins to an address no account has, counted as `loginFailures` and `users.recordFailure`
 * count them for an account: per client, and from all clients together.
 */
export const unknownAddressFailures = {
  /** Whether this client, or all clients together, have reached their limit for the address. */
  async isLocked(db: Queryable, addressHash: string, client: string, maxAll: number): Promise<boolean> {
    const rows = await db.query<{ mine: boolean; total: number }>(
      `SELECT coalesce(bool_or(client = $2 AND locked_at IS NOT NULL), false) AS mine, coalesce(sum(failures), 0)::int AS total
         FROM login_failures_unknown WHERE address_hash = $1`,
      [addressHash, client],
    );
    return rows[0]!.mine || Number(rows[0]!.total) >= maxAll;
  },
  /** Counts a failure; true when this client, or all clients together, are now at their limit. */
  async record(db: Queryable, addressHash: string, client: string, maxFailures: number, maxAll: number): Promise<boolean> {
    const rows = await db.query<{ locked_at: Date | null }>(
      `INSERT INTO login_failures_unknown (address_hash, client, failures, locked_at)
       VALUES ($1, $2, 1, CASE WHEN 1 >= $3 THEN now() END)
       ON CONFLICT (address_hash, client) DO UPDATE SET
         failures = login_failures_unknown.failures + 1,
         last_failed_at = now(),
         locked_at = CASE WHEN login_failures_unknown.failures + 1 >= $3 THEN COALESCE(login_failures_unknown.locked_at, now()) ELSE login_failures_unknown.locked_at END
       RETURNING locked_at`,
      [addressHash, client, maxFailures],
    );
    if (rows[0]!.locked_at !== null) return true;
    const total = await db.query<{ n: number }>('SELECT coalesce(sum(failures), 0)::int AS n FROM login_failures_unknown WHERE address_hash = $1', [addressHash]);
    return Number(total[0]!.n) >= maxAll;
  },
  /**
   * The address is registered now: its clients' lock-outs carry over to the account (whoever was
   * locked out before still is; the owner, from elsewhere, is not), and the counts go.
   */
  async carryOver(db: Queryable, addressHash: string, userId: number) {
    await db.query(
      `INSERT INTO login_failures (user_id, client, failures, last_failed_at, locked_at)
       SELECT $2, client, failures, last_failed_at, locked_at FROM login_failures_unknown WHERE address_hash = $1
       ON CONFLICT (user_id, client) DO NOTHING`,
      [addressHash, userId],
    );
    await db.query('DELETE FROM login_failures_unknown WHERE address_hash = $1', [addressHash]);
  },
};

export const mailQuota = {
  /**
   * Counts a request to mail an address unless the last hour already holds `max` of them.
   * Returns 0 when counted, else the seconds until the oldest of them is an hour old.
   */
  async take(db: Db, addressHash: string, max: number): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [addressHash]);
      await tx.query(`DELETE FROM mail_requests WHERE requested_at < now() - interval '1 hour'`);
      const rows = await tx.query<{ n: number; wait: number | null }>(
        `SELECT count(*)::int AS n, ceil(extract(epoch FROM min(requested_at) + interval '1 hour' - now()))::int AS wait
           FROM mail_requests WHERE address_hash = $1`,
        [addressHash],
      );
      const { n, wait } = rows[0]!;
      if (n >= max) return Math.max(1, wait ?? 1);
      await tx.query('INSERT INTO mail_requests (address_hash) VALUES ($1)', [addressHash]);
      return 0;
    });
  },
};
