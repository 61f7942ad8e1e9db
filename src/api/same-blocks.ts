/**
 * Whether two loads of a list brought exactly the same rows, compared column by column (strings and
 * typed arrays, no row objects): a background refresh that changed nothing then keeps the rows
 * already on screen, and everything worked out from them (counts, sort keys, filter texts) stays.
 */
import type { RowBlock } from './row-block';

function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Columns and their parts: typed arrays by their bytes, lists and maps part by part. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    return (
      ArrayBuffer.isView(a) &&
      ArrayBuffer.isView(b) &&
      Object.prototype.toString.call(a) === Object.prototype.toString.call(b) &&
      sameBytes(a, b)
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export function sameBlocks(a: readonly RowBlock[], b: readonly RowBlock[]): boolean {
  return a.length === b.length && a.every((block, i) => same(block, b[i]));
}
