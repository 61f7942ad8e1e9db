/**
 * A big saved list read back in parts: the rows come back in their order whatever the blocks'
 * sizes, the page is handed the first ones before the last block is read (each part a prefix of
 * the list, with the saved count and never called whole), a save the browser had no room for is
 * never read back as a list and says so, and a block gone from the store means the list loads
 * from the service.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBlock } from '../../../src/api/block-builder';
import { defaultApiConfig } from '../../../src/api/config';
import { listView, useSeeds } from '../../../src/api/hooks';
import { listOf } from '../../../src/api/list-identity';
import { loadList, type ListData } from '../../../src/api/load-list';
import type { Seed } from '../../../src/api/records';
import { toPlain } from '../../../src/api/row-block';
import {
  clearSavedLists,
  restoreList,
  saveList,
  savedListKey,
  savesWritten,
} from '../../../src/api/saved-lists';
import { savingState, setSaving } from '../../../src/api/saved-store';
import { SavedData } from '../../../src/components/saved-data';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';

const catalogue = generateCatalogue({ seeds: 1_200 });
setupCatalogueServer(catalogue);

const config = { ...defaultApiConfig, firstPageSize: 100, pageSize: 300, maxPageSize: 300 };
const key = () => savedListKey('seed', { format: 'api' }, config);

let whole: ListData<Seed>;

async function loadWhole(): Promise<ListData<Seed>> {
  let last: ListData<Seed> | undefined;
  for await (const snapshot of loadList('seed', { format: 'api' }, { config })) last = snapshot;
  if (!last) throw new Error('no list');
  return last;
}

/** The same list, its rows cut into blocks at `cuts` (sorted places between 0 and its length). */
function reblocked(list: ListData<Seed>, cuts: readonly number[]): ListData<Seed> {
  const edges = [0, ...cuts, list.rows.length];
  const blocks = edges
    .slice(1)
    .map((end, i) => encodeBlock('seed', list.rows.slice(edges[i], end)));
  return { ...list, blocks };
}

const plain = (rows: readonly unknown[]) => rows.map((row) => toPlain(row as object));

/** The keys of every entry the store holds. */
async function storedKeys(): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('catalogue-explorer');
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error('open failed'));
    };
  });
  const keys = await new Promise<IDBValidKey[]>((resolve) => {
    const request = db.transaction('saved-lists').objectStore('saved-lists').getAllKeys();
    request.onsuccess = () => {
      resolve(request.result);
    };
  });
  db.close();
  return keys.map(String);
}

beforeAll(async () => {
  whole = await loadWhole();
});

beforeEach(() => {
  setSaving(true);
});

afterEach(async () => {
  await clearSavedLists();
  setSaving(false);
  vi.restoreAllMocks();
});

describe('a list saved in blocks', () => {
  it('comes back in parts: each a prefix with the saved count, then the whole list in order', async () => {
    const list = reblocked(whole, [100, 400, 700, 1_000]);
    await saveList(key(), list);
    const parts: ListData<Seed>[] = [];
    const back = await restoreList('seed', key(), { onPart: (_, part) => parts.push(part()) });
    expect(plain(back?.rows ?? [])).toEqual(plain(list.rows));
    expect(back?.complete).toBe(true);
    // One part after every block but the last: 100, 400, 700 and 1,000 rows read.
    expect(parts.map((part) => part.rows.length)).toEqual([100, 400, 700, 1_000]);
    for (const part of parts) {
      expect(part.complete).toBe(false);
      expect(part.total).toBe(list.total);
      expect(part.totalCertain).toBe(true);
      expect(part.savedAt).toBe(back?.savedAt);
      expect(plain(part.rows)).toEqual(plain(list.rows.slice(0, part.rows.length)));
      // Versions of one list: what the page worked out from a part is taken up by the next.
      expect(listOf(part.rows)).toBe(listOf(back?.rows ?? []));
    }
  });

  it('is asked for a few blocks at a time, each once a block before it has come', async () => {
    const cuts = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000];
    await saveList(key(), reblocked(whole, cuts));
    // The browser takes each big value into the page as it arrives: a list asked for whole kept
    // the page from painting its first block's rows until most of the rest had come in.
    const { get } = Object.getOwnPropertyDescriptors(IDBObjectStore.prototype);
    const original = get.value as IDBObjectStore['get'];
    const log: ('asked' | 'came')[] = [];
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
      this: IDBObjectStore,
      query: IDBValidKey | IDBKeyRange,
    ) {
      const request = original.call(this, query);
      log.push('asked');
      request.addEventListener('success', () => log.push('came'));
      return request;
    });
    const back = await restoreList('seed', key());
    expect(plain(back?.rows ?? [])).toEqual(plain(whole.rows));
    // The head, read on its own, then eleven blocks: the first alone, then at most three asked
    // for beyond the last that came.
    const blocks = log.slice(2);
    expect(log.slice(0, 2)).toEqual(['asked', 'came']);
    expect(blocks.filter((entry) => entry === 'asked')).toHaveLength(cuts.length + 1);
    expect(blocks.slice(0, 2)).toEqual(['asked', 'came']);
    let waiting = 0;
    let most = 0;
    for (const entry of blocks) {
      waiting += entry === 'asked' ? 1 : -1;
      most = Math.max(most, waiting);
    }
    expect(most).toBe(3);
  });

  // Saving and reading a list of 1,200 seeds a dozen times takes seconds on a busy machine.
  it(
    'comes back the same whatever its blocks, in every order of cuts',
    { timeout: 60_000 },
    async () => {
      const length = whole.rows.length;
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 0, max: length }), { maxLength: 6 }),
          async (places) => {
            const cuts = [...places].sort((a, b) => a - b);
            const list = reblocked(whole, cuts);
            await saveList(key(), list);
            const sizes: number[] = [];
            const back = await restoreList('seed', key(), {
              onPart: (rowsRead) => sizes.push(rowsRead),
            });
            expect(plain(back?.rows ?? [])).toEqual(plain(whole.rows));
            // A part after each block but the last, at that block's end (empty blocks included).
            expect(sizes).toEqual(cuts);
          },
        ),
        { numRuns: 12 },
      );
    },
  );
});

