/**
 * The explorer against the service's public representation (what a visitor without an account
 * sees): only public records, every one read, the counts agree, a quiet line says the catalogue
 * is the public one, the fields it leaves out are mentioned once, quietly, and a seed group shared
 * by two collections shows in both.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visitorsCatalogue } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { renderApp } from '../render';
import { columnTexts } from './table-helpers';

const { catalogue: account } = setupCatalogueServer(generateCatalogue({ seeds: 2_000 }), {
  representation: 'public',
});
// What the visitor is shown: the expected counts.
const catalogue = visitorsCatalogue(account);
const total = catalogue.collections.length;
const NOTE = /^The public catalogue, as a visitor without an account sees it/;
const shared = [...catalogue.seedGroupRefs.values()].find((g) => g.collections.length > 1);

describe('the public representation', () => {
  it('lists only the public collections, with one count everywhere and a quiet note, not an alarm', async () => {
    renderApp('/collections');
    expect(await screen.findByText(`${String(total)} collections`)).toBeInTheDocument();
    expect(total).toBeLessThan(account.collections.length);
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The catalogue service does not provide: Created by, Last updated by.',
      ),
    ).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Collections' });
    await waitFor(() => {
      expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/could not be read|no readable id|no collections yet/)).toBeNull();
    // Columns of fields no record has start hidden; the chooser still offers them.
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Created by');
    const names = columnTexts('Collections', 'Name');
    expect(names).not.toContain('');
    for (const hidden of account.collections.filter((c) => !c.publicly_visible)) {
      expect(names).not.toContain(hidden.name);
    }
  });

  it('leaves out private seeds and the seeds of private collections, and says so on every page', async () => {
    const visible = catalogue.seeds.length;
    expect(visible).toBeLessThan(account.seeds.filter((s) => s.publicly_visible).length);
    const view = renderApp('/seeds');
    expect(
      await screen.findByText(`${visible.toLocaleString('en-US')} seeds`, {
        selector: '.count-line',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    view.unmount();
    renderApp('/press');
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
  });

  it('offers the public page of every collection it shows', async () => {
    const collection = catalogue.collections[0];
    renderApp(`/collections/${String(collection?.id)}`);
    const heading = await screen.findByRole('heading', { level: 1, name: collection?.name });
    const header = heading.closest('header') as HTMLElement;
    expect(within(header).getByRole('link', { name: 'Public page' })).toBeInTheDocument();
  });

  it('opens a collection with its seeds and seed groups', async () => {
    const collection = catalogue.collections.find(
      (c) => c.num_active_seeds + c.num_inactive_seeds > 0,
    );
    if (!collection) throw new Error('no collection with seeds');
    const seeds = catalogue.seeds.filter((s) => s.collection === collection.id).length;
    renderApp(`/collections/${String(collection.id)}/seeds`);
    expect(
      await screen.findByRole('heading', { level: 1, name: collection.name }),
    ).toBeInTheDocument();
    // The header's figure and the seeds tab's count agree.
    expect(await screen.findAllByText(`${seeds.toLocaleString()} seeds`)).toHaveLength(2);
    // The header says when and not by whom: the public representation has no user names.
    expect(screen.queryByText(/^by /)).toBeNull();
    expect(screen.queryByText('Collection not found')).toBeNull();
  });

  it('shows a group shared by two collections in each, and names both', async () => {
    if (!shared) throw new Error('the sample has no shared group');
    const [first, second] = shared.collections as [number, number];
    const names = new Map(catalogue.collections.map((c) => [c.id, c.name]));
    const rowOf = async (grid: HTMLElement) => {
      const id = String(shared.id);
      await within(grid).findByRole('gridcell', { name: id });
      return within(grid)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('gridcell', { name: id }));
    };
    for (const id of [first, second]) {
      const view = renderApp(`/collections/${String(id)}/seed-groups`);
      const row = await rowOf(await screen.findByRole('grid', { name: 'Seed groups' }));
      expect(row).toHaveTextContent(shared.name);
      view.unmount();
    }
    renderApp(`/seed-groups?q=${encodeURIComponent(names.get(second) ?? '')}`);
    const grid = await screen.findByRole('grid', { name: 'Seed groups' });
    const row = await rowOf(grid);
    expect(row).toBeDefined();
    const links = within(row as HTMLElement)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/collections/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/collections/${String(first)}/overview`,
      `/collections/${String(second)}/overview`,
    ]);
    expect(within(grid).getByRole('columnheader', { name: /Visibility/ })).toBeInTheDocument();
  });
});
