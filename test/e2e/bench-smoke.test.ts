/**
 * The benchmark at a small size, so it cannot rot: every figure it reports is produced and is a
 * number. Timings are not judged here; `npm run bench` reports them against the budgets.
 */
import { describe, expect, it } from 'vitest';
import { runBench } from '../../bench/run';
import { renderTable, summarise } from '../../bench/report';

describe('npm run bench, smoke size', () => {
  it('measures every figure against the bare page and the peer', async () => {
    const result = await runBench({
      buildApp: false,
      sizes: [1_500, 3_000],
      main: 1_500,
      runs: 1,
      otherRuns: 1,
      scrollFrames: 30,
      // The million-seed budgets at the larger smoke size: no server of a million seeds here.
      scale: 3_000,
      writeDocs: false,
      log: () => undefined,
    });
    const summary = summarise(result);
    const figures = summary.rows.map((row) => row.figure);
    for (const expected of [
      /Load to usable/,
      /Physical limit/,
      /First rows visible, \/seeds/,
      /First rows visible, \/collections/,
      /p95 frame time/,
      /worst frame/,
      /frames over 50 ms/,
      /row elements in the DOM/,
      /Sort by URL: interaction/,
      /Quick filter, one character: interaction/,
      /JS heap once settled/,
      /JavaScript on the first route, \/collections/,
      /JavaScript on the first route, \/ \(the overview/,
      /Facets: every row counted/,
      /Facet value chosen: click to every count updated/,
      /Export every row as CSV: click to file/,
      /Export every row as CSV: longest frame/,
      /Activity page: to usable, every seed loaded on request/,
      /Activity page: to usable on a reload, the seed list saved/,
      // The comparison ran on a copy that differs, and found what changed.
      /Since your copy: the comparison's work, .* \(\d[\d,]* added, \d[\d,]* changed, \d[\d,]* gone\)/,
      /Since your copy: the comparison's longest slice/,
      // From the scale size on: its own budgets, beside the bare page and the peer, and the
      // server's start, which no timing includes.
      /^JS heap once settled \(GC\), 3,000 seeds, vs the bare page$/,
      /^Scroll: worst frame, 3,000 seeds$/,
      /^Sort by URL: click to sorted rows painted, 3,000 seeds$/,
      /^Quick filter: key to filtered rows painted, 3,000 seeds$/,
      /^Load to usable, warm reload of \/seeds \(list saved\), 3,000 seeds$/,
      /^The embedded server's start, 3,000 seeds/,
    ]) {
      expect(
        figures.some((f) => expected.test(f)),
        String(expected),
      ).toBe(true);
    }
    for (const row of summary.rows) {
      expect(Number.isFinite(row.ours.median), row.figure).toBe(true);
    }
    const withPeer = summary.rows.filter((row) => row.peer);
    expect(withPeer.length).toBeGreaterThanOrEqual(10);
    expect(withPeer.every((row) => Number.isFinite(row.peer?.median))).toBe(true);
    // At the scale size the peer is scrolled, sorted and filtered too.
    const scaled = summary.rows.filter((row) => /, 3,000 seeds$/.test(row.figure) && row.peer);
    expect(scaled.map((row) => row.figure)).toEqual([
      'Load to usable, /seeds, 3,000 seeds',
      'Scroll: worst frame, 3,000 seeds',
      'Sort by URL: click to sorted rows painted, 3,000 seeds',
      'Quick filter: key to filtered rows painted, 3,000 seeds',
    ]);
    expect(result.sizes.map((s) => Number.isFinite(s.serverStart))).toEqual([true, true]);
    // At every size the explorer is scrolled, sorted and filtered, and its growth is a ratio.
    expect(summary.growth.map((g) => g.seeds)).toEqual([1_500, 3_000]);
    for (const g of summary.growth) {
      for (const figure of [g.sort, g.filter, g.scrollP95, g.over50, g.usable, g.warm])
        expect(Number.isFinite(figure.median), String(g.seeds)).toBe(true);
      expect(Number.isFinite(g.perSeedTime) && Number.isFinite(g.perSeedHeap)).toBe(true);
    }
    // Every budgeted figure gets a verdict, decided from its numbers, in its own line.
    const budgeted = summary.rows.filter((row) => row.budget);
    expect(budgeted.length).toBeGreaterThanOrEqual(8);
    expect(budgeted.every((row) => typeof row.met === 'boolean')).toBe(true);
    const verdicts = renderTable(summary)
      .split('\n')
      .slice(1)
      .filter((line) => / (met|MISSED) /.test(line));
    expect(verdicts).toHaveLength(budgeted.length);
  }, 300_000);
});
