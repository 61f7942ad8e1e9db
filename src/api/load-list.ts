/**
 * Loads a whole list progressively: a small first page so rows paint at once, then the rest in
 * larger pages (limit + offset) a few at a time. Each step yields a snapshot of everything loaded
 * so far, always a prefix of the list in the service's order.
 *
 * It is over 300 lines because the checks that a list adds up (its count, repeated ids, repeated
 * pages, the row cap) are made in the same loop as its pages, on the same running totals.
 */
import type { Resource } from '../contract/wire';
import type { ListFilters } from '../addresses/service-lists';
import { fetchPage, listUrl, type ListPage, type RequestOptions } from './client';
import { defaultApiConfig, type ApiConfig } from './config';
import { NoReadableRecordsError } from './errors';
import { grownBy } from './list-identity';
import type { ResourceModels } from './records';
import { mergeGaps, mergeOversize, type FieldGaps, type RecordProblem } from './parse';
import type { RowBlock } from './row-block';
import { NO_OVERSIZE, type Oversize } from './values';

export interface ListData<T> {
  rows: T[];
  /** The rows as the pages brought them, in columns: what the saved catalogue keeps. */
  blocks: readonly RowBlock[];
  /** When the rows were saved, for a list shown from the saved catalogue; else null. */
  savedAt: number | null;
  /**
   * Records matching the filters, as the service counts them; when it gave no count, or the rows
   * proved its count wrong, the records that arrived.
   */
  total: number;
  /** The service's count when the rows did not bear it out, for the notice. */
  claimedTotal: number | null;
  /** False when the service gave no count: `total` is then what has arrived so far. */
  totalCertain: boolean;
  /** Every row that will be loaded has been. */
  complete: boolean;
  /** Records left out because their id could not be read, with the reason. */
  problems: RecordProblem[];
  /** Fields that loaded records lack or sent in unreadable form, counted per field. */
  gaps: FieldGaps;
  /** Records too big to hold whole, kept cut. */
  oversize: Oversize;
  /** Records whose id was already listed, left out: the first of each is shown. */
  repeated: number;
  /**
   * Where the service began sending a page of records already listed (it ignores paging), or
   * null: the load stopped there, without asking for more.
   */
  repeatedFrom: number | null;
  /** The load stopped at the row cap while the service may hold more rows. */
  capped: boolean;
  /** Rows above the cap that were not loaded, when the service counted them. */
  notLoaded: number;
  /** The count changed between pages: the catalogue changed while it loaded. */
  totalChanged: boolean;
  /** Where the next page starts (items received so far, readable or not). */
  nextOffset: number;
}

/** A list before its first page, with `from` in place of any of its fields. */
export function listData<T>(from: Partial<ListData<T>> = {}): ListData<T> {
  return {
    rows: [],
    blocks: [],
    savedAt: null,
    total: 0,
    totalCertain: false,
    claimedTotal: null,
    complete: false,
    problems: [],
    gaps: {},
    oversize: NO_OVERSIZE,
    repeated: 0,
    repeatedFrom: null,
    capped: false,
    notLoaded: 0,
    totalChanged: false,
    nextOffset: 0,
    ...from,
  };
}

/** Whether a complete list is exactly what the service holds: nothing cut, repeated or left out. */
export function addsUp(data: ListData<unknown>): boolean {
  return (
    data.complete &&
    !data.capped &&
    data.notLoaded === 0 &&
    data.repeated === 0 &&
    data.repeatedFrom === null &&
    data.claimedTotal === null &&
    data.oversize.cut === 0 &&
    data.oversize.crowded === 0
  );
}

export interface LoadOptions extends RequestOptions {
  /** Continue an incomplete load instead of starting again. */
  resumeFrom?: ListData<unknown> | undefined;
}

export async function* loadList<R extends Resource>(
  resource: R,
  filters: ListFilters,
  options: LoadOptions = {},
): AsyncGenerator<ListData<ResourceModels[R]>> {
  for await (const snapshot of loadSnapshots(resource, filters, options)) {
    // A list whose every record is unreadable is a failure to say so, not an empty list.
    if (snapshot.complete && snapshot.rows.length === 0 && snapshot.problems.length > 0) {
      throw new NoReadableRecordsError(
        listUrl(resource, filters, options.config),
        resource,
        snapshot.problems.length,
      );
    }
    yield snapshot;
  }
}

