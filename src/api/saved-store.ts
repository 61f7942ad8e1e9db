/**
 * The browser's store under the saved catalogue (saved-lists.ts): whether saving works here, said
 * once (a store missing, full or refused only turns saving off), a quiet note about the last list
 * that could not be shown, and emptying the store whatever state it is in.
 */
import { clear, createStore, type UseStore } from 'idb-keyval';

const DATABASE = 'catalogue-explorer';
const STORE = 'saved-lists';

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

/** A quiet word about the last saved list that could not be shown, or null. */
let note: string | null = null;

export function savedListNote(): string | null {
  return note;
}

export function setNote(next: string | null): void {
  note = next;
  for (const listener of listeners) listener();
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

/** Thrown when the store would not be read at all. */
export class StoreRefused extends Error {}

/** Whether the browser refused a write for want of room. */
export function isQuotaError(error: unknown): boolean {
  // DOMExceptions (a full disk is one) are not Errors everywhere.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  return name === 'QuotaExceededError';
}

export function unavailable(error: unknown): void {
  if (state.kind !== 'on') return;
  const reason = isQuotaError(error)
    ? 'the browser has no room left for them'
    : typeof indexedDB === 'undefined'
      ? 'this browser keeps no data for pages'
      : 'the browser refused to store them (private browsing keeps nothing)';
  setState({ kind: 'unavailable', reason });
}

let store: UseStore | null | undefined;

export function openStore(): UseStore | null {
  if (state.kind !== 'on') return null;
  if (store !== undefined) return store;
  try {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    store = createStore(DATABASE, STORE);
  } catch (error) {
    store = null;
    unavailable(error);
  }
  return store;
}

/** Runs a store operation; a failure turns saving off instead of failing the page. */
export async function attempt<T>(operation: (db: UseStore) => Promise<T>): Promise<T | undefined> {
  const db = openStore();
  if (!db) return undefined;
  try {
    return await operation(db);
  } catch (error) {
    unavailable(error);
    return undefined;
  }
}

/**
 * Empties the store at once, also after it failed (saving is then off, but what was saved before is
 * still there); when even that fails, the whole database goes. Says whether it is empty.
 */
export async function emptyStore(): Promise<boolean> {
  if (state.kind === 'off' || typeof indexedDB === 'undefined') return true;
  try {
    await clear(store ?? createStore(DATABASE, STORE));
    return true;
  } catch {
    return new Promise<boolean>((resolve) => {
      const request = indexedDB.deleteDatabase(DATABASE);
      request.onsuccess = () => {
        resolve(true);
      };
      request.onerror = () => {
        resolve(false);
      };
    });
  }
}
