/**
 * A long export keeps the page responsive and says how it is doing: it runs in slices, shows a
 * progress bar once it has taken half a second, announces itself, and says where the file went.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ExportMenu, type ExportColumn } from '../../../src/components/export/export-menu';

interface Row {
  id: number;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A column that takes 0.05 ms a row to export: 30,000 rows take a second and a half. */
const slow: ExportColumn<Row> = {
  header: 'n',
  kind: 'number',
  value: (row) => row.id,
  exportValue: (row) => {
    const end = performance.now() + 0.05;
    while (performance.now() < end);
    return row.id;
  },
};

it('writes a long export in slices, with its progress shown and announced', async () => {
  const user = userEvent.setup();
  const rows = Array.from({ length: 30_000 }, (_, id) => ({ id }));
  render(
    <ExportMenu
      source={{ resource: 'seed', rows, columns: [slow], sort: null }}
      list={{ loading: null, complete: true, settling: false, error: null }}
      noun="row"
      nouns="rows"
      naming={{ what: 'rows', pathname: '/', search: '' }}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Export' }));
  // The menu's code loads on first use.
  await user.click(await screen.findByRole('button', { name: 'CSV' }, { timeout: 10_000 }));
  // The page's own timers keep running while the file is written.
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
  }, 0);
  const progress = await screen.findByRole('progressbar', { name: 'Exporting rows' });
  expect(screen.getByRole('status')).toHaveTextContent('Exporting 30,000 rows as CSV…');
  expect(Number(progress.getAttribute('aria-valuemax'))).toBe(30_000);
  expect(
    await screen.findByText(/^Exported 30,000 rows to rows-\d{4}-\d{2}-\d{2}\.csv\.$/, undefined, {
      timeout: 20_000,
    }),
  ).toHaveAttribute('role', 'status');
  clearInterval(timer);
  expect(ticks).toBeGreaterThan(10);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
}, 30_000);
