/**
 * Rows of one page of a list in columnar form: a few strings and typed arrays per page instead of
 * thousands of objects. This is what the parse worker sends to the page and what the saved
 * catalogue keeps, because both are cheap to copy between threads and to store: the receiving
 * side builds nothing. Records are read through row objects whose fields are getters over the
 * columns, so the rest of the explorer reads `seed.url` as ever while 100,000 rows cost the page
 * almost nothing to receive. Blocks are written by block-builder.ts.
 *
 * The check of a block that comes back from storage is in stored-block.ts, which loads with the
 * code that reads a saved list back.
 */
import type { Resource } from '../contract/wire';
import { rowMetadata, type MetadataKeys } from './metadata-keys';
import { RECORD_FIELDS, type ColumnKind, type ResourceModels } from './records';
import { instantText, type Instant } from './calendar';
import { NO_GROUPS, type SeedGroupRef } from './values';

/**
 * Strings end to end in one string; item i runs from ends[i - 1] to ends[i]; nulls marked. A
 * column of few distinct values (a seed's type, who added it) keeps each of them once, in the
 * order met: then `ends` marks out the distinct values and `codes[i]` is row i's (a byte each, so
 * a saved list has that much less text for the store to make again when it is read back).
 */
export interface TextColumn {
  readonly kind: 'text';
  readonly text: string;
  readonly ends: Uint32Array;
  readonly nulls: Uint8Array | null;
  /** Row i's value, by its number among the distinct values; null when every row has its own. */
  readonly codes: Uint8Array | null;
  /**
   * Another text column of the block (its key), whose text a row marked `LIKE` in `nulls` holds
   * for this column too: the canonical URL, mostly the URL itself. Null (or absent, in a block
   * saved before) when there is none.
   */
  readonly like?: string | null;
}

/** In a text column's `nulls`: the row's text is that of the column named by `like`. */
export const LIKE = 2;

/** One field of every row of a block. */
export type Column =
  /** Every row has the same primitive value (often null, or false). */
  | { readonly kind: 'same'; readonly value: string | number | boolean | null | undefined }
  /** Numbers; NaN stands for null (JSON has no NaN). */
  | { readonly kind: 'number'; readonly values: Float64Array }
  /** Booleans: 1, 0, or -1 for null. */
  | { readonly kind: 'bool'; readonly values: Int8Array }
  | TextColumn
  /**
   * Timestamps: their number (NaN for null) and the service's text, or, where `digits[i]` is 0 or
   * more, no text: the row's is made again from its number with that many digits of fraction
   * (`instantText`). A block saved before there were digits has none.
   */
  | {
      readonly kind: 'instant';
      readonly ms: Float64Array;
      readonly digits: Int8Array | null;
      readonly text: TextColumn;
    }
  /** Seed-group references: row i's are ids[starts[i] … starts[i + 1]), with their names. */
  | {
      readonly kind: 'groups';
      readonly starts: Uint32Array;
      readonly ids: Float64Array;
      readonly names: TextColumn;
    }
  /** Metadata, as numbers and strings (see metadata-keys.ts). */
  | { readonly kind: 'metadata'; readonly keys: MetadataKeys }
  /** Anything else (short lists, the unknown map): the column as one JSON array. */
  | { readonly kind: 'json'; readonly text: string };

export interface RowBlock {
  readonly resource: Resource;
  readonly length: number;
  /** By field key, `id` and `unknown` included. */
  readonly columns: Readonly<Record<string, Column>>;
}

/** The keys a block holds for a resource: the id, every defined field, and the unknown map. */
export function keysOf(resource: Resource): readonly string[] {
  return ['id', ...Object.keys(RECORD_FIELDS[resource]), 'unknown'];
}

/** How each key of a resource's blocks is kept (`same` is open to every kind). */
export function columnKindOf(resource: Resource, key: string): ColumnKind {
  if (key === 'id') return 'number';
  if (key === 'unknown') return 'json';
  const fields: Readonly<Record<string, { column: ColumnKind }>> = RECORD_FIELDS[resource];
  return fields[key]?.column ?? 'json';
}