/**
 * The pages after the first, a few at a time, each added in order once the ones before it are, so
 * rows never jump about. A count is a hint, not a stop: up to the count pages are sized to share
 * what is left; at the count one record more is asked for, and while pages come back full (or
 * without a count at all) pages go on, until one comes back short, the cap is reached, or a page
 * repeats records already listed (a service that ignores paging), which ends the load there.
 */
async function* loadSnapshots<R extends Resource>(
  resource: R,
  filters: ListFilters,
  options: LoadOptions,
): AsyncGenerator<ListData<ResourceModels[R]>> {
  type Row = ResourceModels[R];
  const config = options.config ?? defaultApiConfig;
  const { signal } = options;
  const cap = config.rowCap;
  const page = (offset: number, limit: number, pageSignal = signal) =>
    fetchPage(resource, { ...filters, offset, limit }, { signal: pageSignal, config });

  let state: ListData<Row>;
  let firstTransfer: { rows: number; ms: number } | null = null;
  const seen = new Set<number>();
  const resumed = options.resumeFrom as ListData<Row> | undefined;
  /** The first page's snapshot, shown once the pages after it are on their way. */
  let first: ListData<Row> | null = null;
  if (resumed && !resumed.complete && resumed.nextOffset > 0) {
    state = { ...resumed };
    for (const row of resumed.rows) seen.add(row.id);
  } else {
    const answer = await page(0, config.firstPageSize);
    firstTransfer = { rows: answer.received, ms: answer.transferMs };
    state = append(
      listData({ total: answer.total, totalCertain: answer.totalCertain }),
      answer,
      seen,
      config.firstPageSize,
    );
    if (state.complete) {
      yield state;
      return;
    }
    first = state;
  }
  /** The service's own count, for noticing that it changes while the list loads. */
  const serviceTotal = state.claimedTotal ?? state.total;
  /** The service's count while the rows have not proved it too low; else null. */
  const believed = () => (state.totalCertain && state.claimedTotal === null ? state.total : null);

  const stop = new AbortController();
  const pageSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const pending: Pending<Row>[] = [];
  const sizes = new PageSizes(config, firstTransfer);
  let launchedTo = state.nextOffset;
  /** The one record asked for past the count, to see whether the list ends there. */
  let probed = false;
  const launch = () => {
    while (launchedTo < cap) {
      const offset = launchedTo;
      const count = believed();
      let size: number;
      if (count !== null && offset >= Math.min(count, cap)) {
        // The one record past the count is asked for at once, beside the pages still under way:
        // it is one record, and its answer is there when theirs are, not a round trip after.
        if (probed) break;
        probed = true;
        size = 1;
      } else if (pending.length >= config.concurrency) {
        break;
      } else if (count === null) {
        // No count to go by: pages of the usual size until one comes back short.
        size = Math.min(sizes.next(), cap - offset);
      } else {
        // What is left, shared among the pages that can start now, unless the pace says smaller.
        const target = Math.min(count, cap);
        const share = Math.ceil((target - offset) / (config.concurrency - pending.length));
        size = Math.min(sizes.next(), share, target - offset);
      }
      const started = performance.now();
      const entry: Pending<Row> = {
        offset,
        size,
        request: page(offset, size, pageSignal).then((result) => {
          if (size > 1) sizes.took(result.received, performance.now() - started);
          return result;
        }),
      };
      entry.request.catch(() => undefined); // awaited below, in order; this only silences the wait
      pending.push(entry);
      launchedTo += size;
    }
  };
  try {
    launch();
    // The page shows the first rows while the next pages are already asked for: showing them
    // takes the page's thread a while, and the pages need none of it to set out.
    if (first) yield first;
    for (let entry = pending.shift(); entry; entry = pending.shift()) {
      const result = await entry.request;
      if (repeatsListed(result, seen)) {
        state = { ...state, repeatedFrom: entry.offset };
        break;
      }
      if (result.totalCertain && result.total !== serviceTotal)
        state = { ...state, totalChanged: true };
      state = append(state, result, seen, entry.size);
      if (state.complete || state.nextOffset >= cap) break;
      launch();
      yield state;
    }
  } finally {
    // Filters changed, a page failed or the list ended: nothing keeps loading in the background.
    stop.abort();
  }
  yield finish(state, cap, believed());
}
interface Pending<Row> {
  readonly offset: number;
  readonly size: number;
  readonly request: Promise<ListPage<Row>>;
}

