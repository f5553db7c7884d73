import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import type { Db, Queryable } from '../../src/db/types';

// Issue 17 R2: the embedded database runs in the server's thread and answered through promises
// alone, so statements issued one after another never let the event loop reach its timers and
// sockets (autocomplete waited up to 39.6 s behind ten genome uploads). Now every statement gives
// the loop a turn. A timer already due stands for a request waiting to be answered.

let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined);
  await db.exec('CREATE TABLE t (n int)');
});
afterAll(() => db?.close());

/** Statements run back to back on `on` until a timer that is due fires: how many ran, or Infinity after 200. */
async function statementsUntilTimer(on: Queryable): Promise<number> {
  let fired = false;
  setTimeout(() => (fired = true), 0);
  const due = performance.now() + 5;
  while (performance.now() < due);
  for (let i = 1; i <= 200; i++) {
    await on.query('INSERT INTO t VALUES ($1)', [i]);
    if (fired) return i;
  }
  return Infinity;
}

describe('the embedded database between statements', () => {
  // A turn reaches the timers at the latest on the turn after the first (setImmediate resolves in
  // the loop's check phase, the timers come next): within two statements, never after 200.
  it('lets a due timer run within the first two statements of a run of them', async () => {
    expect(await statementsUntilTimer(db)).toBeLessThanOrEqual(2);
  });

  it('does so inside a transaction too', async () => {
    let ran = Infinity;
    await db.transaction(async (tx) => {
      ran = await statementsUntilTimer(tx);
    });
    expect(ran).toBeLessThanOrEqual(2);
  });
});
