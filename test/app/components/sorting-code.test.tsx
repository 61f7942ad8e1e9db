/**
 * The table's sorting code loads on first use (src/components/data-table/sorting-code.ts): while
 * it is on its way the rows keep their own order and say that a sort is coming (never claiming to
 * be sorted); a load that fails says why and can be tried again; a short list does not fetch it
 * until someone is about to sort, and a long one fetches it to prepare its sort keys.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataColumn, SortState } from '../../../src/components/data-table';

const SCHEDULER = '../../../src/components/data-table/scheduler';

interface Item {
  readonly code: string;
  readonly name: string;
}

const items: readonly Item[] = [
  { code: 'a', name: 'pear' },
  { code: 'b', name: 'Apple' },
  { code: 'c', name: 'fig' },
];

const columns: readonly DataColumn<Item>[] = [
  { id: 'code', header: 'Code', kind: 'text', value: (r) => r.code },
  { id: 'name', header: 'Name', kind: 'text', value: (r) => r.name },
];

/** The sorting code's import, held until `release` (or failing with `fail`). */
function holdSortingCode() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  const imported = vi.fn();
  vi.doMock(SCHEDULER, async (original: () => Promise<unknown>) => {
    imported();
    await gate;
    return original();
  });
  return { release, fail, imported };
}

/** The table from a fresh module graph: no sorting code loaded yet. */
async function freshTable() {
  vi.resetModules();
  const { DataTable } = await import('../../../src/components/data-table');
  const sortingCode = await import('../../../src/components/data-table/sorting-code');
  function Table({
    initial = null,
    rows = items,
    growing = false,
  }: {
    initial?: SortState | null;
    rows?: readonly Item[];
    growing?: boolean;
  }) {
    const [sort, setSort] = useState(initial);
    return (
      <DataTable
        tableId="items"
        label="Items"
        rows={rows}
        columns={columns}
        getRowId={(r) => r.code}
        sort={sort}
        onSortChange={setSort}
        growing={growing}
      />
    );
  }
  return { Table, sortingCode };
}

/** A table whose address asks for a sort, its sorting code held; once the code is asked for. */
async function sortedFromTheAddress(sort: SortState) {
  const code = holdSortingCode();
  const { Table } = await freshTable();
  render(<Table initial={sort} />);
  await waitFor(() => {
    expect(code.imported).toHaveBeenCalled();
  });
  return code;
}

const grid = () => screen.getByRole('grid', { name: 'Items' });
const codes = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);
const header = (name: string) => within(grid()).getByRole('columnheader', { name });
const sortButton = (name: string) => within(header(name)).getByRole('button');
const status = () => screen.getByRole('status');

/** The state of a sort asked for and still on its way. */
function expectSortComing(name: string) {
  expect(grid()).toHaveAttribute('aria-busy', 'true');
  expect(grid().closest('.data-table')).toHaveClass('data-table--sorting');
  expect(sortButton(name)).toHaveClass('data-table__sort--pending');
  expect(status()).toHaveTextContent(`Sorting by ${name}…`);
}

beforeEach(() => {
  localStorage.clear();
  vi.doUnmock(SCHEDULER);
});

