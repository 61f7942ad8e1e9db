/**
 * Seeds shared across collections: an index over every seed of the account (the list of /seeds)
 * by site address (canonical-url.ts), and what it says of a seed: the other collections holding
 * its site, the other seeds with it, and whether it is a duplicate (another seed of its own
 * collection has the site).
 *
 * A seed whose site address cannot be read is shared with nothing. A seed whose collection is not
 * known is in no collection: it makes no other seed shared, and whether it is shared is unknown.
 * Seeds are told apart by id, so a record the service repeats is one seed, not a duplicate.
 *
 * The index is built in slices and kept by the list (`resume`): a list that grows indexes only its
 * new rows. What a list of seeds (a collection's, or the account's own) learns from it is worked
 * out likewise, once per list and index.
 *
 * It is over 300 lines because the index, a seed's figures and the figures of a list and of each
 * collection follow one set of rules (`sharingAt`), read best beside each other.
 */
import type { Seed } from '../api/records';
import type { Job } from '../scheduling';
import { canonicalSite } from './canonical-url';
import { resume } from './resume';
import { StringIndex } from './string-index';

/** Rows between yields: a few milliseconds of parsing addresses. */
const SLICE = 2048;

/** Yes, no and unknown, as the facet engine counts them. */
export const SHARE_NO = 0;
export const SHARE_YES = 1;
export const SHARE_UNKNOWN = 2;

type SeedLike = Pick<Seed, 'id' | 'collectionId' | 'url' | 'canonicalUrl'>;

/** The site address of a seed: its URL's, or the canonical URL's when the URL has none. */
export function siteOf(seed: SeedLike): string | null {
  return canonicalSite(seed.url) ?? canonicalSite(seed.canonicalUrl);
}

/** `array` with room for at least `size` numbers: itself, or a copy twice as long or more. */
function withRoom(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const grown = new Int32Array(Math.max(size, 2 * array.length));
  grown.set(array);
  return grown;
}

/**
 * The seeds of the account by site: each site's seeds, as positions in the rows. A site's rows
 * are a chain (its first row, and each row's next of the same site), not an array a site: most
 * sites of a large account have one seed, and a million arrays of one position took about a
 * tenth of the page's heap, each an object for the garbage collector to walk.
 */
export class SiteIndex {
  length = 0;
  readonly sites = new StringIndex();
  /** Per site, its first row and its last; per row, the next row of its site, or -1. */
  private firstRow = new Int32Array(1024);
  private lastRow = new Int32Array(1024);
  private nextRow = new Int32Array(1024);
  /** Per row, its site or -1. */
  readonly siteOfRow: number[] = [];
  /** The latest version of the list: its first `length` rows are indexed. */
  rows: readonly SeedLike[] = [];

  add(seed: SeedLike): void {
    const site = siteOf(seed);
    const at = this.length;
    this.nextRow = withRoom(this.nextRow, at + 1);
    this.nextRow[at] = -1;
    let k = -1;
    if (site !== null) {
      const known = this.sites.size;
      k = this.sites.add(site);
      if (k === known) {
        this.firstRow = withRoom(this.firstRow, k + 1);
        this.lastRow = withRoom(this.lastRow, k + 1);
        this.firstRow[k] = at;
      } else this.nextRow[this.lastRow[k] as number] = at;
      this.lastRow[k] = at;
    }
    this.siteOfRow.push(k);
    this.length++;
  }

  /** The positions of site `k`'s rows among the first `length`, in order (none for -1). */
  rowsOf(k: number, length = this.length): number[] {
    const out: number[] = [];
    if (k < 0 || k >= this.sites.size) return out;
    for (let at = this.firstRow[k] as number; at >= 0 && at < length; at = this.nextOf(at))
      out.push(at);
    return out;
  }

  /** The first row of site `k` (one of the index's sites). */
  firstOf(k: number): number {
    return this.firstRow[k] as number;
  }

  /** The row after `at` of the same site, or -1. */
  nextOf(at: number): number {
    return this.nextRow[at] as number;
  }
}

const INDEX = { key: 'site index', start: () => new SiteIndex() };

/** Indexes every seed of the account by site, taking up the work kept for the list. */
export function* siteIndexJob(rows: readonly SeedLike[]): Job<SiteIndex> {
  const index = resume(rows, INDEX, (state) => state);
  index.rows = rows;
  while (index.length < rows.length) {
    index.add(rows[index.length] as SeedLike);
    if ((index.length & (SLICE - 1)) === 0) yield;
  }
  return index;
}

/** What the account says of one seed. */
export interface Sharing {
  /** Its site address, or null when it has none (then it is shared with nothing). */
  readonly site: string | null;
  /** The other collections holding its site, by id. */
  readonly collections: readonly number[];
  /** The other seeds with its site (in its collection and in others), in the account's order. */
  readonly seeds: readonly SeedLike[];
  /** How many other seeds of its own collection have its site. */
  readonly duplicates: number;
  /** Whether it is in other collections: unknown while its own collection is. */
  readonly shared: boolean | null;
}

