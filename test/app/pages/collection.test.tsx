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

  it('says that a sort by a column the tab does not show cannot be used', async () => {
    renderApp(`/collections/${id}?sort=-collection`);
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
    renderApp(`/collections/${id}`);
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
    renderApp(`/collections/${String(empty?.id)}`);
    expect(await screen.findByText('This collection has no seeds yet.')).toBeInTheDocument();
  });
});
