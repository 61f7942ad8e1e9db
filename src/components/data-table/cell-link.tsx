/**
 * A link inside a table cell: a plain anchor, out of the tab order (the rows take it). The grid
 * follows it inside the app (`onFollowLink`); with a modifier key, or where the table has no
 * handler, it is an ordinary link. A scroll draws hundreds of them a second, and React Router's
 * `Link` runs a dozen hooks for each; this runs none.
 */
import type { ReactNode } from 'react';

export function CellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} data-cell-link="" tabIndex={-1}>
      {children}
    </a>
  );
}

/** The address of the cell link a click follows inside the app, or null for the browser's way. */
export function followedCellLink(event: {
  target: EventTarget | null;
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  if (!(event.target instanceof Element)) return null;
  return event.target.closest('a[data-cell-link]')?.getAttribute('href') ?? null;
}
