/**
 * The work after a load runs in its order (sort keys, facets, audit, sharing), and none of it
 * before the rows it follows are painted: a run `afterPaint` waits for the next frame, and a
 * background run waits while one of an earlier turn has work to do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/scheduling';

type Scheduling = typeof import('../../src/scheduling');
let s: Scheduling;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  vi.resetModules();
  s = await import('../../src/scheduling');
});

afterEach(() => {
  vi.useRealTimers();
});

/** A job of `steps` slices (each step ends its slice), noting its name in `log` at each step. */
function* steps(name: string, count: number, log: string[]): Job<string> {
  for (let i = 0; i < count; i++) {
    log.push(name);
    yield s.END_SLICE;
  }
  return name;
}

describe('work after a load', () => {
  it('runs in its turn: the earlier turn first, whatever started first', async () => {
    const log: string[] = [];
    const { AFTER_LOAD } = s;
    const run = (name: string, turn: number) =>
      s.runJobInSlices(steps(name, 3, log), { priority: 'background', turn });
    const done = Promise.all([
      run('sharing', AFTER_LOAD.sharing),
      run('audit', AFTER_LOAD.audit),
      run('facets', AFTER_LOAD.facets),
      run('sort keys', AFTER_LOAD.sortKeys),
    ]);
    await vi.runAllTimersAsync();
    await done;
    expect(log).toEqual([
      ...Array<string>(3).fill('sort keys'),
      ...Array<string>(3).fill('facets'),
      ...Array<string>(3).fill('audit'),
      ...Array<string>(3).fill('sharing'),
    ]);
  });

  it('lets a later turn go on while an earlier one pauses', async () => {
    const log: string[] = [];
    function* pausing(): Job<string> {
      log.push('sort keys');
      yield { pauseMs: 100 };
      log.push('sort keys');
      return 'sort keys';
    }
    function* slow(): Job<string> {
      for (let i = 0; i < 20; i++) {
        log.push('facets');
        yield { pauseMs: 10 };
      }
      return 'facets';
    }
    const first = s.runJobInSlices(pausing(), { priority: 'background', turn: 1 });
    const second = s.runJobInSlices(slow(), { priority: 'background', turn: 2 });
    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    // The facets ran during the pause; the sort keys came back before the facets were done.
    expect(log[0]).toBe('sort keys');
    expect(log[1]).toBe('facets');
    expect(log.lastIndexOf('sort keys')).toBeGreaterThan(1);
    expect(log.lastIndexOf('facets')).toBeGreaterThan(log.lastIndexOf('sort keys'));
    expect(log.filter((n) => n === 'facets')).toHaveLength(20);
  });

  it('starts work after the rows only once a frame has been painted', async () => {
    const log: string[] = [];
    const run = s.runJobInSlices(steps('facets', 1, log), {
      priority: 'background',
      afterPaint: true,
    });
    // Tasks run, but no frame: nothing starts.
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual([]);
    vi.advanceTimersToNextFrame();
    await vi.runAllTimersAsync();
    await expect(run).resolves.toBe('facets');
    expect(log).toEqual(['facets']);
  });

  it('a run cancelled while it waits its turn lets the others on', async () => {
    const log: string[] = [];
    const stop = new AbortController();
    const first = s.runJobInSlices(steps('sort keys', 50, log), {
      priority: 'background',
      turn: 1,
      signal: stop.signal,
    });
    first.catch(() => undefined);
    const second = s.runJobInSlices(steps('facets', 2, log), { priority: 'background', turn: 2 });
    await vi.advanceTimersByTimeAsync(5);
    stop.abort();
    await vi.runAllTimersAsync();
    await expect(second).resolves.toBe('facets');
    await expect(first).rejects.toBeInstanceOf(s.Cancelled);
  });
});
