/**
 * How a block keeps less text (block-builder.ts's `CompactColumns`), for the list worker's blocks
 * of seeds: what a saved list holds, and what the store makes again when it is read back. A text
 * column of few values keeps each distinct value once and a byte a row naming it; a column mostly
 * like another (the canonical URL, mostly the URL itself) marks the rows where it is; a timestamp
 * in the service's own form keeps its digits of fraction, its text written again from its number
 * when read (`instantText`). The page reads such blocks as any other (row-block.ts); this code
 * loads only in the list worker.
 */
import { textColumn, type CompactColumns } from './block-builder';
import { madeAgainWith } from './calendar';
import { LIKE, type TextColumn } from './row-block';

/** Rows a block needs before a text column of few values keeps each value once. */
const FEW_VALUES_FROM = 16;

/**
 * Each distinct text once and every row's by number, when the rows hold at most a quarter as
 * many distinct texts as there are rows, and at most 256; else null (found out at the 257th, or
 * at the first text past a quarter of the rows, so a column of distinct texts costs little).
 * Rows marked in `marks` are kept as marked.
 */
function distinct(
  parts: readonly (string | null)[],
  length: number,
  marks: Uint8Array | null,
): TextColumn | null {
  if (length < FEW_VALUES_FROM) return null;
  const most = Math.min(256, length >> 2);
  const numbers = new Map<string, number>();
  const codes = new Uint8Array(length);
  let nulls: Uint8Array | null = marks ? marks.slice() : null;
  for (let i = 0; i < length; i++) {
    const part = parts[i];
    if (part == null) {
      nulls ??= new Uint8Array(length);
      if (nulls[i] === 0) nulls[i] = 1;
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

export const COMPACT_COLUMNS: CompactColumns = {
  text(parts, length, like) {
    let marks: Uint8Array | null = null;
    if (like) {
      const theirs = like.parts;
      for (let i = 0; i < length; i++) {
        const part = parts[i];
        if (part != null && part === theirs[i]) {
          (marks ??= new Uint8Array(length))[i] = LIKE;
          parts[i] = null;
        }
      }
    }
    const column = distinct(parts, length, marks) ?? textColumn(parts, length, marks);
    return marks ? { ...column, like: like?.key ?? null } : column;
  },

  digits(parts, ms, length) {
    const digits = new Int8Array(length);
    for (let i = 0; i < length; i++) {
      const form = madeAgainWith(parts[i] ?? '', ms[i] as number);
      digits[i] = form;
      if (form >= 0) parts[i] = '';
    }
    return digits;
  },

  likes: { canonicalUrl: 'url' },
};
