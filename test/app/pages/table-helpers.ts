import { screen, within } from '@testing-library/react';

/** The text of one column in the rendered rows of a grid, top to bottom. */
export function columnTexts(gridName: string, header: string): string[] {
  const grid = screen.getByRole('grid', { name: gridName });
  const headers = within(grid).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent.trim().startsWith(header));
  if (index === -1) throw new Error(`No column "${header}"`);
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('gridcell')[index]?.textContent ?? '')
    .filter((text) => text !== '');
}

export function search(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
