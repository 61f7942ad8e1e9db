/**
 * Background slices run back to back let a frame be painted every 50 ms: each slice is a task of
 * its own, but while nothing on the page changes the browser paints nothing between them, so a
 * chain of them (the work after a load) would otherwise be one long frame that input waits out.
 * Work a person waits for (user-visible) is not held back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job, TaskPriority } from '../../src/scheduling';

type Scheduling = typeof import('../../src/scheduling');
let s: Scheduling;
/** The page's clock, moved by the jobs' steps. */
let now = 0;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.resetModules();
  s = await import('../../src/scheduling');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A job of `count` steps of 20 ms each, each ending its slice, counted in `done`. */
function* busy(count: number, done: { steps: number }): Job<number> {
  for (let i = 0; i < count; i++) {
    now += 20;
    done.steps++;
    yield s.END_SLICE;
  }
  return done.steps;
}

const run = (priority: TaskPriority, done: { steps: number }) =>
  s.runJobInSlices(busy(6, done), { priority });

describe('background work and frames', () => {
  it('waits for a frame once its slices have run 50 ms back to back', async () => {
    const done = { steps: 0 };
    const finished = run('background', done);
    // Tasks (fake time short of a frame), but no frame: three slices (60 ms), then the chain waits.
    await vi.advanceTimersByTimeAsync(10);
    expect(done.steps).toBe(3);
    await vi.advanceTimersByTimeAsync(5);
    expect(done.steps).toBe(3);
    // A frame goes by: the rest run.
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(10);
    expect(done.steps).toBe(6);
    await vi.runAllTimersAsync();
    await expect(finished).resolves.toBe(6);
  });

  it('does not hold back work a person waits for', async () => {
    const done = { steps: 0 };
    const finished = run('user-visible', done);
    await vi.advanceTimersByTimeAsync(10);
    expect(done.steps).toBe(6);
    await expect(finished).resolves.toBe(6);
  });
});
