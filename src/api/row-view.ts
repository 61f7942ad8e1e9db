/**
 * What the rest of the explorer may ask of a row beyond its fields, answered the same way for a
 * row of a block (row-block.ts: read from its columns, without building its metadata) and for a
 * plain record: its metadata (`metadataOf`) and the number of a timestamp (`fieldInstantMs`). The
 * blocks' own modules (row-block, metadata-keys, block-builder, fast-seed) stay private to
 * src/api; lint keeps them so.
 *
 * One rule, as everywhere: a row has a field when at least one of its values is not blank (empty
 * or only whitespace); its values of a field are its distinct non-blank ones, in the service's
 * order. Entries that are not `{id, value}` are not there, for a plain record as for a block's
 * row.
 */
import { isBlank, MetadataWriter, pairValue, type MetadataKeys } from './metadata-keys';
import { fieldInstantMs, metadataKeysOf, placeOf } from './row-block';

export { fieldInstantMs, isBlank };

/**
 * The block a row was read from (one object for all its rows: its metadata keys) and the row's
 * place in it; undefined for a plain record: what is worked out for a block's rows can be kept by
 * block and place, and found again for the same row in another array (a filtered subset).
 */
export { metadataKeysOf as blockOf, placeOf };

/**
 * The field names and distinct (field, value) pairs of a run of rows, by number: a block's (one
 * object for all its rows, so what is learnt of a number holds for every row of the block), or a
 * plain record's own.
 */
export class MetadataTable {
  private byName: Map<string, number> | undefined;

  constructor(private readonly keys: MetadataKeys) {}

  /** Field names (field ids run from 0 to this). */
  get fieldCount(): number {
    return this.keys.names.length;
  }

  /** Pairs (pair ids run from 0 to this). */
  get pairCount(): number {
    return this.keys.pairName.length;
  }

  fieldName(f: number): string {
    return this.keys.names[f] as string;
  }

  /** The id of a field name, or -1 when no row of the table names it. */
  fieldId(name: string): number {
    this.byName ??= new Map(this.keys.names.map((n, f) => [n, f]));
    return this.byName.get(name) ?? -1;
  }

  /** The field id of pair p. */
  pairField(p: number): number {
    return this.keys.pairName[p] as number;
  }

  pairValue(p: number): string {
    return pairValue(this.keys, p);
  }
}

/** A block's table, one per block. */
const tables = new WeakMap<MetadataKeys, MetadataTable>();

function tableOf(keys: MetadataKeys): MetadataTable {
  let table = tables.get(keys);
  if (!table) {
    table = new MetadataTable(keys);
    tables.set(keys, table);
  }
  return table;
}

/**
 * A plain record's metadata written as keys of one row, by the rules a block is written by (its
 * field names as reading left them).
 */
function plainKeys(row: object): MetadataKeys {
  const writer = new MetadataWriter(1);
  writer.add((row as { readonly metadata?: unknown }).metadata, true);
  return writer.done();
}

const NO_KEYS = plainKeys({});

/**
 * One row's metadata: which fields it has, their values, its field names, and the same by number
 * (`table`, then the row's fields and pairs in its own order) for the loops over a whole list,
 * which point one view at row after row (`metadataOf(row, view)`) and so make no object per row.
 */
export class MetadataView {
  private keys = NO_KEYS;
  private nameFrom = 0;
  private pairFrom = 0;
  /** The numbers the row's fields and pairs are given by. */
  table = tableOf(NO_KEYS);
  /** Field names the row uses, even with blank values only. */
  fieldCount = 0;
  /** The row's distinct non-blank (field, value) pairs. */
  pairCount = 0;

  /** Points the view at a row; returns it. */
  of(row: object): this {
    let keys = metadataKeysOf(row);
    let at = 0;
    if (keys) at = placeOf(row);
    else keys = plainKeys(row);
    if (keys !== this.keys) {
      this.keys = keys;
      this.table = tableOf(keys);
    }
    const { nameStart, pairStart } = keys;
    this.nameFrom = nameStart[at] as number;
    this.fieldCount = (nameStart[at + 1] as number) - this.nameFrom;
    this.pairFrom = pairStart[at] as number;
    this.pairCount = (pairStart[at + 1] as number) - this.pairFrom;
    return this;
  }

  /** The id (in `table`) of the row's k-th field name. */
  field(k: number): number {
    return (this.keys.rowNames[this.nameFrom + k] as number) >>> 1;
  }

  /** Whether the row's k-th field name has a non-blank value. */
  fieldPresent(k: number): boolean {
    return ((this.keys.rowNames[this.nameFrom + k] as number) & 1) === 1;
  }

  /** The id (in `table`) of the row's k-th pair. */
  pair(k: number): number {
    return this.keys.rowPairs[this.pairFrom + k] as number;
  }

  /** Whether the row has a non-blank value of `field`. */
  has(field: string): boolean {
    const f = this.table.fieldId(field);
    if (f < 0) return false;
    const want = f * 2 + 1;
    const { rowNames } = this.keys;
    for (let k = this.nameFrom, end = k + this.fieldCount; k < end; k++) {
      if (rowNames[k] === want) return true;
    }
    return false;
  }

  /** The row's distinct non-blank values of `field`, in the service's order. */
  values(field: string): string[] {
    const values: string[] = [];
    const f = this.table.fieldId(field);
    if (f < 0) return values;
    for (let k = 0; k < this.pairCount; k++) {
      const p = this.pair(k);
      if (this.table.pairField(p) === f) values.push(this.table.pairValue(p));
    }
    return values;
  }

  /** The field names the row uses (even with blank values only), in its order. */
  names(): string[] {
    const names: string[] = [];
    for (let k = 0; k < this.fieldCount; k++) names.push(this.table.fieldName(this.field(k)));
    return names;
  }
}

/**
 * At least as many metadata field names as the rows use, found without reading one: the names of
 * each block the rows come from, added up, and a plain record's own. What a figure over the rows'
 * fields (their names put in order, an audit of them) will cost, as a row of thousands of fields
 * costs as much as thousands of rows.
 */
export function fieldNamesBound(rows: readonly object[]): number {
  const blocks = new Set<MetadataKeys>();
  let bound = 0;
  for (const row of rows) {
    const keys = metadataKeysOf(row);
    if (!keys) {
      const own = (row as { readonly metadata?: unknown }).metadata;
      bound += typeof own === 'object' && own !== null ? Object.keys(own).length : 0;
    } else if (!blocks.has(keys)) {
      blocks.add(keys);
      bound += keys.names.length;
    }
  }
  return bound;
}

/**
 * A row's metadata, from its block's keys or from the record itself. A loop over many rows passes
 * one view to point at each (`metadataOf(row, view)`), so that it makes no object per row.
 */
export function metadataOf(row: object, view = new MetadataView()): MetadataView {
  return view.of(row);
}
