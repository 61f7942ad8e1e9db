/**
 * The facet engine's index: each loaded seed turned into small integers once per list. Each
 * distinct (field, value) pair, seed type and seed group gets a number, and each seed keeps its
 * distinct non-blank pairs, the fields it has, and its seed-field states. A list that loads page
 * by page grows by appending, so a new page is indexed on its own (the list keeps its index: see
 * src/lib/resume.ts), in a resumable job. The values' collation order, for the facet panel, is
 * ranked here too. This file is long because the index is one data structure, easiest to check
 * when it is read whole.
 */
import { unknownOf, type Seed } from '../../api/records';
import { metadataOf, MetadataView, type MetadataTable } from '../../api/row-view';
import { SortRanking, type SortSource } from '../../components/data-table/ranking';
import { END_SLICE, runJob, type Job } from '../../scheduling';
import { orderFieldNames, variantKey } from '../../lib/metadata-audit';
import { resume } from '../../lib/resume';
import { StringIndex } from '../../lib/string-index';
import { ActivityColumns } from './activity-count';
import { fieldsOf, HEAVY_ROW, statusClass, yesNo } from './seed-states';

/** Rows indexed between yields, less one (a power of two): a few milliseconds of work. */
const ROW_SLICE_MASK = 2047;
// ---------------------------------------------------------------------------------------------
// The index

/** A metadata table's field and pair ids (a block's), as an index numbers them. */
interface TableIds {
  readonly fields: Int32Array;
  readonly pairs: Int32Array;
}

/** What every view of one growing list shares. Arrays only grow, so a view of a prefix stays valid. */
export class IndexCore {
  /** Rows indexed so far. */
  length = 0;

  readonly fieldIndex = new Map<string, number>();
  readonly fieldNames: string[] = [];
  /**
   * Per field: its values, numbered in the order they appeared, and by that number their pair
   * ids. (StringIndex rather than Map, which would keep every value in V8's string table.)
   */
  private readonly fieldValues: StringIndex[] = [];
  readonly fieldPairs: number[][] = [];
  /** Per field: its variant keys, numbered likewise, and by that number their (global) ids. */
  private readonly fieldVariants: StringIndex[] = [];
  private readonly fieldVariantIds: number[][] = [];
  variantCount = 0;

  readonly pairField: number[] = [];
  readonly pairValue: string[] = [];
  readonly pairVariant: number[] = [];

  /** Row i's distinct non-blank pairs are pairs[pairStart[i] … pairStart[i+1]). */
  readonly pairStart: number[] = [0];
  readonly pairs: number[] = [];
  /** Row i's fields with at least one non-blank value, likewise. */
  readonly fieldStart: number[] = [0];
  readonly fields: number[] = [];
  /** Row i's seed groups (small ids), likewise; none with groupUnknown 0 is "in no group". */
  readonly groupStart: number[] = [0];
  readonly groups: number[] = [];
  readonly groupUnknown: number[] = [];

  readonly active: number[] = [];
  readonly publiclyVisible: number[] = [];
  readonly status: number[] = [];
  /** Seed type id, or -1 when unknown. */
  readonly seedType: number[] = [];
  readonly metadataUnknown: number[] = [];
  /** Who added and last updated each row, and when. */
  readonly activity = new ActivityColumns();

  readonly groupIndex = new Map<number, number>();
  readonly groupIds: number[] = [];
  readonly groupNames: (string | null)[] = [];
  readonly groupSeen: number[] = [];
  readonly typeIndex = new Map<string, number>();
  readonly typeNames: string[] = [];

  /**
   * The row where each field, pair, group and type first appeared. Ids are given in row order,
   * so these only grow, and a view of the first n rows knows its ids by a binary search.
   */
  readonly fieldFirstRow: number[] = [];
  readonly pairFirstRow: number[] = [];
  readonly groupFirstRow: number[] = [];
  readonly typeFirstRow: number[] = [];

  /** The pair values in collation order, for the pairs there were when last ranked. */
  ranking: Ranking | null = null;
  /** What ranking the pair values has learnt, so a grown list ranks only its new values. */
  readonly valueRanking = new SortRanking<string>();

  /** Per metadata table (a block's): its field and pair ids as this index numbers them (-1: not yet met). */
  private readonly tableIds = new WeakMap<MetadataTable, TableIds>();
  private lastTable: MetadataTable | undefined;
  private lastIds: TableIds | undefined;

  field(name: string): number {
    let f = this.fieldIndex.get(name);
    if (f === undefined) {
      f = this.fieldNames.length;
      this.fieldIndex.set(name, f);
      this.fieldNames.push(name);
      this.fieldValues.push(new StringIndex());
      this.fieldPairs.push([]);
      this.fieldVariants.push(new StringIndex());
      this.fieldVariantIds.push([]);
      this.fieldFirstRow.push(this.length);
    }
    return f;
  }

  /** The pair id of field f's value, or -1 when no row has had it. */
  pairOf(f: number, value: string): number {
    const k = (this.fieldValues[f] as StringIndex).indexOf(value);
    return k < 0 ? -1 : ((this.fieldPairs[f] as number[])[k] as number);
  }

