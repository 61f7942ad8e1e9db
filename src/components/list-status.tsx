/**
 * Everything a list page says about its list besides the rows: progress while it loads, the error
 * with a retry, rows from an earlier load, records that could not be read, rows left out by the
 * cap, and a service that ignored paging.
 */
import { useId, useState } from 'react';
import type { ListView } from '../api/hooks';
import { formatCount, plural } from '../lib/format';

export function LoadProgress({
  loaded,
  total,
  noun,
}: {
  loaded: number;
  total: number;
  noun: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const label = `Loaded ${formatCount(loaded)} of ${plural(total, noun)}`;
  return (
    <div className="load-progress">
      <div
        className="load-progress-track"
        role="progressbar"
        aria-label={`Loading ${noun}s`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={loaded}
        aria-valuetext={label}
      >
        <div className="load-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="load-progress-label">
        {label}. Sorting and the quick filter apply to the loaded rows until the rest arrive.
      </span>
    </div>
  );
}

export function ErrorAlert({
  message,
  onRetry,
  kept,
}: {
  message: string;
  onRetry?: () => void;
  /** What is still on screen despite the error, e.g. "The 12,000 seeds already loaded stay." */
  kept?: string;
}) {
  return (
    <div role="alert" className="notice notice-error">
      <p>
        {message}
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

export function ListStatus<T>({ view, noun }: { view: ListView<T>; noun: string }) {
  const { data } = view;
  const [showProblems, setShowProblems] = useState(false);
  const problemsId = useId();
  const problems = data?.problems ?? [];
  return (
    <div className="list-status">
      {view.loadingMore && <LoadProgress loaded={view.loaded} total={view.total} noun={noun} />}
      {view.error &&
        (view.stale ? (
          <ErrorAlert
            message={`Showing ${plural(view.loaded, noun)} from an earlier load: refreshing failed. ${view.error.message}`}
            onRetry={view.retry}
          />
        ) : (
          <ErrorAlert
            message={view.error.message}
            onRetry={view.retry}
            {...(view.loaded > 0
              ? { kept: `The ${plural(view.loaded, noun)} already loaded stay on screen.` }
              : {})}
          />
        ))}
      {problems.length > 0 && (
        <div className="notice notice-warning" role="status">
          <p>
            {plural(problems.length, 'record')} could not be read and{' '}
            {problems.length === 1 ? 'is' : 'are'} left out.{' '}
            <button
              type="button"
              className="link-button"
              aria-expanded={showProblems}
              aria-controls={problemsId}
              onClick={() => {
                setShowProblems((open) => !open);
              }}
            >
              {showProblems ? 'Hide details' : 'Show details'}
            </button>
          </p>
          {showProblems && (
            <ul id={problemsId} className="problem-list">
              {problems.slice(0, 200).map((problem) => (
                <li key={problem.index}>
                  Record {formatCount(problem.index + 1)}
                  {problem.id !== null ? ` (id ${String(problem.id)})` : ''}:{' '}
                  {problem.field ? <code>{problem.field}</code> : 'the record'} {problem.message}.
                </li>
              ))}
              {problems.length > 200 && <li>…and {formatCount(problems.length - 200)} more.</li>}
            </ul>
          )}
        </div>
      )}
      {data && data.notLoaded > 0 && (
        <p className="notice notice-info" role="status">
          {plural(data.notLoaded, noun)} {data.notLoaded === 1 ? 'is' : 'are'} not loaded: the
          explorer stops at {plural(data.nextOffset, 'row')} to stay responsive. Narrow the filters
          to see them.
        </p>
      )}
      {data?.offsetIgnored && (
        <p className="notice notice-info" role="status">
          The catalogue service ignored paging, so the whole list was loaded in one request.
        </p>
      )}
      {data?.totalChanged && (
        <p className="notice notice-info" role="status">
          The catalogue changed while this list loaded; reload for an exact list.
        </p>
      )}
    </div>
  );
}
