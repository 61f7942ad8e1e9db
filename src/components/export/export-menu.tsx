/**
 * The Export button beside a table's Columns button. It is a disclosure: the menu's code (and the
 * CSV library behind it) loads when the pointer or focus first reaches the button, so none of it
 * weighs on the first screen; the button is all that is here.
 */
import { Suspense, lazy, type ReactNode, type RefObject } from 'react';
import type { ListView } from '../../api/hooks';
import type { ExportNaming } from '../../lib/export-file-name';
import { useLazyDisclosure } from '../lazy-disclosure';
import type { ExportSource } from './run-export';
import './export-menu.css';

const loadPanel = () => import('./export-panel');
/** `lazy` loses the panel's type parameter; the panel is the same generic component. */
const ExportPanel = lazy(loadPanel) as unknown as <Row>(props: ExportPanelProps<Row>) => ReactNode;

/** Where the list is: an export of a list still loading can wait for it, or be partial. */
export interface ExportListState {
  /** Rows are still arriving: how many have, of how many (null when the service did not say). */
  readonly loading: { readonly loaded: number; readonly total: number | null } | null;
  /** Every row of the list has arrived. */
  readonly complete: boolean;
  /** The page is still working out which rows the filters keep. */
  readonly settling: boolean;
  /** The list failed to load (some rows may be there). */
  readonly error: Error | null;
}

export type { ExportColumn } from './run-export';

/** The menu's state, which the button shows and the panel changes (Escape, a click outside). */
export interface ExportPanelProps<Row> extends ExportMenuProps<Row> {
  readonly id: string;
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly button: RefObject<HTMLButtonElement | null>;
}

/** Where a list is, as its Export menu needs to know: loading, complete, failed. */
export function exportListState<Row>(list: ListView<Row>, settling: boolean): ExportListState {
  const complete = list.data?.complete === true;
  const arriving = !complete && (list.loadingFirst || list.loadingMore);
  return {
    loading: arriving
      ? { loaded: list.loaded, total: list.totalCertain ? list.total : null }
      : null,
    complete,
    settling,
    error: list.error,
  };
}

export interface ExportMenuProps<Row> {
  readonly source: ExportSource<Row>;
  readonly list: ExportListState;
  readonly noun: string;
  readonly nouns: string;
  /** What the file name says: the page and its filters. */
  readonly naming: ExportNaming;
}

export function ExportMenu<Row>(props: ExportMenuProps<Row>) {
  // Once asked for, the menu stays mounted: a waiting or running export lives in it. Focus moving
  // away closes it (Escape and a click outside: see the panel).
  const { open, setOpen, wanted, root, button, panelId, buttonProps } =
    useLazyDisclosure(loadPanel);
  return (
    <div ref={root} className="export-menu">
      <button {...buttonProps} className="data-table__button">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d="M8 1v8.6l3-3 1 1L8 12.3 4 7.6l1-1 3 3V1zM2 13h12v2H2z" fill="currentColor" />
        </svg>
        Export
      </button>
      {wanted && (
        <Suspense
          fallback={
            open && (
              <p id={panelId} className="export-menu__panel" role="status">
                Loading…
              </p>
            )
          }
        >
          <ExportPanel {...props} id={panelId} open={open} setOpen={setOpen} button={button} />
        </Suspense>
      )}
    </div>
  );
}
