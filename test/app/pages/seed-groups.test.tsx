import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { paths } from '../../../src/lib/paths';
import { claimManySeeds } from '../catalogue-server';
import { setupPageCatalogue } from './setup';
import { columnTexts } from './table-helpers';

const { catalogue, server } = setupPageCatalogue();

/** How many seeds each group holds, counted here from the catalogue. */
function groupSizes(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const seed of catalogue.seeds) {
    if (seed.seed_group !== null)
      counts.set(seed.seed_group, (counts.get(seed.seed_group) ?? 0) + 1);
  }
  return counts;
}

describe('/seed-groups', () => {
  it('counts each group’s seeds without being asked, the catalogue having fewer than 100,000', async () => {
    renderApp('/seed-groups?sort=-seeds');
    expect(
      await screen.findByText(`${String(catalogue.seedGroups.length)} seed groups`),
    ).toBeInTheDocument();
    const largest = Math.max(...groupSizes().values());
    expect(
      await screen.findAllByRole('gridcell', { name: largest.toLocaleString() }),
    ).not.toHaveLength(0);
    expect(columnTexts('Seed groups', 'Seeds')[0]).toBe(largest.toLocaleString());
    expect(screen.queryByRole('button', { name: 'Count the seeds in each group' })).toBeNull();
  });

  it('in a catalogue of 100,000 seeds or more, counts seeds on request', async () => {
    const user = userEvent.setup();
    claimManySeeds(server, catalogue);
    const claimed = (
      20_000 * catalogue.collections.length +
      catalogue.collections.reduce((n, c) => n + c.num_inactive_seeds, 0)
    ).toLocaleString();
    renderApp('/seed-groups?sort=-seeds');
    expect(
      await screen.findByText(`${String(catalogue.seedGroups.length)} seed groups`),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(`Loads all ${claimed} seeds in the catalogue`),
    ).toBeInTheDocument();
    expect(columnTexts('Seed groups', 'Seeds').every((t) => t === 'not counted')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Count the seeds in each group' }));
    const largest = Math.max(...groupSizes().values());
    expect(
      await screen.findAllByRole('gridcell', { name: largest.toLocaleString() }),
    ).not.toHaveLength(0);
    expect(columnTexts('Seed groups', 'Seeds')[0]).toBe(largest.toLocaleString());
  });

  it('links each group to its seeds and to its collection', async () => {
    renderApp('/seed-groups');
    await screen.findByText(`${String(catalogue.seedGroups.length)} seed groups`);
    const grid = screen.getByRole('grid', { name: 'Seed groups' });
    const row = within(grid).getAllByRole('row')[1] as HTMLElement;
    const [seeds, collection] = within(row).getAllByRole('link');
    expect(seeds?.getAttribute('href')).toMatch(/^\/seeds\?seed_group=\d+$/);
    expect(collection?.getAttribute('href')).toMatch(/^\/collections\/\d+\/overview$/);
    // Each is the one group's: its id is in the row.
    const id = seeds?.getAttribute('href')?.split('=')[1] ?? '';
    expect(within(row).getByRole('gridcell', { name: id })).toBeInTheDocument();
  });

  it('opens a group’s seeds inside the app on a click, and leaves a modified click to the browser', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seed-groups');
    await screen.findByText(`${String(catalogue.seedGroups.length)} seed groups`);
    const grid = screen.getByRole('grid', { name: 'Seed groups' });
    const row = within(grid).getAllByRole('row')[1] as HTMLElement;
    const [name] = within(row).getAllByRole('link');
    if (!name) throw new Error('no link');
    const href = name.getAttribute('href') ?? '';
    // With a modifier the browser opens it (a new tab or window); the page stays.
    await user.keyboard('{Control>}');
    await user.click(name);
    await user.keyboard('{/Control}');
    expect(router.state.location.pathname).toBe('/seed-groups');
    await user.click(name);
    expect(router.state.location.pathname + router.state.location.search).toBe(href);
    expect(await screen.findByRole('heading', { level: 1, name: 'Seeds' })).toBeInTheDocument();
  });
});

describe('a collection’s seed groups', () => {
  it('open a group’s seeds on the collection’s Seeds tab, keeping the collection', async () => {
    const user = userEvent.setup();
    const sizes = groupSizes();
    const group = catalogue.seedGroups.find((g) => (sizes.get(g.id) ?? 0) > 2);
    const collection = catalogue.collections.find((c) => c.id === group?.collection);
    if (!group || !collection) throw new Error('no group with seeds');
    const { router } = renderApp(paths.collection(collection.id, 'seedGroups'));
    const grid = await screen.findByRole('grid', { name: 'Seed groups' });
    const link = await within(grid).findByRole('link', { name: group.name });
    const target = paths.collection(collection.id, 'seeds', { seed_group: group.id });
    expect(link).toHaveAttribute('href', target);
    await user.click(link);
    expect(router.state.location.pathname + router.state.location.search).toBe(target);
    expect(await screen.findByRole('heading', { level: 1, name: collection.name })).toBeVisible();
    const inCollection = catalogue.seeds.filter((s) => s.collection === collection.id).length;
    expect(
      await screen.findByText(
        `Seeds in group “${group.name}” · ${String(sizes.get(group.id))} of ${inCollection.toLocaleString()}`,
      ),
    ).toBeVisible();
  });
});

describe('/seed-groups?q=', () => {
  it('finds groups by collection name even when the names arrive after the groups', async () => {
    const collection = catalogue.collections.find((c) =>
      catalogue.seedGroups.some((g) => g.collection === c.id),
    );
    if (!collection) throw new Error('no collection with groups');
    const expected = catalogue.seedGroups.filter((g) => g.collection === collection.id).length;
    // The collections answer late: the groups are filtered before any name is known.
    let release: () => void = () => undefined;
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/collection', async () => {
        await late;
        return undefined;
      }),
    );
    renderApp(`/seed-groups?q=${encodeURIComponent(collection.name)}`);
    await screen.findByText(`0 of ${String(catalogue.seedGroups.length)} seed groups`);
    release();
    expect(
      await screen.findByText(
        `${String(expected)} of ${String(catalogue.seedGroups.length)} seed groups`,
      ),
    ).toBeInTheDocument();
  });
});
