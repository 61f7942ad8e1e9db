/**
 * Records as UTF-8 JSON. Records prepared ahead (the server prepares every record when it starts)
 * are encoded once and kept, so that a page of a thousand of them is assembled by copying bytes
 * rather than by building and serialising a thousand objects (and a list in the fixed shape, kept
 * in its order, is sent from those bytes without a copy). What is kept is bytes in slabs and
 * numbers in a few arrays, little per record for the garbage collector to trace. The default
 * representation lists keys in an order that turns from response to response; a record is kept
 * as its fields in the list's order, and any turn of that order is two runs of those bytes.
 * Records not prepared are serialised as they are asked for and not kept, so a single pass over
 * them (a test's) costs no more than plain serialisation. Pure (web standard APIs only), like the
 * engine that uses it. Records must not change once they have been prepared.
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

/** Not prepared in a representation yet. */
const NONE = 0xffffffff;
/** Prepared, and left to plain serialisation (see `defaultBytes`). */
const PLAIN = 0xfffffffe;

/**
 * What is kept of each prepared record, at `STRIDE` numbers a record: where its bytes in the
 * fixed shape lie (slab, start, end), where its bytes in the default representation lie (slab,
 * start, end), where the list's fields end in them, and where its cuts begin in `cuts`. Numbers
 * in a few big arrays, not objects and views for each record: a million records add a map entry
 * each and nothing else for the garbage collector to trace.
 */
const STRIDE = 8;
const [F_SLAB, F_START, F_END, D_SLAB, D_START, D_END, D_LISTED, D_CUTS] = [0, 1, 2, 3, 4, 5, 6, 7];

/** A list of numbers in one typed array that doubles as it fills. */
class Numbers {
  values = new Uint32Array(1024);
  length = 0;
  /** Makes room for `count` more, filled with `fill`; where they start. */
  add(count: number, fill: number): number {
    const at = this.length;
    if (at + count > this.values.length) {
      const grown = new Uint32Array(Math.max(at + count, this.values.length * 2));
      grown.set(this.values.subarray(0, at));
      this.values = grown;
    }
    this.values.fill(fill, at, at + count);
    this.length += count;
    return at;
  }
}

