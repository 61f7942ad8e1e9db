/**
 * The note beside a list's count after a refresh replaced an old saved copy: its figures, the
 * links that open them, the list of records gone, and its dismissal.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SavedChanges } from '../../../src/api/since-saved';
import { SinceSavedNote } from '../../../src/components/since-saved-note';

const changes: SavedChanges = {
  copyAt: Date.UTC(2026, 10, 20, 9, 12),
  added: [11, 12],
  changed: [5],
  unknown: [],
  addedRows: 2,
  changedRows: 1,
  unknownRows: 0,
  gone: [
    { id: 3, url: 'https://gone.example.org/', collection: 7 },
    { id: 4, url: null, collection: null },
  ],
};

function show(what: SavedChanges, onDismiss = vi.fn()) {
  render(
    <MemoryRouter>
      <SinceSavedNote
        changes={what}
        hrefOf={(kind) => `/seeds?since=saved&change=${kind}`}
        collectionName={(id) => (id === 7 ? 'State agencies' : undefined)}
        onDismiss={onDismiss}
      />
    </MemoryRouter>,
  );
  return onDismiss;
}

describe('since your copy', () => {
  it('gives each figure, and links the added and changed ones to their seeds', () => {
    show(changes);
    expect(screen.getByText(/^Since your copy of /).textContent).toMatch(
      /: 2 added, 1 changed, 2 gone · Dismiss$/,
    );
    expect(screen.getByRole('link', { name: '2 added' }).getAttribute('href')).toBe(
      '/seeds?since=saved&change=added',
    );
    expect(screen.getByRole('link', { name: '1 changed' }).getAttribute('href')).toBe(
      '/seeds?since=saved&change=changed',
    );
  });

  it('lists the records gone, from the copy, with their collections', () => {
    show(changes);
    fireEvent.click(screen.getByRole('button', { name: '2 gone' }));
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['https://gone.example.org/ · State agencies', 'Record 4']);
    expect(screen.getByRole('region', { name: 'No longer in the list' }).textContent).toMatch(
      /^2 no longer in the list since your copy of /,
    );
  });

  it('says a figure of nothing without a link, and the unreadable apart', () => {
    show({ ...changes, added: [], addedRows: 0, unknown: [8], unknownRows: 1 });
    expect(screen.queryByRole('link', { name: '0 added' })).toBeNull();
    expect(
      screen.getByRole('link', { name: '1 with a last update that cannot be read' }),
    ).toBeTruthy();
  });

  it('is dismissed on request', () => {
    const onDismiss = show(changes);
    fireEvent.click(screen.getByRole('button', { name: /^Dismiss the comparison/ }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
