/** Small renderers for values from the catalogue, so they read the same everywhere. */
import type { ReactNode } from 'react';
import type { Instant } from '../api/model';
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

export function Bytes({ value }: { value: number }) {
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