/** Keeps each prepared record's bytes, once per representation kind. */
export function createRecordEncoder(): RecordEncoder {
  /** Each prepared record's number: its place in `kept`. */
  const numbers = new Map<object, number>();
  const kept = new Numbers();
  /** The default representation's cuts (see `defaultBytes`), each record's in a row. */
  const cuts = new Numbers();
  const slabs: Uint8Array<ArrayBuffer>[] = [];
  let slab = new Uint8Array(0);
  let used = 0;

  /** The record's number, given one when it has none. */
  function numberOf(record: object): number {
    let n = numbers.get(record);
    if (n === undefined) {
      n = kept.add(STRIDE, NONE) / STRIDE;
      numbers.set(record, n);
    }
    return n;
  }

  /**
   * Encodes `text` into the current slab (or a fresh one), after `lead` when given; writes the
   * slab's number, start and end at `to` in `kept`.
   */
  function store(text: string, to: number, lead?: number): void {
    const room = text.length * 3 + 1;
    if (slab.length - used < room) {
      slab = new Uint8Array(Math.max(SLAB_BYTES, room));
      slabs.push(slab);
      used = 0;
    }
    const begin = used;
    if (lead !== undefined) slab[used++] = lead;
    used += encoder.encodeInto(text, slab.subarray(used)).written;
    const { values } = kept;
    values[to] = slabs.length - 1;
    values[to + 1] = begin;
    values[to + 2] = used;
  }

  /** Prepares a record in the default representation: its bytes, and where each turn cuts them. */
  function defaultBytes(record: object, fields: readonly string[]): void {
    const at = numberOf(record) * STRIDE;
    if (kept.values[at + D_SLAB] !== NONE) return;
    const source = record as Record<string, unknown>;
    const own = Object.keys(source);
    // The listed fields JSON writes: those the record has, with a value JSON can write. When the
    // record's own keys already come in the list's order, it is serialised as it is.
    const present: number[] = [];
    let inOrder = true;
    let field = 0;
    for (let index = 0; index < fields.length; index++) {
      const key = fields[index] as string;
      if (!(key in source)) continue;
      if (own[field++] !== key) inOrder = false;
      if (writable(source[key])) present.push(index);
    }
    // Keys like "12" come first in any object (and so first in its keys), whatever the order
    // asked for: such a record is left to plain serialisation.
    if (own.length > 0 && ARRAY_INDEX.test(own[0] as string)) {
      kept.values[at + D_SLAB] = PLAIN;
      return;
    }
    // Serialised whole in the list's order (the fast way to JSON); the fields are then found by
    // their separating commas. Offsets from here on are from the record's first byte.
    store(JSON.stringify(inOrder ? source : plainObject(record, fields)), at + D_SLAB);
    const { values } = kept;
    const bytes = (slabs[values[at + D_SLAB] as number] as Uint8Array).subarray(
      values[at + D_START],
      values[at + D_END],
    );
    const commas = topLevelCommas(bytes);
    const start = (index: number) => (index === 0 ? 1 : (commas[index - 1] as number) + 1);
    const listed =
      present.length === 0
        ? 1
        : present.length <= commas.length
          ? (commas[present.length - 1] as number)
          : bytes.length - 1;
    // The first present field at or after each position; past the last, the end of the list.
    const from = cuts.add(fields.length, 0);
    let next = present.length;
    for (let index = fields.length - 1; index >= 0; index--) {
      while (next > 0 && (present[next - 1] as number) >= index) next--;
      cuts.values[from + index] = next === present.length ? listed : start(next);
    }
    kept.values[at + D_LISTED] = listed;
    kept.values[at + D_CUTS] = from;
  }

  function prepareFixed(record: object, shape: (record: object) => unknown): void {
    const at = numberOf(record) * STRIDE;
    if (kept.values[at + F_SLAB] === NONE) store(JSON.stringify(shape(record)), at + F_SLAB, COMMA);
  }

  /** Where the record's numbers start in `kept`, or -1 when it has none. */
  const keptAt = (record: object): number => {
    const n = numbers.get(record);
    return n === undefined ? -1 : n * STRIDE;
  };

  /**
   * Appends one record prepared in the default representation, turned as `representation` says,
   * to `out`: its pieces, in order. False, and nothing appended, when the record was not prepared
   * or is kept for plain serialisation.
   */
  function turnedPieces(
    record: object,
    representation: Representation & { kind: 'default' },
    out: Uint8Array[],
  ): boolean {
    const at = keptAt(record);
    if (at < 0) return false;
    const { values } = kept;
    const s = values[at + D_SLAB] as number;
    if (s === NONE || s === PLAIN) return false;
    const begin = values[at + D_START] as number;
    const bytes = (slabs[s] as Uint8Array).subarray(begin, values[at + D_END]);
    const listed = values[at + D_LISTED] as number;
    const cut = cuts.values[
      (values[at + D_CUTS] as number) + (representation.rotation % representation.fields.length)
    ] as number;
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

  /**
   * The fixed shape's records as runs of stored bytes, with the list's brackets where it starts
   * and ends; null when one of them was not prepared.
   */
  function storedRuns(
    records: readonly object[],
    from: number,
    to: number,
    ends: { first: boolean; last: boolean },
  ): Uint8Array<ArrayBuffer>[] | null {
    const runs: Uint8Array<ArrayBuffer>[] = ends.first ? [BRACKET_OPEN] : [];
    const { values } = kept;
    let run = NONE;
    let start = 0;
    let end = 0;
    const close = () => {
      if (run !== NONE) runs.push((slabs[run] as Uint8Array<ArrayBuffer>).subarray(start, end));
    };
    for (let i = from; i < to; i++) {
      const at = keptAt(records[i] as object);
      const s = at < 0 ? NONE : (values[at + F_SLAB] as number);
      if (s === NONE) return null;
      const begin = values[at + F_START] as number;
      if (s === run && begin === end) {
        end = values[at + F_END] as number;
        continue;
      }
      close();
      run = s;
      // The list's first record goes without the comma stored before it.
      start = begin + (ends.first && i === from ? 1 : 0);
      end = values[at + F_END] as number;
    }
    close();
    if (ends.last) runs.push(BRACKET_CLOSE);
    return runs;
  }

  function write(
    records: readonly object[],
    from: number,
    to: number,
    representation: Representation,
    ends: { first: boolean; last: boolean },
  ): Uint8Array<ArrayBuffer> {
    if (representation.kind === 'fixed') {
      const runs = storedRuns(records, from, to, ends);
      return runs ? concat(runs) : plain(records, from, to, representation, ends);
    }
    const parts: Uint8Array[] = [];
    if (ends.first) parts.push(BRACKET_OPEN);
    for (let i = from; i < to; i++) {
      if (i > from || !ends.first) parts.push(SEPARATOR);
      if (!turnedPieces(records[i] as object, representation, parts)) {
        return plain(records, from, to, representation, ends);
      }
    }
    if (ends.last) parts.push(BRACKET_CLOSE);
    return concat(parts);
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
      const runs = representation.kind === 'fixed' ? storedRuns(records, from, to, ends) : null;
      return runs ?? [write(records, from, to, representation, ends)];
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
