/**
 * How the saved catalogue's entries are named and what a list's head holds: shared by keeping and
 * reading lists (saved-lists.ts) and by writing them (saved-writes.ts).
 */
import { delMany, type UseStore } from 'idb-keyval';
import type { ListData } from './load-list';

/** How long a saved list may be shown before it is too old to show at all. */
export const SAVED_FOR_MS = 24 * 60 * 60 * 1000;
/** Bumped when what is stored changes shape: older entries are then ignored and removed. */
export const FORMAT = 5;

/**
 * A block's array of whole numbers as stored, in fewer bytes: the store's copy of a block when it
 * is read back takes time in proportion to its bytes, and most of a block's numbers (ids, offsets,
 * counts) need far fewer than the 8 or 4 bytes each they have in the page. Each number is `base`
 * plus its item of `values`, or, with `rising` (numbers that never go down, such as where each
 * row's items start), `base` plus the items up to its own. Written by saved-writes.ts, read by
 * stored-block.ts.
 */
export interface PackedNumbers {
  readonly packedAs: 'Float64Array' | 'Uint32Array';
  readonly base: number;
  readonly rising: boolean;
  readonly values: Uint8Array | Uint16Array | Uint32Array;
}

/** Everything about a list but its rows, as stored. */
export type Summary = Omit<ListData<unknown>, 'rows' | 'blocks' | 'savedAt'>;

export interface Head {
  readonly format: number;
  readonly savedAt: number;
  /** Which save the blocks belong to: a new save writes beside the old one, never over it. */
  readonly generation: string;
  readonly blocks: number;
  readonly summary: Summary;
}

export const HEAD = 'head:';
export const BLOCK = 'block:';
/** What changed since the copy a refresh replaced (since-saved.ts): kept and gone with the list. */
export const SINCE = 'since:';

/** `block:<list>#<generation>#<index>`; a generation starts with the time of its save. */
const blockKey = (list: string, generation: string, index: number) =>
  `${BLOCK}${list}#${generation}#${String(index)}`;

export function blockKeys(list: string, head: Pick<Head, 'generation' | 'blocks'>): string[] {
  return Array.from({ length: head.blocks }, (_, i) => blockKey(list, head.generation, i));
}

let saves = 0;
export const newGeneration = (now: number) => `${String(now)}.${String(++saves)}`;

/** Removes a list: its head, what changed since it, and its blocks. */
export async function forget(db: UseStore, key: string, head: Head | undefined): Promise<void> {
  await delMany([HEAD + key, SINCE + key, ...(head?.generation ? blockKeys(key, head) : [])], db);
}
