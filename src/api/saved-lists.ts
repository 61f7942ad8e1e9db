/**
 * The saved catalogue: every list that loaded whole is kept in IndexedDB, in the columns the parse
 * worker made, so a reload shows it at once while a fresh copy loads behind it. Lists are keyed by
 * the service's address, which catalogue that address serves (the server names it in the page),
 * and the list's filters, so one service never sees another's rows. They are kept for at most a
 * day, and only as records are parsed: nothing the parser drops (login fields, tokens) is stored.
 *
 * A store that is missing, full or refused (private browsing, quota) only means no saving: the
 * page says so once, and everything else works as before.
 */
import { createStore, delMany, get, getMany, keys, setMany, type UseStore } from 'idb-keyval';
import type { Resource } from '../contract/wire';
import type { ApiConfig } from './config';
import type { ListData, ListFilters } from './load-list';
import type { ResourceModels } from './records';
import { blockRows, isWholeBlock, type RowBlock } from './row-block';
import { whenIdle } from './waits';

/** How long a saved list may be shown before it is too old to show at all. */
export const SAVED_FOR_MS = 24 * 60 * 60 * 1000;
/** The most lists kept; the least recently saved go first. */
const MOST_LISTS = 12;
/** Bumped when what is stored changes shape: older entries are then ignored and removed. */
const FORMAT = 3;
/** The longest a block waits for the page to be idle before it is saved all the same. */
const IDLE_WAIT_MS = 10_000;
/** Blocks of no list's current save are left this long: another tab may be writing them. */
const UNFINISHED_FOR_MS = 10 * 60 * 1000;

/** Everything about a list but its rows, as stored. */
type Summary = Omit<ListData<unknown>, 'rows' | 'blocks' | 'savedAt'>;

interface Head {
  readonly format: number;
  readonly savedAt: number;
  /** Which save the blocks belong to: a new save writes beside the old one, never over it. */
  readonly generation: string;
  readonly blocks: number;
  readonly summary: Summary;
}

// ---------------------------------------------------------------------------------------------
// Whether saving works here, said once

export type SavingState =
  | { readonly kind: 'on' }
  | { readonly kind: 'off' }
  | { readonly kind: 'unavailable'; readonly reason: string };

let state: SavingState = { kind: 'on' };
const listeners = new Set<() => void>();

