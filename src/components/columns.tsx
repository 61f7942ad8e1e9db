/** Column definitions that several tables share, so each reads and sorts the same everywhere. */
import { Fragment, useMemo, useState } from 'react';
import { Link } from './link';
import { fieldValues, type WithMetadata } from '../lib/metadata-audit';
import { paths } from '../lib/paths';
import type { Instant } from '../api/records';
import { fieldInstantMs } from '../api/row-view';
import { CellLink, type DataColumn } from './data-table';
import { DateTime, YesNo } from './values';

/** A collection's name by id; null or undefined when it is not known (yet). */
export type CollectionNames = (id: number) => string | null | undefined;

/** The keys of `T` whose values are of type `V`. */
export type FieldOf<T, V> = {
  [K in keyof T]-?: T[K] extends V ? K : never;
}[keyof T] &
  string;

export function collectionLabel(id: number, name: string | null | undefined): string {
  return name ?? `Collection ${String(id)}`;
}

/** A link to a collection's page. In a table cell it stays out of the tab order (rows take it). */
export function CollectionLink({
  id,
  name,
  inTable = false,
}: {
  id: number;
  name: string | null | undefined;
  inTable?: boolean;
}) {
  const to = paths.collection(id);
  const label = collectionLabel(id, name);
  return inTable ? <CellLink to={to}>{label}</CellLink> : <Link to={to}>{label}</Link>;
}

/** Links to several collections, separated by commas. */
export function CollectionLinks({
  ids,
  names,
  inTable = false,
}: {
  ids: readonly number[];
  names: CollectionNames;
  inTable?: boolean;
}) {
  return (
    <>
      {ids.map((id, i) => (
        // By place, not id: a scrolled table shows other rows' links in the same cells, and
        // keys by place let React reuse what it drew instead of making it again.
        <Fragment key={i}>
          {i > 0 && ', '}
          <CollectionLink id={id} name={names(id)} inTable={inTable} />
        </Fragment>
      ))}
    </>
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

/** Another record's identifier (an account, say): a number shown without digit grouping. */
export function referenceColumn<T>(
  id: string,
  header: string,
  field: FieldOf<T, number | null>,
  options: { hiddenByDefault?: boolean } = {},
): DataColumn<T> {
  const get = (row: T) => row[field] as number | null;
  return {
    id,
    header,
    field,
    kind: 'number',
    width: 110,
    value: get,
    cell: (row) => {
      const value = get(row);
      return value === null ? null : String(value);
    },
    ...(options.hiddenByDefault ? { hiddenByDefault: true } : {}),
  };
}

export function dateColumn<T>(
  id: string,
  header: string,
  field: FieldOf<T, Instant | null>,
  options: { hiddenByDefault?: boolean; missing?: string; width?: number } = {},
): DataColumn<T> {
  const get = (row: T) => row[field] as Instant | null;
  return {
    id,
    header,
    field,
    kind: 'date',
    width: options.width ?? 180,
    value: (row) => fieldInstantMs(row as object, field),
    // The service's own ISO text (UTC), to the microsecond it gave.
    exportValue: (row) => get(row)?.text ?? null,
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
  field: FieldOf<T, boolean | null>,
): DataColumn<T> {
  const get = (row: T) => row[field] as boolean | null;
  return {
    id,
    header,
    field,
    kind: 'text',
    width: 95,
    value: (row) => {
      const value = get(row);
      return value === null ? null : value ? 'Yes' : 'No';
    },
    exportValue: get,
    cell: (row) => <YesNo value={get(row)} />,
  };
}

/** A plain text field, shown and sorted as the service sent it. */
export function textColumn<T>(
  id: string,
  header: string,
  field: FieldOf<T, string | null>,
  options: { width?: number; hiddenByDefault?: boolean } = {},
): DataColumn<T> {
  return {
    id,
    header,
    field,
    kind: 'text',
    width: options.width ?? 150,
    value: (row) => row[field] as string | null,
    ...(options.hiddenByDefault ? { hiddenByDefault: true } : {}),
  };
}

/** The collection (or collections) a row belongs to, by name, each a link to its page. */
export function collectionColumn<T>(
  field: string,
  get: (row: T) => readonly number[],
  names: CollectionNames,
  width = 240,
): DataColumn<T> {
  return {
    id: 'collection',
    header: 'Collection',
    field,
    kind: 'text',
    width,
    value: (row) => {
      const ids = get(row);
      return ids.length === 0 ? null : ids.map((id) => collectionLabel(id, names(id))).join(', ');
    },
    cell: (row) => <CollectionLinks ids={get(row)} names={names} inTable />,
  };
}

/** A record's non-blank values of a metadata field, joined, or null when it has none. */
function joinedValues(record: WithMetadata, field: string, separator = '; '): string | null {
  const values = fieldValues(record, field);
  return values.length === 0 ? null : values.join(separator);
}

/** The prefix of a metadata field's column id: `meta:Language`. */
const META = 'meta:';

/** Whether a sort id names a metadata field's column, which exists once a record has the field. */
export const isMetadataColumnId = (id: string): boolean =>
  id.startsWith(META) && id.length > META.length;

/**
 * A column showing a metadata field's values. `header` is its title (the field's name, unless a
 * column of the record's own has that title); `id` defaults to `meta:<field>`.
 */
export function metadataColumn<T extends WithMetadata>(
  field: string,
  options: { id?: string; header?: string; hidden?: boolean } = {},
): DataColumn<T> {
  return {
    id: options.id ?? `${META}${field}`,
    header: options.header ?? field,
    group: 'Metadata fields',
    kind: 'text',
    width: 220,
    value: (record) => joinedValues(record, field),
    // As every export writes several values of a field (a value may hold a semicolon).
    exportValue: (record) => joinedValues(record, field, ' | '),
    metadataField: field,
    ...(options.hidden === false ? {} : { hiddenByDefault: true }),
  };
}

/**
 * The `own` columns, then a column for each metadata field the records use (the first `most`), in
 * the fields' order, each hidden until chosen. A field named like one of `own` columns (a seed's
 * Type) is titled "Type (metadata)", so the column chooser and the header never show two columns
 * of one name. Each field's column is made once for as long as the page shows, so that its sort
 * keys are worked out once per rows, not again whenever the list of fields changes.
 */
export function useMetadataColumns<T extends WithMetadata>(
  own: readonly DataColumn<T>[],
  fields: readonly string[],
  most = Infinity,
): DataColumn<T>[] {
  const [made] = useState(() => new Map<string, DataColumn<T>>());
  return useMemo(() => {
    const taken = new Set(own.map((c) => c.header));
    const metadata = fields
      .slice(0, most)
      .filter((field) => !own.some((c) => c.metadataField === field))
      .map((field) => {
        const header = taken.has(field) ? `${field} (metadata)` : field;
        const key = `${header}\n${field}`;
        let column = made.get(key);
        if (!column) {
          column = metadataColumn<T>(field, { header });
          made.set(key, column);
        }
        return column;
      });
    return [...own, ...metadata];
  }, [own, fields, most, made]);
}
