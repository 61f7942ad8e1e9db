/**
 * The fields an archive requires of its seeds or collections, as the user chose them, remembered
 * in this browser (localStorage): checked name by name when read back, and storage that cannot be
 * used (full, private, disabled) only means the choice lasts for this visit.
 */
import { isBlank } from './metadata-audit';
import { sameItems } from './use-same';
export const DEFAULT_REQUIRED_FIELDS: readonly string[] = [
  'Title',
  'Description',
  'Subject',
  'Language',
];

/** What the store keeps: enough for any real schema, not enough to fill the storage quota. */
const MAX_FIELDS = 100;
const MAX_NAME_LENGTH = 200;
const VERSION = 1;

/** Seeds and collections keep separate lists: archives often require more of a collection. */
export type AuditScope = 'seed' | 'collection';

export function requiredFieldsKey(scope: AuditScope): string {
  return `catalogue-explorer:required-fields:${scope}`;
}

/**
 * Reads a stored list: anything that is not a list of names is dropped name by name, and storage
 * holding nothing usable gives the defaults. An empty list stored on purpose stays empty.
 */
export function parseRequiredFields(raw: string | null): readonly string[] {
  if (raw === null) return DEFAULT_REQUIRED_FIELDS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_REQUIRED_FIELDS;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return DEFAULT_REQUIRED_FIELDS;
  }
  const { v, fields } = parsed as { v?: unknown; fields?: unknown };
  if (v !== VERSION || !Array.isArray(fields)) return DEFAULT_REQUIRED_FIELDS;
  return cleanFields(fields);
}

/** Distinct, non-blank names of sensible length, at most MAX_FIELDS of them, in order. */
function cleanFields(fields: readonly unknown[]): string[] {
  const kept = new Set<string>();
  for (const field of fields) {
    if (kept.size >= MAX_FIELDS) break;
    if (typeof field === 'string' && !isBlank(field) && field.length <= MAX_NAME_LENGTH) {
      kept.add(field);
    }
  }
  return [...kept];
}

/** The storage the store uses, or null where there is none (tests, private modes that throw). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export interface RequiredFieldsStore {
  /** The current list; the same array until it changes (as `useSyncExternalStore` needs). */
  readonly get: () => readonly string[];
  /** Remembers a list (cleaned as a stored one is); the defaults are remembered as no choice. */
  readonly set: (fields: readonly string[]) => void;
  readonly reset: () => void;
  /** Calls `listener` on every change, here or in another tab; returns the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void;
}

/**
 * The required fields of one scope, kept in localStorage. Storage that cannot be read or written
 * (private mode, quota, disabled) is ignored: the choice then lasts for this visit only.
 */
export function createRequiredFieldsStore(scope: AuditScope): RequiredFieldsStore {
  const key = requiredFieldsKey(scope);
  const read = (): readonly string[] => {
    try {
      return parseRequiredFields(storage()?.getItem(key) ?? null);
    } catch {
      return DEFAULT_REQUIRED_FIELDS;
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const update = (next: readonly string[]) => {
    if (sameItems(current, next)) return;
    current = next;
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) update(read());
  };
  return {
    get: () => current,
    set: (fields) => {
      const next = cleanFields(fields);
      const isDefault = sameItems(next, DEFAULT_REQUIRED_FIELDS);
      try {
        const store = storage();
        if (isDefault) store?.removeItem(key);
        else store?.setItem(key, JSON.stringify({ v: VERSION, fields: next }));
      } catch {
        // Storage full or unavailable: the choice lasts for this visit only.
      }
      update(isDefault ? DEFAULT_REQUIRED_FIELDS : next);
    },
    reset: () => {
      try {
        storage()?.removeItem(key);
      } catch {
        // As above.
      }
      update(DEFAULT_REQUIRED_FIELDS);
    },
    subscribe: (listener) => {
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.addEventListener('storage', onStorage);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorage);
        }
      };
    },
  };
}
