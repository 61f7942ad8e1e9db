/**
 * The table's sorting code (scheduler.ts, ranking.ts and text-ranks.ts, one file of 8.5 KB), loaded
 * when a table first needs it rather than with the first screen: a list shows its rows in their
 * own order without it. A table asks for it when it is to show a sort (from the address or a
 * header click), when a pointer or the focus reaches a sortable header (so that a click usually
 * finds it there), and when a list is long enough that its sort keys are worth preparing in the
 * background (a short list ranks a column within a click's budget). Once loaded it stays: every
 * later table has it from its first render.
 */
import { useEffect, useState } from 'react';

type SortingCode = typeof import('./scheduler');

/** Rows from which a table prepares its sort keys in the background (fetching the code for it). */
export const PREPARE_FROM_ROWS = 2_000;

let loaded: SortingCode | null = null;
let loading: Promise<SortingCode> | null = null;
/** The address of the code's module when a load failed and the browser named it, and the tries. */
let failedAt: string | null = null;
let tries = 0;

/**
 * The address of the module a failed dynamic import names (as browsers word it: "Failed to
 * fetch dynamically imported module: <address>"), or null.
 */
export function failedModule(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const address = /\b(https?:\/\/\S+?\.m?js)(?:\?\S*)?$/.exec(message.trim())?.[1];
  return address ?? null;
}

const isSortingCode = (value: unknown): value is SortingCode =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<SortingCode>).SortScheduler === 'function';

/**
 * The sorting code in a module asked for by its address: scheduler.ts itself (in development),
 * or the build's `sorting` file, which holds it among the ranking code it shares with the seeds'
 * facets and hands it out as one of its exports (under a name the build chose).
 */
export function sortingCodeIn(module: Record<string, unknown>): SortingCode {
  if (isSortingCode(module)) return module;
  const code = Object.values(module).find(isSortingCode);
  if (code === undefined) throw new Error('the file it loaded holds no sorting code');
  return code;
}

/**
 * Loads the sorting code (once; a failed load is tried again on the next request). Resolves when
 * it is there; rejects with the reason it could not be loaded. Some browsers keep a module whose
 * fetch failed as failed for good, so a later try asks for the address the failure named with a
 * query of its own, which they fetch anew.
 */
export function loadSortingCode(): Promise<SortingCode> {
  loading ??= (
    failedAt === null
      ? import('./scheduler')
      : (
          import(/* @vite-ignore */ `${failedAt}?try=${String(tries)}`) as Promise<
            Record<string, unknown>
          >
        ).then(sortingCodeIn)
  ).then(
    (code) => (loaded = code),
    (error: unknown) => {
      loading = null;
      tries++;
      // Only the code's own module is asked for again so (scheduler.ts, or the build's one
      // `sorting` file of it, vite.config.ts): one of its imports that failed would keep the
      // browser's verdict, which is why the build has none but those the page already loaded.
      const at = failedModule(error);
      if (at !== null && /\/(scheduler|sorting)[-.][^/]*$/.test(at)) failedAt = at;
      throw error;
    },
  );
  return loading;
}

/** Why the sorting code could not be loaded, in words for the table's notice. */
export function sortingFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Sorting is not available: its code could not be loaded (${reason}). The rows are in the order the service sent them.`;
}

/**
 * The sorting code for a table (null until it has loaded), loaded when `wanted` becomes true or
 * `request` is called (a click, a pointer over a header), with the reason in words when it cannot
 * be (null while no load has failed).
 */
export function useSortingCode(wanted: boolean) {
  const [, setLoaded] = useState(loaded);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (loaded || (!wanted && asked === 0)) return;
    let live = true;
    loadSortingCode().then(
      (code) => {
        if (live) setLoaded(code);
      },
      (error: unknown) => {
        if (live) setFailure(sortingFailure(error));
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, asked]);
  return {
    code: loaded,
    failure: loaded ? null : failure,
    request: () => {
      if (loaded) return;
      setFailure(null);
      setAsked((n) => n + 1);
    },
  };
}