// ---------------------------------------------------------------------------------------------
// Reading (in the page)

type Read = (i: number) => unknown;

function textReader(
  { text, ends, nulls, codes, like }: TextColumn,
  columns?: Readonly<Record<string, Column>>,
): (i: number) => string | null {
  const other = like == null ? undefined : columns?.[like];
  if (other?.kind === 'text' && nulls) {
    const own = textReader({ kind: 'text', text, ends, nulls, codes, like: null });
    const theirs = textReader(other);
    return (i) => (nulls[i] === LIKE ? theirs(i) : own(i));
  }
  const item = (k: number) => text.slice(k === 0 ? 0 : ends[k - 1], ends[k]);
  // A block saved before columns had codes has none at all.
  if (codes != null) {
    // Each distinct value made once, and the same string given to every row that has it.
    const values = Array.from(ends, (_, k) => item(k));
    return (i) => (nulls?.[i] === 1 ? null : (values[codes[i] as number] as string));
  }
  return (i) => (nulls?.[i] === 1 ? null : item(i));
}

function reader(
  column: Column,
  optional: boolean,
  columns: Readonly<Record<string, Column>>,
): Read {
  switch (column.kind) {
    case 'same': {
      const { value } = column;
      return () => value;
    }
    case 'number': {
      const { values } = column;
      return (i) => {
        const value = values[i] as number;
        return Number.isNaN(value) ? null : value;
      };
    }
    case 'bool': {
      const { values } = column;
      return (i) => {
        const value = values[i];
        return value === -1 ? null : value === 1;
      };
    }
    case 'text':
      return textReader(column, columns);
    case 'instant': {
      const { ms, digits } = column;
      const text = textReader(column.text);
      return (i) => {
        const value = ms[i] as number;
        if (Number.isNaN(value)) return null;
        const form = digits == null ? -1 : (digits[i] as number);
        return { text: form < 0 ? text(i) : instantText(value, form), ms: value };
      };
    }
    case 'groups': {
      const { starts, ids } = column;
      const name = textReader(column.names);
      // Made once per row, on first use, then kept: a list's groups are read for every row by
      // its facets and its sort keys, and each read making them anew was tens of megabytes of
      // garbage after a load.
      let made: (readonly SeedGroupRef[] | undefined)[] | undefined;
      return (i) => {
        made ??= new Array<readonly SeedGroupRef[] | undefined>(starts.length - 1);
        let groups = made[i];
        if (groups === undefined) {
          const start = starts[i] as number;
          const end = starts[i + 1] as number;
          const list: SeedGroupRef[] = [];
          for (let k = start; k < end; k++) list.push({ id: ids[k] as number, name: name(k) });
          // Most seeds are in no group: they share one empty list.
          groups = list.length === 0 ? NO_GROUPS : list;
          made[i] = groups;
        }
        return groups;
      };
    }
    case 'metadata': {
      const { keys } = column;
      return (i) => rowMetadata(keys, i);
    }
    case 'json': {
      // Decoded as a whole the first time a row asks: one parse per column of a page.
      let values: unknown[] | undefined;
      return (i) => {
        values ??= JSON.parse(column.text) as unknown[];
        const value = values[i];
        return optional && value === null ? undefined : value;
      };
    }
  }
}

const BLOCK = Symbol('block');
const INDEX = Symbol('index');

/** What the rows of one block share: how to read each field, and the block's metadata keys. */
interface Source {
  readonly reads: Readonly<Record<string, Read>>;
  readonly columns: Readonly<Record<string, Column>>;
  readonly keys: MetadataKeys | undefined;
}

interface RowHandle {
  readonly [BLOCK]: Source;
  readonly [INDEX]: number;
}

type RowConstructor = new (source: Source, index: number) => RowHandle;

const rowClasses = new Map<Resource, RowConstructor>();

