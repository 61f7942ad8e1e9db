/**
 * The benchmark's verdicts come from the numbers, not from how a budget reads: a figure at its
 * limit meets it, one past it does not, whatever the label says.
 */
import { describe, expect, it } from 'vitest';
import { meets, renderTable, type Budget, type Row, type Stat } from '../../bench/report';

const stat = (median: number, max = median): Stat => ({ median, min: median, max });
const row = (budget: Budget, ours: Stat, ratio?: number): Row => ({
  figure: 'figure',
  unit: 'ms',
  ours,
  ...(ratio === undefined ? {} : { ratio: stat(ratio) }),
  budget,
});

describe('budgets', () => {
  it('judge the median, the worst run or the ratio, as the budget says', () => {
    const median: Budget = { label: 'any words', of: 'median', limit: 16.7, tolerance: 0.1 };
    expect(meets(row(median, stat(16.8, 40)))).toBe(true);
    expect(meets(row(median, stat(16.9)))).toBe(false);
    const worst: Budget = { label: 'any words', of: 'max', limit: 200 };
    expect(meets(row(worst, stat(10, 200)))).toBe(true);
    expect(meets(row(worst, stat(10, 201)))).toBe(false);
    const strict: Budget = { label: 'any words', of: 'max', limit: 100, strict: true };
    expect(meets(row(strict, stat(99)))).toBe(true);
    expect(meets(row(strict, stat(100)))).toBe(false);
    const ratio: Budget = { label: 'any words', of: 'ratio', limit: 1.5 };
    expect(meets(row(ratio, stat(9_000), 1.5))).toBe(true);
    expect(meets(row(ratio, stat(1), 1.51))).toBe(false);
    expect(meets(row(ratio, stat(1)))).toBe(false);
  });

  it('hold the cold load to its median ratio, its worst run and the peer at once', () => {
    const load: Budget = {
      label: 'any words',
      of: 'ratio',
      limit: 1.1,
      also: [
        { label: '', of: 'worst ratio', limit: 1.3 },
        { label: '', of: 'peer', limit: 0.95 },
      ],
    };
    const loadRow = (ratio: Stat, peer: number): Row => ({
      ...row(load, stat(950)),
      ratio,
      peer: stat(peer),
    });
    expect(meets(loadRow({ median: 1.1, min: 0.9, max: 1.3 }, 1_000))).toBe(true);
    expect(meets(loadRow({ median: 1.11, min: 0.9, max: 1.2 }, 1_000))).toBe(false);
    expect(meets(loadRow({ median: 1.0, min: 0.9, max: 1.31 }, 1_000))).toBe(false);
    expect(meets(loadRow({ median: 1.0, min: 0.9, max: 1.2 }, 990))).toBe(false);
    expect(meets({ ...loadRow({ median: 1.0, min: 0.9, max: 1.2 }, 1_000), peer: undefined })).toBe(
      false,
    );
  });

  it('are not met by fewer runs than they ask for', () => {
    const smooth: Budget = { label: 'any words', of: 'max', limit: 0, minRuns: 10 };
    expect(meets(row(smooth, { median: 0, min: 0, max: 0, runs: 10 }))).toBe(true);
    expect(meets(row(smooth, { median: 0, min: 0, max: 0, runs: 9 }))).toBe(false);
    expect(meets(row(smooth, { median: 0, min: 0, max: 1, runs: 10 }))).toBe(false);
  });

  it('show each verdict in the row it belongs to', () => {
    const budget: Budget = { label: '≤ 1 ms', of: 'median', limit: 1 };
    const rows = [
      { ...row(budget, stat(0.5)), figure: 'fast', met: true },
      { ...row(budget, stat(2)), figure: 'slow', met: false },
      { figure: 'unbudgeted', unit: 'ms', ours: stat(3) },
    ];
    const lines = renderTable({ rows, growth: [] }).split('\n');
    expect(lines.find((l) => l.startsWith('fast'))).toMatch(/ met /);
    expect(lines.find((l) => l.startsWith('slow'))).toMatch(/ MISSED /);
    expect(lines.find((l) => l.startsWith('unbudgeted'))).not.toMatch(/met|MISSED/);
  });
});