describe('a save the browser has no room for', () => {
  it('is never read back as a list, leaves nothing behind, and says why', async () => {
    const key0 = key();
    const older = reblocked(whole, [600]);
    await saveList(key0, older, Date.now() - 60_000);
    const before = await storedKeys();
    // The third block's write is refused for want of room.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called on its store below
    const put = IDBObjectStore.prototype.put;
    let blockWrites = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      const [, name] = args;
      if (typeof name === 'string' && name.startsWith('block:') && ++blockWrites === 3) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    });
    render(<SavedData />);
    await saveList(key0, reblocked(whole, [200, 400, 600, 800]));
    expect(blockWrites).toBe(3);
    expect(
      await screen.findByText(
        /^The list of 1,200 seeds was not kept for the next visit: the browser has no room left for its \d+ MB\./,
      ),
    ).toBeVisible();
    // Saving stops for this visit, said once.
    expect(savingState()).toEqual({
      kind: 'unavailable',
      reason: expect.stringContaining('no room'),
    });
    // Nothing of the new save is left; on the next visit the copy saved before is read back whole.
    expect((await storedKeys()).sort()).toEqual(before.sort());
    setSaving(true);
    const back = await restoreList('seed', key0);
    expect(back?.blocks).toHaveLength(2);
    expect(plain(back?.rows ?? [])).toEqual(plain(whole.rows));
  });
});

describe('a restore that finds a block gone', () => {
  it('is no list: the note says so, and the page loads the list from the service', async () => {
    await saveList(key(), reblocked(whole, [100, 600]));
    await savesWritten();
    const db = await new Promise<IDBDatabase>((resolve) => {
      indexedDB.open('catalogue-explorer').onsuccess = (event) => {
        resolve((event.target as IDBOpenDBRequest).result);
      };
    });
    const last = (await storedKeys()).find((k) => k.startsWith('block:') && k.endsWith('#2'));
    if (last === undefined) throw new Error('no last block');
    await new Promise((resolve) => {
      db.transaction('saved-lists', 'readwrite').objectStore('saved-lists').delete(last).onsuccess =
        resolve;
    });
    db.close();
    render(<SavedData />);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const seen: { rows: number; savedAt: number | null; complete: boolean }[] = [];
    const page = renderHook(
      () => {
        const view = listView(useSeeds({}));
        seen.push({
          rows: view.rows.length,
          savedAt: view.savedAt,
          complete: view.data?.complete ?? false,
        });
        return view;
      },
      { wrapper },
    );
    await waitFor(() => {
      expect(page.result.current.data?.complete).toBe(true);
    });
    // The first parts were shown as what they are (not whole), and the list came from the service.
    expect(seen.some((s) => s.savedAt !== null && !s.complete && s.rows === 100)).toBe(true);
    expect(seen.some((s) => s.savedAt !== null && s.complete)).toBe(false);
    expect(page.result.current.savedAt).toBeNull();
    expect(plain(page.result.current.rows)).toEqual(plain(whole.rows));
    expect(
      await screen.findByText(
        'A saved list could not be read back whole, so it was loaded from the catalogue service instead.',
        { exact: false },
      ),
    ).toBeVisible();
  });
});