  /** The variant id of field f's value (see variantKey), or -1 when no row has had one like it. */
  variantOf(f: number, value: string): number {
    const k = (this.fieldVariants[f] as StringIndex).indexOf(variantKey(value));
    return k < 0 ? -1 : ((this.fieldVariantIds[f] as number[])[k] as number);
  }

  pair(f: number, value: string): number {
    const values = this.fieldValues[f] as StringIndex;
    const pairs = this.fieldPairs[f] as number[];
    const known = values.add(value);
    let p = pairs[known];
    if (p === undefined) {
      p = this.pairValue.length;
      pairs.push(p);
      const variants = this.fieldVariants[f] as StringIndex;
      const variantIds = this.fieldVariantIds[f] as number[];
      const key = variants.add(variantKey(value));
      let variant = variantIds[key];
      if (variant === undefined) {
        variant = this.variantCount++;
        variantIds.push(variant);
      }
      this.pairField.push(f);
      this.pairValue.push(value);
      this.pairVariant.push(variant);
      this.pairFirstRow.push(this.length);
    }
    return p;
  }

  group(id: number, name: string | null): number {
    let g = this.groupIndex.get(id);
    if (g === undefined) {
      g = this.groupIds.length;
      this.groupIndex.set(id, g);
      this.groupIds.push(id);
      this.groupNames.push(name);
      this.groupSeen.push(-1);
      this.groupFirstRow.push(this.length);
    } else if (name !== null && this.groupNames[g] === null) {
      this.groupNames[g] = name;
    }
    return g;
  }

  private idsOf(table: MetadataTable): TableIds {
    if (table === this.lastTable && this.lastIds) return this.lastIds;
    let ids = this.tableIds.get(table);
    if (!ids) {
      ids = {
        fields: new Int32Array(table.fieldCount).fill(-1),
        pairs: new Int32Array(table.pairCount).fill(-1),
      };
      this.tableIds.set(table, ids);
    }
    this.lastTable = table;
    this.lastIds = ids;
    return ids;
  }

  /** The index's id of the metadata's k-th field, numbered when new. */
  private fieldId(metadata: MetadataView, ids: TableIds, k: number): number {
    const local = metadata.field(k);
    let f = ids.fields[local] as number;
    if (f < 0) {
      f = this.field(metadata.table.fieldName(local));
      ids.fields[local] = f;
    }
    return f;
  }

  /** The index's id of the metadata's k-th pair, numbered when new (its field numbered first). */
  private pairId(metadata: MetadataView, ids: TableIds, k: number): number {
    const { table } = metadata;
    const local = metadata.pair(k);
    let p = ids.pairs[local] as number;
    if (p < 0) {
      p = this.pair(ids.fields[table.pairField(local)] as number, table.pairValue(local));
      ids.pairs[local] = p;
    }
    return p;
  }

  /**
   * Numbers the fields and pairs of the next row's metadata from `from`, at most `count` of each:
   * the costly part of adding a row of thousands of fields, done a part at a time before `add`.
   * Numbering is what `add` does first, so it may be done ahead, by any job over the list.
   */
  numberAhead(metadata: MetadataView, from: number, count: number): void {
    const ids = this.idsOf(metadata.table);
    for (let k = from; k < Math.min(from + count, metadata.fieldCount); k++)
      this.fieldId(metadata, ids, k);
    for (let k = from; k < Math.min(from + count, metadata.pairCount); k++)
      this.pairId(metadata, ids, k);
  }

  /**
   * Adds a seed, its metadata read by number (`metadata`, pointed at the seed), each field and
   * value of a block looked up once per block instead of per row.
   */
  add(seed: Seed, metadata: MetadataView): void {
    const i = this.length;
    const ids = this.idsOf(metadata.table);
    for (let k = 0; k < metadata.fieldCount; k++) {
      const f = this.fieldId(metadata, ids, k);
      if (metadata.fieldPresent(k)) this.fields.push(f);
    }
    // The row's pairs come field by field in the row's order, as reading its metadata takes them.
    for (let k = 0; k < metadata.pairCount; k++) this.pairs.push(this.pairId(metadata, ids, k));
    this.pairStart.push(this.pairs.length);
    this.fieldStart.push(this.fields.length);

    const refs = Array.isArray(seed.seedGroups) ? seed.seedGroups : [];
    for (const ref of refs) {
      const g = this.group(ref.id, ref.name);
      if (this.groupSeen[g] !== i) {
        this.groupSeen[g] = i;
        this.groups.push(g);
      }
    }
    this.groupStart.push(this.groups.length);
    this.groupUnknown.push(refs.length === 0 && unknownOf(seed, 'seedGroups') ? 1 : 0);

    // Most seeds have every field; only the others need asking which are unknown.
    const whole = seed.unknown === undefined;
    this.active.push(yesNo(seed, 'active'));
    this.publiclyVisible.push(yesNo(seed, 'publiclyVisible'));
    this.status.push(statusClass(seed));
    const type = whole || !unknownOf(seed, 'seedType') ? seed.seedType : null;
    if (typeof type === 'string') {
      let t = this.typeIndex.get(type);
      if (t === undefined) {
        t = this.typeNames.length;
        this.typeIndex.set(type, t);
        this.typeNames.push(type);
        this.typeFirstRow.push(this.length);
      }
      this.seedType.push(t);
    } else {
      this.seedType.push(-1);
    }
    this.metadataUnknown.push(!whole && unknownOf(seed, 'metadata') ? 1 : 0);
    this.activity.add(seed);

    this.length = i + 1;
  }
}

