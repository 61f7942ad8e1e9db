/**
 * Background work keeps out of the way while the user scrolls: a frame that also ran a slice of a
 * background job would be late. Work someone is waiting for still runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let deferBackgroundWork: (typeof import('../../../src/api/waits'))['deferBackgroundWork'];
let whenIdle: (typeof import('../../../src/api/waits'))['whenIdle'];
let runInSlices: (typeof import('../../../src/lib/tasks'))['runInSlices'];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  // A fresh module each time: the page's quiet would outlive a test.
  vi.resetModules();
  ({ deferBackgroundWork, whenIdle } = await import('../../../src/api/waits'));
  ({ runInSlices } = await import('../../../src/lib/tasks'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('slices of work while the page is kept quiet', () => {
  it('a background job waits until the quiet ends, then runs to the end', () => {
    const step = vi.fn(() => true);
    const done = vi.fn();
    deferBackgroundWork();
    runInSlices(step, { sliceMs: 8, priority: 'background', onDone: done });
    vi.advanceTimersByTime(200);
    expect(step).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(step).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('a scroll in the middle of a background job pauses it between slices', () => {
    let slices = 0;
    runInSlices(() => ++slices >= 3, { sliceMs: 8, priority: 'background' });
    vi.advanceTimersByTime(0);
    expect(slices).toBe(1);
    deferBackgroundWork();
    vi.advanceTimersByTime(100);
    expect(slices).toBe(1);
    vi.advanceTimersByTime(300);
    expect(slices).toBe(3);
  });

  it('work someone is waiting for runs at once', () => {
    const step = vi.fn(() => true);
    deferBackgroundWork();
    runInSlices(step, { sliceMs: 16, priority: 'user-visible' });
    vi.advanceTimersByTime(0);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('a stopped background job never runs after the quiet', () => {
    const step = vi.fn(() => true);
    deferBackgroundWork();
    const stop = runInSlices(step, { sliceMs: 8, priority: 'background' });
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(1_000);
    expect(step).not.toHaveBeenCalled();
  });

  it('work kept for an idle moment (saving a list) waits for the quiet to end as well', () => {
    const save = vi.fn();
    whenIdle(save, 10_000);
    deferBackgroundWork();
    vi.advanceTimersByTime(200);
    expect(save).not.toHaveBeenCalled();
    // Still scrolling: the quiet goes on, and so does the wait.
    deferBackgroundWork();
    vi.advanceTimersByTime(200);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
