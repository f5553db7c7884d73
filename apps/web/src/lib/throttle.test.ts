import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one trailing call with the latest arguments', () => {
    const seen: number[] = [];
    const t = throttle((y: number) => seen.push(y), 200);
    t(10);
    t(20);
    t(30);
    t(40);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(199);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([10, 40]);
  });

  it('runs at most once per window during a long stream of events', () => {
    let calls = 0;
    const t = throttle(() => (calls += 1), 200);
    for (let ms = 0; ms < 1000; ms += 10) {
      t();
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(200);
    // 1000 ms of events → one call per 200 ms window plus the trailing one.
    expect(calls).toBeGreaterThanOrEqual(5);
    expect(calls).toBeLessThanOrEqual(6);
  });

  it('runs immediately again once the window has passed', () => {
    const seen: string[] = [];
    const t = throttle((v: string) => seen.push(v), 200);
    t('a');
    vi.advanceTimersByTime(500);
    t('b');
    expect(seen).toEqual(['a', 'b']);
  });

  it('cancel drops the pending trailing call', () => {
    const seen: string[] = [];
    const t = throttle((v: string) => seen.push(v), 200);
    t('a');
    t('b');
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['a']);
  });
});