describe('the sorting code, loaded on first use', () => {
  it('shows a sort from the address as coming, in the rows’ own order, until the code arrives', async () => {
    const code = await sortedFromTheAddress({ id: 'name', desc: false });
    // Not claimed as sorted: the rows in their own order are marked busy, the header's arrow
    // waits, and the status says the sort is still coming.
    expect(codes()).toEqual(['a', 'b', 'c']);
    expectSortComing('Name');
    await act(async () => {
      code.release();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(codes()).toEqual(['b', 'c', 'a']);
    });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(grid()).not.toHaveAttribute('aria-busy', 'true');
    expect(status()).toHaveTextContent('Sorted by Name, ascending.');
  });

  it('sorts on the first click of a short list, which had not fetched the code before', async () => {
    const code = holdSortingCode();
    const { Table } = await freshTable();
    render(<Table />);
    // A short list ranks a column within a click's budget: nothing is fetched for it in advance.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(code.imported).not.toHaveBeenCalled();
    fireEvent.click(sortButton('Name'));
    expect(codes()).toEqual(['a', 'b', 'c']);
    expectSortComing('Name');
    code.release();
    await waitFor(() => {
      expect(codes()).toEqual(['b', 'c', 'a']);
    });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('fetches the code when the keyboard reaches a header, and sorts with Enter', async () => {
    const code = holdSortingCode();
    const { Table } = await freshTable();
    render(<Table />);
    const user = userEvent.setup();
    // Tab to the Name header's button (after Columns and the Code header's button).
    for (let i = 0; i < 10 && document.activeElement !== sortButton('Name'); i++) await user.tab();
    expect(sortButton('Name')).toHaveFocus();
    await waitFor(() => {
      expect(code.imported).toHaveBeenCalled();
    });
    code.release();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(codes()).toEqual(['b', 'c', 'a']);
    });
    await user.keyboard('{Enter}');
    expect(codes()).toEqual(['a', 'c', 'b']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
  });

  it('fetches the code for a long list once it has all its rows, to prepare its sort keys', async () => {
    const code = holdSortingCode();
    const { Table, sortingCode } = await freshTable();
    const many = Array.from({ length: sortingCode.PREPARE_FROM_ROWS }, (_, i) => ({
      code: String(i),
      name: `n${String(i)}`,
    }));
    const { rerender } = render(<Table rows={many} growing />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(code.imported).not.toHaveBeenCalled();
    rerender(<Table rows={many} />);
    await waitFor(() => {
      expect(code.imported).toHaveBeenCalled();
    });
    code.release();
  });

  it('says why when the code cannot be loaded, keeps the rows, and tries again on request', async () => {
    const code = await sortedFromTheAddress({ id: 'name', desc: true });
    await act(async () => {
      code.fail(new Error('Failed to fetch dynamically imported module'));
      await Promise.resolve();
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^Sorting is not available: its code could not be loaded \(.+\)\. The rows are in the order the service sent them\. Try again$/,
    );
    // The rows stay, in their own order, not marked as sorted nor as sorting.
    expect(codes()).toEqual(['a', 'b', 'c']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(grid()).not.toHaveAttribute('aria-busy', 'true');
    expect(sortButton('Name')).not.toHaveClass('data-table__sort--pending');
    expect(status()).toHaveTextContent('');
    // The connection is back: "Try again" loads it and the sort asked for shows.
    vi.doUnmock(SCHEDULER);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(codes()).toEqual(['a', 'c', 'b']);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
  });

  it('names the browser’s reason in its message', async () => {
    const { sortingCode } = await freshTable();
    expect(
      sortingCode.sortingFailure(
        new TypeError('Failed to fetch dynamically imported module: /assets/scheduler-1.js'),
      ),
    ).toBe(
      'Sorting is not available: its code could not be loaded (Failed to fetch dynamically imported module: /assets/scheduler-1.js). The rows are in the order the service sent them.',
    );
  });

  it('finds the module a failed load names, so a browser that keeps the failure is asked anew', async () => {
    const { sortingCode } = await freshTable();
    const at = 'http://127.0.0.1:5173/assets/scheduler-DqymC42p.js';
    // Chromium's and Firefox's words, and a module asked for again with its query.
    expect(
      sortingCode.failedModule(new TypeError(`Failed to fetch dynamically imported module: ${at}`)),
    ).toBe(at);
    expect(
      sortingCode.failedModule(
        new TypeError(`error loading dynamically imported module: ${at}?try=1`),
      ),
    ).toBe(at);
    expect(sortingCode.failedModule(new TypeError('Load failed'))).toBeNull();
    expect(sortingCode.failedModule('offline')).toBeNull();
  });

  it('finds the sorting code in a module asked for anew, as itself or among its exports', async () => {
    const { sortingCode } = await freshTable();
    const scheduler = (await import(SCHEDULER)) as Record<string, unknown>;
    expect(sortingCode.sortingCodeIn(scheduler)).toBe(scheduler);
    // The build's file shares the code with the facets' ranking, under names it chose.
    const file = { a: 1, t: scheduler, n: () => 0 };
    expect(sortingCode.sortingCodeIn(file)).toBe(scheduler);
    expect(() => sortingCode.sortingCodeIn({ a: 1, b: null })).toThrow(
      'the file it loaded holds no sorting code',
    );
  });
});
