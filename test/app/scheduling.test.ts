/**
 * Long work runs as jobs, in slices that end at their deadline, with the page free between them.
 * Background work keeps out of the way while the user scrolls (a frame that also ran a slice of it
 * would be late); work someone is waiting for still runs, and small work finishes at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/scheduling';

type Scheduling = typeof import('../../src/scheduling');
let s: Scheduling;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  // A fresh module each time: the page's quiet would outlive a test.
  vi.resetModules();
  s = await import('../../src/scheduling');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A job of `steps` steps, each taking `stepMs` of the page's time; counts the steps it ran. */
function timedJob(steps: number, stepMs: number) {
  const ran = { steps: 0, done: false };
  function* job(): Job<string> {
    for (let i = 0; i < steps; i++) {
      clock.now += stepMs;
      ran.steps++;
      yield;
    }
    ran.done = true;
    return 'result';
  }
  return { job: job(), ran };
}

const clock = { now: 0 };

describe('running a job in slices', () => {
  beforeEach(() => {
    clock.now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  });

  it('ends each slice at its deadline and goes on in a task of its own', async () => {
    const { job, ran } = timedJob(12, 5);
    const result = s.runJobInSlices(job, { priority: 'user-visible', startNow: true });
    // Slices of 25 ms: five steps of 5 ms each.
    expect(ran.steps).toBe(5);
    vi.advanceTimersToNextTimer();
    expect(ran.steps).toBe(10);
    vi.advanceTimersToNextTimer();
    expect(ran.done).toBe(true);
    await expect(result).resolves.toBe('result');
  });

  it('puts a named run on the performance timeline with the time its slices took', async () => {
    const measure = vi.fn();
    vi.stubGlobal('performance', { now: () => clock.now, measure });
    const { job } = timedJob(12, 5);
    const result = s.runJobInSlices(job, {
      priority: 'user-visible',
      startNow: true,
      measure: 'Counting',
    });
    vi.advanceTimersToNextTimer();
    expect(measure).not.toHaveBeenCalled();
    clock.now += 40; // the page's own work between two slices is not the job's
    vi.advanceTimersToNextTimer();
    await result;
    expect(measure).toHaveBeenCalledTimes(1);
    expect(measure).toHaveBeenCalledWith('Counting', {
      start: 0,
      end: 100,
      detail: { work: 60, slices: 3, longest: 25 },
    });
    vi.unstubAllGlobals();
  });

  it('background slices are shorter: 8 ms', () => {
    const { job, ran } = timedJob(12, 2);
    void s.runJobInSlices(job, { priority: 'background' });
    expect(ran.steps).toBe(0);
    vi.advanceTimersToNextTimer();
    expect(ran.steps).toBe(4);
  });

  it('ends a slice where the job says a step needs a task of its own', () => {
    let steps = 0;
    function* job(): Job<void> {
      steps++;
      yield s.END_SLICE;
      steps++;
      yield;
      steps++;
    }
    void s.runJobInSlices(job(), { priority: 'user-visible', startNow: true });
    expect(steps).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(steps).toBe(3);
  });

  it('finishes small work in the caller’s task when asked to start now', async () => {
    const { job, ran } = timedJob(3, 1);
    const result = s.runJobInSlices(job, { priority: 'user-visible', startNow: true });
    expect(ran.done).toBe(true);
    // No timer has run: the result is there already.
    await expect(result).resolves.toBe('result');
  });

  it('otherwise starts in a task of its own', () => {
    const { job, ran } = timedJob(3, 1);
    void s.runJobInSlices(job, { priority: 'user-visible' });
    expect(ran.steps).toBe(0);
    vi.advanceTimersToNextTimer();
    expect(ran.done).toBe(true);
  });

  it('stops between slices and rejects with Cancelled once its signal aborts', async () => {
    const { job, ran } = timedJob(12, 5);
    const run = new AbortController();
    const result = s.runJobInSlices(job, {
      priority: 'user-visible',
      startNow: true,
      signal: run.signal,
    });
    run.abort();
    await expect(result).rejects.toBeInstanceOf(s.Cancelled);
    vi.advanceTimersByTime(1_000);
    expect(ran.steps).toBe(5);
  });

  it('never starts when its signal has aborted already', async () => {
    const { job, ran } = timedJob(1, 1);
    const result = s.runJobInSlices(job, {
      priority: 'user-visible',
      startNow: true,
      signal: AbortSignal.abort(),
    });
    await expect(result).rejects.toBeInstanceOf(s.Cancelled);
    expect(ran.steps).toBe(0);
  });

  it('rejects with what the job threw', async () => {
    const failure = new Error('a value could not be read');
    // eslint-disable-next-line require-yield
    function* job(): Job<void> {
      throw failure;
    }
    const result = s.runJobInSlices(job(), { priority: 'background' });
    vi.advanceTimersByTime(0);
    await expect(result).rejects.toBe(failure);
  });

  it('waits as long as a job asks before its next slice', () => {
    let steps = 0;
    function* job(): Job<void> {
      steps++;
      yield { pauseMs: 50 };
      steps++;
    }
    void s.runJobInSlices(job(), { priority: 'background' });
    vi.advanceTimersByTime(0);
    expect(steps).toBe(1);
    vi.advanceTimersByTime(40);
    expect(steps).toBe(1);
    vi.advanceTimersByTime(20);
    expect(steps).toBe(2);
  });

  it('runs a job to its end at once, unless it asks to wait', () => {
    expect(s.runJob(timedJob(100, 1).job)).toBe('result');
    function* waiting(): Job<void> {
      yield { pauseMs: 50 };
    }
    expect(() => {
      s.runJob(waiting());
    }).toThrow(/only in slices/);
  });
});

