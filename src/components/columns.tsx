/** Column definitions that several tables share, so each reads and sorts the same everywhere. */
import { Link } from 'react-router';
import type { Instant } from '../api/model';
import type { DataColumn } from './data-table';
import { DateTime, YesNo } from './values';

export type CollectionNames = (id: number) => string | undefined;

export function collectionLabel(id: number, name: string | undefined): string {
  return name ?? `Collection ${String(id)}`;
}

/** A link to a collection's page. In a table cell it stays out of the tab order (rows take it). */
export function CollectionLink({
  id,
  name,
  inTable = false,
}: {
  id: number;
  name: string | undefined;
  inTable?: boolean;
}) {
  return (
    <Link to={`/collections/${String(id)}`} {...(inTable ? { tabIndex: -1 } : {})}>
      {collectionLabel(id, name)}
    </Link>
  );
}

/** Ids are identifiers, not quantities: no digit grouping. */
export function idColumn<T extends { id: number }>(
  options: { width?: number; hiddenByDefault?: boolean } = {},
): DataColumn<T> {
  return {
    id: 'id',
    header: 'ID',
    kind: 'number',
    width: options.width ?? 100,
    value: (row) => row.id,
    cell: (row) => String(row.id),
    ...(options.hiddenByDefault ? { hiddenByDefault: true } : {}),
  };
}

export function dateColumn<T>(
  id: string,
  header: string,
  get: (row: T) => Instant | null,
  options: { hiddenByDefault?: boolean; missing?: string } = {},
): DataColumn<T> {
  return {
    id,
    header,
    kind: 'date',
    width: 180,
    value: (row) => get(row)?.ms ?? null,
    cell: (row) => {
      const instant = get(row);
      if (instant === null && options.missing)
        return <span className="muted">{options.missing}</span>;
      return <DateTime value={instant} />;
    },
    ...(options.hiddenByDefault ? { hiddenByDefault: true } : {}),
  };
}

export function yesNoColumn<T>(
  id: string,
  header: string,
  get: (row: T) => boolean,
): DataColumn<T> {
  return {
    id,
    header,
    kind: 'text',
    width: 95,
    value: (row) => (get(row) ? 'Yes' : 'No'),
    cell: (row) => <YesNo value={get(row)} />,
  };
}

export function collectionColumn<T>(
  get: (row: T) => number,
  names: CollectionNames,
  width = 240,
): DataColumn<T> {
  return {
    id: 'collection',
    header: 'Collection',
    kind: 'text',
    width,
    value: (row) => collectionLabel(get(row), names(get(row))),
    cell: (row) => <CollectionLink id={get(row)} name={names(get(row))} inTable />,
  };
}
