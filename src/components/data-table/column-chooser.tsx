import { useId, useRef, useState } from 'react';
import { focusLeaves, useDismiss } from '../use-dismiss';

export interface ColumnChoice {
  readonly id: string;
  readonly header: string;
  readonly visible: boolean;
  /** A heading the chooser lists the column under, after the columns without one. */
  readonly group?: string | undefined;
}

/** The columns without a group, then each group in the order it first appears. */
function grouped(columns: readonly ColumnChoice[]): [string | undefined, ColumnChoice[]][] {
  const groups = new Map<string | undefined, ColumnChoice[]>([[undefined, []]]);
  for (const column of columns) {
    const list = groups.get(column.group);
    if (list) list.push(column);
    else groups.set(column.group, [column]);
  }
  return [...groups].filter(([, list]) => list.length > 0);
}

export interface ColumnChooserProps {
  /** Names the table the columns belong to, for the panel's accessible name. */
  readonly tableLabel: string;
  readonly columns: readonly ColumnChoice[];
  readonly onToggle: (id: string, visible: boolean) => void;
  /** Back to the default columns and widths. */
  readonly onReset: () => void;
}

/**
 * A "Columns" button that discloses a checkbox per column. Escape, a click outside or moving focus
 * away closes it; the last visible column cannot be hidden.
 */
export function ColumnChooser({ tableLabel, columns, onToggle, onReset }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const visibleCount = columns.filter((c) => c.visible).length;

  useDismiss({
    open,
    close: () => {
      setOpen(false);
    },
    root: () => rootRef.current,
    button: buttonRef,
    panel: panelRef,
    firstControl: 'input:not(:disabled)',
  });

  return (
    <div
      ref={rootRef}
      className="data-table__chooser"
      onBlur={(event) => {
        if (open && focusLeaves(event, rootRef.current)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="data-table__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d="M2 3h3v10H2zM6.5 3h3v10h-3zM11 3h3v10h-3z" fill="currentColor" />
        </svg>
        Columns
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="group"
        aria-label={`Columns of ${tableLabel}`}
        className="data-table__chooser-panel"
        hidden={!open}
      >
        <p className="data-table__chooser-title" aria-hidden="true">
          Show columns
        </p>
        {grouped(columns).map(([group, list]) => (
          <div key={group ?? ''} role={group ? 'group' : undefined} aria-label={group}>
            {group && (
              <p className="data-table__chooser-title" aria-hidden="true">
                {group}
              </p>
            )}
            <ul className="data-table__chooser-list">
              {list.map((column) => (
                <li key={column.id}>
                  <label className="data-table__chooser-option">
                    <input
                      type="checkbox"
                      checked={column.visible}
                      disabled={column.visible && visibleCount <= 1}
                      onChange={(event) => {
                        onToggle(column.id, event.currentTarget.checked);
                      }}
                    />
                    <span>{column.header}</span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="data-table__chooser-footer">
          <button type="button" className="data-table__link-button" onClick={onReset}>
            Reset columns
          </button>
        </div>
      </div>
    </div>
  );
}
