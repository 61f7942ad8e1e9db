/**
 * Collections by archived size: the `size_max=` filter of /collections and the overview's bar of
 * "all other collections" both use `withinSize`, so the bar counts exactly the list it opens.
 */
import type { Collection } from '../api/records';
import { quoted, strictParam } from '../addresses/url-params';

/** Whether a collection's archived size is known and at most `max` bytes. */
export function withinSize(collection: Pick<Collection, 'totalWarcBytes'>, max: number): boolean {
  return collection.totalWarcBytes !== null && collection.totalWarcBytes <= max;
}

/**
 * `size_max=<bytes>`: collections whose archived size is at most that many bytes. A value that
 * cannot be read is reported and matches no collection, rather than showing them all.
 */
export const sizeMaxParam = () =>
  strictParam(
    (text) => (/^\d{1,20}$/.test(text) ? Number(text) : undefined),
    (text) =>
      `${quoted(text)} is not a size in bytes: size_max=<whole number of bytes>. No collections match it until it is changed.`,
  );
