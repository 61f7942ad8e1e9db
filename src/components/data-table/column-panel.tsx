/**
 * The Columns chooser's panel (see column-chooser.tsx), loaded when the pointer or focus first
 * reaches its button: a checkbox per column, grouped, and a reset. Escape, a click outside or
 * moving focus away closes it; the last visible column cannot be hidden.
 */
import { useRef } from 'react';
import { useDismiss } from '../use-dismiss';
import type { ColumnChoice, ColumnPanelProps } from './column-chooser';

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

export default function ColumnPanel({
  id,
  open,
  close,
  root,
  button,
  tableLabel,
  columns,
  onToggle,
  onReset,
}: ColumnPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const visibleCount = columns.filter((c) => c.visible).length;
  useDismiss({
    open,
    close,
    root: () => root.current,
    button,
    panel: panelRef,
    firstControl: 'input:not(:disabled)',
  });
  return (
    <div
      ref={panelRef}
      id={id}
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
  );
}
