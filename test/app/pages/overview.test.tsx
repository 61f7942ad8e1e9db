/**
 * /overview against a catalogue with its hard cases put in on purpose: a collection whose last
 * crawl cannot be read, sizes past 2^53, seeds without a readable created date. Every figure is
 * worked out here from the catalogue itself, with dates counted back from a fixed day, and each
 * drill-down must list as many records as its bar says.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireCollection } from '../../../src/contract/wire';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { columnTexts } from './table-helpers';
import { renderApp } from '../render';
import { bars, countLine, periodName, tableFigures, unitOf, type Unit } from './chart-helpers';

const TODAY = Date.UTC(2026, 10, 15, 9, 30);
const catalogue = generateCatalogue({ seeds: 1_500 });
const [unreadableCrawl, huge, huger] = catalogue.collections;
if (!unreadableCrawl || !huge || !huger) throw new Error('the sample has too few collections');
(unreadableCrawl as { last_crawl_date: unknown }).last_crawl_date = 'last Tuesday';
huge.total_warc_bytes = 2 ** 60;
huger.total_warc_bytes = 2 ** 60 + 2 ** 12;
// Crawls on each band's boundary and just past it, counted back from TODAY.
const boundaries = [
  '2026-11-10T00:00:00Z',
  '2026-10-15T00:00:00Z',
  '2026-10-14T23:59:59.999999Z',
  '2026-05-15T00:00:00Z',
  '2026-05-14T23:59:59Z',
  '2025-11-15T00:00:00.000001Z',
  '2025-11-14T23:59:59Z',
];
catalogue.collections.slice(3, 3 + boundaries.length).forEach((c, i) => {
  c.last_crawl_date = boundaries[i] ?? null;
});
const undated = catalogue.seeds.slice(0, 7);
for (const seed of undated) (seed as { created_date: unknown }).created_date = 'soon';
const { server } = setupCatalogueServer(catalogue);

beforeAll(() => {
  // Only the clock's date: timers stay real, so the page and the tests run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterAll(() => {
  vi.useRealTimers();
});

const count = (n: number | bigint) => n.toLocaleString('en-US');
const collections = catalogue.collections;
const seeds = catalogue.seeds;

/** How long ago each collection was crawled, with the band boundaries written out by hand. */
function band(c: WireCollection): string {
  const text = c.last_crawl_date as unknown;
  if (text === null) return 'Never crawled';
  const ms = typeof text === 'string' && /^\d{4}-/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) return 'Date unknown';
  if (ms >= Date.UTC(2026, 9, 15)) return 'Within the last month';
  if (ms >= Date.UTC(2026, 4, 15)) return '1–6 months ago';
  if (ms >= Date.UTC(2025, 10, 15)) return '6–12 months ago';
  return 'Over a year ago';
}

describe('the headline figures', () => {
  it('count collections, seeds and bytes, the bytes exactly', async () => {
    renderApp('/overview');
    const active = collections.filter((c) => c.state === 'ACTIVE').length;
    const bytes = collections.reduce((sum, c) => sum + BigInt(c.total_warc_bytes), 0n);
    // The first test to draw the page waits for its code, too.
    const link = screen.findByRole('link', { name: count(collections.length) }, { timeout: 4_000 });
    expect(await link).toHaveAttribute('href', '/collections');
    expect(screen.getByRole('link', { name: `${count(active)} active` })).toHaveAttribute(
      'href',
      '/collections?state=ACTIVE',
    );
    const activeSeeds = seeds.filter((s) => s.active).length;
    expect(screen.getByRole('link', { name: `${count(activeSeeds)} active` })).toBeInTheDocument();
    expect(screen.getByText(`${count(bytes)} bytes`)).toBeInTheDocument();
  });
});

