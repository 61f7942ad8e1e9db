/**
 * The benchmark's report at a million seeds: the scale budgets judged from the figures at that
 * size, beside the bare page and the peer, the server's start reported apart, and a reference page
 * that could not load the size named rather than left out.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown, summarise, type BenchResult } from '../../bench/report';

const MB = 2 ** 20;
const load = (usable: number, heapMb: number) => ({ firstRows: 300, usable, heap: heapMb * MB });
const interactive = (sortMs: number, filterMs: number, worst: number) => ({
  scroll: { frames: 600, p95: 16.7, worst, over50: worst > 50 ? 1 : 0, maxRows: 40 },
  sort: { inp: 40, toPaint: sortMs },
  filter: { inp: 30, toPaint: filterMs },
});

function result(peerAtMillion: boolean): BenchResult {
  const runs = [1, 2, 3];
  return {
    date: '2026-11-27T00:00:00.000Z',
    machine: { cpu: 'cpu × 2', memoryGb: 23, node: 'v20', chromium: 'Chromium' },
    runs: 3,
    otherRuns: 3,
    main: 100_000,
    scale: 1_000_000,
    sizes: [
      {
        seeds: 100_000,
        serverStart: 6_000,
        ours: runs.map(() => load(1_800, 100)),
        bare: runs.map(() => load(1_200, 75)),
        peer: runs.map(() => load(1_900, 180)),
        warm: [300, 310, 320],
      },
      {
        seeds: 1_000_000,
        serverStart: 175_000,
        ours: runs.map(() => load(17_000, 900)),
        bare: runs.map(() => load(12_000, 750)),
        peer: peerAtMillion ? runs.map(() => load(20_000, 1_600)) : [],
        warm: [1_400, 1_450, 1_600],
        interactive: runs.map(() => interactive(280, 160, 48)),
        ...(peerAtMillion
          ? { peerInteractive: runs.map(() => interactive(900, 400, 120)) }
          : { unable: { peer: 'Timed out after 300000 ms', warm: 'The list was not saved.' } }),
      },
    ],
    interactive: {
      ours: runs.map(() => interactive(60, 40, 20)),
      peer: runs.map(() => interactive(200, 80, 30)),
    },
    collections: { ours: [100], peer: [120] },
    weight: {
      firstRouteGzip: 130 * 1024,
      firstRouteFiles: 5,
      lazyChunks: 30,
      overviewGzip: 110 * 1024,
      overviewFiles: 6,
    },
  };
}

const row = (summary: ReturnType<typeof summarise>, figure: string) => {
  const found = summary.rows.find((r) => r.figure === figure);
  if (!found) throw new Error(`no row "${figure}"`);
  return found;
};

describe('the report at a million seeds', () => {
  it('judges each scale budget from the figures at that size, beside the peer', () => {
    const summary = summarise(result(true));
    const at = ', 1,000,000 seeds';
    const heap = row(summary, `JS heap once settled (GC)${at}, vs the bare page`);
    expect(heap.ratio?.median).toBeCloseTo(1.2);
    expect(heap.met).toBe(true);
    expect(heap.peer?.median).toBe(1_600);
    expect(row(summary, `Sort by URL: click to sorted rows painted${at}`).met).toBe(true);
    expect(row(summary, `Quick filter: key to filtered rows painted${at}`).met).toBe(false);
    expect(row(summary, `Scroll: worst frame${at}`).met).toBe(true);
    // The median warm reload (1,450 ms) is within 1.5 s, though one run was not.
    expect(row(summary, `Load to usable, warm reload of /seeds (list saved)${at}`).met).toBe(true);
    expect(
      row(summary, `The embedded server's start${at} (no part of any timing)`).ours.median,
    ).toBe(175_000);
    // Per seed against 100,000: 17,000 / 10 ÷ 1,800 ms, and 900 / 10 ÷ 100 MB.
    const perSeed = row(summary, 'Load to usable at 1,000,000 seeds, per seed, against 100,000');
    expect(perSeed.ours.median).toBeCloseTo(0.944, 3);
    expect(row(summary, 'JS heap at 1,000,000 seeds, per seed, against 100,000').met).toBe(true);
    // The main size has no scale rows.
    expect(summary.rows.some((r) => r.figure.endsWith(', 100,000 seeds'))).toBe(false);
  });

  it('names a reference page that could not load the size, and the server start in the growth table', () => {
    const data = result(false);
    const summary = summarise(data);
    expect(row(summary, 'Scroll: worst frame, 1,000,000 seeds').peer).toBeUndefined();
    const markdown = renderMarkdown(data, summary, '');
    expect(markdown).toContain(
      'The peer could not load 1,000,000 seeds: Timed out after 300000 ms.',
    );
    expect(markdown).toContain(
      'The warm reload could not be measured (the list was never saved) at 1,000,000 seeds: The list was not saved.\n',
    );
    expect(markdown).toMatch(/\| 1,000,000 \| .* \| 175,000 \|/);
  });
});
