import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3,}_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, file.indexOf('_'))),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * Applies the migrations the database has not seen, each in its own transaction. An advisory
 * lock keeps a server and its worker processes from migrating the same database at once.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  // Those already applied are skipped without a transaction each (a database started from an image has them all).
  const seenBefore = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
  for (const migration of migrations) {
    if (seenBefore.has(migration.version)) continue;
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(4242001)');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}

/** Migrations are plain statements separated by `;` at line ends (no functions with bodies). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
