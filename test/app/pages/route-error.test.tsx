import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/app/query-client';
import { createRoutes } from '../../../src/app/routes';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';

setupPageCatalogue(100);

function Broken(): never {
  throw new Error('A record could not be shown.');
}

describe('errors while rendering', () => {
  it('are caught by the route boundary, which keeps the navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createQueryClient();
    const routes = createRoutes(client);
    const pages = routes[0]?.children?.[0]?.children as RouteObject[];
    pages.unshift({ path: 'broken', Component: Broken });
    const router = createMemoryRouter(routes, { initialEntries: ['/broken'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A record could not be shown.');
    expect(
      screen.getByRole('heading', { name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Seeds' })).toBeInTheDocument();
  });

  it('an address that matches no page says so, inside the shell', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByText('The address does not match any page of the explorer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });
});
