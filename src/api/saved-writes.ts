/**
 * Writing a list into the saved catalogue (saved-lists.ts keeps the keys and the order in which
 * writes reach the store): its blocks one per idle moment, then the head that names them, then
 * the lists too old or too many dropped. It loads with the page, not on first use: a first visit
 * saves its list before the network is idle, and the file of its own that it was cost that visit
 * more than it saved a later one (0.5 KB of gzip on `/collections`).
 */
import { delMany, get, keys, setMany, type UseStore } from 'idb-keyval';
import type { Resource } from '../contract/wire';
import { whenIdle } from '../scheduling';
import type { ListData } from './load-list';
import {
  BLOCK,
  FORMAT,
  HEAD,
  SAVED_FOR_MS,
  blockKeys,
  forget,
  newGeneration,
  type Head,
  type PackedNumbers,
  type Summary,
} from './saved-keys';
import type { RowBlock } from './row-block';
import { isQuotaError, setNote } from './saved-store';

/** The most lists kept; the least recently saved go first. */
const MOST_LISTS = 12;
/** The longest a block waits for the page to be idle before it is saved all the same. */
const IDLE_WAIT_MS = 10_000;
/** Blocks of no list's current save are left this long: another tab may be writing them. */
const UNFINISHED_FOR_MS = 10 * 60 * 1000;

export interface ListWrite {
  readonly key: string;
  readonly data: ListData<unknown>;
  readonly summary: Summary;
  /** What the list's columns hold, for the page's word when there is no room for them. */
  readonly bytes: number;
  readonly now: number;
  /** False once the saved catalogue was cleared after the save was asked for. */
  readonly stillWanted: () => boolean;
}

/** Writes a list beside the one saved under its key, then names it in its head. */
export async function writeList(
  db: UseStore,
  { key, data, summary, bytes, now, stillWanted }: ListWrite,
): Promise<void> {
  const { blocks } = data;
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
    // Cleared meanwhile: nothing more is written.
    if (!stillWanted()) return;
    try {
      await setMany([[name, packedBlock(blocks[i] as RowBlock)]], db);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      // No room for this list: what was written of it goes at once (no head ever names it,
      // and the copy saved before stays whole), the page says which list, and saving stops
      // for this visit (attempt, below).
      await delMany(names.slice(0, i + 1), db).catch(() => undefined);
      setNote(notKept(data.rows.length, blocks[0]?.resource, bytes));
      throw error;
    }
  }
  if (!stillWanted()) return;
  await setMany([[HEAD + key, head]], db);
  if (before?.generation) await delMany(blockKeys(key, before), db);
  await prune(db, now);
}

/** A block as stored: its arrays of whole numbers packed where that takes fewer bytes. */
export function packedBlock(block: RowBlock): unknown {
  return { ...block, columns: packed(block.columns) };
}

function packed(value: unknown): unknown {
  if (value instanceof Float64Array || value instanceof Uint32Array) return packedNumbers(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (ArrayBuffer.isView(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, packed(part)]));
}

/** Fewer numbers than this are kept as they are: packed, they would save less than they add. */
const FEWEST_PACKED = 64;

/**
 * The numbers in the narrowest array that holds each one's difference from the least (or, for
 * numbers that never go down, from the one before) exactly; or the array itself when they are not
 * all whole numbers from 0 to 4,294,967,295 (-0 and NaN are not), or would take as many bytes.
 */
function packedNumbers(values: Float64Array | Uint32Array): PackedNumbers | typeof values {
  const { length } = values;
  const first = values[0];
  if (first === undefined || length < FEWEST_PACKED) return values;
  let least = first;
  let most = first;
  let step = 0;
  let rising = true;
  for (let i = 0, before = first; i < length; i++) {
    const value = values[i] as number;
    // Whole numbers from 0 to 2³² - 1 only (not NaN, not -0), in one test but for 0.
    if (value >>> 0 !== value || (value === 0 && 1 / value < 0)) return values;
    if (value < least) least = value;
    else if (value > most) most = value;
    if (value < before) rising = false;
    else if (value - before > step) step = value - before;
    before = value;
  }
  const top = rising ? step : most - least;
  const Narrow = top < 0x100 ? Uint8Array : top < 0x1_0000 ? Uint16Array : Uint32Array;
  if (Narrow.BYTES_PER_ELEMENT >= values.BYTES_PER_ELEMENT) return values;
  const out = new Narrow(length);
  if (rising)
    for (let i = 1; i < length; i++) out[i] = (values[i] as number) - (values[i - 1] as number);
  else for (let i = 0; i < length; i++) out[i] = (values[i] as number) - least;
  const packedAs = values instanceof Float64Array ? 'Float64Array' : 'Uint32Array';
  return { packedAs, base: rising ? first : least, rising, values: out };
}

/** What the page says of a list the browser had no room for. */
function notKept(rows: number, resource: Resource | undefined, bytes: number): string {
  const nouns = `${(resource ?? 'row').replace('_', ' ')}s`;
  const size = Math.ceil(bytes / 1_048_576).toLocaleString('en-US');
  return `The list of ${rows.toLocaleString('en-US')} ${nouns} was not kept for the next visit: the browser has no room left for its ${size} MB.`;
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
