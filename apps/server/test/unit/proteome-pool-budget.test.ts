import { afterAll, describe, expect, it } from 'vitest';
import { BudgetExceeded } from '../../src/jobs/thread-pool';
import { overBudgetText, ProteomePool } from '../../src/blast/proteome/pool';
import { flexZip, maldiquantSpots, platePositions } from '../../src/blast/proteome/test-spectra';

// The 72 MALDIquant example spectra (MALDIquantExamples, Gibb & Strimmer; ../shared/data/maldi),
// eight times over in one flex zip: reading and preprocessing 576 spots takes the thread well over
// 10 s, far over the budget of 1.5 s given here, while reading one spot takes milliseconds.
const spots = await maldiquantSpots();
const many = (times: number) => Array.from({ length: times }, () => spots).flat();
const plate = flexZip(many(8), platePositions(spots.length * 8));
const oneSpot = flexZip(spots.slice(0, 1), platePositions(1));

describe('the proteome thread has a time and memory budget', () => {
  const pool = new ProteomePool({ timeMs: 1_500, memoryMb: 1024 });
  afterAll(() => pool.close());

  it('stops a plate that runs over its time, says so in both languages, and the next file gets a new thread', async () => {
    // A file within the budget is answered (the thread's start is not counted against it).
    expect(await pool.read('one.zip', oneSpot)).toHaveLength(1);
    // One spot sent while the plate works waits its turn, and is not failed with the plate.
    const [error, behind] = await Promise.all([pool.identify('plate.zip', plate, [], { profilePoints: 500 }).catch((e: unknown) => e), pool.read('one.zip', oneSpot)]);
    expect(error).toBeInstanceOf(BudgetExceeded);
    expect((error as BudgetExceeded).kind).toBe('time');
    const text = overBudgetText(error as BudgetExceeded);
    expect(text.zh).toContain('超过 1.5 秒');
    expect(text.en).toContain('longer than 1.5 s');
    expect(text.zh).not.toMatch(/[A-Za-z]{4,}/);
    expect(behind.map((s) => s.spot)).toEqual(platePositions(1));
  });
});

describe('a thread over its heap fails that work only', () => {
  // 288 spots held at once need far more than a 16 MB heap.
  const pool = new ProteomePool({ timeMs: 60_000, memoryMb: 16 });
  afterAll(() => pool.close());

  it('answers BudgetExceeded (memory), not a crash of the process', async () => {
    const error = await pool.identify('plate.zip', flexZip(many(4), platePositions(spots.length * 4)), [], { profilePoints: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExceeded);
    expect((error as BudgetExceeded).kind).toBe('memory');
    expect(overBudgetText(error as BudgetExceeded).en).toContain('more than 16 MB');
    expect(overBudgetText(error as BudgetExceeded).zh).toContain('超过 16 MB 内存');
  });
});
