import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  type DataColumn,
  type DataTableProps,
  type SortState,
} from '../../../src/components/data-table';
import { MOST_SCROLL_HEIGHT } from '../../../src/components/data-table/row-window';

interface Item {
  readonly code: string;
  readonly name: string | null;
  readonly size: number | null;
  readonly crawled: number | null;
}

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

// Incoming order matters: ties must keep it.
const items: readonly Item[] = [
  { code: 'a', name: 'item 10', size: 5, crawled: day(2020, 1, 5) },
  { code: 'b', name: 'Item 2', size: null, crawled: day(2019, 6, 1) },
  { code: 'c', name: 'éclair', size: 100, crawled: null },
  { code: 'd', name: null, size: 20, crawled: day(2021, 2, 1) },
  { code: 'e', name: 'apple', size: 5, crawled: day(2020, 1, 5) },
  { code: 'f', name: 'Banana', size: -3, crawled: day(2018, 2, 1) },
  { code: 'g', name: 'zebra', size: 5, crawled: day(2022, 3, 1) },
];

const columns: readonly DataColumn<Item>[] = [
  { id: 'code', header: 'Code', kind: 'text', value: (r) => r.code, width: 80 },
  { id: 'name', header: 'Name', kind: 'text', value: (r) => r.name },
  { id: 'size', header: 'Size', kind: 'number', value: (r) => r.size },
  {
    id: 'crawled',
    header: 'Last crawl',
    kind: 'date',
    value: (r) => r.crawled,
    cell: (r) => (r.crawled === null ? 'never' : new Date(r.crawled).toISOString().slice(0, 10)),
  },
];

const getItemId = (r: Item) => r.code;

type Props = Partial<DataTableProps<Item>>;

/** What every table in these tests shows. */
const base = { tableId: 'items', label: 'Items', rows: items, columns, getRowId: getItemId };

function renderTable(props: Props = {}) {
  const onSortChange = vi.fn<(sort: SortState | null) => void>();
  const view = render(<DataTable {...base} sort={null} onSortChange={onSortChange} {...props} />);
  return { ...view, onSortChange };
}

/** A page that keeps the sort in its own state, as pages keep it in the URL. */
function ControlledTable(props: Props & { onSort?: (sort: SortState | null) => void }) {
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <DataTable
      {...base}
      {...props}
      sort={sort}
      onSortChange={(next) => {
        props.onSort?.(next);
        setSort(next);
      }}
    />
  );
}

