import type { Queryable } from '../db';

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
  async create(db: Queryable, email: string, passwordHash: string, locale: string): Promise<UserRow> {
    const rows = await db.query<UserRow>(
      'INSERT INTO users (email, password_hash, locale) VALUES ($1, $2, $3) RETURNING *',
      [email, passwordHash, locale],
    );
    return rows[0]!;
  },
  /** Counts a failed login and locks the account when the limit is reached; returns the new state. */
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
  /** Once one link of a kind has been used, the user's other links of that kind are void. */
  async voidOthers(db: Queryable, userId: number, purpose: LinkPurpose) {
    await db.query('UPDATE mail_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
  },
};