describe('archived size by collection', () => {
  it('shows the 15 largest in order, sizes past 2^53 included, and all others together', async () => {
    renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Archived size by collection' });
    const shown = await bars(figure);
    const bySize = [...collections].sort(
      (a, b) => b.total_warc_bytes - a.total_warc_bytes || a.id - b.id,
    );
    expect(shown.slice(0, 2).map((b) => b.label)).toEqual([huger.name, huge.name]);
    expect(shown.slice(0, 15).map((b) => [b.label, b.exact])).toEqual(
      bySize.slice(0, 15).map((c) => [c.name, BigInt(c.total_warc_bytes)]),
    );
    const rest = bySize.slice(15);
    expect(shown[15]?.label).toBe(`All ${count(rest.length)} other collections`);
    expect(shown[15]?.exact).toBe(rest.reduce((sum, c) => sum + BigInt(c.total_warc_bytes), 0n));
    expect(shown).toHaveLength(16);
  });

  it('opens exactly the other collections from “all others”, as many as it says', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Archived size by collection' });
    const others = (await bars(figure)).find((b) => b.label.startsWith('All '));
    if (!others) throw new Error('no bar for all others');
    const many = Number(/^All ([\d,]+) other/.exec(others.label)?.[1]?.replace(/,/g, ''));
    expect(many).toBe(collections.length - 15);
    await user.click(others.link);
    await countLine(`${count(many)} of ${count(collections.length)} collections`);
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('-size');
    // The first rows, the largest of them, are none of the 15 drawn apart.
    const names = new Set(columnTexts('Collections', 'Name'));
    expect(names.size).toBeGreaterThan(0);
    for (const c of [...collections]
      .sort((a, b) => b.total_warc_bytes - a.total_warc_bytes || a.id - b.id)
      .slice(0, 15)) {
      expect(names.has(c.name)).toBe(false);
    }
  });
});

describe('what each chart says about itself', () => {
  it('a title, both axes labelled with their units, and the exact figure under the pointer', async () => {
    const user = userEvent.setup();
    renderApp('/overview');
    const size = await screen.findByRole('figure', { name: 'Archived size by collection' });
    const crawl = screen.getByRole('figure', { name: 'Last crawl' });
    const [largest] = await bars(size);
    await bars(crawl);
    const labels = (figure: HTMLElement) =>
      [...figure.querySelectorAll('svg .chart__axis-label')].map((t) => t.textContent);
    expect(labels(size)).toEqual(['Collection', 'Archived size (decimal units: 1 GB = 10⁹ bytes)']);
    expect(labels(crawl)).toEqual(['Collections', 'Time since the last crawl']);
    if (!largest) throw new Error('no bar');
    await user.hover(largest.link);
    expect(size.querySelector('.chart__tooltip')?.textContent).toBe(
      `${huger.name}: ${largest.link.getAttribute('aria-label')?.split(': ')[1] ?? ''}`,
    );
    expect(size.querySelector('.chart__tooltip')?.textContent).toContain(
      `(${count(BigInt(huger.total_warc_bytes))} bytes)`,
    );
  });
});

describe('last crawl', () => {
  const expected = new Map<string, number>();
  for (const c of collections) expected.set(band(c), (expected.get(band(c)) ?? 0) + 1);

  it('counts collections by how long ago they were crawled, the unreadable date apart', async () => {
    renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Last crawl' });
    const shown = await bars(figure);
    expect(new Map(shown.map((b) => [b.label, b.value]))).toEqual(expected);
    expect(expected.get('Date unknown')).toBe(1);
  });

  it.each([
    'Never crawled',
    'Within the last month',
    '1–6 months ago',
    '6–12 months ago',
    'Over a year ago',
    'Date unknown',
  ])('“%s”, clicked, lists exactly the collections it counts', async (label) => {
    const user = userEvent.setup();
    const { router } = renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Last crawl' });
    const bar = (await bars(figure)).find((b) => b.label === label);
    expect(bar?.value).toBe(expected.get(label));
    if (!bar) throw new Error(`no bar for ${label}`);
    await user.click(bar.link);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/collections');
    });
    await countLine(`${count(bar.value)} of ${count(collections.length)} collections`);
  });

  it('shows the same figures as a table, with the same links', async () => {
    const user = userEvent.setup();
    renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Last crawl' });
    const shown = await bars(figure);
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    const table = await within(figure).findByRole('table', { name: 'Last crawl' });
    const rows = tableFigures(table);
    for (const [label, value] of expected) expect(rows.get(label)?.value).toBe(value);
    for (const bar of shown) {
      expect(rows.get(bar.label)?.href).toBe(bar.link.getAttribute('href'));
    }
    // The button says what it does next: back to the chart.
    expect(within(figure).queryByRole('button', { name: 'Show as table' })).toBeNull();
    await user.click(within(figure).getByRole('button', { name: 'Show as chart' }));
    expect(await bars(figure)).toHaveLength(shown.length);
    expect(within(figure).getByRole('button', { name: 'Show as table' })).toBeInTheDocument();
  });
});

