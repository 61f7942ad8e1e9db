/**
 * The user's column choices for one table (which columns show, how wide they are), remembered in
 * localStorage. What is read back is checked value by value: anything unknown, stale or malformed
 * is dropped, and storage that cannot be used (private mode, quota, disabled) is ignored.
 */

export interface ColumnPrefs {
  /** Explicit choices only; a column missing here uses its default. */
  readonly visibility: Readonly<Record<string, boolean>>;
  readonly widths: Readonly<Record<string, number>>;
}

export interface PrefColumn {
  readonly id: string;
  readonly hiddenByDefault?: boolean;
  readonly minWidth?: number;
}

export const EMPTY_PREFS: ColumnPrefs = { visibility: {}, widths: {} };
export const MAX_COLUMN_WIDTH = 1200;
export const DEFAULT_MIN_WIDTH = 64;

const VERSION = 1;
/** More choices than any table has columns; a store holding more is not the table's. */
const MAX_ENTRIES = 500;

export function storageKey(tableId: string): string {
  return `catalogue-explorer:data-table:${tableId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A map with no prototype, so that any column id (even `__proto__`) is plain data. */
function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether a column shows, given the user's choices. */
export function isColumnVisible(prefs: ColumnPrefs, column: PrefColumn): boolean {
  const choice = ownValue(prefs.visibility, column.id);
  return typeof choice === 'boolean' ? choice : !column.hiddenByDefault;
}

/**
 * The visibility of every column, never hiding all of them: if the choices and defaults together
 * would leave nothing, the first column shows.
 */
export function visibilityState(
  prefs: ColumnPrefs,
  columns: readonly PrefColumn[],
): Record<string, boolean> {
  const state = dictionary<boolean>();
  let any = false;
  for (const column of columns) {
    const visible = isColumnVisible(prefs, column);
    state[column.id] = visible;
    any ||= visible;
  }
  const first = columns[0];
  if (!any && first) state[first.id] = true;
  return state;
}

/** Parses stored choices against the current columns; anything that does not fit is dropped. */
export function parseColumnPrefs(raw: string | null, columns: readonly PrefColumn[]): ColumnPrefs {
  if (raw === null) return EMPTY_PREFS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY_PREFS;
  }
  if (!isRecord(parsed) || parsed.v !== VERSION) return EMPTY_PREFS;
  const storedVisibility = isRecord(parsed.visibility) ? parsed.visibility : {};
  const storedWidths = isRecord(parsed.widths) ? parsed.widths : {};
  const visibility = dictionary<boolean>();
  const widths = dictionary<number>();
  const minWidths = new Map(columns.map((c) => [c.id, c.minWidth ?? DEFAULT_MIN_WIDTH]));
  // Choices for columns the table does not have yet are kept too: a table's columns can follow its
  // rows (one per metadata field), and the choice must still be there when the column is.
  for (const id of Object.keys(storedVisibility).slice(0, MAX_ENTRIES)) {
    const visible = storedVisibility[id];
    if (typeof visible === 'boolean') visibility[id] = visible;
  }
  for (const id of Object.keys(storedWidths).slice(0, MAX_ENTRIES)) {
    const width = storedWidths[id];
    if (typeof width === 'number' && Number.isFinite(width)) {
      const min = minWidths.get(id) ?? DEFAULT_MIN_WIDTH;
      widths[id] = Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(min, width)));
    }
  }
  const prefs = { visibility, widths };
  // Stored choices that would hide every column are not a choice anyone made on purpose.
  if (columns.length > 0 && columns.every((c) => !isColumnVisible(prefs, c))) {
    return { visibility: dictionary<boolean>(), widths };
  }
  return prefs;
}

export function loadColumnPrefs(tableId: string, columns: readonly PrefColumn[]): ColumnPrefs {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(storageKey(tableId));
  } catch {
    return EMPTY_PREFS;
  }
  return parseColumnPrefs(raw, columns);
}

export function saveColumnPrefs(tableId: string, prefs: ColumnPrefs): void {
  try {
    const key = storageKey(tableId);
    if (Object.keys(prefs.visibility).length === 0 && Object.keys(prefs.widths).length === 0) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, JSON.stringify({ v: VERSION, ...prefs }));
    }
  } catch {
    // Storage full or unavailable: the choice lasts for this visit only.
  }
}
