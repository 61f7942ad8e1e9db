/**
 * Whether two loads of a list brought exactly the same rows, compared column by column (strings and
 * typed arrays, no row objects): a background refresh that changed nothing then keeps the rows
 * already on screen, and everything worked out from them (counts, sort keys, filter texts) stays.
 */
import type { Column, RowBlock } from './row-block';

function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

function sameColumn(a: Column, b: Column): boolean {
  switch (a.kind) {
    case 'same':
      return b.kind === 'same' && Object.is(a.value, b.value);
    case 'number':
    case 'bool':
      return b.kind === a.kind && sameBytes(a.values, b.values);
    case 'text':
      return (
        b.kind === 'text' &&
        a.text === b.text &&
        sameBytes(a.ends, b.ends) &&
        (a.nulls === null ? b.nulls === null : b.nulls !== null && sameBytes(a.nulls, b.nulls))
      );
    case 'json':
      return b.kind === 'json' && a.text === b.text;
  }
}

export function sameBlocks(a: readonly RowBlock[], b: readonly RowBlock[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((block, i) => {
    const other = b[i];
    if (other?.resource !== block.resource || other.length !== block.length) return false;
    const keys = Object.keys(block.columns);
    if (keys.length !== Object.keys(other.columns).length) return false;
    return keys.every((key) => {
      const x = block.columns[key];
      const y = other.columns[key];
      return x !== undefined && y !== undefined && sameColumn(x, y);
    });
  });
}
