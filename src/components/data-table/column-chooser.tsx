/**
 * A "Columns" button that discloses a checkbox per column. Like the Export menu, the panel's code
 * loads when the pointer or focus first reaches the button (column-panel.tsx), and once opened
 * the panel stays mounted.
 */
import { Suspense, lazy, type RefObject } from 'react';
import { useLazyDisclosure } from '../lazy-disclosure';

const loadPanel = () => import('./column-panel');
const ColumnPanel = lazy(loadPanel);

export interface ColumnChoice {
  readonly id: string;
  readonly header: string;
  readonly visible: boolean;
  /** A heading the chooser lists the column under, after the columns without one. */
  readonly group?: string | undefined;
}

export interface ColumnChooserProps {
  /** Names the table the columns belong to, for the panel's accessible name. */
  readonly tableLabel: string;
  readonly columns: readonly ColumnChoice[];
  readonly onToggle: (id: string, visible: boolean) => void;
  /** Back to the default columns and widths. */
  readonly onReset: () => void;
}

/** The panel's state, which the button shows and the panel changes (Escape, a click outside). */
export interface ColumnPanelProps extends ColumnChooserProps {
  readonly id: string;
  readonly open: boolean;
  readonly close: () => void;
  readonly root: RefObject<HTMLDivElement | null>;
  readonly button: RefObject<HTMLButtonElement | null>;
}

export function ColumnChooser(props: ColumnChooserProps) {
  const { open, close, wanted, root, button, panelId, buttonProps } = useLazyDisclosure(loadPanel);
  return (
    <div ref={root} className="data-table__chooser">
      <button {...buttonProps} className="data-table__button">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d="M2 3h3v10H2zM6.5 3h3v10h-3zM11 3h3v10h-3z" fill="currentColor" />
        </svg>
        Columns
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ColumnPanel
            {...props}
            id={panelId}
            open={open}
            close={close}
            root={root}
            button={button}
          />
        </Suspense>
      )}
    </div>
  );
}
