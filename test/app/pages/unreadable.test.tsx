/**
 * Lists the service sends partly or wholly unreadable: every count on the page agrees with the
 * rows the table holds, and a list with no readable record says so instead of looking empty.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';

const { catalogue, server } = setupPageCatalogue();
const engine = createCatalogueApi(catalogue);
const total = catalogue.collections.length;

/** Serves collections through the engine, with the records changed by `rewrite`. */
function rewriteCollections(rewrite: (records: Record<string, unknown>[]) => unknown[]) {
  server.use(
    http.get('*/api/collection', ({ request }) => {
      const url = new URL(request.url);
      const answer = engine.handle('GET', url.pathname + url.search);
      const records = JSON.parse(answer.body ?? '[]') as Record<string, unknown>[];
      return HttpResponse.json(rewrite(records), { headers: answer.headers });
    }),
  );
}

describe('a list with unreadable parts', () => {
  it('counts the rows it shows, and says what it left out and what is unknown, by column title', async () => {
    rewriteCollections((records) =>
      records.map((r, i) => {
        if (i < 2) return { ...r, id: `c-${String(r.id)}` };
        if (i < 5) return { ...r, name: null };
        if (i < 20) return { ...r, num_active_seeds: undefined };
        return r;
      }),
    );
    renderApp('/collections');
    const shown = total - 2;
    expect(await screen.findByText(`${String(shown)} collections`)).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Collections' });
    await waitFor(() => {
      expect(grid).toHaveAttribute('aria-rowcount', String(shown + 1));
    });
    expect(
      await screen.findByText(/^2 collections have no readable id and are left out\./),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Some values are unknown and show as “—”: Name unknown for 3 collections (unreadable); Active seeds unknown for 15 collections.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sorts the records whose value is unknown after every known one, in both directions', async () => {
    rewriteCollections((records) =>
      records.map((r, i) => (i % 10 === 0 ? { ...r, total_warc_bytes: 'lots' } : r)),
    );
    const unknownCount = Math.ceil(total / 10);
    for (const sort of ['size', '-size']) {
      const view = renderApp(`/collections?sort=${sort}`);
      const grid = await screen.findByRole('grid', { name: 'Collections' });
      await waitFor(() => {
        expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));
      });
      const sizeIndex = within(grid)
        .getAllByRole('columnheader')
        .findIndex((h) => h.textContent.startsWith('Archived size'));
      const cells = within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('gridcell')[sizeIndex]);
      // The rows in view are the first ones: none of them unknown.
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.length).toBeLessThan(total - unknownCount);
      for (const cell of cells) expect(cell?.querySelector('.unknown-value')).toBeNull();
      view.unmount();
    }
  });

  it('says so when no record has a readable id, and loads the list when asked again', async () => {
    const user = userEvent.setup();
    rewriteCollections((records) => records.map((r) => ({ ...r, id: null })));
    renderApp('/collections');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `The catalogue service sent ${String(total)} collections, none of which has a readable id.`,
    );
    expect(screen.getByText('The collections could not be loaded')).toBeInTheDocument();
    expect(
      screen.getByText('No collections to show: the list could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no collections yet/)).toBeNull();
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`${String(total)} collections`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
