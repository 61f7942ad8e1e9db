/**
 * Writes rows into a block's columns (row-block.ts), one row after another: from records as
 * reading gives them (`add`), or, for seeds, straight from the service's JSON (fast-seed.ts),
 * without making a record at all. Each field is written as its definition says it is kept
 * (`column` in records.ts). A column in which every row holds the same value is kept as that one
 * value.
 */
import type { Resource } from '../contract/wire';
import { Grow, MetadataWriter } from './metadata-keys';
import type { ColumnKind, ResourceModels } from './records';
import { columnKindOf, keysOf, type Column, type RowBlock, type TextColumn } from './row-block';
import type { Instant } from './calendar';
import type { SeedGroupRef } from './values';

interface Writer {
  /** Writes row i's value. Groups and metadata take rows in order, each once. */
  set(i: number, value: unknown): void;
  done(length: number, compact: CompactColumns | null): Column;
}

/** Another text column of the block, by its key, and its rows' texts. */
export interface LikeColumn {
  readonly key: string;
  readonly parts: readonly (string | null)[];
}

/**
 * How a block keeps less text (compact-columns.ts): set by the list worker's reading of seeds
 * (fast-seed.ts), so that its code never loads in the page, which reads only small pages and
 * reads every block alike, compact or not.
 */
export interface CompactColumns {
  /** A text column of few values, or one mostly `like` another; null to keep it plain. */
  text(parts: (string | null)[], length: number, like?: LikeColumn): TextColumn | null;
  /** Per timestamp, its digits of fraction when its text is written again from its number
   * (the text is then left out of `parts`), or -1; null to keep every text. */
  digits(parts: string[], ms: Float64Array, length: number): Int8Array | null;
  /** The columns that mostly hold another's text for the same row, by key. */
  readonly likes: Readonly<Record<string, string>>;
}

export class NumberWriter implements Writer {
  readonly values: Float64Array;
  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }
  set(i: number, value: unknown): void {
    this.values[i] = typeof value === 'number' ? value : Number.NaN;
  }
  done(length: number): Column {
    const values = fit(this.values, length);
    const first = values[0];
    if (length > 0 && values.every((v) => Object.is(v, first)))
      return { kind: 'same', value: Number.isNaN(first) ? null : first };
    return { kind: 'number', values };
  }
}

export class BoolWriter implements Writer {
  readonly values: Int8Array;
  constructor(capacity: number) {
    this.values = new Int8Array(capacity);
  }
  set(i: number, value: unknown): void {
    this.values[i] = value === true ? 1 : value === false ? 0 : -1;
  }
  done(length: number): Column {
    const values = fit(this.values, length);
    const first = values[0];
    if (length > 0 && values.every((v) => v === first))
      return { kind: 'same', value: first === -1 ? null : first === 1 };
    return { kind: 'bool', values };
  }
}

/**
 * Every row's text end to end; rows marked in `marks` (a text column's `nulls`, `LIKE` there) are
 * kept as marked.
 */
export function textColumn(
  parts: readonly (string | null)[],
  length: number,
  marks: Uint8Array | null,
): TextColumn {
  const ends = new Uint32Array(length);
  let nulls: Uint8Array | null = marks;
  let end = 0;
  for (let i = 0; i < length; i++) {
    const part = parts[i];
    if (part == null) {
      nulls ??= new Uint8Array(length);
      if (nulls[i] === 0) nulls[i] = 1;
    } else end += part.length;
    ends[i] = end;
  }
  const text = nulls ? parts.slice(0, length).map((part) => part ?? '') : parts.slice(0, length);
  return { kind: 'text', text: text.join(''), ends, nulls, codes: null, like: null };
}

export class TextWriter implements Writer {
  readonly parts: (string | null)[];
  constructor(capacity: number) {
    this.parts = new Array<string | null>(capacity);
  }
  set(i: number, value: unknown): void {
    this.parts[i] = typeof value === 'string' ? value : null;
  }
  column(length: number, compact: CompactColumns | null = null, like?: LikeColumn): TextColumn {
    return compact?.text(this.parts, length, like) ?? textColumn(this.parts, length, null);
  }

  done(length: number, compact: CompactColumns | null, like?: LikeColumn): Column {
    const first = this.parts[0];
    let same = length > 0;
    for (let i = 1; i < length && same; i++) same = this.parts[i] === first;
    return same ? { kind: 'same', value: first ?? null } : this.column(length, compact, like);
  }
}

export class InstantWriter implements Writer {
  readonly ms: Float64Array;
  readonly text: TextWriter;
  constructor(capacity: number) {
    this.ms = new Float64Array(capacity);
    this.text = new TextWriter(capacity);
  }
  set(i: number, value: unknown): void {
    const instant = value as Instant | null;
    this.ms[i] = instant === null ? Number.NaN : instant.ms;
    this.text.parts[i] = instant === null ? '' : instant.text;
  }
  done(length: number, compact: CompactColumns | null): Column {
    const ms = fit(this.ms, length);
    if (length > 0 && ms.every(Number.isNaN)) return { kind: 'same', value: null };
    const digits = compact?.digits(this.text.parts as string[], ms, length) ?? null;
    return { kind: 'instant', ms, digits, text: this.text.column(length, compact) };
  }
}

