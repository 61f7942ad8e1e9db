/**
 * Everything a list page says about its list besides the rows: progress while it loads, the error
 * with a retry, rows from an earlier load, records that could not be read or were too big to hold
 * whole, ids repeated, rows left out by the cap, a service that repeated its pages, and a count
 * the rows that came did not bear out.
 *
 * The words themselves (counts, progress, notices) are in count-words.ts.
 */
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { HttpError } from '../api/errors';
import type { ListView } from '../api/hooks';
import type { ListData } from '../api/load-list';
import type { Resource } from '../contract/wire';
import { formatAgo } from '../lib/format';
import { emptyTitle, failureWords, progressLabel, shapeNotices } from './count-words';
import { EmptyState } from './empty-state';
import type { RecordNoticesProps } from './record-notices';

/** What the records lack: its code loads only for a list that has something of the kind to say. */
const RecordNotices = lazy(() => import('./record-notices')) as unknown as <T>(
  props: RecordNoticesProps<T>,
) => ReactNode;

export function LoadProgress({
  loaded,
  total,
  totalCertain = true,
  claimed = null,
  noun,
  hint = 'Sorting and filters apply to the loaded rows until the rest arrive.',
}: {
  loaded: number;
  total: number;
  /** False when the service gave no count: the bar then shows activity, not a share. */
  totalCertain?: boolean;
  /** The service's count, once more rows than it came: the bar then shows activity too. */
  claimed?: number | null;
  noun: string;
  /** What the page does with the rows meanwhile. */
  hint?: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const share = totalCertain && claimed === null;
  const label = progressLabel({ loaded, total, totalCertain, claimed, noun });
  return (
    <div className="load-progress">
      <div
        className="load-progress-track"
        role="progressbar"
        aria-label={`Loading ${noun}s`}
        {...(share ? { 'aria-valuemin': 0, 'aria-valuemax': total, 'aria-valuenow': loaded } : {})}
        aria-valuetext={label}
      >
        <div
          className={share ? 'load-progress-bar' : 'load-progress-bar load-progress-unknown'}
          style={share ? { width: `${percent}%` } : undefined}
        />
      </div>
      <span className="load-progress-label">
        {label}. {hint}
      </span>
    </div>
  );
}

/**
 * A table's empty state, saying why it is empty: the list could not be loaded, nothing matches the
 * filters, the service claimed rows it did not send, or there is nothing yet. Never a false
 * "nothing here" while the service reported something.
 */
export function ListEmpty<T>({
  view,
  nouns,
  filtered,
  noMatches,
  nothingYet,
}: {
  view: ListView<T>;
  nouns: string;
  /** The page narrows the list (filters, a quick filter): an empty table means no matches. */
  filtered: boolean;
  noMatches: ReactNode;
  nothingYet: string;
}) {
  if (view.error && view.rows.length === 0) {
    return (
      <EmptyState kind="not-loaded" title={emptyTitle(view, nouns) ?? ''}>
        The message above says why; “Try again” asks the catalogue service once more.
      </EmptyState>
    );
  }
  if (filtered) return noMatches;
  const title = emptyTitle(view, nouns);
  if (title !== null) return <EmptyState kind="not-loaded" title={title} />;
  return <EmptyState kind="nothing-yet" title={nothingYet} />;
}

/** The time, once a minute: enough for "saved 12 minutes ago". */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 60_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * How old the list on screen is, and a refresh: "Updated 12 minutes ago · Refresh". The fresh list
 * replaces the rows once it has arrived whole (after a reload from the saved catalogue it is
 * already on its way).
 */
export function UpdatedNote<T>({ view }: { view: ListView<T> }) {
  const now = useMinuteClock();
  if (view.updatedAt === null) return null;
  return (
    <p className="updated-note">
      <span>Updated {formatAgo(view.updatedAt, now)}</span>
      <span aria-hidden="true"> · </span>
      <button type="button" className="link-button" onClick={view.retry} disabled={view.refreshing}>
        {view.refreshing ? 'Refreshing…' : 'Refresh'}
      </button>
    </p>
  );
}

/** A list page's count, with how old the list is beside it. */
export function CountLine<T>({
  view,
  note,
  children,
}: {
  view: ListView<T>;
  /** Said after the list's age (what changed since a saved copy). */
  note?: ReactNode;
  children: string;
}) {
  return (
    <div className="count-row">
      <p className="count-line" aria-live="polite">
        {children}
      </p>
      <UpdatedNote view={view} />
      {note}
    </div>
  );
}

/** The time, once a second while `until` is ahead, so a wait can count down on screen. */
function useClock(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const left = until - at;
      // On the second boundary of what is left, so the figure changes when it should.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    timer = setTimeout(tick, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [until]);
  return now;
}

/** An error's message, with any wait the service asked for counting down. */
function useLiveMessage(error: Error): string {
  const until = error instanceof HttpError ? error.retryAt : null;
  const now = useClock(until);
  if (!(error instanceof HttpError) || until === null) return error.message;
  // The clock may be older than the error until its first tick: the wait cannot have grown.
  return error.messageAt(Math.max(now, until - (error.retryAfterMs ?? 0)));
}

export function ErrorAlert({
  error,
  before,
  onRetry,
  kept,
}: {
  error: Error;
  /** What comes before the error's own message, e.g. that the rows are from an earlier load. */
  before?: string;
  onRetry?: () => void;
  /** What is still on screen despite the error, e.g. "The 12,000 seeds already loaded stay." */
  kept?: string;
}) {
  const message = useLiveMessage(error);
  return (
    <div role="alert" className="notice notice-error">
      <p>
        {before ? `${before} ` : ''}
        {/* Isolated: the service's own words may carry a direction override. */}
        <bdi>{message}</bdi>
        {kept ? ` ${kept}` : ''}
      </p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** What a list read back from the saved catalogue says while the rest of it is read. */
const READING_SAVED =
  'The rest is being read from the copy saved in this browser; sorting and filters apply to the rows read so far.';

export function ListStatus<T>({
  view,
  noun,
  nouns = `${noun}s`,
  resource,
  progressHint,
  titleOf,
  age = true,
}: {
  view: ListView<T>;
  noun: string;
  nouns?: string;
  /** Which list this is, so notices can name its fields. */
  resource: Resource;
  /** A field's title where the page shows it as a column: notices name it so. */
  titleOf?: (key: string) => string | undefined;
  /** Say how old rows from the saved catalogue are (a page with a `CountLine` says it there). */
  age?: boolean;
  /** What the page does with the rows while the rest arrive (see LoadProgress). */
  progressHint?: string;
}) {
  const { data } = view;
  return (
    <div className="list-status">
      {age && view.savedAt !== null && <UpdatedNote view={view} />}
      {view.loadingMore && (
        <LoadProgress
          loaded={view.loaded}
          total={view.total}
          totalCertain={view.totalCertain}
          claimed={data?.claimedTotal ?? null}
          noun={noun}
          hint={view.savedAt === null ? progressHint : READING_SAVED}
        />
      )}
      {view.error && (
        <ErrorAlert error={view.error} onRetry={view.retry} {...failureWords(view, noun, nouns)} />
      )}
      {data && (data.problems.length > 0 || Object.keys(data.gaps).length > 0) && (
        <Suspense fallback={null}>
          <RecordNotices
            resource={resource}
            data={data}
            noun={noun}
            nouns={nouns}
            titleOf={titleOf}
          />
        </Suspense>
      )}
      {data && <ListShape data={data} loaded={view.loaded} noun={noun} nouns={nouns} />}
      {data?.totalChanged && (
        <p className="notice notice-info" role="status">
          The catalogue changed while this list loaded; reload for an exact list.
        </p>
      )}
    </div>
  );
}

/** What a list that does not add up says about itself (see `shapeNotices`). */
function ListShape<T>({
  data,
  loaded,
  noun,
  nouns,
}: {
  data: ListData<T>;
  loaded: number;
  noun: string;
  nouns: string;
}) {
  return shapeNotices(data, loaded, noun, nouns).map(({ tone, text }) => (
    <p key={text} className={`notice notice-${tone}`} role="status">
      {text}
    </p>
  ));
}
