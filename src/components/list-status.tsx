/**
 * Everything a list page says about its list besides the rows: progress while it loads, the error
 * with a retry, rows from an earlier load, records that could not be read or were too big to hold
 * whole, ids repeated, rows left out by the cap, a service that repeated its pages, and a count
 * the rows that came did not bear out.
 *
 * It is over 300 lines because each of these notices is one part of the same status under the
 * table, and they share its clocks and its count wording.
 */
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { HttpError } from '../api/errors';
import type { ListView } from '../api/hooks';
import type { ListData } from '../api/load-list';
import { LONGEST_VALUE, MOST_FIELDS } from '../api/values';
import type { Resource } from '../contract/wire';
import { formatAgo, formatCount, plural } from '../lib/format';
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
  let label = `Loaded ${formatCount(loaded)} of ${plural(total, noun)}`;
  if (!totalCertain) {
    label = `Loaded ${plural(loaded, noun)} so far; the catalogue service did not say how many there are`;
  } else if (claimed !== null) {
    label = `Loaded ${plural(loaded, noun)} so far; the catalogue service said there ${claimed === 1 ? 'is' : 'are'} ${formatCount(claimed)}`;
  }
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
 * What a page's count line says while the list has no count to trust, or null once it has one:
 * loading, failed before any row arrived, or still arriving from a service that sends no count.
 */
export function provisionalCount<T>(
  view: ListView<T>,
  noun: string,
  nouns = `${noun}s`,
): string | null {
  if (view.loadingFirst) return `Loading ${nouns}…`;
  if (view.error && view.rows.length === 0) return `The ${nouns} could not be loaded`;
  if (!view.totalCertain && view.data?.complete !== true) {
    return `${plural(view.loaded, noun, nouns)} so far`;
  }
  return null;
}

/**
 * A list page's count line. Until the count can be trusted it says what is happening; then it
 * counts the rows the table can show: `of` them in all, and "N of M" when the page narrows them
 * further (`shown`). A list stopped at the row cap says so in the count itself: "500,000 of
 * 1,000,000 seeds loaded", or the first so many when the service did not say how many there are.
 */
export function countLine<T>(
  view: ListView<T>,
  noun: string,
  options: { nouns?: string; of?: number; shown?: number | undefined } = {},
): string {
  const nouns = options.nouns ?? `${noun}s`;
  const of = options.of ?? view.total;
  const provisional = provisionalCount(view, noun, nouns);
  if (provisional !== null) return provisional;
  const capped = cappedCount(view, nouns, options);
  if (capped !== null) return capped;
  if (options.shown === undefined) return plural(of, noun, nouns);
  // While the rest arrive, the page narrows the rows that have: say so, not "N of the total".
  if (view.loadingMore && options.of === undefined) {
    return `${formatCount(options.shown)} of the ${plural(view.loaded, noun, nouns)} loaded so far (${formatCount(view.total)} in all)`;
  }
  return `${formatCount(options.shown)} of ${plural(of, noun, nouns)}`;
}

/** The count line of a list stopped at the row cap (and not narrowed to another total), or null. */
function cappedCount<T>(
  view: ListView<T>,
  nouns: string,
  options: { of?: number; shown?: number | undefined },
): string | null {
  const { data } = view;
  if (!data?.capped || options.of !== undefined) return null;
  const loaded = formatCount(view.loaded);
  const shown = options.shown === undefined ? '' : `${formatCount(options.shown)} of `;
  if (data.notLoaded > 0) {
    const all = formatCount(data.total);
    return shown === ''
      ? `${loaded} of ${all} ${nouns} loaded`
      : `${shown}the ${loaded} ${nouns} loaded (${all} in all)`;
  }
  return shown === ''
    ? `The first ${loaded} ${nouns}; the service did not say how many`
    : `${shown}the first ${loaded} ${nouns} (the service did not say how many)`;
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
  if (view.error && view.rows.length === 0) return <NotLoaded nouns={nouns} />;
  if (filtered) return noMatches;
  const claimed = view.data?.claimedTotal ?? null;
  if (claimed !== null && claimed > 0) {
    return (
      <EmptyState
        kind="not-loaded"
        title={`No ${nouns} to show: the catalogue service said there ${claimed === 1 ? 'is' : 'are'} ${formatCount(claimed)}, but sent none.`}
      />
    );
  }
  return <EmptyState kind="nothing-yet" title={nothingYet} />;
}

