/**
 * The code that reads a saved list back (src/api/saved-parts.ts) loads only when there is a saved
 * list to read, so a first visit goes without it. When it cannot be fetched, or not in time, the
 * page says that the saved list could not be read back and shows the list from the service, whole
 * and never mixed with parts of the saved copy.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeBlock } from '../../../src/api/block-builder';
import { defaultApiConfig } from '../../../src/api/config';
import { loadList, type ListData } from '../../../src/api/load-list';
import type { Seed } from '../../../src/api/records';
import { toPlain } from '../../../src/api/row-block';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';

const PARTS = '../../../src/api/saved-parts';

const catalogue = generateCatalogue({ seeds: 600 });
setupCatalogueServer(catalogue);

const config = { ...defaultApiConfig, firstPageSize: 100, pageSize: 300, maxPageSize: 300 };
const plain = (rows: readonly unknown[]) => rows.map((row) => toPlain(row as object));

let whole: ListData<Seed>;

beforeAll(async () => {
  let last: ListData<Seed> | undefined;
  for await (const snapshot of loadList('seed', { format: 'api' }, { config })) last = snapshot;
  if (!last) throw new Error('no list');
  // In three blocks, so that a restore would show parts of it before the whole.
  const edges = [0, 200, 400, last.rows.length];
  whole = {
    ...last,
    blocks: edges.slice(1).map((end, i) => encodeBlock('seed', last.rows.slice(edges[i], end))),
  };
});

/** The parts code's import, counted, and held until `release` (or failing with `fail`). */
function holdPartsCode() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  // Failed before the import asks for it: not a rejection nobody handles.
  gate.catch(() => undefined);
  const imported = vi.fn();
  vi.doMock(PARTS, async (original: () => Promise<unknown>) => {
    imported();
    await gate;
    return original();
  });
  return { release, fail, imported };
}

/** The saved lists' modules from a fresh graph (no parts code loaded), saving on. */
async function fresh() {
  vi.resetModules();
  const lists = await import('../../../src/api/saved-lists');
  const store = await import('../../../src/api/saved-store');
  store.setSaving(true);
  return { ...lists, ...store };
}

/** The seed list as a page shows it, each render's rows, origin and completeness recorded. */
async function seedPage() {
  const { listView, useSeeds } = await import('../../../src/api/hooks');
  const { SavedData } = await import('../../../src/components/saved-data');
  render(<SavedData />);
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const seen: { rows: number; saved: boolean; complete: boolean }[] = [];
  const page = renderHook(
    () => {
      const view = listView(useSeeds({}));
      seen.push({
        rows: view.rows.length,
        saved: view.savedAt !== null,
        complete: view.data?.complete ?? false,
      });
      return view;
    },
    { wrapper },
  );
  return { page, seen };
}

afterEach(async () => {
  const { clearSavedLists, setSaving } = await fresh();
  await clearSavedLists();
  setSaving(false);
  vi.doUnmock(PARTS);
});

describe('the code that reads a saved list back', () => {
  it('is not loaded when there is no saved list to read', async () => {
    const parts = holdPartsCode();
    const { restoreList, savedListKey } = await fresh();
    const back = await restoreList('seed', savedListKey('seed', { format: 'api' }, config));
    expect(back).toBeUndefined();
    expect(parts.imported).not.toHaveBeenCalled();
  });

  it('is loaded for a saved list, which then comes back whole', async () => {
    const parts = holdPartsCode();
    const { restoreList, saveList, savedListKey } = await fresh();
    const key = savedListKey('seed', { format: 'api' }, config);
    await saveList(key, whole);
    expect(parts.imported).not.toHaveBeenCalled();
    parts.release();
    const back = await restoreList('seed', key);
    expect(parts.imported).toHaveBeenCalledTimes(1);
    expect(plain(back?.rows ?? [])).toEqual(plain(whole.rows));
  });

  it('that cannot be fetched: the page says so and shows the list from the service', async () => {
    const parts = holdPartsCode();
    const { saveList, savedListKey, savesWritten } = await fresh();
    await saveList(savedListKey('seed', { format: 'api' }, config), whole);
    await savesWritten();
    parts.fail(new Error('Failed to fetch dynamically imported module'));
    const { page, seen } = await seedPage();
    await waitFor(() => {
      expect(page.result.current.data?.complete).toBe(true);
    });
    expect(parts.imported).toHaveBeenCalled();
    expect(
      await screen.findByText(
        'A saved list could not be read back at all, so it was loaded from the catalogue service instead.',
        { exact: false },
      ),
    ).toBeVisible();
    expect(seen.some((s) => s.saved)).toBe(false);
    expect(page.result.current.savedAt).toBeNull();
    expect(plain(page.result.current.rows)).toEqual(plain(whole.rows));
  });

  it(
    'that does not arrive in time: the page says so, and what comes later is not shown',
    { timeout: 20_000 },
    async () => {
      const parts = holdPartsCode();
      const { saveList, savedListKey, savesWritten } = await fresh();
      await saveList(savedListKey('seed', { format: 'api' }, config), whole);
      await savesWritten();
      const { page, seen } = await seedPage();
      // The first block is due within 3 s; the code is held past that.
      expect(
        await screen.findByText(
          'A saved list could not be read back in time, so it was loaded from the catalogue service instead.',
          { exact: false },
          { timeout: 10_000 },
        ),
      ).toBeVisible();
      await waitFor(() => {
        expect(page.result.current.data?.complete).toBe(true);
      });
      parts.release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen.some((s) => s.saved)).toBe(false);
      expect(page.result.current.savedAt).toBeNull();
      expect(plain(page.result.current.rows)).toEqual(plain(whole.rows));
    },
  );
});
