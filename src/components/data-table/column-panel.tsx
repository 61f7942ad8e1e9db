/**
 * The Columns chooser's panel (see column-chooser.tsx), loaded when the pointer or focus first
 * reaches its button: a checkbox per column, grouped, and a reset. Escape, a click outside or
 * moving focus away closes it; the last visible column cannot be hidden. Its options are made
 * when it opens, and a group of many columns (a list whose records carry thousands of metadata
 * fields) shows its first ones, those shown, and a search for the others.
 */
import { useId, useRef, useState } from 'react';
import { formatCount } from '../../lib/format';
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

/** A group with more columns than this lists the first of them, and a search for the rest. */
const FIRST_IN_GROUP = 40;

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
