/** Small renderers for values from the catalogue, so they read the same everywhere. */
import type { ReactNode } from 'react';
import { unknownOf, type Instant, type MaybeUnknown, type Unknown } from '../api/records';
import { exactBytes, formatBytes, formatDate, formatDateTime, utcTitle } from '../lib/format';
import { safeUrl } from '../lib/safe-url';

/** In the reader's time zone, with the service's UTC value on hover. */
export function DateTime({
  value,
  dateOnly = false,
}: {
  value: Instant | null;
  dateOnly?: boolean;
}) {
  if (value === null) return <span className="muted">—</span>;
  return (
    <time dateTime={value.text} title={utcTitle(value)}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </time>
  );
}

export function Bytes({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">—</span>;
  return <span title={exactBytes(value)}>{formatBytes(value)}</span>;
}

/**
 * A link to somewhere outside the explorer, only for http(s) addresses; anything else (a
 * `javascript:` or `data:` URL, say) is shown as plain text.
 */
export function ExternalLink({ href, children }: { href: string | null; children?: ReactNode }) {
  const safe = safeUrl(href);
  const content = children ?? href ?? '';
  if (safe === null) return <span className="unlinked">{content}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

export function YesNo({
  value,
  yes = 'Yes',
  no = 'No',
}: {
  value: boolean | null;
  yes?: string;
  no?: string;
}) {
  if (value === null) return <span className="muted">—</span>;
  return <span className={value ? 'flag flag-yes' : 'flag flag-no'}>{value ? yes : no}</span>;
}

/** What hovering an unknown value says. */
export function unknownTitle(why: Unknown): string {
  return why.reason === 'missing'
    ? 'The catalogue service did not provide this value.'
    : `The catalogue service sent something unreadable: ${why.excerpt}`;
}

/**
 * A value the service did not provide or sent in a form the explorer cannot read: a dash, with
 * the reason on hover and in words for screen readers.
 */
export function UnknownValue({ why }: { why: Unknown }) {
  return (
    <span className="unknown-value" title={unknownTitle(why)}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">
        {why.reason === 'missing' ? 'not provided' : 'unreadable'}
      </span>
    </span>
  );
}

/**
 * A record's field for display: the marker when the service did not provide it or sent it
 * unreadable, `whenNull` (a dash by default) when its value is null, else what `render` makes of
 * the value.
 */
export function showField<T extends MaybeUnknown, K extends keyof T & string>(
  record: T,
  field: K,
  render: (value: NonNullable<T[K]>) => ReactNode,
  whenNull: ReactNode = <span className="muted">—</span>,
): ReactNode {
  const why = unknownOf(record, field);
  if (why) return <UnknownValue why={why} />;
  const value = record[field];
  return value === null || value === undefined ? whenNull : render(value);
}
