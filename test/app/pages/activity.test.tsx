/**
 * /activity and a collection's Activity tab against a catalogue whose recent history is written
 * here: every figure is counted again from the service's records with changes.ts, and the address
 * holds the period and the person, with a message for what cannot be read.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addedOf, updateOf, utcDay } from '../../../src/api/changes';
import { readItems } from '../../../src/api/parse';
import type { Seed } from '../../../src/api/records';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { renderApp } from '../render';

const DAY = 86_400_000;
/** Thursday 26 November 2026, mid-morning. */
const NOW = Date.UTC(2026, 10, 26, 9, 30);
const TODAY = Date.UTC(2026, 10, 26);
const PEOPLE = ['ahanson', 'mlib', 'student1', 'student2'];

const catalogue = generateCatalogue({ seeds: 600 });
catalogue.seeds.forEach((seed, i) => {
  const created = TODAY - (i % 45) * DAY + (i % 20) * 3600_000;
  const record = seed as unknown as Record<string, unknown>;
  record.created_date = new Date(created).toISOString();
  record.created_by = i % 17 === 0 ? null : PEOPLE[i % PEOPLE.length];
  const updated = i % 3 === 0 ? created + 2 * DAY : created;
  record.last_updated_date = new Date(updated).toISOString();
  record.last_updated_by = PEOPLE[(i + 1) % PEOPLE.length];
});
catalogue.collections.forEach((c, i) => {
  c.created_date = '2020-01-01T00:00:00Z';
  c.last_updated_date = i < 3 ? new Date(TODAY - i * DAY).toISOString() : c.created_date;
});
setupCatalogueServer(catalogue);

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

const count = (n: number) => n.toLocaleString('en-US');
const seeds: Seed[] = [];
readItems('seed', catalogue.seeds, 0, (row) => {
  seeds.push(row);
});
const since = (days: number) => TODAY - (days - 1) * DAY;
const added = (rows: readonly Seed[], from: number, by?: string) =>
  rows.filter((s) => {
    const a = addedOf(s);
    return a !== null && a.ms >= from && (by === undefined || a.by === by);
  }).length;
const updated = (rows: readonly Seed[], from: number, by?: string) =>
  rows.filter((s) => {
    const u = updateOf(s);
    return u !== null && u.ms >= from && (by === undefined || u.by === by);
  }).length;

/** The figure of a headline item, by its label. */
function figure(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement).getByRole('link');
}

/** The page at `path` with every seed loaded on request, once it shows `ready`. */
async function loadSeeds(path: string, ready: string | RegExp = 'Day by day') {
  const view = renderApp(path);
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole(
      'button',
      { name: /^Load the .* seeds to chart them$/ },
      { timeout: 4_000 },
    ),
  );
  await screen.findByText(ready, {}, { timeout: 8_000 });
  await waitFor(
    () => {
      expect(screen.queryByRole('progressbar')).toBeNull();
    },
    { timeout: 8_000 },
  );
  return { ...view, user };
}

describe('/activity', { timeout: 20_000 }, () => {
  it('loads the seeds on request, then counts the last 30 days as changes.ts does', async () => {
    await loadSeeds('/activity');
    await waitFor(() => {
      expect(figure('Seeds added')).toHaveTextContent(count(added(seeds, since(30))));
    });
    const from = utcDay(since(30));
    expect(figure('Seeds added')).toHaveAttribute('href', `/seeds?created_since=${from}`);
    expect(figure('Seeds updated')).toHaveTextContent(count(updated(seeds, since(30))));
    expect(figure('Seeds updated')).toHaveAttribute('href', `/seeds?updated_since=${from}`);
    // Three collections were updated on the last three days.
    expect(screen.getByRole('link', { name: '3 updated' })).toHaveAttribute(
      'href',
      `/collections?updated_since=${from}`,
    );
    // Some seeds name no one: said, and counted as such.
    const unnamed = seeds.filter((s) => addedOf(s)?.by === null).length;
    expect(screen.getByRole('note')).toHaveTextContent(`${count(unnamed)} changes of`);
  });

  it('lists the newest day first, each figure opening exactly its records', async () => {
    await loadSeeds('/activity?period=7d');
    // The newest change may be dated after today (updates two days after their seed was added).
    const newest = Math.max(...seeds.flatMap((s) => [addedOf(s)?.ms ?? 0, updateOf(s)?.ms ?? 0]));
    const days = document.querySelectorAll('.activity-day time');
    expect(days[0]).toHaveAttribute('datetime', utcDay(newest));
    expect(days[0]?.parentElement).toHaveTextContent('(dated in the future)');
    const person = 'ahanson';
    const mine = seeds.filter((s) => {
      const a = addedOf(s);
      return a?.by === person && utcDay(a.ms) === utcDay(TODAY);
    });
    const byCollection = new Map<number, number>();
    for (const { collectionId: id } of mine) {
      if (id !== null) byCollection.set(id, (byCollection.get(id) ?? 0) + 1);
    }
    expect(byCollection.size).toBeGreaterThan(0);
    for (const [collection, n] of byCollection) {
      const href = `/collections/${String(collection)}/seeds?created_by=${person}&created=${utcDay(TODAY)}`;
      const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === href);
      expect(link, href).not.toBeNull();
      expect(link).toHaveTextContent(n === 1 ? '1 seed' : `${count(n)} seeds`);
    }
  });

  it('follows one person, in the address', async () => {
    const { user, router } = await loadSeeds('/activity?period=90d');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'mlib');
    expect(router.state.location.search).toContain('person=mlib');
    await waitFor(() => {
      expect(figure('Seeds added')).toHaveTextContent(count(added(seeds, since(90), 'mlib')));
    });
    expect(figure('Seeds added')).toHaveAttribute(
      'href',
      `/seeds?created_by=mlib&created_since=${utcDay(since(90))}`,
    );
    expect(figure('Seeds updated')).toHaveTextContent(count(updated(seeds, since(90), 'mlib')));
  });

  it('says what in the address it cannot read, and shows the last 30 days', async () => {
    await loadSeeds('/activity?period=12d&since=2026-02-30');
    expect(screen.getByText(/“12d” is not a period of days/)).toBeInTheDocument();
    expect(screen.getByText(/“2026-02-30” is not a day of the calendar/)).toBeInTheDocument();
    expect(figure('Seeds added')).toHaveTextContent(count(added(seeds, since(30))));
  });

  it('says when a period has no changes, with a way to widen it', async () => {
    vi.setSystemTime(NOW + 60 * DAY);
    try {
      const { user, router } = await loadSeeds(
        '/activity?period=7d',
        'No changes in the last 7 days.',
      );
      await user.click(screen.getByRole('link', { name: 'Show the last 30 days' }));
      expect(router.state.location.search).toBe('?period=30d');
    } finally {
      vi.setSystemTime(NOW);
    }
  });
});

describe('a collection’s Activity tab', { timeout: 20_000 }, () => {
  it('counts the collection’s seeds only, at once', async () => {
    const id = seeds[5]?.collectionId ?? 0;
    renderApp(`/collections/${String(id)}/activity?period=90d`);
    await screen.findByRole('heading', { name: 'Day by day' }, { timeout: 8_000 });
    const own = seeds.filter((s) => s.collectionId === id);
    await waitFor(() => {
      expect(figure('Seeds added')).toHaveTextContent(count(added(own, since(90))));
    });
    expect(figure('Seeds added')).toHaveAttribute(
      'href',
      `/collections/${String(id)}/seeds?created_since=${utcDay(since(90))}`,
    );
    expect(screen.queryByText('Collections added · updated')).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Collection sections' });
    expect(within(tabs).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
