import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';
import { columnTexts } from './table-helpers';

const { catalogue, server } = setupPageCatalogue();

describe('/seed-groups', () => {
  it('lists every group with its collection, and counts seeds on request', async () => {
    const user = userEvent.setup();
    renderApp('/seed-groups?sort=-seeds');
    expect(
      await screen.findByText(`${String(catalogue.seedGroups.length)} seed groups`),
    ).toBeInTheDocument();
    expect(columnTexts('Seed groups', 'Seeds').every((t) => t === 'not counted')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Count the seeds in each group' }));
    const counts = new Map<number, number>();
    for (const seed of catalogue.seeds) {
      if (seed.seed_group !== null)
        counts.set(seed.seed_group, (counts.get(seed.seed_group) ?? 0) + 1);
    }
    const largest = Math.max(...counts.values());
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
