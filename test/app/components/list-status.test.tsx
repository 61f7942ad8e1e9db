/**
 * What a list says about itself besides its rows: a count line that never claims a number it does
 * not have, progress without a total, failures with a retry, and unreadable records on demand.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/api/errors';
import type { ListView } from '../../../src/api/hooks';
import { listData, type ListData } from '../../../src/api/load-list';
import type { RecordProblem } from '../../../src/api/parse';
import { countLine, provisionalCount } from '../../../src/components/count-words';
import { ListEmpty, ListStatus, LoadProgress } from '../../../src/components/list-status';

type Row = { id: number };

function view(overrides: Partial<ListView<Row>> = {}, data: Partial<ListData<Row>> = {}) {
  const rows = overrides.rows ?? [];
  const full = listData<Row>({
    rows: [...rows],
    total: rows.length,
    totalCertain: true,
    complete: true,
    nextOffset: rows.length,
    ...data,
  });
  return {
    rows,
    loadingFirst: false,
    loadingMore: false,
    loaded: rows.length,
    total: full.total,
    totalCertain: full.totalCertain,
    dropped: full.problems.length,
    absentFields: new Set<string>(),
    data: full,
    error: null,
    stale: false,
    savedAt: full.savedAt,
    updatedAt: full.savedAt,
    refreshing: false,
    retry: vi.fn(),
    ...overrides,
  } satisfies ListView<Row>;
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

describe('the count line', () => {
  it('says the list is loading, has failed, or how many have arrived so far', () => {
    expect(provisionalCount(view({ loadingFirst: true, data: undefined }), 'seed')).toBe(
      'Loading seeds…',
    );
    expect(provisionalCount(view({ error: new Error('down'), data: undefined }), 'seed')).toBe(
      'The seeds could not be loaded',
    );
    const arriving = view(
      { rows: rows(100), loadingMore: true, totalCertain: false },
      { totalCertain: false, complete: false },
    );
    expect(provisionalCount(arriving, 'press mention')).toBe('100 press mentions so far');
  });

  it('leaves the count to the page once there is one to trust', () => {
    expect(provisionalCount(view({ rows: rows(3) }), 'seed')).toBeNull();
    const complete = view({ rows: rows(3), totalCertain: false }, { totalCertain: false });
    expect(provisionalCount(complete, 'seed')).toBeNull();
    const failedLater = view({ rows: rows(3), error: new Error('down') }, { complete: false });
    expect(provisionalCount(failedLater, 'seed')).toBeNull();
  });
});

describe('a narrowed count', () => {
  it('counts the rows shown among those loaded while the rest arrive, then among all', () => {
    const loading = view(
      { rows: rows(5_100), loadingMore: true, total: 20_000 },
      { total: 20_000, complete: false },
    );
    expect(countLine(loading, 'seed', { shown: 37 })).toBe(
      '37 of the 5,100 seeds loaded so far (20,000 in all)',
    );
    const done = view({ rows: rows(20_000) });
    expect(countLine(done, 'seed', { shown: 37 })).toBe('37 of 20,000 seeds');
    expect(countLine(done, 'seed')).toBe('20,000 seeds');
  });
});

describe('progress', () => {
  it('shows a share of a known total', () => {
    render(<LoadProgress loaded={100} total={400} noun="seed" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading seeds' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuemax', '400');
    expect(screen.getByText(/^Loaded 100 of 400 seeds\./)).toBeInTheDocument();
  });

  it('claims no total the service did not give', () => {
    render(<LoadProgress loaded={100} total={100} totalCertain={false} noun="seed" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading seeds' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).not.toHaveAttribute('aria-valuemax');
    expect(bar).toHaveAttribute(
      'aria-valuetext',
      'Loaded 100 seeds so far; the catalogue service did not say how many there are',
    );
    expect(screen.queryByText(/of 100 seeds/)).toBeNull();
  });
});

describe('rows from the saved catalogue', () => {
  it('say how old they are, while the fresh list loads behind them, and offer a refresh', async () => {
    const user = userEvent.setup();
    const savedAt = Date.now() - 12 * 60_000 - 5_000;
    const { rerender } = render(
      <ListStatus
        view={view({ rows: rows(40), savedAt, updatedAt: savedAt, refreshing: true })}
        noun="seed"
        resource="seed"
      />,
    );
    expect(screen.getByText('Updated 12 minutes ago').parentElement).toHaveTextContent(
      'Updated 12 minutes ago · Refreshing…',
    );
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
    // The refresh failed: the saved rows stay, and the user may ask again.
    const failed = view({
      rows: rows(40),
      savedAt,
      updatedAt: savedAt,
      stale: true,
      error: new Error('Down.'),
    });
    rerender(<ListStatus view={failed} noun="seed" resource="seed" />);
    expect(screen.getByRole('alert')).toHaveTextContent('from an earlier load: refreshing failed');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(failed.retry).toHaveBeenCalledOnce();
  });

  it('say nothing of saving for rows fresh from the service', () => {
    render(<ListStatus view={view({ rows: rows(40) })} noun="seed" resource="seed" />);
    expect(screen.queryByText(/Saved/)).toBeNull();
  });
});

describe('failures and unreadable records', () => {
  it('an error keeps the loaded rows and offers a retry', async () => {
    const user = userEvent.setup();
    const failed = view({ rows: rows(100), error: new Error('The service failed.') });
    render(<ListStatus view={failed} noun="seed" resource="seed" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The service failed. The 100 seeds already loaded stay on screen.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.retry).toHaveBeenCalledOnce();
  });

  it('counts the records left out for an unreadable id, with details on demand', async () => {
    const user = userEvent.setup();
    const problems: RecordProblem[] = [
      { index: 0, field: 'id', message: 'is missing' },
      { index: 1, field: 'id', message: 'is not a whole number: "x"' },
      { index: 2, field: '', message: 'is null, not a record' },
    ];
    render(<ListStatus view={view({ rows: rows(5) }, { problems })} noun="seed" resource="seed" />);
    // The notices' code loads when a list first has something of the kind to say.
    expect(
      await screen.findByText(/^3 seeds have no readable id and are left out\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Record 1 of the list: id is missing.',
      'Record 2 of the list: id is not a whole number: "x".',
      'Record 3 of the list: the item is null, not a record.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('says once, quietly, which fields the service does not provide at all', async () => {
    const gaps = {
      createdBy: { missing: 5, unreadable: 0, excerpt: null },
      lastUpdatedBy: { missing: 5, unreadable: 0, excerpt: null },
    };
    render(
      <ListStatus
        view={view({ rows: rows(5) }, { gaps })}
        noun="collection"
        resource="collection"
      />,
    );
    expect(
      await screen.findByText(
        'The catalogue service does not provide: Created by, Last updated by.',
      ),
    ).toBeInTheDocument();
    // Not an alarm: no alert and no status notice.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts, per field, the values some records lack or sent unreadable', async () => {
    const gaps = {
      created: { missing: 0, unreadable: 3, excerpt: '"last week"' },
      url: { missing: 1, unreadable: 1, excerpt: '42' },
    };
    render(<ListStatus view={view({ rows: rows(9) }, { gaps })} noun="seed" resource="seed" />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Some values are unknown and show as “—”: URL unknown for 2 seeds (1 unreadable); Created unknown for 3 seeds (unreadable).',
    );
  });

  it('does not mention optional fields a service leaves out', () => {
    const gaps = {
      visibility: { missing: 4, unreadable: 0, excerpt: null },
      accountId: { missing: 2, unreadable: 0, excerpt: null },
    };
    const { container } = render(
      <ListStatus
        view={view({ rows: rows(4) }, { gaps })}
        noun="seed group"
        resource="seed_group"
      />,
    );
    expect(container.querySelector('.list-status')).toBeEmptyDOMElement();
  });
});

describe('a count the rows did not bear out', () => {
  it('shows what arrived and names the service’s figure', () => {
    const ended = view({ rows: rows(62) }, { total: 62, claimedTotal: Number.MAX_SAFE_INTEGER });
    render(<ListStatus view={ended} noun="collection" resource="collection" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The catalogue service said there are 9,007,199,254,740,991 collections, but sent 62; the explorer shows the 62 it received.',
    );
  });

  it('says nothing when the count held', () => {
    render(<ListStatus view={view({ rows: rows(62) })} noun="collection" resource="collection" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('an empty table', () => {
  const empty = (overrides: Partial<ListView<Row>>, data: Partial<ListData<Row>> = {}) =>
    render(
      <ListEmpty
        view={view(overrides, data)}
        nouns="collections"
        filtered={false}
        noMatches={<p>No matches.</p>}
        nothingYet="This catalogue has no collections yet."
      />,
    );

  it('says there is nothing yet only when the service reported nothing', () => {
    empty({});
    expect(screen.getByText('This catalogue has no collections yet.')).toBeInTheDocument();
  });

  it('never says so while the service claimed rows it did not send', () => {
    empty({}, { claimedTotal: 40 });
    expect(
      screen.getByText(
        'No collections to show: the catalogue service said there are 40, but sent none.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no collections yet/)).toBeNull();
  });

  it('nor when the list could not be loaded', () => {
    empty({ error: new Error('down') });
    expect(
      screen.getByText('No collections to show: the list could not be loaded.'),
    ).toBeInTheDocument();
  });
});

describe('a wait the service asked for', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const waiting = (error: HttpError) => view({ rows: rows(100), error });

  it('counts down, second by second, to when trying again makes sense', () => {
    vi.useFakeTimers();
    const limited = new HttpError('http://x/api/seed', 429, null, 12_000);
    render(<ListStatus view={waiting(limited)} noun="seed" resource="seed" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The catalogue service is limiting requests (HTTP 429). Try again in 12 seconds. The 100 seeds already loaded stay on screen.',
    );
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(alert).toHaveTextContent('Try again in 11 seconds.');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(alert).toHaveTextContent('Try again in 1 second.');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(alert).toHaveTextContent(
      'The catalogue service is limiting requests (HTTP 429). The wait it asked for is over: try again.',
    );
  });

  it('a wait too long to sit through is said in words, and “Try again” still asks at once', async () => {
    const user = userEvent.setup();
    const limited = new HttpError('http://x/api/seed', 429, null, 999_999_000, true);
    const failed = waiting(limited);
    render(<ListStatus view={failed} noun="seed" resource="seed" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The catalogue service is limiting requests (HTTP 429) and asks us to wait 11 days and 13 hours.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.retry).toHaveBeenCalledOnce();
  });
});
