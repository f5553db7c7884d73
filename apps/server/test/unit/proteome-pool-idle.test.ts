import { afterAll, describe, expect, it, vi } from 'vitest';
import { ProteomePool } from '../../src/blast/proteome/pool';
import { flexZip, maldiquantSpots, platePositions } from '../../src/blast/proteome/test-spectra';

// Issue 28 (memory): a proteome thread kept its heap (the protein table, the last plate) for as
// long as the server ran. An idle one ends; the next file starts another.
const spots = await maldiquantSpots();
const oneSpot = flexZip(spots.slice(0, 1), platePositions(1));

describe('an idle proteome thread ends', () => {
  const pool = new ProteomePool({ timeMs: 60_000, memoryMb: 1024 }, 300);
  afterAll(() => pool.close());

  it('ends the thread after its idle time, and the next file gets a new one', async () => {
    expect(await pool.read('one.zip', oneSpot)).toHaveLength(1);
    await vi.waitFor(() => expect(pool.threads).toBe(0), { timeout: 30_000, interval: 50 });
    expect(await pool.read('one.zip', oneSpot)).toHaveLength(1);
  });

  it('keeps a thread that has work', async () => {
    // Work sent back to back never waits for a new thread: the idle timer is cleared by each piece.
    const answers = await Promise.all([pool.read('a.zip', oneSpot), pool.read('b.zip', oneSpot), pool.read('c.zip', oneSpot)]);
    expect(answers.map((a) => a.length)).toEqual([1, 1, 1]);
    expect(pool.threads).toBe(1);
  });
});
