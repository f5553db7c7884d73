import { afterAll, describe, expect, it } from 'vitest';
import { BudgetExceeded, budgetShortfall, ThreadPool } from '../../src/jobs/thread-pool';

const pool = new ThreadPool<{ work: 'echo' | 'spin' | 'hoard' | 'fail'; value?: number }, number>({
  url: new URL('./support/budget-thread.mjs', import.meta.url),
  size: 1,
  budget: { timeMs: 4_000, memoryMb: 64 },
});
afterAll(() => pool.close());

describe('worker threads with a budget', () => {
  it('answers work, and a failure in the thread is an error of that piece of work only', async () => {
    expect(await pool.run({ work: 'echo', value: 21 })).toBe(42);
    await expect(pool.run({ work: 'fail' })).rejects.toThrow('the input was not a report');
    expect(await pool.run({ work: 'echo', value: 2 })).toBe(4);
  });

  it('stops a thread that runs over its time, and the next piece of work gets a new thread', async () => {
    const error = await pool.run({ work: 'spin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExceeded);
    expect((error as BudgetExceeded).kind).toBe('time');
    expect(await pool.run({ work: 'echo', value: 5 })).toBe(10);
  });

  it('stops a thread that runs over its heap without taking the process down', async () => {
    const error = await pool.run({ work: 'hoard' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExceeded);
    expect((error as BudgetExceeded).kind).toBe('memory');
    expect(await pool.run({ work: 'echo', value: 7 })).toBe(14);
  });

  it('answers work over its budget with the caller’s refusal (runWithin), saying in both languages what ran out', async () => {
    const refuse = (error: BudgetExceeded) => new Error(`refused: ${budgetShortfall(error, { zh: '写完', en: 'write' }).en} / ${budgetShortfall(error, { zh: '写完', en: 'write' }).zh}`);
    await expect(pool.runWithin({ work: 'spin' }, refuse)).rejects.toThrow('refused: it took longer than 4 s to write / 超过 4 秒仍未写完');
    await expect(pool.runWithin({ work: 'hoard' }, refuse)).rejects.toThrow('refused: it needed more than 64 MB of memory / 需要超过 64 MB 内存');
    // Other failures are not budget refusals.
    await expect(pool.runWithin({ work: 'fail' }, refuse)).rejects.toThrow('the input was not a report');
    expect(await pool.runWithin({ work: 'echo', value: 3 }, refuse)).toBe(6);
  });

  it('queues work beyond its threads instead of starting more', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((value) => pool.run({ work: 'echo', value })));
    expect(answers).toEqual([2, 4, 6, 8]);
  });
});
