import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';
import { columnTexts } from './table-helpers';

const { catalogue } = setupPageCatalogue();
const target =
  catalogue.collections.find(
    (c) =>
      c.publicly_visible &&
      c.num_active_seeds > 20 &&
      Object.keys(c.metadata).length > 2 &&
      catalogue.seedGroups.some((g) => g.collection === c.id),
  ) ?? catalogue.collections[0];
const id = String(target?.id);
const seedsOfTarget = catalogue.seeds.filter((s) => s.collection === target?.id);

describe('/collections/:id', () => {
  it('shows the header: name, state, counts, size, dates, topics and the public page', async () => {
    renderApp(`/collections/${id}`);
    const heading = await screen.findByRole('heading', { level: 1, name: target?.name });
    const header = heading.closest('header') as HTMLElement;
    expect(
      within(header).getByText(target?.state === 'ACTIVE' ? 'Active' : 'Inactive'),
    ).toBeInTheDocument();
    expect(
      within(header).getByText(`${seedsOfTarget.length.toLocaleString()} seeds`),
    ).toBeInTheDocument();
    const publicPage = within(header).getByRole('link', { name: 'Public page' });
    expect(publicPage).toHaveAttribute('href', `https://archive-it.org/collections/${id}`);
    expect(publicPage).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no public page for a private collection', async () => {
    const hidden = catalogue.collections.find((c) => !c.publicly_visible);
    if (!hidden) throw new Error('the sample has no private collection');
    renderApp(`/collections/${String(hidden.id)}`);
    const heading = await screen.findByRole('heading', { level: 1, name: hidden.name });
    const header = heading.closest('header') as HTMLElement;
    expect(within(header).getByText('Private')).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Public page' })).toBeNull();
  });

  it('opens on its Overview tab, with its description and metadata at the top', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/collections/${id}`);
    const about = await screen.findByRole('region', { name: 'About this collection' });
    expect(router.state.location.pathname).toBe(`/collections/${id}/overview`);
    const metadata = target?.metadata ?? {};
    const description = metadata.Description?.[0]?.value ?? '';
    expect(description).not.toBe('');
    expect(
      within(about).getByText((_, el) => el?.tagName === 'P' && el.textContent === description),
    ).toBeInTheDocument();
    // Title, Collector, Subject…: every value in full.
    const fields = Object.keys(metadata).filter((f) => f !== 'Description');
    for (const field of fields.slice(0, 8)) {
      expect(within(about).getByText(field, { selector: 'dt bdi' })).toBeInTheDocument();
      for (const entry of metadata[field] ?? []) {
        expect(
          within(about).getAllByText(
            (_, el) => el?.tagName === 'DD' && el.textContent === entry.value,
          ).length,
        ).toBeGreaterThan(0);
      }
    }
    // It comes before the charts of its seeds.
    const firstChart = await screen.findAllByRole('figure', {}, { timeout: 4_000 });
    expect(
      about.compareDocumentPosition(firstChart[0] as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(within(about).getByRole('link', { name: 'Show all metadata' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/collections/${id}/metadata`);
    });
    expect(await screen.findByText('The collection’s metadata')).toBeInTheDocument();
  });

  it('answers each tab at its own address, /collections/:id/seeds included', async () => {
    for (const [tab, shows] of [
      ['seeds', () => screen.findByRole('grid', { name: 'Seeds' })],
      ['seed-groups', () => screen.findByRole('grid', { name: 'Seed groups' })],
      ['metadata', () => screen.findByText('Seed metadata coverage')],
      ['overview', () => screen.findByRole('region', { name: 'About this collection' })],
    ] as const) {
      const view = renderApp(`/collections/${id}/${tab}`);
      expect(await shows()).toBeInTheDocument();
      expect(screen.queryByText('There is no such page')).toBeNull();
      const current = within(
        screen.getByRole('navigation', { name: 'Collection sections' }),
      ).getByRole('link', { current: 'page' });
      expect(current).toHaveAttribute('href', `/collections/${id}/${tab}`);
      view.unmount();
    }
  });

  it('takes an older link with a seed filter to the Seeds tab, the filter kept', async () => {
    const group = catalogue.seedGroups.find((g) => g.collection === target?.id);
    const { router } = renderApp(`/collections/${id}?seed_group=${String(group?.id)}`);
    await screen.findByRole('grid', { name: 'Seeds' });
    expect(router.state.location.pathname).toBe(`/collections/${id}/seeds`);
    expect(router.state.location.search).toBe(`?seed_group=${String(group?.id)}`);
  });

  it('offers the nearest real page for an address that leads nowhere', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/collections/${id}/seedz?q=gov`);
    expect(
      await screen.findByRole('heading', { name: 'There is no such page' }),
    ).toBeInTheDocument();
    const nearest = screen.getByRole('link', { name: `/collections/${id}/seeds` });
    await user.click(nearest);
    await screen.findByRole('grid', { name: 'Seeds' });
    expect(router.state.location.pathname).toBe(`/collections/${id}/seeds`);
    expect(router.state.location.search).toBe('?q=gov');
  });

  it('says that a sort by a column the tab does not show cannot be used', async () => {
    renderApp(`/collections/${id}/seeds?sort=-collection`);
    expect(
      await screen.findByText(
        'There is no column “collection” to sort by, so the list is unsorted.',
      ),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Seeds' });
    expect(within(grid).queryAllByRole('columnheader', { name: /Collection/ })).toEqual([]);
    for (const header of within(grid).getAllByRole('columnheader')) {
      expect(header).toHaveAttribute('aria-sort', 'none');
    }
  });

  it('lists only its own seeds in the Seeds tab', async () => {
    renderApp(`/collections/${id}/seeds`);
    expect(
      await screen.findByText(`${seedsOfTarget.length.toLocaleString()} seeds`, {
        selector: '.count-line',
      }),
    ).toBeInTheDocument();
    const urls = columnTexts('Seeds', 'URL');
    const own = new Set(seedsOfTarget.map((s) => s.url));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => own.has(u))).toBe(true);
  });

  it('keeps the open tab in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/collections/${id}`);
    await screen.findByRole('heading', { level: 1, name: target?.name });
    const tabs = screen.getByRole('navigation', { name: 'Collection sections' });
    await user.click(within(tabs).getByRole('link', { name: 'Seed groups' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/collections/${id}/seed-groups`);
    });
    const groups = catalogue.seedGroups.filter((g) => g.collection === target?.id);
    expect(
      await screen.findByText(
        `${String(groups.length)} seed group${groups.length === 1 ? '' : 's'}`,
      ),
    ).toBeInTheDocument();
  });

  it('shows every metadata field in the Metadata tab, markup as text', async () => {
    renderApp(`/collections/${id}/metadata`);
    await screen.findByRole('heading', { level: 1, name: target?.name });
    for (const [field, entries] of Object.entries(target?.metadata ?? {})) {
      expect(screen.getAllByText(field, { selector: 'dt, dt *' }).length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(
          screen.getAllByText((_, el) => el?.tagName === 'DD' && el.textContent === entry.value)
            .length,
        ).toBeGreaterThan(0);
      }
    }
    expect(document.querySelector('.metadata-value b, .metadata-value p')).toBeNull();
  });

  it('says when a collection does not exist', async () => {
    renderApp('/collections/999999');
    expect(await screen.findByText('This collection does not exist.')).toBeInTheDocument();
    expect(
      screen.getByText('There is no collection 999999 in this catalogue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });

  it('says when the address holds no collection id at all', async () => {
    renderApp('/collections/not-a-number');
    expect(await screen.findByText(/“not-a-number” is not a collection id/)).toBeInTheDocument();
  });

  it('says when a new collection has no seeds yet', async () => {
    const empty = catalogue.collections.find(
      (c) => c.num_active_seeds + c.num_inactive_seeds === 0,
    );
    renderApp(`/collections/${String(empty?.id)}/seeds`);
    expect(await screen.findByText('This collection has no seeds yet.')).toBeInTheDocument();
  });
});
