/**
 * "Since your copy of 20 Nov 09:12: 12 added, 40 changed, 3 gone": when a refresh replaces a
 * saved list older than a minute, what changed between the two (since-saved-compare.ts), worked
 * out in background slices after the fresh list is on screen, and kept beside the saved list in
 * the browser's store, so that a reload still shows it, until it is dismissed or a later refresh
 * brings changes of its own. It is kept under the list's own key: per catalogue, and with
 * sign-in per person, so nothing of it reaches anyone else, and clearing the saved catalogue
 * clears it.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { del, get, setMany } from 'idb-keyval';
import { runJobInSlices } from '../scheduling';
import type { Resource } from '../contract/wire';
import { defaultApiConfig, type ApiConfig } from './config';
import type { ListFilters } from '../addresses/service-lists';
import type { ListData } from './load-list';
import { SINCE, savedListKey } from './saved-lists';
import { attempt } from './saved-store';
import type { ListChanges } from './since-saved-compare';

/** A saved copy younger than this is not compared: the list was just loaded. */
export const LEAST_COPY_AGE_MS = 60_000;

export interface SavedChanges extends ListChanges {
  /** When the copy the fresh list replaced was saved. */
  readonly copyAt: number;
}

const queryKeyOf = (savedKey: string) => ['since-saved', savedKey] as const;

/**
 * After a refresh replaced `copy` with `fresh` (the lists differ): the changes between them, when
 * the copy came from the store and is old enough; otherwise the changes kept from before go, as
 * they are no longer the latest.
 */
export async function noteChanges(
  client: QueryClient,
  savedKey: string,
  copy: ListData<unknown>,
  fresh: ListData<unknown>,
  now = Date.now(),
): Promise<void> {
  const key = queryKeyOf(savedKey);
  if (copy.savedAt === null || now - copy.savedAt < LEAST_COPY_AGE_MS) {
    if (client.getQueryData(key) !== null) client.setQueryData(key, null);
    await attempt((db) => del(SINCE + savedKey, db));
    return;
  }
  const { compareJob, comparisonMeasure } = await import('./since-saved-compare');
  const changes = await runJobInSlices(compareJob(copy.rows as object[], fresh.rows as object[]), {
    priority: 'background',
    measure: comparisonMeasure(copy.rows.length, fresh.rows.length),
  });
  const saved: SavedChanges = { ...changes, copyAt: copy.savedAt };
  client.setQueryData(key, saved);
  await attempt((db) => setMany([[SINCE + savedKey, saved]], db));
}

function isSavedChanges(value: unknown): value is SavedChanges {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.copyAt === 'number' &&
    ['added', 'changed', 'unknown', 'gone'].every((name) => Array.isArray(v[name])) &&
    ['addedRows', 'changedRows', 'unknownRows'].every((name) => typeof v[name] === 'number')
  );
}

/** The changes kept for a list, or null (none, or a stored entry that does not read as one). */
async function readChanges(savedKey: string): Promise<SavedChanges | null> {
  const value = await attempt((db) => get<unknown>(SINCE + savedKey, db));
  return isSavedChanges(value) ? value : null;
}

/** What changed since the saved copy the last refresh of this list replaced, and its dismissal. */
export function useSavedChanges(
  resource: Resource,
  filters: ListFilters,
  config: ApiConfig = defaultApiConfig,
): { changes: SavedChanges | null; dismiss: () => void } {
  const savedKey = savedListKey(resource, filters, config);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeyOf(savedKey),
    queryFn: () => readChanges(savedKey),
    staleTime: Infinity,
    structuralSharing: false,
  });
  const dismiss = useCallback(() => {
    client.setQueryData(queryKeyOf(savedKey), null);
    void attempt((db) => del(SINCE + savedKey, db));
  }, [client, savedKey]);
  return { changes: query.data ?? null, dismiss };
}