/** The table's empty state when a list failed before any row arrived: no false "nothing here". */
function NotLoaded({ nouns }: { nouns: string }) {
  return (
    <EmptyState kind="not-loaded" title={`No ${nouns} to show: the list could not be loaded.`}>
      The message above says why; “Try again” asks the catalogue service once more.
    </EmptyState>
  );
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
export function CountLine<T>({ view, children }: { view: ListView<T>; children: string }) {
  return (
    <div className="count-row">
      <p className="count-line" aria-live="polite">
        {children}
      </p>
      <UpdatedNote view={view} />
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
          hint={progressHint}
        />
      )}
      {view.error &&
        (view.stale ? (
          <ErrorAlert
            before={`Showing ${plural(view.loaded, noun, nouns)} from an earlier load: refreshing failed.`}
            error={view.error}
            onRetry={view.retry}
          />
        ) : (
          <ErrorAlert
            error={view.error}
            onRetry={view.retry}
            {...(view.loaded > 0
              ? { kept: `The ${plural(view.loaded, noun, nouns)} already loaded stay on screen.` }
              : {})}
          />
        ))}
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

/**
 * What a list that does not add up says about itself: records repeated or too big to hold whole,
 * rows past the cap, a service that sends its pages again, a count the rows did not bear out.
 */
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
  const { oversize, claimedTotal, repeatedFrom } = data;
  const are = (n: number) => (n === 1 ? 'is' : 'are');
  const counted = data.totalCertain ? (claimedTotal ?? data.total) : null;
  return (
    <>
      {data.repeated > 0 && (
        <p className="notice notice-warning" role="status">
          {plural(data.repeated, 'record')} {data.repeated === 1 ? 'repeats' : 'repeat'} an id
          already listed; the first of each is shown.
        </p>
      )}
      {repeatedFrom !== null && (
        <p className="notice notice-warning" role="status">
          The catalogue service sent the same {nouns} again from row {formatCount(repeatedFrom + 1)}{' '}
          on, as if it ignored paging, so the explorer stopped there: the{' '}
          {plural(loaded, noun, nouns)} before it are shown
          {counted !== null && counted !== loaded
            ? `; it said there ${are(counted)} ${formatCount(counted)}`
            : ''}
          .
        </p>
      )}
      {data.capped && (
        <p className="notice notice-info" role="status">
          {data.notLoaded > 0
            ? `${plural(data.notLoaded, noun, nouns)} ${are(data.notLoaded)} not loaded: the explorer stops at ${plural(data.nextOffset, 'row')} to stay responsive.`
            : `The explorer stops at ${plural(data.nextOffset, 'row')} to stay responsive; the catalogue service did not say how many there are, so there may be more.`}{' '}
          Narrow the filters to see them.
        </p>
      )}
      {claimedTotal !== null && !data.totalChanged && repeatedFrom === null && (
        <p className="notice notice-warning" role="status">
          The catalogue service said there {are(claimedTotal)} {plural(claimedTotal, noun, nouns)},
          but sent {formatCount(data.total)}; the explorer shows the {formatCount(data.total)} it
          received.
        </p>
      )}
      {oversize.cut > 0 && (
        <p className="notice notice-warning" role="status">
          {plural(oversize.cut, noun, nouns)} {oversize.cut === 1 ? 'holds' : 'hold'} a value longer
          than {formatCount(LONGEST_VALUE)} characters (the longest: {formatCount(oversize.longest)}
          ); each such value is kept cut at that length and ends “[cut: …]” with its full length.
        </p>
      )}
      {oversize.crowded > 0 && (
        <p className="notice notice-warning" role="status">
          {oversize.crowded === 1
            ? `1 ${noun} has ${formatCount(oversize.mostFields)} metadata fields; the first ${formatCount(MOST_FIELDS)} are kept.`
            : `${plural(oversize.crowded, noun, nouns)} have more than ${formatCount(MOST_FIELDS)} metadata fields (up to ${formatCount(oversize.mostFields)}); the first ${formatCount(MOST_FIELDS)} of each are kept.`}
        </p>
      )}
    </>
  );
}