/**
 * One class per resource whose fields are getters over a block's columns. Its instances behave as
 * the records parsing gives (`JSON.stringify` included) and are never changed after they are made.
 */
function rowClass(resource: Resource): RowConstructor {
  let Row = rowClasses.get(resource);
  if (Row) return Row;
  Row = class {
    // Symbol keys: invisible to Object.keys, spreading and JSON, cheap to set on 100,000 rows.
    readonly [BLOCK]: Source;
    readonly [INDEX]: number;
    constructor(source: Source, index: number) {
      this[BLOCK] = source;
      this[INDEX] = index;
    }
  };
  const keys = keysOf(resource);
  for (const key of keys) {
    Object.defineProperty(Row.prototype, key, {
      enumerable: true,
      get(this: RowHandle) {
        return (this[BLOCK].reads[key] as Read)(this[INDEX]);
      },
    });
  }
  Object.defineProperty(Row.prototype, 'toJSON', {
    value(this: Record<string, unknown>) {
      return plainRecord(this, keys);
    },
  });
  rowClasses.set(resource, Row);
  return Row;
}

function plainRecord(row: Readonly<Record<string, unknown>>, keys: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = row[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The block's rows, as records. */
export function blockRows<R extends Resource>(block: RowBlock): ResourceModels[R][] {
  const reads: Record<string, Read> = {};
  let keys: MetadataKeys | undefined;
  for (const [key, column] of Object.entries(block.columns)) {
    reads[key] = reader(column, key === 'unknown', block.columns);
    if (column.kind === 'metadata') keys = column.keys;
  }
  const source: Source = { reads, columns: block.columns, keys };
  const Row = rowClass(block.resource);
  const rows = new Array<ResourceModels[R]>(block.length);
  for (let i = 0; i < block.length; i++)
    rows[i] = new Row(source, i) as unknown as ResourceModels[R];
  return rows;
}

/**
 * The metadata keys of the block a row was read from; undefined for a row without (a plain
 * record).
 */
export function metadataKeysOf(row: unknown): MetadataKeys | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  return (row as Partial<RowHandle>)[BLOCK]?.keys;
}

/**
 * The number of a record's timestamp field (milliseconds), or null when it has none: read from
 * the column for a row of a block, so that sorting or counting 100,000 rows by a date makes no
 * object for each.
 */
export function fieldInstantMs(row: object, key: string): number | null {
  const source = (row as Partial<RowHandle>)[BLOCK];
  const column = source?.columns[key];
  if (column?.kind === 'instant') {
    const ms = column.ms[(row as RowHandle)[INDEX]] as number;
    return Number.isNaN(ms) ? null : ms;
  }
  const value = (row as Readonly<Record<string, unknown>>)[key] as Instant | null | undefined;
  return value?.ms ?? null;
}

/** A row's place in its block (meaningful only for a row `metadataKeysOf` gives keys for). */
export function placeOf(row: unknown): number {
  return (row as RowHandle)[INDEX];
}

/** A row as a plain object (what `JSON.stringify` writes), for comparisons. */
export function toPlain<T extends object>(row: T): T {
  return JSON.parse(JSON.stringify(row)) as T;
}

/** About how many bytes a block's columns hold (its text as two bytes a character). */
export function blockBytes(block: RowBlock): number {
  let bytes = 0;
  const walk = (value: unknown) => {
    if (typeof value === 'string') bytes += value.length * 2;
    else if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    else if (typeof value === 'object' && value !== null)
      for (const part of Object.values(value)) walk(part);
  };
  walk(block.columns);
  return bytes;
}

/** The buffers of a block, to move it between threads without copying them. */
export function blockBuffers(block: RowBlock): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const walk = (value: unknown) => {
    if (ArrayBuffer.isView(value)) buffers.add(value.buffer as ArrayBuffer);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const part of Object.values(value)) walk(part);
  };
  walk(block.columns);
  return [...buffers];
}
