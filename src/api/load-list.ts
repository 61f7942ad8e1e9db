/**
 * Loads a whole list progressively: a small first page so rows paint at once, then the rest in
 * larger pages (limit + offset) a few at a time. Each step yields a snapshot of everything loaded
 * so far, always a prefix of the list in the service's order.
 */
import type { Resource } from '../contract/wire';
import { fetchPage, listUrl, type ListPage, type ListParams, type RequestOptions } from './client';
import { defaultApiConfig, type ApiConfig } from './config';
import { NoReadableRecordsError } from './errors';
import type { ResourceModels } from './records';
import { mergeGaps, type FieldGaps, type RecordProblem } from './parse';
import type { RowBlock } from './row-block';

/** Filters of a list: every parameter but paging. */
export type ListFilters = Omit<ListParams, 'limit' | 'offset'>;

export interface ListData<T> {
  rows: T[];
  /** The rows as the pages brought them, in columns: what the saved catalogue keeps. */
  blocks: readonly RowBlock[];
  /** When the rows were saved, for a list shown from the saved catalogue; else null. */
  savedAt: number | null;
  /**
   * Records matching the filters, as the service counts them; once a page came back shorter than
   * asked, the records that arrived instead, when the two disagree.
   */
  total: number;
  /** The service's count when it disagreed with what the finished list held, for the notice. */
  claimedTotal: number | null;
  /** False when the service gave no count: `total` is then what has arrived so far. */
  totalCertain: boolean;
  /** Every row that will be loaded has been. */
  complete: boolean;
  /** Records left out because their id could not be read, with the reason. */
  problems: RecordProblem[];
  /** Fields that loaded records lack or sent in unreadable form, counted per field. */
  gaps: FieldGaps;
  /** Rows above the cap that were not loaded. */
  notLoaded: number;
  /** The service ignored `offset`, so everything came in one request instead. */
  offsetIgnored: boolean;
  /** The count changed between pages: the catalogue changed while it loaded. */
  totalChanged: boolean;
  /** Where the next page starts (items received so far, readable or not). */
  nextOffset: number;
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

async function* loadSnapshots<R extends Resource>(
  resource: R,
  filters: ListFilters,
  options: LoadOptions,
): AsyncGenerator<ListData<ResourceModels[R]>> {
  type Row = ResourceModels[R];
  const config = options.config ?? defaultApiConfig;
  const { signal } = options;
  const page = (offset: number, limit: number, pageSignal = signal) =>
    fetchPage(resource, { ...filters, offset, limit }, { signal: pageSignal, config });

  let state: ListData<Row>;
  let firstTransfer: { rows: number; ms: number } | null = null;
  const seen = new Set<number>();
  const resumed = options.resumeFrom as ListData<Row> | undefined;
  if (resumed && !resumed.complete && resumed.nextOffset > 0) {
    state = { ...resumed };
    for (const row of resumed.rows) seen.add(row.id);
  } else {
    const first = await page(0, config.firstPageSize);
    firstTransfer = { rows: first.received, ms: first.transferMs };
    state = {
      rows: [],
      blocks: [],
      savedAt: null,
      total: first.total,
      totalCertain: first.totalCertain,
      claimedTotal: null,
      complete: false,
      problems: [],
      gaps: {},
      notLoaded: 0,
      offsetIgnored: false,
      totalChanged: false,
      nextOffset: 0,
    };
    state = append(state, first, seen, config.firstPageSize);
    yield state;
    if (state.complete) return;
  }

  if (!state.totalCertain) {
    // Without a count, keep asking until a page comes back short (or the cap is reached).
    while (!state.complete && state.nextOffset < config.rowCap) {
      const next = await page(state.nextOffset, config.pageSize);
      if (restartsTheList(next, state.rows)) {
        yield* everythingAtOnce(state, () => page(0, -1), config.rowCap);
        return;
      }
      state = append(state, next, seen, config.pageSize);
      state = { ...state, total: state.nextOffset };
      if (!state.complete) yield state;
    }
    yield { ...state, complete: true };
    return;
  }

  const target = Math.min(state.total, config.rowCap);
  if (state.nextOffset >= target) {
    yield finish(state, config.rowCap);
    return;
  }

  // Pages run a few at a time; they are added in order, so rows never jump about while loading.
  const stop = new AbortController();
  const pageSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const pending: Pending<Row>[] = [];
  const sizes = new PageSizes(config, firstTransfer);
  let launchedTo = state.nextOffset;
  const firstLater = launchedTo;
  const launch = () => {
    while (launchedTo < target && pending.length < config.concurrency) {
      const offset = launchedTo;
      // What is left, shared among the pages that can start now, unless the pace says smaller.
      const share = Math.ceil((target - offset) / (config.concurrency - pending.length));
      const size = Math.min(sizes.next(), share, target - offset);
      const started = performance.now();
      const entry: Pending<Row> = {
        offset,
        size,
        request: page(offset, size, pageSignal).then((result) => {
          sizes.took(result.received, performance.now() - started);
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
    for (let entry = pending.shift(); entry; entry = pending.shift()) {
      const result = await entry.request;
      if (entry.offset === firstLater && restartsTheList(result, state.rows)) {
        stop.abort();
        yield* everythingAtOnce(state, () => page(0, -1), config.rowCap);
        return;
      }
      if (result.totalCertain && result.total !== state.total)
        state = { ...state, totalChanged: true };
      state = append(state, result, seen, entry.size);
      if (state.complete || state.nextOffset >= target) break;
      launch();
      yield state;
    }
  } finally {
    // Filters changed, or a page failed: nothing keeps loading in the background.
    stop.abort();
  }
  yield finish(state, config.rowCap);
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

/** Adds a page's rows, skipping ids already loaded (the list moved under us). */
function append<T extends { id: number }>(
  state: ListData<T>,
  page: ListPage<T>,
  seen: Set<number>,
  asked: number,
): ListData<T> {
  const fresh = page.records.filter((row) => {
    if (seen.has(row.id)) return false;
    seen.add(row.id);
    return true;
  });
  const nextOffset = state.nextOffset + page.received;
  // A short page is the end of the list whatever the count says: a count can be wrong (or absurd),
  // while rows that did not come cannot be shown. More rows than counted is as impossible.
  const ended = page.received < asked;
  const countIsWrong =
    state.totalCertain && (ended ? nextOffset !== state.total : nextOffset > state.total);
  return {
    ...state,
    rows: fresh.length > 0 ? state.rows.concat(fresh) : state.rows,
    blocks: [...state.blocks, page.block],
    problems: page.problems.length > 0 ? state.problems.concat(page.problems) : state.problems,
    gaps: mergeGaps(state.gaps, page.gaps),
    nextOffset,
    ...(countIsWrong ? { total: nextOffset, claimedTotal: state.claimedTotal ?? state.total } : {}),
    complete: ended || (state.totalCertain && nextOffset >= state.total),
  };
}

function finish<T>(state: ListData<T>, cap: number): ListData<T> {
  return {
    ...state,
    complete: true,
    notLoaded: state.totalCertain ? Math.max(0, state.total - Math.min(state.nextOffset, cap)) : 0,
  };
}

/** True when a later page starts with the list's first rows again: the service ignores `offset`. */
function restartsTheList<T extends { id: number }>(
  page: ListPage<T>,
  loaded: readonly T[],
): boolean {
  const probe = Math.min(5, page.records.length, loaded.length);
  if (probe === 0) return false;
  for (let i = 0; i < probe; i++) if (page.records[i]?.id !== loaded[i]?.id) return false;
  return true;
}

async function* everythingAtOnce<T extends { id: number }>(
  state: ListData<T>,
  fetchAll: () => Promise<ListPage<T>>,
  cap: number,
): AsyncGenerator<ListData<T>> {
  const all = await fetchAll();
  const rows = all.records.slice(0, cap);
  // Everything came at once, so what came is the whole list, whatever the count says.
  const countIsWrong = all.totalCertain && all.total !== all.received;
  yield {
    ...state,
    rows,
    blocks: [all.block],
    problems: all.problems,
    gaps: all.gaps,
    total: all.received,
    claimedTotal: countIsWrong ? all.total : null,
    nextOffset: all.received,
    offsetIgnored: true,
    complete: true,
    notLoaded: Math.max(0, all.records.length - rows.length),
  };
}
