import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db';
import { loadMigrations, migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { dbKinds, postgresUrl } from '../support/portal';

// Experiments stored before per-user numbers and references existed get them from the migration:
// each user's own #1, #2… in the order they were made, a reference each, and a counter that
// carries on from there.
describe.each(dbKinds)('lab experiment numbers migration on %s', (kind) => {
  const schema = `t_mig_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  let db: Db;
  afterAll(async () => {
    if (!db) return;
    if (kind === 'postgres') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
  });

  it('numbers existing experiments per user, gives each a reference, and keeps counting', async () => {
    db = kind === 'postgres' ? await openPostgres(postgresUrl, schema) : await openPglite(undefined);
    const all = loadMigrations();
    const numbers = all.find((m) => m.name === '013_lab_numbers');
    expect(numbers).toBeDefined();
    await migrate(db, all.filter((m) => m.version < numbers!.version));
    const [a] = await db.query<{ id: number }>(`INSERT INTO users (email, password_hash) VALUES ('a@lab.example.org', 'x') RETURNING id`);
    const [b] = await db.query<{ id: number }>(`INSERT INTO users (email, password_hash) VALUES ('b@lab.example.org', 'x') RETURNING id`);
    // Interleaved, as on a shared portal: global ids 1 (a), 2 (b), 3 (a), 4 (a), 5 (b).
    const owners = [a!.id, b!.id, a!.id, a!.id, b!.id];
    for (const [i, owner] of owners.entries()) {
      await db.query(
        `INSERT INTO lab_experiment (user_id, sample_name, input, created_at) VALUES ($1, $2, '{}', now() - ($3 || ' minutes')::interval) RETURNING id`,
        [owner, `s${i}`, String(10 - i)],
      );
    }
    await migrate(db, all);
    const rows = await db.query<{ id: number; user_id: number; number: number; ref: string }>('SELECT id, user_id, number, ref FROM lab_experiment ORDER BY id');
    const [ua, ub] = [Number(a!.id), Number(b!.id)];
    expect(rows.map((r) => [Number(r.user_id), r.number])).toEqual([
      [ua, 1],
      [ub, 1],
      [ua, 2],
      [ua, 3],
      [ub, 2],
    ]);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(5);
    for (const r of rows) expect(r.ref).toMatch(/^e[0-9a-f]{16}$/);
    const counters = await db.query<{ user_id: number; last: number }>('SELECT user_id, last FROM lab_experiment_counter ORDER BY user_id');
    expect(counters.map((c) => [Number(c.user_id), c.last])).toEqual([
      [ua, 3],
      [ub, 2],
    ]);
    // Two experiments of one user cannot share a number.
    await expect(db.query(`INSERT INTO lab_experiment (user_id, sample_name, input, number, ref) VALUES ($1, 'dup', '{}', 1, 'eduplicate0000000')`, [a!.id])).rejects.toThrow();
  });
});
