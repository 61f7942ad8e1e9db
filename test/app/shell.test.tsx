import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { setupCatalogueServer } from './catalogue-server';
import { renderApp } from './render';

const catalogue = generateCatalogue({ seeds: 500 });
const { server } = setupCatalogueServer(catalogue);

describe('the app shell', () => {
  it('shows the navigation to every section, and a skip link', async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Collections', 'Seeds', 'Seed groups', 'Press', 'Activity']);
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('opens on the overview, with how many collections the catalogue has', async () => {
    const { router } = renderApp('/');
    const collections = await screen.findByRole('link', {
      name: String(catalogue.collections.length),
    });
    expect(collections).toHaveAttribute('href', '/collections');
    expect(router.state.location.pathname).toBe('/overview');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when the collections cannot be read, keeping the navigation', async () => {
    server.use(
      http.get('*/api/collection', () => HttpResponse.json({ detail: 'x' }, { status: 503 })),
    );
    renderApp();
    expect(await screen.findByRole('alert', {}, { timeout: 4_000 })).toHaveTextContent(/503/);
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });
});
