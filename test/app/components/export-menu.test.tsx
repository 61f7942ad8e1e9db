/**
 * A long export keeps the page responsive and says how it is doing: it runs in slices, shows a
 * progress bar once it has taken half a second (never sooner), announces itself, says where the
 * file went, and can be cancelled.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ExportMenu, type ExportColumn } from '../../../src/components/export/export-menu';

interface Row {
  id: number;
}

/** Files made, and downloads started. */
const files = { made: 0, saved: 0 };

beforeEach(() => {
  written = 0;
  files.made = 0;
  files.saved = 0;
  URL.createObjectURL = vi.fn(() => {
    files.made++;
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
    files.saved++;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Rows written so far by the column below. */
let written = 0;

/** A column that takes 0.05 ms a row to export: 30,000 rows take a second and a half. */
const slow: ExportColumn<Row> = {
  header: 'n',
  kind: 'number',
  value: (row) => row.id,
  exportValue: (row) => {
    written++;
    const end = performance.now() + 0.05;
    while (performance.now() < end);
    return row.id;
  },
};

function renderMenu(count: number) {
  const rows = Array.from({ length: count }, (_, id) => ({ id }));
  render(
    <ExportMenu
      source={{ resource: 'seed', rows, columns: [slow], sort: null }}
      list={{ loading: null, complete: true, settling: false, error: null }}
      noun="row"
      nouns="rows"
      naming={{ what: 'rows', pathname: '/', search: '' }}
    />,
  );
}

/** Opens the menu and returns its CSV button, once the menu's code has loaded. */
async function csvButton(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  return screen.findByRole('button', { name: 'CSV' }, { timeout: 10_000 });
}

it('writes a long export in slices, with its progress shown and announced', async () => {
  const user = userEvent.setup();
  renderMenu(30_000);
  await user.click(await csvButton(user));
  // Writing has begun, but nothing flashes up yet for what may end in a moment.
  expect(written).toBeGreaterThan(0);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  // The page's own timers keep running while the file is written.
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
  }, 0);
  // Then, while rows are still being written, the progress: how many of how many, announced.
  const progress = await screen.findByRole('progressbar', { name: 'Exporting rows' });
  expect(screen.getByRole('status')).toHaveTextContent('Exporting 30,000 rows as CSV…');
  expect(Number(progress.getAttribute('aria-valuemax'))).toBe(30_000);
  expect(Number(progress.getAttribute('aria-valuenow'))).toBeLessThan(30_000);
  expect(progress.getAttribute('aria-valuetext')).toMatch(/^[\d,]+ of 30,000$/);
  expect(
    await screen.findByText(/^Exported 30,000 rows to rows-\d{4}-\d{2}-\d{2}\.csv\.$/, undefined, {
      timeout: 20_000,
    }),
  ).toHaveAttribute('role', 'status');
  clearInterval(timer);
  expect(ticks).toBeGreaterThan(10);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
}, 30_000);

it('shows no progress for an export that ends within half a second', async () => {
  const user = userEvent.setup();
  // A tenth of a second of writing, in several slices.
  renderMenu(2_000);
  const csv = await csvButton(user);
  const seen: string[] = [];
  const watcher = new MutationObserver(() => {
    if (document.querySelector('[role="progressbar"]')) seen.push('progressbar');
  });
  watcher.observe(document.body, { subtree: true, childList: true, attributes: true });
  await user.click(csv);
  expect(
    await screen.findByText(/^Exported 2,000 rows to rows-\d{4}-\d{2}-\d{2}\.csv\.$/, undefined, {
      timeout: 10_000,
    }),
  ).toBeVisible();
  watcher.disconnect();
  expect(seen).toEqual([]);
  expect(files).toEqual({ made: 1, saved: 1 });
});

it('cancels an export under way: no file, and the formats offered again', async () => {
  const user = userEvent.setup();
  renderMenu(30_000);
  await user.click(await csvButton(user));
  await screen.findByRole('progressbar', { name: 'Exporting rows' });
  await user.click(screen.getByRole('button', { name: 'Cancel the export' }));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  // The writing stops: no row is written after the cancel, and no file is made.
  const atCancel = written;
  expect(atCancel).toBeLessThan(30_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(written).toBe(atCancel);
  expect(files).toEqual({ made: 0, saved: 0 });
  expect(screen.queryByText(/^Exported/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Export' }));
  expect(screen.getByRole('button', { name: 'CSV' })).toBeEnabled();
}, 30_000);
