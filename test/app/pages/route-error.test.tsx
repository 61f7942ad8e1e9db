import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';

setupPageCatalogue(100);

// A page that fails while rendering, as a bug or an unforeseen record would make it.
vi.mock('../../../src/features/press/press-page', () => ({
  PressPage: () => {
    throw new Error('A record could not be shown.');
  },
}));

describe('errors while rendering', () => {
  it('are caught by the page boundary, which keeps the navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/press');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A record could not be shown.');
    expect(
      screen.getByRole('heading', { name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Seeds' })).toBeInTheDocument();
  });

  it('clear when the user moves to another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/press');
    await screen.findByRole('alert');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    within(nav).getByRole('link', { name: 'Collections' }).click();
    expect(await screen.findByRole('heading', { name: 'Collections' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/collections');
    expect(screen.queryByText('This page could not be shown')).toBeNull();
  });

  it('an address that matches no page says so, inside the shell', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByText('The address does not match any page of the explorer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });
});
