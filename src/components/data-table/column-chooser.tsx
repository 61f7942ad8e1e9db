import { useId, useRef, useState } from 'react';
import { formatCount } from '../../lib/format';
import { useDismiss } from '../use-dismiss';

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

/** A group with more columns than this lists the first of them, and a search for the rest. */
const FIRST_IN_GROUP = 40;

/**
 * A "Columns" button that discloses a checkbox per column. Escape, a click outside or moving focus
 * away closes it; the last visible column cannot be hidden. Its options are made when it opens, and
 * a group of many columns (a list whose records carry thousands of metadata fields) shows its
 * first ones, those shown, and a search for the others.
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
        const next = event.relatedTarget;
        if (open && next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
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
        {open &&
          grouped(columns).map(([group, list]) => (
            <ChoiceGroup
              key={group ?? ''}
              group={group}
              list={list}
              lastVisible={visibleCount <= 1}
              onToggle={onToggle}
            />
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

function ChoiceGroup({
  group,
  list,
  lastVisible,
  onToggle,
}: {
  group: string | undefined;
  list: readonly ColumnChoice[];
  lastVisible: boolean;
  onToggle: (id: string, visible: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const many = list.length > FIRST_IN_GROUP;
  const wanted = query.trim().toLowerCase();
  const found = many
    ? list.filter((c) => (wanted === '' ? true : c.header.toLowerCase().includes(wanted)))
    : list;
  // Shown columns always show, wherever they fall.
  const shown = many
    ? [...found.slice(0, FIRST_IN_GROUP), ...found.slice(FIRST_IN_GROUP).filter((c) => c.visible)]
    : list;
  return (
    <div role={group ? 'group' : undefined} aria-label={group}>
      {group && (
        <p className="data-table__chooser-title" aria-hidden="true">
          {group}
        </p>
      )}
      {many && (
        <>
          <label htmlFor={searchId} className="visually-hidden">
            Search the {group ?? 'columns'}
          </label>
          <input
            id={searchId}
            type="search"
            className="data-table__chooser-search"
            placeholder={`Search ${formatCount(list.length)} ${group?.toLowerCase() ?? 'columns'}`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
        </>
      )}
      <ul className="data-table__chooser-list">
        {shown.map((column) => (
          <li key={column.id}>
            <label className="data-table__chooser-option">
              <input
                type="checkbox"
                checked={column.visible}
                disabled={column.visible && lastVisible}
                onChange={(event) => {
                  onToggle(column.id, event.currentTarget.checked);
                }}
              />
              <span>{column.header}</span>
            </label>
          </li>
        ))}
      </ul>
      {many && found.length > FIRST_IN_GROUP && (
        <p className="data-table__chooser-more">
          {formatCount(found.length - FIRST_IN_GROUP)} more: search to find them.
        </p>
      )}
    </div>
  );
}