export class GroupsWriter implements Writer {
  private readonly starts: Uint32Array;
  private readonly ids = new Grow(new Float64Array(256), (n) => new Float64Array(n));
  private readonly names: TextWriter = new TextWriter(0);
  constructor(capacity: number) {
    this.starts = new Uint32Array(capacity + 1);
  }
  set(i: number, value: unknown): void {
    for (const group of value as readonly SeedGroupRef[]) {
      this.names.parts[this.ids.length] = group.name;
      this.ids.push(group.id);
    }
    this.starts[i + 1] = this.ids.length;
  }
  done(length: number, compact: CompactColumns | null): Column {
    return {
      kind: 'groups',
      starts: fit(this.starts, length + 1),
      ids: this.ids.done(),
      names: this.names.column(this.ids.length, compact),
    };
  }
}

export class MetadataColumnWriter implements Writer {
  private readonly writer: MetadataWriter;
  constructor(capacity: number) {
    this.writer = new MetadataWriter(capacity);
  }
  set(_i: number, value: unknown): void {
    this.writer.add(value);
  }
  done(): Column {
    return { kind: 'metadata', keys: this.writer.done() };
  }
}

export class JsonWriter implements Writer {
  private readonly values: unknown[];
  constructor(capacity: number) {
    this.values = new Array<unknown>(capacity);
  }
  set(i: number, value: unknown): void {
    this.values[i] = value;
  }
  done(length: number): Column {
    const values = this.values.slice(0, length);
    const first = values[0];
    const primitive = first === null || (typeof first !== 'object' && typeof first !== 'function');
    // Undefined in every row (a record's `unknown`, mostly) is one value; next to others, as
    // objects and lists, it is null in JSON and read back as undefined.
    if (length > 0 && primitive && values.every((v) => Object.is(v, first)))
      return { kind: 'same', value: first as string | number | boolean | null | undefined };
    return { kind: 'json', text: JSON.stringify(values.map((value) => value ?? null)) };
  }
}

const WRITERS: Record<ColumnKind, new (capacity: number) => Writer> = {
  number: NumberWriter,
  bool: BoolWriter,
  text: TextWriter,
  instant: InstantWriter,
  groups: GroupsWriter,
  metadata: MetadataColumnWriter,
  json: JsonWriter,
};

function fit<A extends Float64Array | Int8Array | Uint32Array>(values: A, length: number): A {
  return (values.length === length ? values : values.slice(0, length)) as A;
}

/** A block being written: rows are added one after another, up to `capacity`. */
export class BlockBuilder<R extends Resource> {
  readonly writers: Readonly<Record<string, Writer>>;
  private readonly keys: readonly string[];
  length = 0;

  constructor(
    readonly resource: R,
    capacity: number,
  ) {
    this.keys = keysOf(resource);
    const writers: Record<string, Writer> = {};
    for (const key of this.keys) writers[key] = new WRITERS[columnKindOf(resource, key)](capacity);
    this.writers = writers;
  }

  /** Adds a record as reading gave it. */
  add(record: ResourceModels[R]): void {
    const i = this.length++;
    const values = record as unknown as Readonly<Record<string, unknown>>;
    for (const key of this.keys) (this.writers[key] as Writer).set(i, values[key]);
  }

  /** How the block keeps less text; none unless set (see `CompactColumns`). */
  compact: CompactColumns | null = null;

  done(): RowBlock {
    const { compact, length } = this;
    const done: Record<string, Column> = {};
    const likes = Object.entries(compact?.likes ?? {}).filter(
      ([key, likeKey]) => this.keys.includes(key) && this.keys.includes(likeKey),
    );
    for (const key of this.keys)
      if (!likes.some(([like]) => like === key))
        done[key] = (this.writers[key] as Writer).done(length, compact);
    // A column mostly like another (the canonical URL is mostly the URL itself) keeps only the
    // rows where it differs, when the other is kept row by row.
    for (const [key, likeKey] of likes) {
      const writer = this.writers[key] as Writer;
      const other = this.writers[likeKey];
      done[key] =
        done[likeKey]?.kind === 'text' &&
        other instanceof TextWriter &&
        writer instanceof TextWriter
          ? writer.done(length, compact, { key: likeKey, parts: other.parts })
          : writer.done(length, compact);
    }
    const columns = Object.fromEntries(this.keys.map((key) => [key, done[key] as Column]));
    return { resource: this.resource, length, columns };
  }
}

/** Puts records into a block (keeping less text with `compact`). */
export function encodeBlock<R extends Resource>(
  resource: R,
  records: readonly ResourceModels[R][],
  compact: CompactColumns | null = null,
): RowBlock {
  const builder = new BlockBuilder(resource, records.length);
  builder.compact = compact;
  for (const record of records) builder.add(record);
  return builder.done();
}
