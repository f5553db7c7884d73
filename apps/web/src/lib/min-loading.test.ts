import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atLeast, remainingLoadingMs } from './min-loading';

describe('remainingLoadingMs', () => {
  it('holds a fast load until the minimum has passed', () => {
    expect(remainingLoadingMs(1000, 1050, 200)).toBe(150);
  });
  it('lets a slow load go at once', () => {
    expect(remainingLoadingMs(1000, 1300, 200)).toBe(0);
    expect(remainingLoadingMs(1000, 1200, 200)).toBe(0);
  });
  it('has nothing to hold when nothing was shown', () => {
    expect(remainingLoadingMs(null, 5000, 200)).toBe(0);
  });
});

describe('atLeast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a quick result back until the minimum has passed', async () => {
    let settled: string | undefined;
    void atLeast(Promise.resolve('ok'), 200).then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(150);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe('ok');
  });

  it('passes failures on after the same minimum', async () => {
    let failure: unknown;
    void atLeast(Promise.reject(new Error('boom')), 200).catch((e: unknown) => (failure = e));
    await vi.advanceTimersByTimeAsync(199);
    expect(failure).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((failure as Error).message).toBe('boom');
  });
});
