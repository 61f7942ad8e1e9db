/**
 * The saved catalogue: every list that loaded whole is kept in IndexedDB, in the columns the parse
 * worker made, so a reload shows it at once while a fresh copy loads behind it. Lists are keyed by
 * the service's address, which catalogue that address serves (the server names it in the page),
 * and the list's filters, so one service never sees another's rows. They are kept for at most a
 * day, and only as records are parsed: nothing the parser drops (login fields, tokens) is stored.
 *
 * Only a list that adds up is kept (nothing cut, repeated, capped or miscounted), and only one of
 * a size that reads back quickly; a restore runs in short steps, and one that fails or takes too
 * long is dropped (the list loads from the service) with a quiet note, so a saved list can never
 * spoil a visit.
 *
 * A store that is missing, full or refused (private browsing, quota) only means no saving: the
 * page says so once, and everything else works as before (saved-store.ts). Clearing works whatever
 * happened.
 *
 * It is long because it is the one place that keeps lists in the store: their keys (per catalogue
 * and, with sign-in, per person), their renewal, the order in which writes reach the store,
 * restoring in steps, and clearing whatever state the store is in. Writing a list's blocks and
 * pruning the lists kept are in saved-writes.ts; reading blocks back (saved-parts.ts) loads with
 * the first list to restore, which a first visit does not have.
 */
import { get, setMany, type UseStore } from 'idb-keyval';
import type { Resource } from '../contract/wire';
import type { ApiConfig } from './config';
import type { ListFilters } from '../addresses/service-lists';
import { addsUp, listData, type ListData } from './load-list';
import type { ResourceModels } from './records';
import { blockBytes } from './row-block';
import { StoreRefused, attempt, emptyStore, openStore, setNote, unavailable } from './saved-store';
import {
  FORMAT,
  HEAD,
  SAVED_FOR_MS,
  SINCE,
  blockKeys,
  forget,
  type Head,
  type Summary,
} from './saved-keys';
import { writeList } from './saved-writes';

export { SAVED_FOR_MS, SINCE };

/**
 * Lists whose columns hold more than this are not kept. A list is read back a block at a time with
 * its first rows shown at once, so the bound is the memory of holding two copies while a refresh
 * replaces one, not the time to read it.
 */
const MOST_SAVED_BYTES = 1_536 * 1_048_576;
/** The longest the first block of a restore may take before the list is asked of the service. */
const RESTORE_WITHIN_MS = 3_000;
/** The longest the whole of a restore may take, its first rows on screen meanwhile. */
const READ_WITHIN_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Keys

/** With sign-in: whose lists these are, as the server files them (see setSavedListsOwner). */
let owner: string | null = null;

/**
 * With sign-in, each person's lists are kept apart: under a digest of the person and the catalogue
 * that the server gives for the session (never the user name itself), in place of the page's name
 * for the catalogue. Null goes back to the page's name.
 */
export function setSavedListsOwner(digest: string | null): void {
  owner = digest;
}

/** Which catalogue the server serves at this address: its name for it, given in the page. */
function catalogueSource(): string {
  if (owner !== null) return owner;
  if (typeof document === 'undefined') return '';
  return document.querySelector('meta[name="catalogue-source"]')?.getAttribute('content') ?? '';
}