function setState(next: SavingState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function savingState(): SavingState {
  return state;
}

export function onSavingState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Turns saving off (tests that are not about it) or on again. */
export function setSaving(on: boolean): void {
  store = undefined;
  setState(on ? { kind: 'on' } : { kind: 'off' });
}

function unavailable(error: unknown): void {
  if (state.kind !== 'on') return;
  // DOMExceptions (a full disk is one) are not Errors everywhere.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  const reason =
    name === 'QuotaExceededError'
      ? 'the browser has no room left for them'
      : typeof indexedDB === 'undefined'
        ? 'this browser keeps no data for pages'
        : 'the browser refused to store them (private browsing keeps nothing)';
  setState({ kind: 'unavailable', reason });
}

let store: UseStore | null | undefined;

function openStore(): UseStore | null {
  if (state.kind !== 'on') return null;
  if (store !== undefined) return store;
  try {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    store = createStore('catalogue-explorer', 'saved-lists');
  } catch (error) {
    store = null;
    unavailable(error);
  }
  return store;
}

/** Runs a store operation; a failure turns saving off instead of failing the page. */
async function attempt<T>(operation: (db: UseStore) => Promise<T>): Promise<T | undefined> {
  const db = openStore();
  if (!db) return undefined;
  try {
    return await operation(db);
  } catch (error) {
    unavailable(error);
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Keys

/** Which catalogue the server serves at this address: its name for it, given in the page. */
function catalogueSource(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector('meta[name="catalogue-source"]')?.getAttribute('content') ?? '';
}

const HEAD = 'head:';
const BLOCK = 'block:';

/** One key per service, catalogue, resource and filters (in a fixed order). */
export function savedListKey(resource: Resource, filters: ListFilters, config: ApiConfig): string {
  const base = new URL(`${config.baseUrl}/api/`, globalThis.location.href).href;
  const sorted = Object.entries(filters as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([base, catalogueSource(), resource, sorted]);
}

/** `block:<list>#<generation>#<index>`; a generation starts with the time of its save. */
const blockKey = (list: string, generation: string, index: number) =>
  `${BLOCK}${list}#${generation}#${String(index)}`;

function blockKeys(list: string, head: Pick<Head, 'generation' | 'blocks'>): string[] {
  return Array.from({ length: head.blocks }, (_, i) => blockKey(list, head.generation, i));
}

let saves = 0;
const newGeneration = (now: number) => `${String(now)}.${String(++saves)}`;

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

/** The saved list of `resource` under `key`, with rows ready, or undefined when none is fit to show. */
export async function restoreList<R extends Resource>(
  resource: R,
  key: string,
  now = Date.now(),
): Promise<ListData<ResourceModels[R]> | undefined> {
  return attempt(async (db) => {
    const head = await get<Head>(HEAD + key, db);
    if (!head) return undefined;
    if (!fitToShow(head, now)) {
      await forget(db, key, head);
      return undefined;
    }
    // One transaction for every block (each still arrives in a task of its own).
    const blocks = await getMany<unknown>(blockKeys(key, head), db);
    // A block missing or spoilt (another version's, a store that was tampered with) is never read.
    if (!blocks.every((block): block is RowBlock => isWholeBlock(block, resource)))
      return undefined;
    const rows = blocks.flatMap((block) => blockRows<R>(block));
    return { ...head.summary, rows, blocks, savedAt: head.savedAt };
  });
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
    notLoaded: data.notLoaded,
    offsetIgnored: data.offsetIgnored,
    totalChanged: data.totalChanged,
    nextOffset: data.nextOffset,
  };
}

/**
 * Keeps a whole list. Only a list that holds exactly its pages' rows is kept: one that changed
 * while it loaded (rows skipped as repeats) or was cut at the row cap is not a copy to come back to.
 */
export function saveList(key: string, data: ListData<unknown>, now = Date.now()): Promise<void> {
  if (!data.complete || data.notLoaded > 0) return Promise.resolve();
  const inBlocks = data.blocks.reduce((sum, block) => sum + block.length, 0);
  if (inBlocks !== data.rows.length) return Promise.resolve();
  const { blocks } = data;
  const summary = listSummary(data);
  return inTurn(() =>
    attempt(async (db) => {
      const before = await get<Head>(HEAD + key, db);
      const head: Head = {
        format: FORMAT,
        savedAt: now,
        generation: newGeneration(now),
        blocks: blocks.length,
        summary,
      };
      // The new blocks go beside the old list, each in its own transaction (the copy of each is
      // short), then the head that names them: until that moment a reload still finds the old
      // list whole, and a save that stops half way leaves only blocks no head names.
      const names = blockKeys(key, head);
      for (const [i, name] of names.entries()) {
        // Copying a block for the store takes the page's thread for tens of milliseconds (a
        // page of 50,000 seeds, about 45): each waits for an idle moment, so that it neither
        // delays the list's last rows nor falls in the middle of a scroll.
        await new Promise<void>((resolve) => whenIdle(resolve, IDLE_WAIT_MS));
        await setMany([[name, blocks[i]]], db);
      }
      await setMany([[HEAD + key, head]], db);
      if (before?.generation) await delMany(blockKeys(key, before), db);
      await prune(db, now);
    }),
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

async function forget(db: UseStore, key: string, head: Head | undefined): Promise<void> {
  await delMany([HEAD + key, ...(head?.generation ? blockKeys(key, head) : [])], db);
}

/** Drops lists too old to show, and the oldest beyond MOST_LISTS. */
async function prune(db: UseStore, now: number): Promise<void> {
  const all = (await keys<string>(db)).filter((k) => k.startsWith(HEAD));
  const heads = await Promise.all(
    all.map(async (k) => ({ key: k.slice(HEAD.length), head: await get<Head>(k, db) })),
  );
  const live = heads
    .filter((entry) => entry.head && now - entry.head.savedAt <= SAVED_FOR_MS)
    .sort((a, b) => (b.head?.savedAt ?? 0) - (a.head?.savedAt ?? 0));
  const keep = new Set(live.slice(0, MOST_LISTS).map((entry) => entry.key));
  for (const { key, head } of heads) {
    if (!keep.has(key)) await forget(db, key, head);
  }
  // Blocks no kept head names: a save that stopped half way, or an older format's. Recent ones
  // are left alone, as another tab may be writing them now.
  const current = new Set(
    live.filter((entry) => keep.has(entry.key)).map((e) => `${e.key}#${e.head?.generation ?? ''}`),
  );
  const orphans = (await keys<string>(db)).filter((k) => {
    if (!k.startsWith(BLOCK)) return false;
    const save = k.slice(BLOCK.length, k.lastIndexOf('#'));
    if (current.has(save)) return false;
    const savedAt = Number(save.slice(save.lastIndexOf('#') + 1).split('.')[0]);
    return !(now - savedAt < UNFINISHED_FOR_MS);
  });
  if (orphans.length > 0) await delMany(orphans, db);
}

/** Empties the saved catalogue. */
export function clearSavedLists(): Promise<void> {
  return inTurn(async () => {
    await attempt(async (db) => {
      await delMany(await keys(db), db);
    });
  });
}
