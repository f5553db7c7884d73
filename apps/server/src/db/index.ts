import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export type { Db, Queryable } from './types';
import type { Db } from './types';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'home'>, options: { memory?: boolean } = {}): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(config.databaseUrl, config.databaseSchema);
  }
  const { openMemoryPglite, openPglite } = await import('./pglite');
  if (options.memory) return openMemoryPglite();
  const dir = path.join(config.home, 'db');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
