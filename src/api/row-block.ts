/**
 * Rows of one page of a list in columnar form: a few strings and typed arrays per page instead of
 * thousands of objects. This is what the parse worker sends to the page and what the saved
 * catalogue keeps, because both are cheap to copy between threads and to store: the receiving
 * side builds nothing. Records are read through row objects whose fields are getters over the
 * columns, so the rest of the explorer reads `seed.url` as ever while 100,000 rows cost the page
 * almost nothing to receive.
 */
import type { Resource } from '../contract/wire';
import { encodeMetadataKeys, usableKeys, type MetadataKeys } from './metadata-keys';
import { RECORD_FIELDS, type ResourceModels } from './records';

/** One field of every row of a block. */
export type Column =
  /** Every row has the same primitive value (often null, or false). */
  | { readonly kind: 'same'; readonly value: string | number | boolean | null | undefined }
  /** Numbers; NaN stands for null (JSON has no NaN). */
  | { readonly kind: 'number'; readonly values: Float64Array }
  /** Booleans: 1, 0, or -1 for null. */
  | { readonly kind: 'bool'; readonly values: Int8Array }
  /** Strings end to end in one string; row i runs from ends[i - 1] to ends[i]; nulls marked. */
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly ends: Uint32Array;
      readonly nulls: Uint8Array | null;
    }
  /** Anything else (lists, maps, timestamps, mixed types): the column as one JSON array. */
  | { readonly kind: 'json'; readonly text: string };

export interface RowBlock {
  readonly resource: Resource;
  readonly length: number;
  /** By field key, `id` and `unknown` included. */
  readonly columns: Readonly<Record<string, Column>>;
  /**
   * The rows' metadata as integers, for records that have metadata (see metadata-keys.ts). Blocks
   * saved before there were keys have none; their rows' metadata is then read from the column.
   */
  readonly metadataKeys?: MetadataKeys;
}

/** The keys a block holds for a resource: the id, every defined field, and the unknown map. */
function keysOf(resource: Resource): readonly string[] {
  return ['id', ...Object.keys(RECORD_FIELDS[resource]), 'unknown'];
}

// ---------------------------------------------------------------------------------------------
// Encoding (in the worker, or in the page where there is none)

/** Puts parsed records into columns. */
export function encodeBlock<R extends Resource>(
  resource: R,
  records: readonly ResourceModels[R][],
): RowBlock {
  const columns: Record<string, Column> = {};
  const rows = records as readonly Readonly<Record<string, unknown>>[];
  for (const key of keysOf(resource)) columns[key] = encodeColumn(rows, key);
  if (!('metadata' in RECORD_FIELDS[resource]))
    return { resource, length: records.length, columns };
  const metadataKeys = encodeMetadataKeys(rows.map((row) => row.metadata));
  return { resource, length: records.length, columns, metadataKeys };
}

function encodeColumn(rows: readonly Readonly<Record<string, unknown>>[], key: string): Column {
  const n = rows.length;
  let kind: 'same' | 'number' | 'bool' | 'text' | 'json' = 'same';
  const first = n > 0 ? rows[0]?.[key] : undefined;
  let sawNumber = false;
  let sawBool = false;
  let sawText = false;
  let sawNull = false;
  for (let i = 0; i < n && kind !== 'json'; i++) {
    const value = rows[i]?.[key];
    if (value === null) sawNull = true;
    else if (typeof value === 'number') sawNumber = true;
    else if (typeof value === 'boolean') sawBool = true;
    else if (typeof value === 'string') sawText = true;
    // Undefined in every row (a record's `unknown`, mostly) is one value; next to others, as
    // objects and lists, it needs JSON.
    else if (value !== undefined || first !== undefined) kind = 'json';
    if (kind !== 'json' && !Object.is(value, first)) {
      kind = value === undefined || first === undefined ? 'json' : 'number';
    }
  }
  if (kind === 'same')
    return { kind, value: first as string | number | boolean | null | undefined };
  const types = Number(sawNumber) + Number(sawBool) + Number(sawText);
  if (kind === 'json' || types !== 1) {
    return { kind: 'json', text: JSON.stringify(rows.map((row) => row[key] ?? null)) };
  }
  if (sawNumber) {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const value = rows[i]?.[key];
      values[i] = value === null ? Number.NaN : (value as number);
    }
    return { kind: 'number', values };
  }
  if (sawBool) {
    const values = new Int8Array(n);
    for (let i = 0; i < n; i++) {
      const value = rows[i]?.[key];
      values[i] = value === null ? -1 : value ? 1 : 0;
    }
    return { kind: 'bool', values };
  }
  const ends = new Uint32Array(n);
  const nulls = sawNull ? new Uint8Array(n) : null;
  const parts: string[] = new Array<string>(n);
  let end = 0;
  for (let i = 0; i < n; i++) {
    const value = rows[i]?.[key];
    const text = typeof value === 'string' ? value : '';
    if (value === null && nulls) nulls[i] = 1;
    parts[i] = text;
    end += text.length;
    ends[i] = end;
  }
  return { kind: 'text', text: parts.join(''), ends, nulls };
}

// ---------------------------------------------------------------------------------------------
// Reading (in the page)

type Read = (i: number) => unknown;

function reader(column: Column, optional: boolean): Read {
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
    case 'text': {
      const { text, ends, nulls } = column;
      return (i) => {
        if (nulls?.[i] === 1) return null;
        return text.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
      };
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
  for (const [key, column] of Object.entries(block.columns)) {
    reads[key] = reader(column, key === 'unknown');
  }
  const keys = usableKeys(block.metadataKeys, block.length) ? block.metadataKeys : undefined;
  const source: Source = { reads, keys };
  const Row = rowClass(block.resource);
  const rows = new Array<ResourceModels[R]>(block.length);
  for (let i = 0; i < block.length; i++)
    rows[i] = new Row(source, i) as unknown as ResourceModels[R];
  return rows;
}

/**
 * The metadata keys of the block a row was read from, when it has usable ones; undefined for a
 * row without (a plain record, or a row of a block saved before there were keys).
 */
export function metadataKeysOf(row: unknown): MetadataKeys | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  return (row as Partial<RowHandle>)[BLOCK]?.keys;
}

/** A row's place in its block (meaningful only for a row `metadataKeysOf` gives keys for). */
export function placeOf(row: unknown): number {
  return (row as RowHandle)[INDEX];
}

/** A row as a plain object (what `JSON.stringify` writes), for comparisons. */
export function toPlain<T extends object>(row: T): T {
  return JSON.parse(JSON.stringify(row)) as T;
}