/** One key per service, catalogue, resource and filters (in a fixed order). */
export function savedListKey(resource: Resource, filters: ListFilters, config: ApiConfig): string {
  const base = new URL(`${config.baseUrl}/api/`, globalThis.location.href).href;
  const sorted = Object.entries(filters as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([base, catalogueSource(), resource, sorted]);
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

/** A saved list of this version, neither too old nor from the future. */
const fitToShow = (head: Head, now: number) =>
  head.format === FORMAT && now - head.savedAt <= SAVED_FOR_MS && head.savedAt <= now + 60_000;

/** Whether a list fit to show is saved under `key`, without reading its rows. */
export async function isListSaved(key: string, now = Date.now()): Promise<boolean> {
  const head = await attempt((db) => get<Head>(HEAD + key, db));
  return head !== undefined && fitToShow(head, now);
}

/** What a restore may be given: the rows read so far, after each block but the last. */
export interface RestoreOptions<T> {
  now?: number;
  /**
   * Called with how many rows are read so far, and the list they make (not complete; its count is
   * the saved list's), worked out only when asked for.
   */
  onPart?: (rowsRead: number, part: () => ListData<T>) => void;
}

/**
 * The saved list of `resource` under `key`, with rows ready, or undefined when none is fit to
 * show. It is read back in steps with the page free between them (saved-parts.ts), and handed to
 * `onPart` as it grows: the first block must be back within RESTORE_WITHIN_MS and the whole list
 * within READ_WITHIN_MS. One that fails, is spoilt or is late is dropped from the store, with a
 * note; whatever parts of it were shown are then no list at all.
 */
export async function restoreList<R extends Resource>(
  resource: R,
  key: string,
  options: RestoreOptions<ResourceModels[R]> = {},
): Promise<ListData<ResourceModels[R]> | undefined> {
  const db = openStore();
  if (!db) return undefined;
  const started = performance.now();
  // By when (the page's clock) the reading must have moved on: the first block within
  // RESTORE_WITHIN_MS, the rest, with the first rows on screen, within READ_WITHIN_MS.
  const deadline = (blocksRead: number) =>
    started + (blocksRead === 0 ? RESTORE_WITHIN_MS : READ_WITHIN_MS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isLate: (late: 'late') => void = () => undefined;
  const late = new Promise<'late'>((resolve) => {
    isLate = resolve;
  });
  // The same deadlines for a store that does not answer at all.
  const lateBy = (blocksRead: number) => {
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        isLate('late');
      },
      deadline(blocksRead) - performance.now(),
    );
  };
  lateBy(0);
  const firstRead = () => {
    lateBy(1);
  };
  // A restore given up (late) may still be reading: no part of it is shown after that.
  let settled = false;
  const { onPart } = options;
  const parts = {
    ...options,
    onPart: (rowsRead: number, part: () => ListData<ResourceModels[R]>) => {
      if (!settled) onPart?.(rowsRead, part);
    },
  };
  let why: string;
  try {
    const restored = await Promise.race([
      readBack(db, resource, key, parts, deadline, firstRead),
      late,
    ]);
    if (restored !== 'late' && restored !== 'spoilt') return restored;
    why = restored === 'late' ? 'in time' : 'whole';
  } catch (error) {
    // A store that cannot be read at all: no saving here (said once), no list to drop.
    if (error instanceof StoreRefused) {
      unavailable(error.cause);
      return undefined;
    }
    why = 'at all';
  } finally {
    settled = true;
    clearTimeout(timer);
  }
  setNote(
    `A saved list could not be read back ${why}, so it was loaded from the catalogue service instead.`,
  );
  void inTurn(() =>
    attempt(async (store) => {
      await forget(store, key, await get<Head>(HEAD + key, store));
    }),
  );
  return undefined;
}

async function readBack<R extends Resource>(
  db: UseStore,
  resource: R,
  key: string,
  { now = Date.now(), onPart }: RestoreOptions<ResourceModels[R]>,
  deadline: (blocksRead: number) => number,
  firstRead: () => void,
): Promise<ListData<ResourceModels[R]> | 'spoilt' | 'late' | undefined> {
  let head: Head | undefined;
  try {
    head = await get<Head>(HEAD + key, db);
  } catch (error) {
    throw new StoreRefused('The saved catalogue cannot be read.', { cause: error });
  }
  if (!head) return undefined;
  if (!fitToShow(head, now)) {
    await forget(db, key, head);
    return undefined;
  }
  const { summary, savedAt } = head;
  // The code that reads the blocks loads only now: a first visit has no saved list. One that
  // cannot be fetched, or not in time, is a restore that failed (the list is loaded from the
  // service and saved again).
  const read = await import('./saved-parts');
  let whole;
  try {
    whole = await read.readBlocks(
      db,
      resource,
      blockKeys(key, head),
      deadline,
      (rowsRead, take) => {
        firstRead();
        // Only the saved count is said of a part: what the rows lack, or records left out, is
        // said of the whole list once it is read.
        onPart?.(rowsRead, () =>
          listData({ ...take(), savedAt, total: summary.total, totalCertain: true }),
        );
      },
    );
  } catch (error) {
    if (error instanceof read.LateRestore) return 'late';
    throw error;
  }
  if (whole === 'spoilt') return whole;
  return { ...summary, ...whole, savedAt };
}

/** Everything about a list but its rows. */
export function listSummary(data: ListData<unknown>): Summary {
  return {
    total: data.total,
    claimedTotal: data.claimedTotal,
    totalCertain: data.totalCertain,
    complete: data.complete,
    problems: data.problems,
    gaps: data.gaps,
    oversize: data.oversize,
    repeated: data.repeated,
    repeatedFrom: data.repeatedFrom,
    capped: data.capped,
    notLoaded: data.notLoaded,
    totalChanged: data.totalChanged,
    nextOffset: data.nextOffset,
  };
}

/**
 * Keeps a whole list. Only a list that adds up is kept: one cut at the row cap, with records
 * repeated or too big to hold whole, or whose count the rows did not bear out, is not a copy to
 * come back to; nor is one too big to read back quickly.
 */
export function saveList(key: string, data: ListData<unknown>, now = Date.now()): Promise<void> {
  if (!addsUp(data)) return Promise.resolve();
  const inBlocks = data.blocks.reduce((sum, block) => sum + block.length, 0);
  if (inBlocks !== data.rows.length) return Promise.resolve();
  const bytes = data.blocks.reduce((sum, block) => sum + blockBytes(block), 0);
  if (bytes > MOST_SAVED_BYTES) return Promise.resolve();
  const summary = listSummary(data);
  const clearsBefore = clears;
  // Cleared meanwhile: nothing more is written.
  const stillWanted = () => clears === clearsBefore;
  return inTurn(() =>
    attempt((db) => writeList(db, { key, data, summary, bytes, now, stillWanted })),
  );
}

/**
 * Marks the saved list under `key` as fresh again without writing its rows: what a background
 * refresh does when the service sent exactly the rows already saved.
 */
export function renewList(key: string, now = Date.now()): Promise<void> {
  return inTurn(() =>
    attempt(async (db) => {
      const head = await get<Head>(HEAD + key, db);
      if (head?.format === FORMAT) await setMany([[HEAD + key, { ...head, savedAt: now }]], db);
    }),
  );
}

/** Saves and clearing run one at a time, so none sees another's half-written list. */
let turn: Promise<unknown> = Promise.resolve();

function inTurn<T>(operation: () => Promise<T>): Promise<T> {
  const next = turn.then(operation);
  turn = next.catch(() => undefined);
  return next;
}

/** Resolves once every save asked for so far is written (or given up). */
export function savesWritten(): Promise<void> {
  return turn.then(() => undefined);
}

/** How many times the saved catalogue was cleared: a save under way stops writing after one. */
let clears = 0;

/**
 * Empties the saved catalogue (every person's lists: at sign out too, and when a session ends), at
 * once and whatever happened before (see emptyStore). Says whether it is empty.
 */
export async function clearSavedLists(): Promise<boolean> {
  clears++;
  setNote(null);
  return emptyStore();
}