/** What the account's index says of a seed (of any list: seeds are matched by id). */
export function sharingOf(index: SiteIndex, seed: SeedLike, site = siteOf(seed)): Sharing {
  const k = site === null ? -1 : index.sites.indexOf(site);
  const members = index.rowsOf(k);
  const seeds: SeedLike[] = [];
  for (const at of members) {
    const other = index.rows[at] as SeedLike;
    if (other.id !== seed.id) seeds.push(other);
  }
  const collections = k < 0 ? null : new SiteCollections(index, members);
  return { site, seeds, ...sharingAt(collections, seed) };
}

/** What the account says of each seed of a list, by the list's positions. */
export interface ListSharing {
  readonly length: number;
  /** Per row: SHARE_YES, SHARE_NO, or SHARE_UNKNOWN (its collection is not known). */
  readonly shared: Uint8Array;
  /** Per row: SHARE_YES when another seed of its collection has its site, else SHARE_NO. */
  readonly duplicate: Uint8Array;
  /** Per row: how many other collections hold its site (0 for a collection not known). */
  readonly otherCollections: Int32Array;
  /** Per row: the other collections, by id (rows of one site and collection share one array). */
  readonly collectionsOf: readonly (readonly number[])[];
  /** Seed id → other collections (for a column, which reads a row by itself). */
  readonly countById: ReadonlyMap<number, number>;
}

/**
 * One site's seeds by collection (seeds of no known collection left out): its collections' seed
 * ids, and per collection of a seed the other collections, sorted. Worked out once per site, so
 * that each of its seeds costs a look-up rather than a pass over all of them.
 */
class SiteCollections {
  readonly ids = new Map<number, Set<number>>();
  private readonly others = new Map<number | null, readonly number[]>();

  constructor(index: SiteIndex, members: readonly number[]) {
    for (const at of members) {
      const other = index.rows[at] as SeedLike;
      if (other.collectionId === null) continue;
      let ids = this.ids.get(other.collectionId);
      if (!ids) this.ids.set(other.collectionId, (ids = new Set()));
      ids.add(other.id);
    }
  }

  /** The collections other than `own` holding the site, by id. */
  othersThan(own: number | null): readonly number[] {
    let out = this.others.get(own);
    if (!out) {
      out = [...this.ids.keys()].filter((c) => c !== own).sort((a, b) => a - b);
      this.others.set(own, out);
    }
    return out;
  }
}

/** What the site's seeds say of `seed` (its collections, duplicates and whether it is shared). */
function sharingAt(
  site: SiteCollections | null,
  seed: SeedLike,
): { collections: readonly number[]; duplicates: number; shared: boolean | null } {
  const own = seed.collectionId;
  let collections = site?.othersThan(own) ?? [];
  // A collection whose only seed is this one (its id repeated with another collection) is no
  // other collection.
  if (site && collections.some((c) => isOnly(site.ids.get(c), seed.id)))
    collections = collections.filter((c) => !isOnly(site.ids.get(c), seed.id));
  const mine = own === null ? undefined : site?.ids.get(own);
  const duplicates = mine ? mine.size - (mine.has(seed.id) ? 1 : 0) : 0;
  return { collections, duplicates, shared: own === null ? null : collections.length > 0 };
}

const isOnly = (ids: ReadonlySet<number> | undefined, id: number) => ids?.size === 1 && ids.has(id);

const NO_COLLECTIONS: readonly number[] = [];

/**
 * What `sharingAt` says of a seed whose site no other seed of the first `length` rows of the index
 * has (by id), or null when another has it. Most sites of a large account have one seed: such a
 * seed shares nothing and has no duplicate, and its site needs no `SiteCollections` (a map, a set
 * and a map per site, which a million mostly distinct sites made a million of each).
 */
function alone(
  index: SiteIndex,
  k: number,
  length: number,
  seed: SeedLike,
): ReturnType<typeof sharingAt> | null {
  const first = index.firstOf(k);
  if (first >= length) return null;
  const second = index.nextOf(first);
  if (second >= 0 && second < length) return null;
  if ((index.rows[first] as SeedLike).id !== seed.id) return null;
  return {
    collections: NO_COLLECTIONS,
    duplicates: 0,
    shared: seed.collectionId === null ? null : false,
  };
}

/**
 * What `sharingAt` says of a seed of site `k`, for one length of an index: a seed alone on its site
 * by `alone`, any other by its site's `SiteCollections`, worked out on first use.
 */
