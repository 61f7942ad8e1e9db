/**
 * The rows of /seeds are usable before any work the first screen does not need: with the page's
 * frames held back (nothing after the rows' paint can start), every seed is listed, the table
 * scrolls and sorts, and the facets have not counted; once the frame is painted they count.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';
import { columnTexts } from './table-helpers';

const { catalogue } = setupPageCatalogue();
const count = (n: number) => n.toLocaleString();
/** The longest wait for what the page shows next. */
const WAIT_MS = 10_000;

/** Animation frames asked for while held: the frame after the rows is never painted. */
let held: FrameRequestCallback[] = [];

function releaseFrames() {
  const now = held;
  held = [];
  for (const callback of now) callback(performance.now());
}

describe('/seeds: the rows before the facets', () => {
  beforeEach(() => {
    held = [];
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => {
      held.push(callback);
      return held.length;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists, sorts and scrolls every seed while the facets wait for the rows to be painted', async () => {
    const user = userEvent.setup();
    renderApp('/seeds');
    // Waits as long as a loaded machine may take to list them (the test is of the order of the
    // work, not of its speed).
    await screen.findByText(`${count(catalogue.seeds.length)} seeds`, {}, { timeout: WAIT_MS });
    const grid = screen.getByRole('grid', { name: 'Seeds' });
    expect(grid).toHaveAttribute('aria-rowcount', String(catalogue.seeds.length + 1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // Time passes, but no frame: the facets have not counted (the panel shows with its first
    // counts).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('heading', { name: 'Refine' })).not.toBeInTheDocument();

    // The rows are usable meanwhile: sorted by a header click, and scrolled.
    await user.click(within(grid).getByRole('button', { name: /^URL/ }));
    const sorted = catalogue.seeds.map((s) => s.url).sort((a, b) => a.localeCompare(b));
    await waitFor(
      () => {
        expect(columnTexts('Seeds', 'URL')[0]).toBe(sorted[0]);
      },
      { timeout: WAIT_MS },
    );
    const scroller = grid.closest('.data-table__scroll') ?? grid;
    scroller.scrollTop = 20_000;
    scroller.dispatchEvent(new Event('scroll'));
    expect(screen.queryByRole('heading', { name: 'Refine' })).not.toBeInTheDocument();

    // The frame is painted: the facets count every seed.
    act(releaseFrames);
    const panel = (
      await screen.findByRole('heading', { name: 'Refine' }, { timeout: WAIT_MS })
    ).closest('section');
    expect(panel).not.toBeNull();
    expect(
      await within(panel as HTMLElement).findByText(
        `Counts of ${count(catalogue.seeds.length)} seeds`,
        {},
        { timeout: WAIT_MS },
      ),
    ).toBeInTheDocument();
  }, 30_000);
});
