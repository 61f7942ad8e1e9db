/**
 * Checking a block that comes back from storage (row-block.ts's columns, metadata-keys.ts's keys)
 * before a row of it is read: every column of its resource there, of its kind and length, and
 * every offset and id of its metadata keys in range. A block that is not whole is never read.
 *
 * Only a restore of a saved list checks blocks (saved-parts.ts), so this loads with that code,
 * not with the first screen; it changes with the formats it checks.
 */
import type { Resource } from '../contract/wire';
import type { MetadataKeys } from './metadata-keys';
import { columnKindOf, keysOf, LIKE, type RowBlock, type TextColumn } from './row-block';
import type { ColumnKind } from './records';
import type { PackedNumbers } from './saved-keys';

/**
 * A value's built-in type, e.g. `[object Uint32Array]`: checked by tag, not instanceof, since a
 * copy made by another realm (a test's, or storage's) has other globals.
 */
const tagOf = (value: unknown): string => Object.prototype.toString.call(value);

/**
 * Whether `starts` marks out `length` runs of a list of `total` items: run i is
 * [starts[i], starts[i + 1]), from 0 to `total`, never going back.
 */
function isStarts(starts: unknown, length: number, total: number): starts is Uint32Array {
  if (tagOf(starts) !== '[object Uint32Array]') return false;
  const s = starts as Uint32Array;
  if (s.length !== length + 1 || s[0] !== 0 || s[length] !== total) return false;
  for (let i = 1; i <= length; i++) if ((s[i] as number) < (s[i - 1] as number)) return false;
  return true;
}

/**
 * Whether keys (as storage gives them back) hold together for a block of `length` rows: every
 * offset and id in range.
 */
function usableKeys(keys: unknown, length: number): keys is MetadataKeys {
  return typeof keys === 'object' && keys !== null && keysHold(keys as MetadataKeys, length);
}

function keysHold(keys: MetadataKeys, length: number): boolean {
  const { names, nameStart, rowNames, pairName, pairText, pairEnds, pairStart, rowPairs } = keys;
  const { entryStart, entryPair, entryId } = keys;
  const arrays = [
    nameStart,
    rowNames,
    pairName,
    pairEnds,
    pairStart,
    rowPairs,
    entryStart,
    entryPair,
  ];
  if (!Array.isArray(names) || !arrays.every((a) => tagOf(a) === '[object Uint32Array]')) {
    return false;
  }
  if (tagOf(entryId) !== '[object Float64Array]' || entryId.length !== entryPair.length) {
    return false;
  }
  if (typeof pairText !== 'string' || !names.every((name) => typeof name === 'string')) {
    return false;
  }
  const pairs = pairName.length;
  if (pairEnds.length !== pairs || (pairs > 0 && pairEnds[pairs - 1] !== pairText.length)) {
    return false;
  }
  if (
    !isStarts(nameStart, length, rowNames.length) ||
    !isStarts(pairStart, length, rowPairs.length) ||
    !isStarts(entryStart, length, entryPair.length)
  ) {
    return false;
  }
  for (let p = 1; p < pairs; p++)
    if ((pairEnds[p] as number) < (pairEnds[p - 1] as number)) {
      return false;
    }
  return (
    largest(rowNames) < names.length * 2 &&
    largest(pairName) < names.length &&
    largest(rowPairs) < pairs &&
    largest(entryPair) < pairs
  );
}

/**
 * The largest number in an array (-1 for none): one plain loop, as a restore checks every offset
 * of every saved block before it reads any (a callback per item made this most of a block's check).
 */
function largest(values: Uint32Array | Uint8Array): number {
  let most = -1;
  for (let i = 0; i < values.length; i++)
    if ((values[i] as number) > most) most = values[i] as number;
  return most;
}

function isTextColumn(value: unknown, length: number): value is TextColumn {
  if (typeof value !== 'object' || value === null) return false;
  const { text, ends, nulls, codes } = value as Partial<TextColumn>;
  if (typeof text !== 'string' || tagOf(ends) !== '[object Uint32Array]') return false;
  const e = ends as Uint32Array;
  // With codes, `ends` marks out the distinct values, and every row's code names one of them.
  // (A block saved before columns had codes has none.)
  let items = length;
  if (codes != null) {
    if (tagOf(codes) !== '[object Uint8Array]' || codes.length !== length) return false;
    if (largest(codes) >= e.length) return false;
    items = e.length;
  }
  if (e.length !== items || (items > 0 && e[items - 1] !== text.length)) return false;
  for (let i = 1; i < items; i++) if ((e[i] as number) < (e[i - 1] as number)) return false;
  // Rows marked as holding another column's text only where the column names one.
  const { like } = value as Partial<TextColumn>;
  if (like != null && typeof like !== 'string') return false;
  if (nulls === null) return true;
  if (tagOf(nulls) !== '[object Uint8Array]' || nulls?.length !== length) return false;
  return largest(nulls) <= (like == null ? 1 : LIKE);
}

