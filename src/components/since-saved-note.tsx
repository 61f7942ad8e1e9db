/**
 * Beside a list's count, what changed since the saved copy its last refresh replaced: "Since your
 * copy of 20 Nov 09:12: 12 added, 40 changed, 3 gone". "Added" and "changed" open those records
 * (a filter of the page's own); "gone" opens a short list of the records no longer there, as the
 * copy had them; Dismiss forgets the comparison.
 */
import { useId, useState } from 'react';
import { Link } from './link';
import type { SavedChanges } from '../api/since-saved';
import { formatCount, readableUrl } from '../lib/format';

const copyTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** When the copy was saved, as the note says it: "20 Nov, 09:12" in the reader's time zone. */
export const formatCopyTime = (ms: number): string => copyTime.format(ms);

/** The most gone records listed at once; the panel says how many it leaves out. */
const MOST_LISTED = 500;

export type ChangeLink = 'added' | 'changed' | 'unknown';

export function SinceSavedNote({
  changes,
  hrefOf,
  collectionName,
  onDismiss,
}: {
  changes: SavedChanges;
  /** The page's own address with only those records kept. */
  hrefOf: (kind: ChangeLink) => string;
  collectionName: (id: number) => string | null | undefined;
  onDismiss: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const when = formatCopyTime(changes.copyAt);
  const figure = (count: number, words: string, kind: ChangeLink) =>
    count === 0 ? (
      <span>
        {formatCount(count)} {words}
      </span>
    ) : (
      <Link to={hrefOf(kind)}>
        {formatCount(count)} {words}
      </Link>
    );
  const gone = changes.gone;
  return (
    <div className="since-saved">
      <p className="since-saved-line">
        Since your copy of {when}: {figure(changes.addedRows, 'added', 'added')},{' '}
        {figure(changes.changedRows, 'changed', 'changed')},{' '}
        {gone.length === 0 ? (
          <span>0 gone</span>
        ) : (
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => {
              setOpen(!open);
            }}
          >
            {formatCount(gone.length)} gone
          </button>
        )}
        {changes.unknownRows > 0 && (
          <> ({figure(changes.unknownRows, 'with a last update that cannot be read', 'unknown')})</>
        )}
        <span aria-hidden="true"> · </span>
        <button
          type="button"
          className="link-button"
          aria-label={`Dismiss the comparison with your copy of ${when}`}
          onClick={onDismiss}
        >
          Dismiss
        </button>
      </p>
      {open && gone.length > 0 && (
        <section id={panelId} className="since-saved-gone" aria-label="No longer in the list">
          <h2 className="since-saved-title">
            {formatCount(gone.length)} no longer in the list since your copy of {when}
            {gone.length > MOST_LISTED ? ` (the first ${formatCount(MOST_LISTED)} shown)` : ''}
          </h2>
          <ul>
            {gone.slice(0, MOST_LISTED).map((record) => (
              <li key={record.id}>
                <bdi className="since-saved-url">
                  {record.url === null ? `Record ${String(record.id)}` : readableUrl(record.url)}
                </bdi>
                {record.collection !== null && (
                  <span className="muted">
                    {' '}
                    ·{' '}
                    {collectionName(record.collection) ?? `Collection ${String(record.collection)}`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
