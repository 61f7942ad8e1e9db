/**
 * `resume`: work over a list that grows is taken up where it stopped, for the list's next
 * version; anything else (another list, a shorter or a changed one) starts afresh.
 */
import { describe, expect, it } from 'vitest';
import { grownBy } from '../../../src/api/list-identity';
import { resume, type ListWork } from '../../../src/lib/resume';

/** Work that records which rows it read: the sum of the rows so far. */
interface Sum {
  length: number;
  sum: number;
  read: number[];
}

const started: Sum[] = [];
const SUM: ListWork<Sum> = {
  key: 'sum',
  start: () => {
    const state = { length: 0, sum: 0, read: [] };
    started.push(state);
    return state;
  },
};

function sum(rows: readonly number[], work: ListWork<Sum> = SUM): Sum {
  return resume(rows, work, (state) => {
    for (let i = state.length; i < rows.length; i++) {
      state.sum += rows[i] as number;
      state.read.push(i);
    }
    state.length = rows.length;
    return state;
  });
}

describe('work over a list that grows', () => {
  it('takes up where it stopped for each version of one list, reading each row once', () => {
    const first = [1, 2, 3];
    const second = grownBy(first, [4, 5]);
    const third = grownBy(second, [6]);
    expect(sum(first).sum).toBe(6);
    const done = sum(second);
    expect(done.sum).toBe(15);
    expect(sum(third).sum).toBe(21);
    expect(done.read).toEqual([0, 1, 2, 3, 4, 5]);
    // The same version again reads nothing.
    expect(sum(third).read).toHaveLength(6);
  });

  it('starts afresh for another list, even one that begins with the same rows', () => {
    const first = [1, 2, 3];
    const a = sum(first);
    const copy = [1, 2, 3, 4];
    const b = sum(copy);
    expect(b).not.toBe(a);
    expect(b.read).toEqual([0, 1, 2, 3]);
    expect(sum(first)).toBe(a);
  });

  it('starts afresh for a shorter version, unless the work answers for a prefix', () => {
    const short = [1, 2];
    const long = grownBy(short, [3, 4]);
    const whole = sum(long);
    const again = sum(short);
    expect(again).not.toBe(whole);
    expect(again.sum).toBe(3);
    const index: ListWork<Sum> = { ...SUM, key: 'index', prefixes: true };
    const built = sum(long, index);
    expect(sum(short, index)).toBe(built);
  });

  it('starts afresh when the work kept does not fit what is asked', () => {
    const rows = [1, 2, 3];
    const doubled = (factor: number): ListWork<Sum & { factor: number }> => ({
      key: 'scaled',
      start: () => ({ length: 0, sum: 0, read: [], factor }),
      fits: (state) => state.factor === factor,
    });
    const scaled = (factor: number) =>
      resume(rows, doubled(factor), (state) => {
        for (let i = state.length; i < rows.length; i++) state.sum += (rows[i] as number) * factor;
        state.length = rows.length;
        return state.sum;
      });
    expect(scaled(2)).toBe(12);
    expect(scaled(2)).toBe(12);
    expect(scaled(3)).toBe(18);
  });

  it('keeps nothing for a list that cannot carry it, and still answers', () => {
    const frozen = Object.freeze([1, 2, 3]);
    const before = started.length;
    expect(sum(frozen).sum).toBe(6);
    expect(sum(frozen).sum).toBe(6);
    expect(started.length).toBe(before + 2);
  });
});
