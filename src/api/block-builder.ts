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
import {
  columnKindOf,
  keysOf,
  LIKE,
  type Column,
  type RowBlock,
  type TextColumn,
} from './row-block';
import { madeAgainWith, type Instant } from './calendar';
import type { SeedGroupRef } from './values';

interface Writer {
  /** Writes row i's value. Groups and metadata take rows in order, each once. */
  set(i: number, value: unknown): void;
  done(length: number): Column;
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

/** Rows a block needs before a text column of few values keeps each value once. */
const FEW_VALUES_FROM = 16;

export class TextWriter implements Writer {
  readonly parts: (string | null)[];
  constructor(capacity: number) {
    this.parts = new Array<string | null>(capacity);
  }
  set(i: number, value: unknown): void {
    this.parts[i] = typeof value === 'string' ? value : null;
  }
  /**
   * The column; with `like` (another text column's writer, `likeKey` in the block), the rows
   * whose text is that column's for the row are marked (`LIKE` in `nulls`) instead of holding it.
   */
  column(length: number, like?: { key: string; writer: TextWriter }): TextColumn {
    let marks: Uint8Array | null = null;
    if (like) {
      const { parts } = this;
      const theirs = like.writer.parts;
      for (let i = 0; i < length; i++) {
        const part = parts[i];
        if (part != null && part === theirs[i]) {
          (marks ??= new Uint8Array(length))[i] = LIKE;
          parts[i] = null;
        }
      }
    }
    const column = this.distinct(length, marks) ?? this.every(length, marks);
    return marks ? { ...column, like: like?.key ?? null } : column;
  }

  /** Every row's text end to end. */
  private every(length: number, marks: Uint8Array | null): TextColumn {
    const { parts } = this;
    const ends = new Uint32Array(length);
    let nulls: Uint8Array | null = marks;
    let end = 0;
    for (let i = 0; i < length; i++) {
      const part = parts[i];
      if (part == null) {
        nulls ??= new Uint8Array(length);
        if (nulls[i] !== LIKE) nulls[i] = 1;
      } else end += part.length;
      ends[i] = end;
    }
    const text = nulls ? parts.slice(0, length).map((part) => part ?? '') : parts.slice(0, length);
    return { kind: 'text', text: text.join(''), ends, nulls, codes: null, like: null };
  }

  /**
   * Each distinct text once and every row's by number, when the rows hold at most a quarter as
   * many distinct texts as there are rows, and at most 256; else null (found out at the 257th, or
   * at the first text past a quarter of the rows, so a column of distinct texts costs little).
   */
  private distinct(length: number, marks: Uint8Array | null): TextColumn | null {
    if (length < FEW_VALUES_FROM) return null;
    const { parts } = this;
    const most = Math.min(256, length >> 2);
    const numbers = new Map<string, number>();
    const codes = new Uint8Array(length);
    let nulls: Uint8Array | null = marks ? marks.slice() : null;
    for (let i = 0; i < length; i++) {
      const part = parts[i];
      if (part == null) {
        nulls ??= new Uint8Array(length);
        if (nulls[i] !== LIKE) nulls[i] = 1;
        continue;
      }
      let code = numbers.get(part);
      if (code === undefined) {
        if (numbers.size === most) return null;
        code = numbers.size;
        numbers.set(part, code);
      }
      codes[i] = code;
    }
    // Nulls only: nothing for a code to name.
    if (numbers.size === 0) return null;
    const values = [...numbers.keys()];
    const ends = new Uint32Array(values.length);
    let end = 0;
    values.forEach((value, k) => {
      end += value.length;
      ends[k] = end;
    });
    return { kind: 'text', text: values.join(''), ends, nulls, codes, like: null };
  }
  done(length: number, like?: { key: string; writer: TextWriter }): Column {
    const first = this.parts[0];
    let same = length > 0;
    for (let i = 1; i < length && same; i++) same = this.parts[i] === first;
    return same ? { kind: 'same', value: first ?? null } : this.column(length, like);
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
  done(length: number): Column {
    const ms = fit(this.ms, length);
    if (length > 0 && ms.every(Number.isNaN)) return { kind: 'same', value: null };
    // Most texts are the service's own form, made again from the number when read: they are
    // kept as their digits of fraction instead (a timestamp's text was a quarter of a block's).
    const { parts } = this.text;
    const digits = new Int8Array(length);
    for (let i = 0; i < length; i++) {
      const form = madeAgainWith(parts[i] ?? '', ms[i] as number);
      digits[i] = form;
      if (form >= 0) parts[i] = '';
    }
    return { kind: 'instant', ms, digits, text: this.text.column(length) };
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
  done(length: number): Column {
    return {
      kind: 'groups',
      starts: fit(this.starts, length + 1),
      ids: this.ids.done(),
      names: this.names.column(this.ids.length),
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

/** Columns of a resource that mostly hold another's text for the same row. */
const LIKE_COLUMNS: Partial<Record<Resource, Readonly<Record<string, string>>>> = {
  seed: { canonicalUrl: 'url' },
};

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

  done(): RowBlock {
    const done: Record<string, Column> = {};
    const likes: Readonly<Record<string, string>> = LIKE_COLUMNS[this.resource] ?? {};
    for (const key of this.keys)
      if (!Object.hasOwn(likes, key)) done[key] = (this.writers[key] as Writer).done(this.length);
    // A column mostly like another (the canonical URL is mostly the URL itself) keeps only the
    // rows where it differs, when the other is kept row by row.
    for (const [key, likeKey] of Object.entries(likes)) {
      const writer = this.writers[key] as Writer;
      const other = this.writers[likeKey];
      const like = done[likeKey]?.kind === 'text' && other instanceof TextWriter;
      done[key] =
        like && writer instanceof TextWriter
          ? writer.done(this.length, { key: likeKey, writer: other })
          : writer.done(this.length);
    }
    const columns = Object.fromEntries(this.keys.map((key) => [key, done[key] as Column]));
    return { resource: this.resource, length: this.length, columns };
  }
}

/** Puts records into a block. */
export function encodeBlock<R extends Resource>(
  resource: R,
  records: readonly ResourceModels[R][],
): RowBlock {
  const builder = new BlockBuilder(resource, records.length);
  for (const record of records) builder.add(record);
  return builder.done();
}