// A chart of every month of the sample: slow to draw in jsdom on a busy machine.
describe('seeds added per month', { timeout: 20_000 }, () => {
  /** The seeds of each period, active and inactive, named as the chart names them. */
  const byPeriod = (unit: Unit) => {
    const counts = new Map<string, { active: number; inactive: number }>();
    for (const seed of seeds) {
      const text = seed.created_date;
      if (!/^\d{4}-\d{2}-/.test(text)) continue;
      const period = periodName(text.slice(0, 7), unit);
      const these = counts.get(period) ?? { active: 0, inactive: 0 };
      if (seed.active) these.active++;
      else these.inactive++;
      counts.set(period, these);
    }
    return counts;
  };
  const byMonth = byPeriod('month');

  it('loads every seed on request, then counts each month, active and inactive', async () => {
    const user = userEvent.setup();
    renderApp('/overview');
    const load = await screen.findByRole('button', {
      name: `Load the ${count(seeds.length)} seeds to chart them`,
    });
    await user.click(load);
    const figure = await screen.findByRole('figure', { name: 'Seeds added per month' });
    // Twenty years of months are too many for the chart's width: it draws them by quarter or year.
    await waitFor(async () => {
      const shown = (await bars(figure)).filter((b) => b.label !== 'Date unknown');
      const seen = new Map<string, { active: number; inactive: number }>();
      for (const bar of shown) {
        const counts = seen.get(bar.label) ?? { active: 0, inactive: 0 };
        counts[bar.series === 'inactive' ? 'inactive' : 'active'] = bar.value;
        seen.set(bar.label, counts);
      }
      expect(unitOf(shown)).not.toBe('month');
      expect(seen).toEqual(byPeriod(unitOf(shown)));
    });
    // The table gives every month; seeds without a readable date are counted apart, never in
    // January 1970.
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    const rows = tableFigures(await within(figure).findByRole('table'));
    for (const [month, counts] of byMonth) {
      expect(rows.get(month)?.value).toBe(counts.active + counts.inactive);
    }
    expect(rows.get('Date unknown')?.value).toBe(undated.length);
    expect(rows.has('January 1970')).toBe(false);
  });

  it('draws at once, with no button and no request, from the seeds another page loaded', async () => {
    const user = userEvent.setup();
    renderApp('/seeds');
    await countLine(`${count(seeds.length)} seeds`);
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(nav).getByRole('link', { name: 'Overview' }));
    const figure = await screen.findByRole(
      'figure',
      { name: 'Seeds added per month' },
      { timeout: 4_000 },
    );
    expect((await bars(figure)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Load the/ })).toBeNull();
    server.events.removeAllListeners();
    expect(asked.filter((path) => path.endsWith('/seed'))).toEqual([]);
  });

  it('shows the loading bar while the seeds arrive, counting those already there', async () => {
    const user = userEvent.setup();
    // The pages after the first wait a little, as a large catalogue's would.
    server.use(
      http.get('*/api/seed', async ({ request }) => {
        if (Number(new URL(request.url).searchParams.get('offset') ?? 0) > 0) await delay(1_500);
      }),
    );
    renderApp('/overview');
    await user.click(
      await screen.findByRole('button', { name: /^Load the .* seeds/ }, { timeout: 4_000 }),
    );
    const figure = await screen.findByRole('figure', { name: 'Seeds added per month' });
    const progress = await within(figure).findByRole('progressbar', { name: 'Loading seeds' });
    expect(progress).toHaveAttribute('aria-valuemax', String(seeds.length));
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeLessThan(seeds.length);
    expect(figure).toHaveTextContent('The chart counts the seeds loaded so far');
    await waitFor(
      () => {
        expect(within(figure).queryByRole('progressbar')).toBeNull();
      },
      { timeout: 8_000 },
    );
  });

  it('a period’s inactive part, clicked, lists exactly those seeds', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/overview');
    await user.click(await screen.findByRole('button', { name: /^Load the .* seeds/ }));
    const figure = await screen.findByRole('figure', { name: 'Seeds added per month' });
    const bar = await waitFor(async () => {
      const shown = await bars(figure);
      const [period, counts] =
        [...byPeriod(unitOf(shown))].sort((a, b) => b[1].inactive - a[1].inactive)[0] ?? [];
      const found = shown.find(
        (b) => b.label === period && b.series === 'inactive' && b.value === counts?.inactive,
      );
      if (!found) throw new Error(`no inactive part for ${String(period)} yet`);
      return found;
    });
    await user.click(bar.link);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/seeds');
    });
    expect(new URLSearchParams(router.state.location.search).get('active')).toBe('false');
    await countLine(`${count(bar.value)} of ${count(seeds.length)} seeds`);
  });
});