/**
 * The size of the next page: as many rows as arrive in `pageMs` at the pace of the last page,
 * from `pageSize` to `maxPageSize`, in thousands. Before any later page has come, the pace is the
 * first page's once its answer had begun (rows that took a while mean a slow connection; the wait
 * for the answer, mostly the distance to the service, is left out). A first page is small, so a
 * few milliseconds' hitch in its delivery is a large share of its time: its pace is trusted for
 * twice as long, which on a slow connection still keeps a page to seconds.
 */
export class PageSizes {
  private perMs: number | null;
  private span: number;
  constructor(
    private readonly config: ApiConfig,
    first: { rows: number; ms: number } | null,
  ) {
    this.perMs = first && first.rows > 0 ? first.rows / Math.max(first.ms, 1) : null;
    this.span = 2 * config.pageMs;
  }
  took(rows: number, ms: number): void {
    if (rows <= 0 || ms <= 0) return;
    this.perMs = rows / ms;
    this.span = this.config.pageMs;
  }
  next(): number {
    const { pageSize, maxPageSize } = this.config;
    if (this.perMs === null) return pageSize;
    const size = Math.round((this.perMs * this.span) / 1_000) * 1_000;
    return Math.max(pageSize, Math.min(maxPageSize, size));
  }
}

/**
 * Adds a page's rows, skipping ids already listed (counted: the list moved under us, or the
 * service repeats itself). A page shorter than asked ends the list.
 */
function append<T extends { id: number }>(
  state: ListData<T>,
  page: ListPage<T>,
  seen: Set<number>,
  asked: number,
): ListData<T> {
  let repeated = 0;
  const fresh = page.records.filter((row) => {
    if (seen.has(row.id)) {
      repeated++;
      return false;
    }
    seen.add(row.id);
    return true;
  });
  const nextOffset = state.nextOffset + page.received;
  // A short page is the end of the list whatever the count says: a count can be wrong (or absurd),
  // while rows that did not come cannot be shown; and a full page past the count means more rows.
  const ended = page.received < asked;
  const countIsWrong =
    state.totalCertain && (ended ? nextOffset !== state.total : nextOffset > state.total);
  return {
    ...state,
    rows: fresh.length > 0 ? grownBy(state.rows, fresh) : state.rows,
    blocks: page.block.length > 0 ? [...state.blocks, page.block] : state.blocks,
    problems: page.problems.length > 0 ? state.problems.concat(page.problems) : state.problems,
    gaps: mergeGaps(state.gaps, page.gaps),
    oversize: mergeOversize(state.oversize, page.oversize),
    repeated: state.repeated + repeated,
    nextOffset,
    ...(!state.totalCertain ? { total: nextOffset } : {}),
    ...(countIsWrong ? { total: nextOffset, claimedTotal: state.claimedTotal ?? state.total } : {}),
    complete: ended,
  };
}

/**
 * The list as it ended. Stopped at the cap by a full page, it is capped unless the service's
 * count (still believed) says there is nothing more; the count then says how many were not loaded.
 */
function finish<T>(state: ListData<T>, cap: number, count: number | null): ListData<T> {
  const capped =
    !state.complete &&
    state.repeatedFrom === null &&
    state.nextOffset >= cap &&
    (count === null || count > state.nextOffset);
  return {
    ...state,
    complete: true,
    capped,
    notLoaded: capped && count !== null ? count - state.nextOffset : 0,
  };
}

/** Records at a page's start that, all already listed, make it a page the service repeated. */
const REPEAT_RUN = 20;

/**
 * True when a page starts with records already listed (the first REPEAT_RUN, or all of a shorter
 * page): the service sends a page it sent before, ignoring `offset`. A record or two repeated at
 * a page's start is a list that moved while it loaded, and only counted.
 */
function repeatsListed<T extends { id: number }>(page: ListPage<T>, seen: Set<number>): boolean {
  const run = Math.min(REPEAT_RUN, page.records.length);
  if (run === 0) return false;
  for (let i = 0; i < run; i++) if (!seen.has((page.records[i] as T).id)) return false;
  return true;
}
