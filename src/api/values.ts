/**
 * The values inside the service's records and how each is read: timestamps, topics, identifiers,
 * counts, metadata and seed-group references. A reader either gives the value (possibly with parts
 * it had to leave out) or says it could not, with an excerpt of what the service sent. The record
 * definitions (records.ts) are built from these. Timestamps are read by calendar.ts.
 */
import { isSecretName } from '../contract/secret-names';
import { parseInstant } from './calendar';

export interface MetadataEntry {
  readonly id: number;
  readonly value: string;
}

/** Field name → its entries, in the service's order. Fields with no entries are left out. */
export type Metadata = Readonly<Record<string, readonly MetadataEntry[]>>;

export interface SeedGroupRef {
  readonly id: number;
  /** Known when the service embeds the group (format=api); null when it sends only the id. */
  readonly name: string | null;
}

/** Why a field of a record has no value the explorer can show. */
export type Unknown =
  | { readonly reason: 'missing' }
  | {
      readonly reason: 'unreadable';
      /** The beginning of what the service sent, as JSON text. */
      readonly excerpt: string;
    };

/** What reading a field gave: its value (possibly with parts left out), or nothing. */
export type Read<T> = { ok: true; value: T; partly?: string } | { ok: false; excerpt: string };

/** Splits `topics` into codes: null, empty and a trailing `;` give no empty codes. */
export function parseTopics(text: string | null): string[] {
  if (text === null) return [];
  const codes: string[] = [];
  for (const part of text.split(';')) {
    const code = keepText(part.trim());
    if (code !== '' && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** The longest text value kept whole: a mebibyte of characters. */
export const LONGEST_VALUE = 1_048_576;
/** The most metadata fields kept of one record: the first ones, in the service's order. */
export const MOST_FIELDS = 10_000;

/** What reading had to leave out of records too big to hold. */
export interface Oversize {
  /** Records with a value longer than LONGEST_VALUE, each kept cut. */
  readonly cut: number;
  /** The length of the longest value cut, in characters. */
  readonly longest: number;
  /** Records with more than MOST_FIELDS metadata fields, of which the first are kept. */
  readonly crowded: number;
  /** The most metadata fields any of them had. */
  readonly mostFields: number;
}

export const NO_OVERSIZE: Oversize = { cut: 0, longest: 0, crowded: 0, mostFields: 0 };

/**
 * Values cut and fields left out by the checks below since the last `takeCuts`. Reading is
 * synchronous, so what a record's reading adds belongs to that record.
 */
let cuts = { values: 0, longest: 0, crowded: 0, mostFields: 0 };
const NO_CUTS: Readonly<typeof cuts> = Object.freeze({ ...cuts });

/** What was cut since the last call, and a fresh count from here. */
export function takeCuts(): Readonly<typeof cuts> {
  // Nearly every record has nothing cut: nothing is made for it.
  if (cuts.values === 0 && cuts.crowded === 0) return NO_CUTS;
  const taken = cuts;
  cuts = { ...NO_CUTS };
  return taken;
}

/**
 * A text value, cut to LONGEST_VALUE characters when it is longer, with its full length named:
 * `…[cut: 52,428,800 characters]`. The cut never splits a surrogate pair, and the kept part is a
 * copy, so the service's whole text can be let go.
 */
export function keepText(value: string): string {
  if (value.length <= LONGEST_VALUE) return value;
  cuts.values++;
  cuts.longest = Math.max(cuts.longest, value.length);
  let end = LONGEST_VALUE;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  const kept = `${value.slice(0, end)}… [cut: ${value.length.toLocaleString('en-US')} characters]`;
  // A slice keeps the whole text it was cut from alive; JSON makes a string of its own.
  return JSON.parse(JSON.stringify(kept)) as string;
}

/** What a check gives for a value that is not of its kind. */
export const NOT_READ: unique symbol = Symbol('not read');

/**
 * How a field's values are kept in a block of rows (row-block.ts): numbers and yes/no in typed
 * arrays, text end to end, timestamps as numbers beside their text, seed-group references and
 * metadata in columns of their own, anything else (short lists) as JSON.
 */
export type ColumnKind = 'number' | 'bool' | 'text' | 'instant' | 'groups' | 'metadata' | 'json';

/**
 * Whether a value is of one kind, and what it reads as: the value (perhaps converted), or
 * NOT_READ; and how a block keeps such values. The record definitions are built from these; a
 * field's reader adds the excerpt of what could not be read.
 */
export interface Check<T> {
  (value: unknown): T | typeof NOT_READ;
  readonly column: ColumnKind;
}

function check<T>(column: ColumnKind, read: (value: unknown) => T | typeof NOT_READ): Check<T> {
  return Object.assign(read, { column });
}

export const text = check('text', (value) =>
  typeof value === 'string' ? keepText(value) : NOT_READ,
);
export const bool = check('bool', (value) => (typeof value === 'boolean' ? value : NOT_READ));
export const safeInteger = check('number', (value) =>
  Number.isSafeInteger(value) ? (value as number) : NOT_READ,
);

/** An identifier: a whole number, or a string of digits (some services send ids as text). */
export const id = check('number', (value) => {
  if (Number.isSafeInteger(value)) return value as number;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NOT_READ;
});
export const count = check('number', (value) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : NOT_READ,
);
/** Byte counts can pass 2^53, where JSON numbers stop being exact; they still order correctly. */
export const bytes = check('number', (value) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : NOT_READ,
);
export const instant = check(
  'instant',
  (value) => (typeof value === 'string' ? parseInstant(value) : null) ?? NOT_READ,
);
export const topics = check('json', (value) =>
  value === null || typeof value === 'string' ? parseTopics(value) : NOT_READ,
);

/** The same check, with null read as null. */
export function nullable<T>(inner: Check<T>): Check<T | null> {
  return check(inner.column, (value) => (value === null ? null : inner(value)));
}

/** A seed in no group: every such seed's list of groups. */
export const NO_GROUPS: readonly SeedGroupRef[] = Object.freeze([]);

/** A seed group as a seed names it: by its id, or as `{id, name}` (the name may be missing). */
export function seedGroupRef(value: unknown): SeedGroupRef | typeof NOT_READ {
  const alone = id(value);
  if (alone !== NOT_READ) return { id: alone, name: null };
  if (!isObject(value)) return NOT_READ;
  const groupId = id(value.id);
  const name = value.name ?? null;
  if (groupId === NOT_READ || (name !== null && typeof name !== 'string')) return NOT_READ;
  return { id: groupId, name };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Up to 40 characters of what the service sent, as JSON, for the title of an unknown value. */
export function excerpt(value: unknown): string {
  let text: string | undefined;
  try {
    // A long string is cut before it is quoted: a value of 50 MB is not copied to show 40 characters.
    text = JSON.stringify(typeof value === 'string' ? value.slice(0, 41) : value);
  } catch {
    // A value JSON cannot write did not come from JSON; say what it is.
  }
  return clip(text ?? String(value));
}

/** A field's reader from a check: the value, or an excerpt of what could not be read. */
export function fromCheck<T>(check: Check<T>): (value: unknown) => Read<T> {
  return (value) => {
    const read = check(value);
    return read === NOT_READ ? { ok: false, excerpt: excerpt(value) } : { ok: true, value: read };
  };
}

/** Keys a plain object cannot hold as data without touching its prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Metadata field names are few and repeat on every record: each is checked once. */
const droppedNames = new Map<string, boolean>();

/**
 * A metadata field the explorer never keeps: a key no plain object can hold, or a credential. The
 * server removes credentials from every answer already (the same rule, src/contract/secret-names);
 * this is the second line, for whatever reaches the page by another way. The reader never copies a
 * record's field it does not define, so login fields and tokens on records are not kept either.
 */
export function isDroppedFieldName(name: string): boolean {
  let dropped = droppedNames.get(name);
  if (dropped === undefined) {
    dropped = UNSAFE_KEYS.has(name) || isSecretName(name);
    if (droppedNames.size < 10_000) droppedNames.set(name, dropped);
  }
  return dropped;
}

export const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Metadata: every entry that can be read is kept; entries (or whole fields) that cannot be read
 * are left out and make the field partly unknown. Fields with no entries are dropped, as are
 * fields whose names say they hold credentials. Of a record with more than MOST_FIELDS fields, the
 * first are kept; names and values longer than LONGEST_VALUE are kept cut.
 */
export function readMetadata(value: unknown): Read<Metadata> {
  if (!isObject(value)) return { ok: false, excerpt: excerpt(value) };
  const out: Record<string, MetadataEntry[]> = {};
  let skipped: string | undefined;
  let fields = 0;
  for (const name in value) {
    if (isDroppedFieldName(name)) continue;
    // Past the limit, the rest are only counted.
    if (++fields > MOST_FIELDS) continue;
    const entries = value[name];
    if (!Array.isArray(entries)) {
      skipped ??= clip(`${name}: ${excerpt(entries)}`);
      continue;
    }
    const kept: MetadataEntry[] = [];
    for (const entry of entries as unknown[]) {
      const entryId = isObject(entry) ? id(entry.id) : NOT_READ;
      if (entryId !== NOT_READ && isObject(entry) && typeof entry.value === 'string') {
        kept.push({ id: entryId, value: keepText(entry.value) });
      } else {
        skipped ??= clip(`${name}: ${excerpt(entry)}`);
      }
    }
    if (kept.length > 0) out[keepText(name)] = kept;
  }
  if (fields > MOST_FIELDS) {
    cuts.crowded++;
    cuts.mostFields = Math.max(cuts.mostFields, fields);
  }
  return skipped === undefined
    ? { ok: true, value: out }
    : { ok: true, value: out, partly: skipped };
}

export function readSeedGroups(value: unknown): Read<SeedGroupRef[]> {
  if (!Array.isArray(value)) return { ok: false, excerpt: excerpt(value) };
  const groups: SeedGroupRef[] = [];
  let skipped: string | undefined;
  for (const item of value as unknown[]) {
    const group = seedGroupRef(item);
    if (group !== NOT_READ)
      groups.push(group.name === null ? group : { id: group.id, name: keepText(group.name) });
    else skipped ??= excerpt(item);
  }
  return skipped === undefined
    ? { ok: true, value: groups }
    : { ok: true, value: groups, partly: skipped };
}

export function readIds(value: unknown): Read<number[]> {
  const ids = Array.isArray(value) ? (value as unknown[]).map(id) : null;
  return ids?.every((one): one is number => one !== NOT_READ)
    ? { ok: true, value: ids }
    : { ok: false, excerpt: excerpt(value) };
}