function sharingBySite(
  index: SiteIndex,
  length: number,
): (k: number, seed: SeedLike) => ReturnType<typeof sharingAt> {
  const bySite: (SiteCollections | undefined)[] = [];
  return (k, seed) => {
    if (k < 0) return sharingAt(null, seed);
    const lone = alone(index, k, length, seed);
    if (lone) return lone;
    let site = bySite[k];
    if (!site) bySite[k] = site = new SiteCollections(index, index.rowsOf(k, length));
    return sharingAt(site, seed);
  };
}

interface ListState {
  length: number;
  readonly index: SiteIndex;
  readonly indexLength: number;
  readonly sharing: (k: number, seed: SeedLike) => ReturnType<typeof sharingAt>;
  shared: number[];
  duplicate: number[];
  other: number[];
  collectionsOf: (readonly number[])[];
  countById: Map<number, number>;
}

/**
 * What the account's index says of each seed of `rows`, taking up the work kept for the list while
 * the index is the same (a grown index starts it afresh: an older seed may be shared now). A row
 * that is the index's own row at the same position (the account's list itself) takes its site
 * from the index rather than reading its address again.
 */
export function* listSharingJob(rows: readonly SeedLike[], index: SiteIndex): Job<ListSharing> {
  const state = resume(
    rows,
    {
      key: 'sharing of a list',
      prefixes: true,
      fits: (kept: ListState) => kept.index === index && kept.indexLength === index.length,
      start: (): ListState => ({
        length: 0,
        index,
        indexLength: index.length,
        sharing: sharingBySite(index, index.length),
        shared: [],
        duplicate: [],
        other: [],
        collectionsOf: [],
        countById: new Map(),
      }),
    },
    (kept) => kept,
  );
  const { indexLength } = state;
  while (state.length < rows.length) {
    const at = state.length;
    const seed = rows[at] as SeedLike;
    let k: number;
    if (at < indexLength && index.rows[at] === seed) k = index.siteOfRow[at] ?? -1;
    else {
      const site = siteOf(seed);
      k = site === null ? -1 : index.sites.indexOf(site);
    }
    const sharing = state.sharing(k, seed);
    state.shared.push(
      sharing.shared === null ? SHARE_UNKNOWN : sharing.shared ? SHARE_YES : SHARE_NO,
    );
    state.duplicate.push(sharing.duplicates > 0 ? SHARE_YES : SHARE_NO);
    state.other.push(sharing.collections.length);
    state.collectionsOf.push(sharing.collections);
    state.countById.set(seed.id, sharing.collections.length);
    state.length++;
    if ((state.length & (SLICE - 1)) === 0) yield;
  }
  const n = rows.length;
  const upTo = <T>(values: T[]) => (values.length === n ? values : values.slice(0, n));
  return {
    length: n,
    shared: Uint8Array.from(upTo(state.shared)),
    duplicate: Uint8Array.from(upTo(state.duplicate)),
    otherCollections: Int32Array.from(upTo(state.other)),
    collectionsOf: upTo(state.collectionsOf),
    countById: state.countById,
  };
}

/** A collection's seeds in figures: how many are shared, and the collections it shares most with. */
export interface CollectionSharing {
  readonly seeds: number;
  readonly shared: number;
  readonly duplicates: number;
  /** Other collections by the seeds of this one whose site they hold, most first (ties by id). */
  readonly partners: readonly { readonly collection: number; readonly seeds: number }[];
}

/** The figures of every collection's seeds, by collection id, from the account's index. */
export function* collectionSharingJob(index: SiteIndex): Job<Map<number, CollectionSharing>> {
  const sharingOfSeed = sharingBySite(index, index.length);
  const byCollection = new Map<
    number,
    { seeds: number; shared: number; duplicates: number; partners: Map<number, number> }
  >();
  for (let at = 0; at < index.length; at++) {
    const seed = index.rows[at] as SeedLike;
    const own = seed.collectionId;
    if (own === null) continue;
    let entry = byCollection.get(own);
    if (!entry) {
      entry = { seeds: 0, shared: 0, duplicates: 0, partners: new Map() };
      byCollection.set(own, entry);
    }
    entry.seeds++;
    if ((at & (SLICE - 1)) === SLICE - 1) yield;
    const k = index.siteOfRow[at] ?? -1;
    if (k < 0) continue;
    const sharing = sharingOfSeed(k, seed);
    if (sharing.shared === true) entry.shared++;
    if (sharing.duplicates > 0) entry.duplicates++;
    for (const other of sharing.collections) {
      entry.partners.set(other, (entry.partners.get(other) ?? 0) + 1);
    }
  }
  const out = new Map<number, CollectionSharing>();
  for (const [id, entry] of byCollection) {
    out.set(id, {
      seeds: entry.seeds,
      shared: entry.shared,
      duplicates: entry.duplicates,
      partners: [...entry.partners]
        .map(([collection, seeds]) => ({ collection, seeds }))
        .sort((a, b) => b.seeds - a.seeds || a.collection - b.collection),
    });
  }
  return out;
}
