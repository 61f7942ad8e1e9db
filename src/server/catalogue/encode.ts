/**
 * Records as UTF-8 JSON. Records prepared ahead (the server prepares every record when it starts)
 * are encoded once and kept, so that a page of a thousand of them is assembled by copying bytes
 * rather than by building and serialising a thousand objects. The default representation lists
 * keys in an order that turns from response to response; a record is kept as its fields in the
 * list's order, and any turn of that order is two runs of those bytes. Records not prepared are
 * serialised as they are asked for and not kept, so a single pass over them (a test's) costs no
 * more than plain serialisation. Pure (web standard APIs only), like the engine that uses it.
 * Records must not change once they have been prepared.
 */
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from '../json-bytes';

/** How a list's records are written. */
export type Representation =
  /** The default representation: `fields` turned by `rotation`, then any other keys. */
  | { kind: 'default'; fields: readonly string[]; rotation: number }
  /** A fixed shape: whatever `shape` makes of a record, serialised as it is. */
  | { kind: 'fixed'; shape: (record: object) => unknown };

interface DefaultBytes {
  /** The record as one JSON object: the fields present in the list's order, then other keys. */
  bytes: Uint8Array;
  /** Where the list's fields end (at the comma before the other keys, or at the closing brace). */
  listed: number;
  /** For each turn k of the list: where the first present field at or after position k starts. */
  cuts: Uint32Array;
}

/** Fresh storage for encoded records is taken in slabs of this size (or a record's own size). */
const SLAB_BYTES = 1 << 20;
/** Keys that objects list before all others, whatever order they were added in. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

const encoder = new TextEncoder();

export interface RecordEncoder {
  /**
   * `records[from..to)` as a piece of a JSON array: `[` before the first record of the list and
   * `]` after its last (`first`, `last`), commas between records and before any record that is not
   * the list's first.
   */
  write(
    records: readonly object[],
    from: number,
    to: number,
    representation: Representation,
    ends: { first: boolean; last: boolean },
  ): Uint8Array<ArrayBuffer>;
  /**
   * The same bytes as `write`, as pieces to be sent one after another. Prepared records of the
   * fixed shape that lie side by side in the encoder's storage (a list prepared in its order) are
   * passed as views of that storage, not copied: a long list is served without new memory. The
   * pieces are shared with every answer: whoever reads them must not write into them.
   */
  pieces(
    records: readonly object[],
    from: number,
    to: number,
    representation: Representation,
    ends: { first: boolean; last: boolean },
  ): Uint8Array<ArrayBuffer>[];
  /** Encodes `records` ahead of the first request that needs them. */
  prepare(records: readonly object[], representation: Representation): void;
}