/**
 * An index of one rows array: a view of the first `size` rows of its list's core, with the ids
 * those rows gave out. Read it through the functions below.
 */
export interface FacetIndex {
  readonly rows: readonly Seed[];
  /** Rows indexed: all of `rows`. */
  readonly size: number;
  readonly core: IndexCore;
  readonly fields: number;
  readonly pairs: number;
  readonly groups: number;
  readonly types: number;
}

/** How many of the (ascending) first rows are before row `size`. */
function idsBefore(firstRows: readonly number[], size: number): number {
  let lo = 0;
  let hi = firstRows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((firstRows[mid] ?? 0) < size) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The core of the list `rows` are a version of: a shorter version is a view of it. */
const CORE = { key: 'facet index', start: () => new IndexCore(), prefixes: true };

/**
 * Indexes rows, reusing the work done for the list they are a version of: a list that grows by
 * appending indexes only its new rows, and an earlier, shorter version is a view of the same
 * index. Two jobs over one growing list may run interleaved: each indexes the next row of the
 * rows they share.
 */
export function* facetIndexJob(rows: readonly Seed[]): Job<FacetIndex> {
  const core = resume(rows, CORE, (c) => c);
  const metadata = new MetadataView();
  let work = 0;
  let added = 0;
  let heavyNext = false;
  while (core.length < rows.length) {
    const row = rows[core.length] as Seed;
    // A row of thousands of fields has a slice of its own (not the caller's): it is the work of
    // many rows.
    const weight = fieldsOf(metadataOf(row, metadata));
    if (weight > HEAVY_ROW && !heavyNext) {
      heavyNext = true;
      work = 0;
      yield END_SLICE;
      // Its fields and values are numbered a thousand at a time, each part a slice of its own.
      const i = core.length;
      const parts = Math.max(metadata.fieldCount, metadata.pairCount);
      for (let from = 0; from < parts && core.length === i; from += HEAVY_ROW) {
        core.numberAhead(metadataOf(row, metadata), from, HEAVY_ROW);
        yield END_SLICE;
      }
      // Another job over the list may have indexed the row meanwhile.
      continue;
    }
    heavyNext = false;
    core.add(row, metadata);
    work += weight;
    if ((++added & ROW_SLICE_MASK) === 0 || work > HEAVY_ROW) {
      work = 0;
      yield;
    }
  }
  const size = rows.length;
  return {
    rows,
    size,
    core,
    fields: idsBefore(core.fieldFirstRow, size),
    pairs: idsBefore(core.pairFirstRow, size),
    groups: idsBefore(core.groupFirstRow, size),
    types: idsBefore(core.typeFirstRow, size),
  };
}

/** Runs a job to its end. */
export function facetIndex(rows: readonly Seed[]): FacetIndex {
  return runJob(facetIndexJob(rows));
}

/** Every metadata field any indexed seed uses (even with blank values only), Dublin Core first. */
export function indexedFieldNames(index: FacetIndex): string[] {
  const { core, fields } = index;
  return orderFieldNames(core.fieldNames.slice(0, fields));
}

/** A seed group's name as some seed carries it, if any does. */
export function indexedGroupName(index: FacetIndex, id: number): string | null {
  const { core: c, groups } = index;
  const g = c.groupIndex.get(id);
  if (g !== undefined && g >= groups) return null;
  return g === undefined ? null : (c.groupNames[g] ?? null);
}

// ---------------------------------------------------------------------------------------------
// Ordering values: by count, then in the locale's order (case- and accent-insensitive, as the
// tables sort), ties between such equals in the order they appeared.

const identity = (text: string) => text;
const valueSource: SortSource<string> = { id: 'facet-value', kind: 'text', value: identity };

export interface Ranking {
  /** Pair → its place in collation order. */
  readonly rank: Int32Array;
  /** Place → pair. */
  readonly order: Uint32Array;
}

/**
 * The collation order of the pair values: one ranking per growth of the list, in slices. The
 * table's sorting does the ranking (the core's `valueRanking` keeps what it learnt, so a grown list
 * ranks only its new values with any cost).
 */
export function* rankingOf(c: IndexCore, pairCount: number): Job<Ranking> {
  if (c.ranking && c.ranking.rank.length >= pairCount) return c.ranking;
  const values = c.pairValue.slice(0, pairCount);
  yield* c.valueRanking.rank(values, valueSource);
  const order = c.valueRanking.order(values, valueSource, false);
  const rank = new Int32Array(pairCount);
  for (let k = 0; k < order.length; k++) rank[order[k] ?? 0] = k;
  c.ranking = { rank, order };
  return c.ranking;
}
