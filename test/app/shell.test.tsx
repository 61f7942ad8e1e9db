import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { catalogueServer } from './catalogue-server';
import { renderApp } from './render';

const catalogue = generateCatalogue({ seeds: 500 });
const server = catalogueServer(catalogue);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

describe('the app shell', () => {
  it('shows the navigation to every section', () => {
    renderApp();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    for (const name of ['Collections', 'Seeds', 'Seed groups', 'Press']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it('shows how many collections the catalogue has', async () => {
    renderApp();
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === `${catalogue.collections.length} collections in the catalogue.`,
      ),
    ).toBeInTheDocument();
  });

  it('says so when the count cannot be read', async () => {
    server.use(
      http.get('*/api/collection', () => HttpResponse.json({ detail: 'x' }, { status: 503 })),
    );
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(/503/);
  });
});