/** Keeps each prepared record's bytes, once per representation kind. */
export function createRecordEncoder(): RecordEncoder {
  const defaults = new WeakMap<object, DefaultBytes | null>();
  /** A record's bytes in the fixed shape, after a comma: records stored in a row join as a list. */
  const fixed = new WeakMap<object, Uint8Array<ArrayBuffer>>();
  let slab = new Uint8Array(0);
  let used = 0;

  /** Encodes `text` into the current slab (or a fresh one), after `lead` when given; its bytes. */
  function store(text: string, lead?: number): Uint8Array<ArrayBuffer> {
    const room = text.length * 3 + 1;
    if (slab.length - used < room) {
      slab = new Uint8Array(Math.max(SLAB_BYTES, room));
      used = 0;
    }
    const begin = used;
    if (lead !== undefined) slab[used++] = lead;
    used += encoder.encodeInto(text, slab.subarray(used)).written;
    return slab.subarray(begin, used);
  }

  function defaultBytes(record: object, fields: readonly string[]): DefaultBytes | null {
    const known = defaults.get(record);
    if (known !== undefined) return known;
    const source = record as Record<string, unknown>;
    const own = Object.keys(source);
    // The listed fields JSON writes: those the record has, with a value JSON can write. When the
    // record's own keys already come in the list's order, it is serialised as it is.
    const present: number[] = [];
    let inOrder = true;
    let at = 0;
    for (let index = 0; index < fields.length; index++) {
      const key = fields[index] as string;
      if (!(key in source)) continue;
      if (own[at++] !== key) inOrder = false;
      if (writable(source[key])) present.push(index);
    }
    // Keys like "12" come first in any object (and so first in its keys), whatever the order
    // asked for: such a record is left to plain serialisation.
    if (own.length > 0 && ARRAY_INDEX.test(own[0] as string)) {
      defaults.set(record, null);
      return null;
    }
    // Serialised whole in the list's order (the fast way to JSON); the fields are then found by
    // their separating commas.
    const bytes = store(JSON.stringify(inOrder ? source : plainObject(record, fields)));
    const commas = topLevelCommas(bytes);
    const start = (field: number) => (field === 0 ? 1 : (commas[field - 1] as number) + 1);
    const listed =
      present.length === 0
        ? 1
        : present.length <= commas.length
          ? (commas[present.length - 1] as number)
          : bytes.length - 1;
    // The first present field at or after each position; past the last, the end of the list.
    const cuts = new Uint32Array(fields.length);
    let next = present.length;
    for (let index = fields.length - 1; index >= 0; index--) {
      while (next > 0 && (present[next - 1] as number) >= index) next--;
      cuts[index] = next === present.length ? listed : start(next);
    }
    const encoded = { bytes, listed, cuts };
    defaults.set(record, encoded);
    return encoded;
  }

  function prepareFixed(record: object, shape: (record: object) => unknown): void {
    if (!fixed.has(record)) fixed.set(record, store(JSON.stringify(shape(record)), COMMA));
  }

  /**
   * Appends one prepared record, in `representation`, to `out`: its pieces, in order. False, and
   * nothing appended, when the record was not prepared or is kept for plain serialisation.
   */
  function pieces(record: object, representation: Representation, out: Uint8Array[]): boolean {
    if (representation.kind === 'fixed') {
      const bytes = fixed.get(record);
      if (bytes) out.push(bytes.subarray(1));
      return bytes !== undefined;
    }
    const encoded = defaults.get(record);
    if (!encoded) return false;
    const { bytes, listed, cuts } = encoded;
    const cut = cuts[representation.rotation % representation.fields.length] as number;
    out.push(BRACE_OPEN);
    if (cut <= 1 || cut >= listed) {
      out.push(bytes.subarray(1, listed));
    } else {
      // The fields from the turn onwards, then those before it (without the comma that ended them).
      out.push(bytes.subarray(cut, listed), SEPARATOR, bytes.subarray(1, cut - 1));
    }
    // The other keys, with the comma before them when fields come first, and the closing brace.
    out.push(bytes.subarray(listed));
    return true;
  }

  function write(
    records: readonly object[],
    from: number,
    to: number,
    representation: Representation,
    ends: { first: boolean; last: boolean },
  ): Uint8Array<ArrayBuffer> {
    const parts: Uint8Array[] = [];
    if (ends.first) parts.push(BRACKET_OPEN);
    for (let i = from; i < to; i++) {
      if (i > from || !ends.first) parts.push(SEPARATOR);
      if (!pieces(records[i] as object, representation, parts)) {
        return plain(records, from, to, representation, ends);
      }
    }
    if (ends.last) parts.push(BRACKET_CLOSE);
    return concat(parts);
  }

  /** The fixed shape's records as runs of stored bytes; null when one of them was not prepared. */
  function storedRuns(
    records: readonly object[],
    from: number,
    to: number,
    first: boolean,
  ): Uint8Array<ArrayBuffer>[] | null {
    const runs: Uint8Array<ArrayBuffer>[] = [];
    let buffer: ArrayBufferLike | null = null;
    let start = 0;
    let end = 0;
    const close = () => {
      if (buffer) runs.push(new Uint8Array(buffer as ArrayBuffer, start, end - start));
    };
    for (let i = from; i < to; i++) {
      const bytes = fixed.get(records[i] as object);
      if (!bytes) return null;
      if (bytes.buffer === buffer && bytes.byteOffset === end) {
        end += bytes.length;
        continue;
      }
      close();
      buffer = bytes.buffer;
      // The list's first record goes without the comma before it.
      start = bytes.byteOffset + (first && i === from ? 1 : 0);
      end = bytes.byteOffset + bytes.length;
    }
    close();
    return runs;
  }

  return {
    prepare(records, representation) {
      for (const record of records) {
        if (representation.kind === 'fixed') prepareFixed(record, representation.shape);
        else defaultBytes(record, representation.fields);
      }
    },
    write,
    pieces(records, from, to, representation, ends) {
      const runs =
        representation.kind === 'fixed' ? storedRuns(records, from, to, ends.first) : null;
      if (!runs) return [write(records, from, to, representation, ends)];
      if (ends.first) runs.unshift(BRACKET_OPEN);
      if (ends.last) runs.push(BRACKET_CLOSE);
      return runs;
    },
  };
}

/** Records serialised as they are, the way of any JSON API, for records not prepared. */
function plain(
  records: readonly object[],
  from: number,
  to: number,
  representation: Representation,
  { first, last }: { first: boolean; last: boolean },
): Uint8Array<ArrayBuffer> {
  const order =
    representation.kind === 'default' ? turn(representation.fields, representation.rotation) : [];
  const items: unknown[] = [];
  for (let i = from; i < to; i++) {
    const record = records[i] as object;
    items.push(
      representation.kind === 'fixed' ? representation.shape(record) : plainObject(record, order),
    );
  }
  const text = JSON.stringify(items);
  // A piece of the array: its brackets only where the whole array starts and ends.
  return encoder.encode(
    `${first ? '[' : to > from ? ',' : ''}${text.slice(1, -1)}${last ? ']' : ''}`,
  );
}

const BRACKET_OPEN: Uint8Array<ArrayBuffer> = Uint8Array.of(OPEN_ARRAY);
const BRACKET_CLOSE: Uint8Array<ArrayBuffer> = Uint8Array.of(CLOSE_ARRAY);
const BRACE_OPEN = Uint8Array.of(OPEN_OBJECT);
const SEPARATOR = Uint8Array.of(COMMA);

/** Whether JSON writes a key with this value (it leaves out undefined, functions and symbols). */
function writable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/**
 * The positions of the commas between an object's own keys, in its JSON: outside strings and not
 * inside a nested value. Bytes below 0x80 never occur inside a multi-byte UTF-8 character, so the
 * bytes can be scanned one by one.
 */
function topLevelCommas(json: Uint8Array): number[] {
  const commas: number[] = [];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i] as number;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth++;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    } else if (byte === COMMA && depth === 1) {
      commas.push(i);
    }
  }
  return commas;
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    if (part.length === 1) out[at] = part[0] as number;
    else out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `fields` turned by `by`: the order the default representation lists keys in one response. */
function turn(fields: readonly string[], by: number): string[] {
  const k = by % fields.length;
  return [...fields.slice(k), ...fields.slice(0, k)];
}

/** A record with its keys in `order`; keys it has beyond the list follow in their own order. */
function plainObject(record: object, order: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  const known = new Set(order);
  const out: Record<string, unknown> = {};
  for (const key of order) if (key in source) out[key] = source[key];
  for (const key in source) if (!known.has(key)) out[key] = source[key];
  return out;
}