const grid = () => screen.getByRole('grid', { name: 'Items' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
/** The first cell of every rendered body row, in order. */
const renderedCodes = () =>
  bodyRows().map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);
const header = (name: string) => within(grid()).getByRole('columnheader', { name });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('DataTable sorting', () => {
  it('cycles a header through ascending, descending and no sort', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn<(sort: SortState | null) => void>();
    render(<ControlledTable onSort={onSort} />);
    const name = header('Name');
    expect(name).toHaveAttribute('aria-sort', 'none');

    await user.click(within(name).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'name', desc: false });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(renderedCodes()).toEqual(['e', 'f', 'c', 'b', 'a', 'g', 'd']);

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(renderedCodes()).toEqual(['g', 'a', 'b', 'c', 'f', 'e', 'd']);

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith(null);
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(renderedCodes()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('starts a different column ascending, and the previous one shows unsorted', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn<(sort: SortState | null) => void>();
    render(<ControlledTable onSort={onSort} />);
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await user.click(within(header('Size')).getByRole('button', { name: 'Size' }));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'size', desc: false });
    expect(header('Size')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
  });

  it('sorts from the keyboard: the header is a button', async () => {
    const user = userEvent.setup();
    const { onSortChange } = renderTable();
    within(header('Size')).getByRole('button', { name: 'Size' }).focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenCalledWith({ id: 'size', desc: false });
  });

  it('announces the sort', () => {
    renderTable({ sort: { id: 'crawled', desc: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by Last crawl, descending.');
  });

  it.each([
    // Locale collation: case- and accent-insensitive, numbers inside text by value; null last.
    [{ id: 'name', desc: false }, ['e', 'f', 'c', 'b', 'a', 'g', 'd']],
    [{ id: 'name', desc: true }, ['g', 'a', 'b', 'c', 'f', 'e', 'd']],
    // Numbers as numbers (-3 < 5 < 20 < 100); the tie 5 keeps the incoming order a, e, g both ways.
    [{ id: 'size', desc: false }, ['f', 'a', 'e', 'g', 'd', 'c', 'b']],
    [{ id: 'size', desc: true }, ['c', 'd', 'a', 'e', 'g', 'f', 'b']],
    // Dates by time; the tie a/e keeps its order; never-crawled last both ways.
    [{ id: 'crawled', desc: false }, ['f', 'b', 'a', 'e', 'd', 'g', 'c']],
    [{ id: 'crawled', desc: true }, ['g', 'd', 'a', 'e', 'b', 'f', 'c']],
  ])('shows the rows in order for %j', (sort, expected) => {
    renderTable({ sort });
    expect(renderedCodes()).toEqual(expected);
  });

  it('keeps the incoming order for a sort by an unknown column', () => {
    renderTable({ sort: { id: 'nonsense', desc: true } });
    expect(renderedCodes()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    for (const name of ['Code', 'Name', 'Size', 'Last crawl']) {
      expect(header(name)).toHaveAttribute('aria-sort', 'none');
    }
  });

  it('has no sort button on a column that is not sortable', () => {
    const fixed: DataColumn<Item>[] = [
      ...columns.slice(0, 1),
      { id: 'name', header: 'Name', kind: 'text', value: (r) => r.name, sortable: false },
    ];
    renderTable({ columns: fixed });
    expect(within(header('Name')).queryByRole('button')).not.toBeInTheDocument();
    expect(header('Name')).not.toHaveAttribute('aria-sort');
  });

  it('renders cells as text, with the full text in a title and numbers aligned to the end', () => {
    renderTable();
    const [first] = bodyRows();
    if (!first) throw new Error('no rows');
    const cells = within(first).getAllByRole('gridcell');
    expect(cells.map((c) => c.textContent)).toEqual(['a', 'item 10', '5', '2020-01-05']);
    expect(cells[1]).toHaveAttribute('title', 'item 10');
    expect(cells[2]).toHaveClass('data-table__cell--end');
  });

  it('renders markup in data as text', () => {
    const rows = [{ code: '<b>x</b>', name: '<img src=x onerror=alert(1)>', size: 1, crawled: 0 }];
    renderTable({ rows });
    expect(within(grid()).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(grid().querySelector('img, b')).toBeNull();
  });
});

function manyItems(count: number): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    code: `row ${i}`,
    name: `Name ${(i * 7919) % count}`,
    size: i % 97,
    crawled: day(2020, 1, 1) + i * 1000,
  }));
}

describe('DataTable virtualisation', () => {
  it('renders only a window of 10,000 rows, and tells assistive technology the full count', () => {
    renderTable({ rows: manyItems(10_000) });
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(grid()).toHaveAttribute('aria-rowcount', '10001');
    expect(within(grid()).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rows.map((r) => r.getAttribute('aria-rowindex')).slice(0, 3)).toEqual(['2', '3', '4']);
  });

  it('reaches the last of a million rows, taller than a browser lays out, from the keyboard and by scrolling', async () => {
    const user = userEvent.setup();
    renderTable({ rows: manyItems(1_000_000) });
    const laidOut = Number.parseFloat(grid().style.height);
    expect(laidOut).toBeLessThanOrEqual(MOST_SCROLL_HEIGHT);
    const scroller = grid().closest<HTMLElement>('.data-table__scroll');
    if (!scroller) throw new Error('no scroll area');

    await tabIntoRows(user);
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '1000001');
    expect(scroller.scrollTop).toBeGreaterThan(0);
    expect(scroller.scrollTop).toBeLessThan(laidOut);
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    // The rows before the last are drawn with it: the view is at the end of the list.
    expect(renderedCodes().slice(-3)).toEqual(['row 999997', 'row 999998', 'row 999999']);

    await user.keyboard('{Home}');
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(scroller.scrollTop).toBe(0);
    expect(renderedCodes()[0]).toBe('row 0');
  }, 60_000);

  it('keeps the rows in view where they are as a list too tall to lay out grows', () => {
    const all = manyItems(1_000_000);
    const { rerender } = renderTable({ rows: all.slice(0, 500_000) });
    const scroller = grid().closest<HTMLElement>('.data-table__scroll');
    if (!scroller) throw new Error('no scroll area');
    act(() => {
      scroller.scrollTop = 7_000_000;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const before = renderedCodes()[0];
    expect(before).not.toBe('row 0');
    const top = scroller.scrollTop;
    rerender(<DataTable {...base} rows={all} sort={null} onSortChange={vi.fn()} />);
    expect(renderedCodes()[0]).toBe(before);
    // The same rows are a smaller share of the longer list: the scroll moved up to them.
    expect(scroller.scrollTop).toBeLessThan(top);
  }, 60_000);

  it('renders a window of the sorted order', () => {
    renderTable({ rows: manyItems(10_000), sort: { id: 'code', desc: true } });
    // Numeric-aware: "row 9999" is the largest, then 9998, …
    expect(renderedCodes().slice(0, 3)).toEqual(['row 9999', 'row 9998', 'row 9997']);
  });
});

/** Tabs forward until a body row has focus; fails if none does within a few stops. */
async function tabIntoRows(user: ReturnType<typeof userEvent.setup>) {
  for (let i = 0; i < 20; i++) {
    await user.tab();
    const focused = document.activeElement;
    if (focused instanceof HTMLTableRowElement && focused.dataset.rowId !== undefined) {
      return focused;
    }
  }
  throw new Error('No row took focus');
}

describe('DataTable sorting a column that takes long to rank', () => {
  it('answers the click at once, keeps the old order while busy, then shows the new order', async () => {
    const user = userEvent.setup();
    // 20,000 rows at 10 µs a value: ranking takes far longer than a click may block.
    const slowName: DataColumn<Item> = {
      id: 'name',
      header: 'Name',
      kind: 'text',
      value: (r) => {
        const end = performance.now() + 0.01;
        while (performance.now() < end);
        return r.name;
      },
    };
    const rows = manyItems(20_000);
    render(<ControlledTable rows={rows} columns={[columns[0] as DataColumn<Item>, slowName]} />);
    const names = () =>
      bodyRows()
        .slice(0, 4)
        .map((row) => within(row).getAllByRole('gridcell')[1]?.textContent);
    const before = names();

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sorting by Name…');
    expect(names()).toEqual(before);

    expect(
      await screen.findByText('Sorted by Name, ascending.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(grid()).toHaveAttribute('aria-busy', 'false');
    expect(names()).toEqual(['Name 0', 'Name 1', 'Name 2', 'Name 3']);
  });
});

describe('DataTable sort keys prepared in the background', () => {
  it('wait while more rows are on their way, and are worked out once they have all come', async () => {
    let reads = 0;
    const counted: DataColumn<Item> = {
      id: 'name',
      header: 'Name',
      kind: 'text',
      value: (r) => {
        reads++;
        return r.name;
      },
    };
    const rows = manyItems(2_000);
    const { rerender } = renderTable({ rows, columns: [counted], growing: true });
    // The rows on screen read their values; nothing else does, well past the moment the rows
    // count as settled and the browser as idle.
    const shown = reads;
    expect(shown).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(shown);
    rerender(
      <DataTable {...base} rows={rows} columns={[counted]} sort={null} onSortChange={vi.fn()} />,
    );
    await waitFor(
      () => {
        expect(reads).toBeGreaterThanOrEqual(2_000);
      },
      { timeout: 5_000 },
    );
  });
});

describe('DataTable keyboard', () => {
  it('gives the rows one tab stop, moves the active row with arrows and opens it with Enter', async () => {
    const user = userEvent.setup();
    const onOpenRow = vi.fn<(row: Item) => void>();
    renderTable({ onOpenRow, sort: { id: 'name', desc: false } });

    const first = await tabIntoRows(user);
    expect(first).toHaveAttribute('aria-rowindex', '2');
    expect(within(first).getAllByRole('gridcell')[0]).toHaveTextContent('e');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '4');
    expect(document.activeElement).toHaveClass('data-table__row--active');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '3');

    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenCalledTimes(1);
    expect(onOpenRow).toHaveBeenCalledWith(items[5]); // Banana, second by name

    // Only one row is in the tab order: the next Tab leaves the rows.
    await user.tab();
    expect(document.activeElement).not.toBeInstanceOf(HTMLTableRowElement);
  });

  it('enters the rows from the grid itself when the page focuses it', async () => {
    const user = userEvent.setup();
    const onOpenRow = vi.fn<(row: Item) => void>();
    renderTable({ onOpenRow, sort: { id: 'size', desc: true } });
    act(() => {
      grid().focus();
    });
    expect(grid()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');
    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenCalledWith(items[2]); // the largest size
  });

  it('jumps with Home, End, PageDown and PageUp, keeping the active row rendered', async () => {
    const user = userEvent.setup();
    const rows = manyItems(10_000);
    const onOpenRow = vi.fn<(row: Item) => void>();
    renderTable({ rows, onOpenRow });
    await tabIntoRows(user);

    await user.keyboard('{End}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '10001');
    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenLastCalledWith(rows[9999]);

    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');

    await user.keyboard('{PageDown}');
    const afterPage = Number(document.activeElement?.getAttribute('aria-rowindex'));
    expect(afterPage).toBeGreaterThan(5);
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');
  });

  it('opens a row on click and marks the selected row', async () => {
    const user = userEvent.setup();
    const onOpenRow = vi.fn<(row: Item) => void>();
    renderTable({ onOpenRow, selectedRowId: 'c' });
    const rows = bodyRows();
    await user.click(within(rows[3] as HTMLElement).getByRole('gridcell', { name: '20' }));
    expect(onOpenRow).toHaveBeenCalledWith(items[3]);
    expect(rows[2]).toHaveAttribute('aria-selected', 'true');
    expect(rows[0]).toHaveAttribute('aria-selected', 'false');
  });
});

describe('DataTable rendering work', () => {
  it('does not render rows again when unrelated props change, and few when the selection does', () => {
    let cellRenders = 0;
    const counted: DataColumn<Item>[] = [
      {
        id: 'code',
        header: 'Code',
        kind: 'text',
        value: (r) => r.code,
        cell: (r) => {
          cellRenders++;
          return r.code;
        },
      },
      ...columns.slice(1),
    ];
    const props = {
      tableId: 'items',
      label: 'Items',
      rows: items,
      columns: counted,
      getRowId: getItemId,
      sort: null,
    };
    const { rerender } = render(
      <DataTable {...props} onSortChange={() => undefined} selectedRowId={null} />,
    );
    const initial = cellRenders;
    expect(initial).toBe(items.length);

    // New callbacks, as a page re-rendering for its own reasons passes them, twice.
    for (let time = 0; time < 2; time++) {
      rerender(
        <DataTable
          {...props}
          onSortChange={() => undefined}
          onOpenRow={() => undefined}
          selectedRowId={null}
        />,
      );
    }
    // The first re-render marks rows clickable (one render each); the second changes nothing.
    expect(cellRenders).toBe(initial + items.length);
    const afterCallbacks = cellRenders;

    rerender(
      <DataTable
        {...props}
        onSortChange={() => undefined}
        onOpenRow={() => undefined}
        selectedRowId="c"
      />,
    );
    // The newly selected row, and the row that held the tab stop before it.
    expect(cellRenders - afterCallbacks).toBeLessThanOrEqual(2);
    expect(bodyRows()[2]).toHaveAttribute('aria-selected', 'true');
  });
});

describe('DataTable column chooser', () => {
  async function openChooser(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    // The panel's code loads when the button is first reached.
    return screen.findByRole('group', { name: 'Columns of Items' });
  }

  it('hides a column, and remembers the choice across a remount', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable();
    const panel = await openChooser(user);
    const size = within(panel).getByRole('checkbox', { name: 'Size' });
    expect(size).toBeChecked();
    await user.click(size);
    expect(size).not.toBeChecked();
    expect(within(grid()).queryByRole('columnheader', { name: 'Size' })).not.toBeInTheDocument();
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('gridcell')).toHaveLength(3);
    unmount();

    renderTable();
    expect(within(grid()).queryByRole('columnheader', { name: 'Size' })).not.toBeInTheDocument();
    expect(header('Name')).toBeInTheDocument();
    const again = await openChooser(user);
    expect(within(again).getByRole('checkbox', { name: 'Size' })).not.toBeChecked();
  });

  it('keeps choices apart per table id', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable({ tableId: 'one' });
    await user.click(within(await openChooser(user)).getByRole('checkbox', { name: 'Name' }));
    unmount();
    renderTable({ tableId: 'two' });
    expect(header('Name')).toBeInTheDocument();
  });

  it('shows a column hidden by default when the user asks for it', async () => {
    const user = userEvent.setup();
    const withHidden: DataColumn<Item>[] = [
      ...columns,
      { id: 'extra', header: 'Extra', kind: 'text', value: () => 'x', hiddenByDefault: true },
    ];
    const { unmount } = renderTable({ columns: withHidden });
    expect(within(grid()).queryByRole('columnheader', { name: 'Extra' })).not.toBeInTheDocument();
    await user.click(within(await openChooser(user)).getByRole('checkbox', { name: 'Extra' }));
    expect(header('Extra')).toBeInTheDocument();
    unmount();
    renderTable({ columns: withHidden });
    expect(header('Extra')).toBeInTheDocument();
  });

  it('never hides the last visible column', async () => {
    const user = userEvent.setup();
    renderTable();
    const panel = await openChooser(user);
    for (const name of ['Code', 'Name', 'Size']) {
      await user.click(within(panel).getByRole('checkbox', { name }));
    }
    const last = within(panel).getByRole('checkbox', { name: 'Last crawl' });
    expect(last).toBeChecked();
    expect(last).toBeDisabled();
    await user.click(last);
    expect(header('Last crawl')).toBeInTheDocument();
  });

  it('closes with Escape and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderTable();
    const panel = await openChooser(user);
    const button = screen.getByRole('button', { name: 'Columns' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('checkbox', { name: 'Code' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('resets to the default columns', async () => {
    const user = userEvent.setup();
    renderTable();
    const panel = await openChooser(user);
    await user.click(within(panel).getByRole('checkbox', { name: 'Size' }));
    await user.click(within(panel).getByRole('button', { name: 'Reset columns' }));
    expect(header('Size')).toBeInTheDocument();
  });

  it.each([
    ['malformed JSON', '{"v":1,"visibility":{'],
    ['a wrong shape', '[1,2,3]'],
    [
      'unknown ids and wrong types',
      '{"v":1,"visibility":{"bogus":false,"name":"no"},"widths":{"size":"wide"}}',
    ],
    [
      'every column hidden',
      '{"v":1,"visibility":{"code":false,"name":false,"size":false,"crawled":false}}',
    ],
    ['another version', '{"v":99,"visibility":{"name":false}}'],
  ])('ignores a stored value with %s', async (_, garbage) => {
    const user = userEvent.setup();
    // Let the table store a real choice, so the garbage goes where the table reads.
    const { unmount } = renderTable();
    await user.click(within(await openChooser(user)).getByRole('checkbox', { name: 'Size' }));
    unmount();
    const keys = Object.keys(localStorage);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) localStorage.setItem(key, garbage);

    renderTable();
    for (const name of ['Code', 'Name', 'Size', 'Last crawl']) {
      expect(header(name)).toBeInTheDocument();
    }
  });

  it('works when storage is unavailable', async () => {
    const user = userEvent.setup();
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      renderTable();
      await user.click(within(await openChooser(user)).getByRole('checkbox', { name: 'Size' }));
      expect(within(grid()).queryByRole('columnheader', { name: 'Size' })).not.toBeInTheDocument();
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});

describe('DataTable resizing', () => {
  it('resizes a column from the keyboard and remembers the width', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable();
    const handle = screen.getByRole('separator', { name: 'Resize Name' });
    expect(handle).toHaveAttribute('aria-valuenow', '200');
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '232');
    unmount();
    renderTable();
    expect(screen.getByRole('separator', { name: 'Resize Name' })).toHaveAttribute(
      'aria-valuenow',
      '232',
    );
  });
});

describe('DataTable loading and empty states', () => {
  it('shows placeholder rows while loading with no rows yet', () => {
    renderTable({ rows: [], loading: true });
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Items…');
    // Placeholders are hidden from assistive technology; only the header row is exposed.
    expect(within(grid()).getAllByRole('row')).toHaveLength(1);
    const placeholders = within(grid()).getAllByRole('row', { hidden: true }).slice(1);
    expect(placeholders).toHaveLength(8);
    expect(screen.queryByText('Nothing here.')).not.toBeInTheDocument();
  });

  it('shows the rows, not placeholders, when loading more with rows present', () => {
    renderTable({ loading: true });
    expect(bodyRows()).toHaveLength(items.length);
  });

  it('shows the empty content inside the table', () => {
    renderTable({ rows: [], empty: <p>Nothing here.</p> });
    expect(within(grid()).getByText('Nothing here.')).toBeInTheDocument();
    expect(grid()).toHaveAttribute('aria-busy', 'false');
  });
});

describe('DataTable focus survives re-sorting', () => {
  it('keeps the active row when the order changes', async () => {
    const user = userEvent.setup();
    const { rerender, onSortChange } = renderTable();
    await tabIntoRows(user);
    await user.keyboard('{ArrowDown}');
    // Row "b" is active; sort so that it moves.
    act(() => {
      rerender(
        <DataTable {...base} sort={{ id: 'name', desc: false }} onSortChange={onSortChange} />,
      );
    });
    const active = grid().querySelector('.data-table__row--active');
    expect(active).toHaveAttribute('data-row-id', 'b');
    expect(active).toHaveAttribute('tabindex', '0');
  });
});

describe('sort keys worked out ahead', () => {
  it('go on when only a hidden column is made anew (its figures arriving), and start again for a shown one', async () => {
    const { SortScheduler } = await import('../../../src/components/data-table/scheduler');
    const prepare = vi.spyOn(SortScheduler.prototype, 'prepareSortKeys');
    const hidden = (n: number): DataColumn<Item> => ({
      id: 'extra',
      header: 'Extra',
      kind: 'number',
      value: () => n,
      hiddenByDefault: true,
    });
    const view = renderTable({ columns: [...columns, hidden(1)] });
    const calls = prepare.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    view.rerender(
      <DataTable {...base} columns={[...columns, hidden(2)]} sort={null} onSortChange={vi.fn()} />,
    );
    expect(prepare.mock.calls.length).toBe(calls);
    const renamed = { ...columns[0], value: (r: Item) => r.code.toUpperCase() } as DataColumn<Item>;
    view.rerender(
      <DataTable
        {...base}
        columns={[renamed, ...columns.slice(1), hidden(2)]}
        sort={null}
        onSortChange={vi.fn()}
      />,
    );
    expect(prepare.mock.calls.length).toBe(calls + 1);
    prepare.mockRestore();
  });
});