describe('the keyboard', () => {
  it('reaches every bar with one stop in the tab order and the arrow keys', async () => {
    const user = userEvent.setup();
    renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Last crawl' });
    const shown = await bars(figure);
    expect(shown.filter((b) => b.link.getAttribute('tabindex') === '0')).toHaveLength(1);
    shown[0]?.link.focus();
    const reached = [document.activeElement];
    for (let i = 1; i < shown.length; i++) {
      await user.keyboard('{ArrowRight}');
      reached.push(document.activeElement);
    }
    expect(reached).toEqual(shown.map((b) => b.link));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(shown[0]?.link);
  });
});

describe('the keyboard, on bars that open no list', { timeout: 20_000 }, () => {
  it('reaches the seeds without a readable date too, and hears and shows their figure', async () => {
    const user = userEvent.setup();
    renderApp('/overview');
    await user.click(
      await screen.findByRole('button', { name: /^Load the .* seeds/ }, { timeout: 4_000 }),
    );
    const figure = await screen.findByRole('figure', { name: 'Seeds added per month' });
    const svg = await waitFor(
      () => {
        const drawn = figure.querySelector('svg.chart__svg');
        if (!drawn) throw new Error('the chart is not drawn yet');
        return drawn as unknown as HTMLElement;
      },
      { timeout: 4_000 },
    );
    // Every part of the “Date unknown” bar is named with its figure, and why it opens nothing.
    const parts = await waitFor(() => {
      // Not by role: naming every part of a chart of many months is slow in jsdom.
      const found = [...svg.querySelectorAll<HTMLElement>('[role="img"]')].filter((part) =>
        part.getAttribute('aria-label')?.startsWith('Date unknown, '),
      );
      const named = found.map((part) => part.getAttribute('aria-label') ?? '');
      const sum = named.reduce((n, label) => n + Number(/: (\d+) seeds?\./.exec(label)?.[1]), 0);
      expect(sum).toBe(undated.length);
      return found;
    });
    for (const part of parts) {
      expect(part.getAttribute('aria-label')).toMatch(/no readable created date/);
    }
    // One stop in the tab order for the whole chart; End goes to the last part of the last bar.
    const focusable = svg.querySelectorAll('[tabindex="0"]');
    expect(focusable).toHaveLength(1);
    (focusable[0] as HTMLElement).focus();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(parts.at(-1));
    expect(figure.querySelector('.chart__tooltip')?.textContent).toContain(
      `Date unknown: ${String(undated.length)} seeds`,
    );
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).not.toBe(parts.at(-1));
    expect(svg.contains(document.activeElement)).toBe(true);
  });
});

describe('catalogues of every size', () => {
  it('with no collection, says so instead of drawing empty axes', async () => {
    server.use(
      http.get('*/api/collection', () =>
        HttpResponse.json([], { headers: { 'Total-Row-Count': '0' } }),
      ),
    );
    renderApp('/overview');
    expect(await screen.findByText('There are no collections yet.')).toBeInTheDocument();
    expect(screen.getByText('No collection has archived anything yet.')).toBeInTheDocument();
  });

  it('with one collection, draws it as itself, never as “all others”', async () => {
    const only = collections[5] as WireCollection;
    server.use(
      http.get('*/api/collection', () =>
        HttpResponse.json([only], { headers: { 'Total-Row-Count': '1' } }),
      ),
    );
    renderApp('/overview');
    const size = await screen.findByRole('figure', { name: 'Archived size by collection' });
    const shown = await bars(size);
    expect(shown.map((b) => [b.label, b.exact])).toEqual([
      [only.name, BigInt(only.total_warc_bytes)],
    ]);
    expect(size).toHaveTextContent('Every collection by the size of its archive');
    const crawl = await bars(screen.getByRole('figure', { name: 'Last crawl' }));
    expect(crawl.map((b) => [b.label, b.value])).toEqual([[band(only), 1]]);
  });

  it('with 5,000 collections, draws the 15 largest and all others', async () => {
    const base = collections[1] as WireCollection;
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      ...base,
      id: 1_000_000 + i,
      name: `Collection ${String(i)}`,
      total_warc_bytes: (i % 997) * 1_000_000_007,
    }));
    server.use(
      http.get('*/api/collection', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? -1);
        const page = many.slice(offset, limit < 0 ? undefined : offset + limit);
        return HttpResponse.json(page, { headers: { 'Total-Row-Count': String(many.length) } });
      }),
    );
    renderApp('/overview');
    const figure = await screen.findByRole('figure', { name: 'Archived size by collection' });
    const shown = await bars(figure);
    expect(shown).toHaveLength(16);
    expect(shown.at(-1)?.label).toBe('All 4,985 other collections');
  });
});
