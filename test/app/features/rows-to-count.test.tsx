/**
 * Which rows the facets count while a list loads: the first rows at once and the whole list once
 * it is complete; in between, a growing list only when the rows on show are the facets' own.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seed } from '../../../src/api/records';
import { useRowsToCount } from '../../../src/features/seeds/use-facets';
import { makeSeed } from './seed-fixtures';

const all = Array.from({ length: 30 }, () => makeSeed());
const first = all.slice(0, 10);
const more = all.slice(0, 20);

function load(follow: boolean) {
  return renderHook(
    ({ rows, complete }: { rows: readonly Seed[]; complete: boolean }) =>
      useRowsToCount(rows, complete, follow),
    { initialProps: { rows: first, complete: false } },
  );
}

describe('the rows the facets count', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are the first rows while the list loads, then the whole list, when nothing follows them', () => {
    const hook = load(false);
    expect(hook.result.current).toBe(first);
    hook.rerender({ rows: more, complete: false });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(hook.result.current).toBe(first);
    hook.rerender({ rows: all, complete: true });
    expect(hook.result.current).toBe(all);
  });

  it('follow a growing list, now and then, when a row filter shows the facets’ rows', () => {
    const hook = load(true);
    hook.rerender({ rows: more, complete: false });
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(hook.result.current).toBe(more);
    hook.rerender({ rows: all, complete: true });
    expect(hook.result.current).toBe(all);
  });

  it('start again at once with another list', () => {
    const hook = load(false);
    const other = [makeSeed(), ...all.slice(1)];
    hook.rerender({ rows: other, complete: false });
    expect(hook.result.current).toBe(other);
  });
});