describe('work that waits for the page to settle', () => {
  it('starts once its inputs have been still for a moment and the browser is idle', async () => {
    let steps = 0;
    function* job(): Job<number> {
      steps++;
      yield;
      return steps;
    }
    const result = s.runJobInSlices(job(), {
      priority: 'background',
      onceSettled: { idleTimeoutMs: 500 },
    });
    vi.advanceTimersByTime(590);
    expect(steps).toBe(0);
    vi.advanceTimersByTime(200);
    await expect(result).resolves.toBe(1);
  });

  it('never starts when stopped while it waits', async () => {
    const { job, ran } = timedJob(1, 1);
    const run = new AbortController();
    const result = s.runJobInSlices(job, {
      priority: 'background',
      onceSettled: { idleTimeoutMs: 500 },
      signal: run.signal,
    });
    vi.advanceTimersByTime(300);
    run.abort();
    vi.advanceTimersByTime(2_000);
    await expect(result).rejects.toBeInstanceOf(s.Cancelled);
    expect(ran.steps).toBe(0);
  });
});

describe('slices of work while the page is kept quiet', () => {
  /** A background job of `slices` slices (each step ends its slice), counting the steps run. */
  function slicedJob(slices: number) {
    const ran = { steps: 0 };
    function* job(): Job<void> {
      for (let i = 0; i < slices; i++) {
        ran.steps++;
        if (i < slices - 1) yield s.END_SLICE;
      }
    }
    return { job: job(), ran };
  }

  it('a background job waits until the quiet ends, then runs to the end', async () => {
    const { job, ran } = slicedJob(1);
    s.deferBackgroundWork();
    const result = s.runJobInSlices(job, { priority: 'background' });
    vi.advanceTimersByTime(200);
    expect(ran.steps).toBe(0);
    vi.advanceTimersByTime(100);
    expect(ran.steps).toBe(1);
    await expect(result).resolves.toBeUndefined();
  });

  it('a scroll in the middle of a background job pauses it between slices', () => {
    const { job, ran } = slicedJob(3);
    void s.runJobInSlices(job, { priority: 'background' });
    vi.advanceTimersByTime(0);
    expect(ran.steps).toBe(1);
    s.deferBackgroundWork();
    vi.advanceTimersByTime(100);
    expect(ran.steps).toBe(1);
    vi.advanceTimersByTime(300);
    expect(ran.steps).toBe(3);
  });

  it('work someone is waiting for runs at once', () => {
    const { job, ran } = slicedJob(1);
    s.deferBackgroundWork();
    void s.runJobInSlices(job, { priority: 'user-visible' });
    vi.advanceTimersByTime(0);
    expect(ran.steps).toBe(1);
  });

  it('a stopped background job never runs after the quiet', async () => {
    const { job, ran } = slicedJob(1);
    const run = new AbortController();
    s.deferBackgroundWork();
    const result = s.runJobInSlices(job, { priority: 'background', signal: run.signal });
    vi.advanceTimersByTime(100);
    run.abort();
    vi.advanceTimersByTime(1_000);
    expect(ran.steps).toBe(0);
    await expect(result).rejects.toBeInstanceOf(s.Cancelled);
  });

  it('work kept for an idle moment (saving a list) waits for the quiet to end as well', () => {
    const save = vi.fn();
    s.whenIdle(save, 10_000);
    s.deferBackgroundWork();
    vi.advanceTimersByTime(200);
    expect(save).not.toHaveBeenCalled();
    // Still scrolling: the quiet goes on, and so does the wait.
    s.deferBackgroundWork();
    vi.advanceTimersByTime(200);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