/** Whether a text column's `like` names a text column of the block that names none itself. */
function likeHolds(column: unknown, columns: Readonly<Record<string, unknown>>): boolean {
  const like = (column as Partial<TextColumn>).like;
  if (like == null) return true;
  if (!Object.hasOwn(columns, like)) return false;
  const other = columns[like] as Partial<TextColumn> | null;
  return other?.kind === 'text' && other.like == null;
}

/** A timestamp column's digits of fraction: none (a block saved before them), or -1 to 6 a row. */
function isDigits(digits: unknown, length: number): boolean {
  if (digits == null) return true;
  if (tagOf(digits) !== '[object Int8Array]') return false;
  const d = digits as Int8Array;
  if (d.length !== length) return false;
  for (let i = 0; i < length; i++) if ((d[i] as number) < -1 || (d[i] as number) > 6) return false;
  return true;
}

function isColumn(column: unknown, kind: ColumnKind, length: number): boolean {
  if (typeof column !== 'object' || column === null) return false;
  const c = column as Record<string, unknown>;
  if (c.kind === 'same')
    return (
      c.value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof c.value)
    );
  if (c.kind !== kind) return false;
  switch (kind) {
    case 'number':
      return (
        tagOf(c.values) === '[object Float64Array]' && (c.values as Float64Array).length === length
      );
    case 'bool':
      return tagOf(c.values) === '[object Int8Array]' && (c.values as Int8Array).length === length;
    case 'text':
      return isTextColumn(c, length);
    case 'instant':
      return (
        tagOf(c.ms) === '[object Float64Array]' &&
        (c.ms as Float64Array).length === length &&
        isDigits(c.digits, length) &&
        isTextColumn(c.text, length)
      );
    case 'groups': {
      if (tagOf(c.ids) !== '[object Float64Array]') return false;
      const ids = c.ids as Float64Array;
      return isStarts(c.starts, length, ids.length) && isTextColumn(c.names, ids.length);
    }
    case 'metadata':
      return usableKeys(c.keys, length);
    case 'json': {
      if (typeof c.text !== 'string') return false;
      try {
        const values: unknown = JSON.parse(c.text);
        return Array.isArray(values) && values.length === length;
      } catch {
        return false;
      }
    }
  }
}

const NARROW = ['[object Uint8Array]', '[object Uint16Array]', '[object Uint32Array]'];
/** How deep a block's arrays lie: its columns, a column, its text or keys, their arrays. */
const DEEPEST = 4;

/**
 * A block as storage gives it back, with the arrays of whole numbers that saved-writes.ts packed
 * made again as the page keeps them (in place). Anything else is left as it is, for the check
 * to judge.
 */
export function unpackedBlock(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (ArrayBuffer.isView(value) || depth > DEEPEST) return value;
  // As stored, any of these may be anything.
  const { packedAs, base, rising, values } = value as Record<keyof PackedNumbers, unknown>;
  if (packedAs !== undefined) {
    if (!NARROW.includes(tagOf(values)) || typeof base !== 'number') return value;
    const narrow = values as PackedNumbers['values'];
    const out =
      packedAs === 'Float64Array'
        ? new Float64Array(narrow.length)
        : packedAs === 'Uint32Array'
          ? new Uint32Array(narrow.length)
          : null;
    if (!out) return value;
    // Widened by the browser's own copy, then moved by `base` in place.
    out.set(narrow);
    if (rising === true) risen(out, base);
    else if (base !== 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + base;
    return out;
  }
  const parts = value as Record<string, unknown>;
  for (const key of Object.keys(parts)) parts[key] = unpackedBlock(parts[key], depth + 1);
  return value;
}

/** Steps made into the numbers they lead to from `base`, in place. */
function risen(values: Float64Array | Uint32Array, base: number): void {
  let sum = base;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    values[i] = sum;
  }
}

/**
 * Checks a block (as storage gives it back) column by column, pausing after each: a restore
 * checks a big block in steps, with the page free between them. Says whether it is whole.
 */
export function* checkBlock(block: unknown, resource: Resource): Generator<void, boolean> {
  if (typeof block !== 'object' || block === null) return false;
  const { resource: own, length, columns } = block as Record<string, unknown>;
  if (own !== resource || !Number.isSafeInteger(length) || (length as number) < 0) return false;
  if (typeof columns !== 'object' || columns === null) return false;
  for (const key of keysOf(resource)) {
    if (!Object.hasOwn(columns, key)) return false;
    const column = (columns as Record<string, unknown>)[key];
    if (!isColumn(column, columnKindOf(resource, key), length as number)) return false;
    if (!likeHolds(column, columns as Record<string, unknown>)) return false;
    yield;
  }
  return true;
}

/**
 * Whether a block (as storage gives it back) is whole and of the shape this version writes: every
 * column of its resource there, of its kind and length. A block that is not is never read.
 */
export function isWholeBlock(block: unknown, resource: Resource): block is RowBlock {
  const steps = checkBlock(block, resource);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
