/**
 * Indexes over the seeds, so that a filtered page costs time in proportion to what it returns,
 * not to the catalogue: seeds by collection, by metadata field, and each field's values in sorted
 * order (a value prefix is then one range of them). Each is built once, the first time a filter
 * needs it; the catalogue must not change after that. Pure, like the engine that uses it.
 */
import type { WireSeedDefault } from '../../contract/wire';

export interface SeedFilters {
  collection: number | null;
  /** Seeds that have this metadata field (with at least one entry). */
  name: string | null;
  /** Seeds with a metadata value starting with this: in the field `name` when given, else any. */
  prefix: string | null;
}

export interface SeedIndex {
  /**
   * The positions in the catalogue's seed list of the seeds that pass every filter given, in
   * ascending order; null when no filter is given (every seed).
   */
  select(filters: SeedFilters): Int32Array | null;
  /** Builds the collection and field indexes ahead of the first request that needs them. */
  prepare(): void;
}

/** Values of one field (or of every field), sorted, with the position of the seed holding each. */
interface SortedValues {
  values: string[];
  positions: Int32Array;
}

const EMPTY = new Int32Array(0);
/** Results kept for filters that are not a single index lookup (a prefix, a combination). */
const KEPT_RESULTS = 64;
/** Stands for "any field" among the field names, which are strings. */
const ANY_FIELD = Symbol('any field');

export function createSeedIndex(seeds: readonly WireSeedDefault[]): SeedIndex {
  let byCollection: Map<number, Int32Array> | undefined;
  let byField: Map<string, Int32Array> | undefined;
  const sortedValues = new Map<string | typeof ANY_FIELD, SortedValues>();
  // Most recently used last: a page after the first of the same filter is then a slice.
  const results = new Map<string, Int32Array>();

  function collectionIndex(): Map<number, Int32Array> {
    if (byCollection) return byCollection;
    const lists = new Map<number, number[]>();
    seeds.forEach((seed, position) => {
      let list = lists.get(seed.collection);
      if (!list) lists.set(seed.collection, (list = []));
      list.push(position);
    });
    byCollection = new Map([...lists].map(([id, list]) => [id, Int32Array.from(list)]));
    return byCollection;
  }

  function fieldIndex(): Map<string, Int32Array> {
    if (byField) return byField;
    const lists = new Map<string, number[]>();
    seeds.forEach((seed, position) => {
      for (const field of Object.keys(seed.metadata)) {
        if ((seed.metadata[field]?.length ?? 0) === 0) continue;
        let list = lists.get(field);
        if (!list) lists.set(field, (list = []));
        list.push(position);
      }
    });
    byField = new Map([...lists].map(([field, list]) => [field, Int32Array.from(list)]));
    return byField;
  }

  function valuesOf(field: string | typeof ANY_FIELD): SortedValues {
    const known = sortedValues.get(field);
    if (known) return known;
    const values: string[] = [];
    const holders: number[] = [];
    seeds.forEach((seed, position) => {
      const fields = field === ANY_FIELD ? Object.keys(seed.metadata) : [field];
      for (const name of fields) {
        if (!Object.hasOwn(seed.metadata, name)) continue;
        for (const entry of seed.metadata[name] ?? []) {
          values.push(entry.value);
          holders.push(position);
        }
      }
    });
    // Code-unit order, the order of `<` on strings: the values that start with a prefix are then
    // one unbroken run, as startsWith compares code units too.
    const order = Array.from(values.keys()).sort((a, b) => {
      const x = values[a] as string;
      const y = values[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const sorted = {
      values: order.map((i) => values[i] as string),
      positions: Int32Array.from(order, (i) => holders[i] as number),
    };
    sortedValues.set(field, sorted);
    return sorted;
  }

  function withPrefix(field: string | null, prefix: string): Int32Array {
    const { values, positions } = valuesOf(field ?? ANY_FIELD);
    const found: number[] = [];
    for (let i = lowerBound(values, prefix); i < values.length; i++) {
      if (!(values[i] as string).startsWith(prefix)) break;
      found.push(positions[i] as number);
    }
    return uniqueSorted(found);
  }

  function remembered(key: string, compute: () => Int32Array): Int32Array {
    const known = results.get(key);
    if (known) {
      results.delete(key);
      results.set(key, known);
      return known;
    }
    const value = compute();
    results.set(key, value);
    if (results.size > KEPT_RESULTS) results.delete(results.keys().next().value as string);
    return value;
  }

  return {
    prepare() {
      collectionIndex();
      fieldIndex();
    },
    select({ collection, name, prefix }) {
      if (collection === null && name === null && prefix === null) return null;
      const lists: (() => Int32Array)[] = [];
      if (collection !== null) lists.push(() => collectionIndex().get(collection) ?? EMPTY);
      if (prefix !== null) {
        lists.push(() =>
          remembered(JSON.stringify(['prefix', name, prefix]), () => withPrefix(name, prefix)),
        );
      } else if (name !== null) {
        lists.push(() => fieldIndex().get(name) ?? EMPTY);
      }
      const [only, other] = lists;
      if (only && !other) return only();
      return remembered(JSON.stringify(['all', collection, name, prefix]), () =>
        intersect(lists.map((list) => list())),
      );
    },
  };
}

/** The first index whose value is not less than `key`. */
function lowerBound(values: readonly string[], key: string): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function uniqueSorted(positions: number[]): Int32Array {
  const sorted = Int32Array.from(positions).sort();
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i] as number;
  }
  return sorted.subarray(0, kept);
}

/** Positions in every list; each list ascending. Walks the shortest, looks up in the others. */
function intersect(lists: Int32Array[]): Int32Array {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  if (!shortest) return EMPTY;
  const kept: number[] = [];
  for (const position of shortest) {
    if (others.every((list) => contains(list, position))) kept.push(position);
  }
  return Int32Array.from(kept);
}

function contains(list: Int32Array, position: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < position) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] === position;
}
