/**
 * Turns a response body into the domain model. Every byte from the network is `unknown` until it
 * passes through here. A record is kept whenever its id can be read; what else it lacks is unknown
 * for that record and counted for the list, so a page can say once what the service did not send.
 */
import type { Resource } from '../contract/wire';
import type { ResourceModels } from './records';
import { RECORD_FIELDS, type FieldSpec, type Fields, type RecordOf, type Unknown } from './records';
import {
  excerpt,
  id as readId,
  isObject,
  NO_OVERSIZE,
  NOT_READ,
  takeCuts,
  type Oversize,
} from './values';

export { parseInstant } from './calendar';
export { parseTopics } from './values';

/** Why a record was left out: only an id that cannot be read loses a record. */
export interface RecordProblem {
  /** Position of the record in the response. */
  readonly index: number;
  /** The service's name for the field at fault (`id`), or empty for an item that is no record. */
  readonly field: string;
  readonly message: string;
}

/** A record read field by field, or why it could not be. */
export type RecordResult<T> = { ok: true; record: T } | { ok: false; problem: RecordProblem };

/** Reads one record, keeping it whenever its id can be read. Never throws. */
function readRecord<F extends Fields>(
  fields: F,
  raw: unknown,
  index: number,
): RecordResult<RecordOf<F>> {
  if (!isObject(raw)) {
    return {
      ok: false,
      problem: { index, field: '', message: `is ${describe(raw)}, not a record` },
    };
  }
  const id = readId(raw.id);
  if (id === NOT_READ) {
    return {
      ok: false,
      problem: {
        index,
        field: 'id',
        message: raw.id === undefined ? 'is missing' : `is not a whole number: ${excerpt(raw.id)}`,
      },
    };
  }
  const record: Record<string, unknown> = { id };
  let unknown: Record<string, Unknown> | undefined;
  for (const key in fields) {
    const spec = fields[key] as FieldSpec<unknown> & { fallback?: unknown };
    const value = spec.pick ? spec.pick(raw) : raw[spec.wire];
    let why: Unknown | undefined;
    if (value === undefined) {
      record[key] = spec.fallback ?? null;
      why = MISSING;
    } else {
      const read = spec.read(value);
      if (read.ok) {
        record[key] = read.value;
        if (read.partly !== undefined) why = { reason: 'unreadable', excerpt: read.partly };
      } else {
        record[key] = spec.fallback ?? null;
        why = { reason: 'unreadable', excerpt: read.excerpt };
      }
    }
    if (why) (unknown ??= {})[key] = why;
  }
  if (unknown) record.unknown = unknown;
  return { ok: true, record: record as RecordOf<F> };
}

const MISSING: Unknown = { reason: 'missing' };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

/** How many records of a list lack a field, or sent it in a form that cannot be read. */
export interface FieldGap {
  readonly missing: number;
  readonly unreadable: number;
  /** The first unreadable value, as the service sent it (clipped). */
  readonly excerpt: string | null;
}

/** Field key → its gap; fields every record had in readable form are not listed. */
export type FieldGaps = Readonly<Record<string, FieldGap>>;

/** Reads one record, field by field; the problem says why it had to be left out. */
export function parseRecord<R extends Resource>(
  resource: R,
  raw: unknown,
  index: number,
): RecordResult<ResourceModels[R]> {
  return readRecord(RECORD_FIELDS[resource], raw, index) as RecordResult<ResourceModels[R]>;
}

/** What reading a list's items left out or found missing, whatever the records went into. */
export interface ReadingReport {
  problems: RecordProblem[];
  gaps: FieldGaps;
  /** Records too big to hold whole, kept cut. */
  oversize: Oversize;
}

export interface ParsedRecords<T> extends ReadingReport {
  records: T[];
}

/**
 * Reads a list's items one by one, handing each readable record to `take`. `fast`, when given,
 * may take an item itself, whole (it then says true); the others are read field by field. Never
 * throws: whatever the items are, the report has a problem for each item that could not be read.
 */
export function readItems<R extends Resource>(
  resource: R,
  items: readonly unknown[],
  firstIndex: number,
  take: (record: ResourceModels[R]) => void,
  fast?: (raw: unknown) => boolean,
): ReadingReport {
  const problems: RecordProblem[] = [];
  let gaps: Record<string, FieldGap> | undefined;
  let oversize = NO_OVERSIZE;
  takeCuts();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    // The fast route takes no record too big to hold whole: those are read (and cut) below.
    if (fast?.(item)) continue;
    const result = parseRecord(resource, item, firstIndex + i);
    const cut = takeCuts();
    if (cut.values > 0 || cut.crowded > 0) oversize = addCuts(oversize, cut);
    if (!result.ok) {
      problems.push(result.problem);
      continue;
    }
    const { record } = result;
    take(record);
    if (record.unknown === undefined) continue;
    gaps ??= {};
    for (const [key, why] of Object.entries(record.unknown)) {
      if (!why) continue;
      const gap = gaps[key] ?? { missing: 0, unreadable: 0, excerpt: null };
      gaps[key] =
        why.reason === 'missing'
          ? { ...gap, missing: gap.missing + 1 }
          : { ...gap, unreadable: gap.unreadable + 1, excerpt: gap.excerpt ?? why.excerpt };
    }
  }
  return { problems, gaps: gaps ?? NO_GAPS, oversize };
}

/** One record's cuts added to a list's. */
function addCuts(list: Oversize, cut: ReturnType<typeof takeCuts>): Oversize {
  return {
    cut: list.cut + (cut.values > 0 ? 1 : 0),
    longest: Math.max(list.longest, cut.longest),
    crowded: list.crowded + cut.crowded,
    mostFields: Math.max(list.mostFields, cut.mostFields),
  };
}

/** The oversized records of two parts of one list, together. */
export function mergeOversize(a: Oversize, b: Oversize): Oversize {
  if (b === NO_OVERSIZE) return a;
  if (a === NO_OVERSIZE) return b;
  return {
    cut: a.cut + b.cut,
    longest: Math.max(a.longest, b.longest),
    crowded: a.crowded + b.crowded,
    mostFields: Math.max(a.mostFields, b.mostFields),
  };
}

/** Parses a list of records, as `readItems` reads them. */
export function parseRecords<R extends Resource>(
  resource: R,
  items: readonly unknown[],
  firstIndex = 0,
): ParsedRecords<ResourceModels[R]> {
  const records: ResourceModels[R][] = [];
  const report = readItems(resource, items, firstIndex, (record) => records.push(record));
  return { records, ...report };
}

const NO_GAPS: FieldGaps = {};

/** The gaps of two parts of one list, together. */
export function mergeGaps(a: FieldGaps, b: FieldGaps): FieldGaps {
  if (b === NO_GAPS || Object.keys(b).length === 0) return a;
  if (a === NO_GAPS || Object.keys(a).length === 0) return b;
  const out: Record<string, FieldGap> = { ...a };
  for (const [key, gap] of Object.entries(b)) {
    const before = out[key];
    out[key] = before
      ? {
          missing: before.missing + gap.missing,
          unreadable: before.unreadable + gap.unreadable,
          excerpt: before.excerpt ?? gap.excerpt,
        }
      : gap;
  }
  return out;
}

/** A field as a list page talks about it. */
export interface FieldInfo {
  readonly key: string;
  readonly wire: string;
  readonly label: string;
  readonly optional: boolean;
}

/** The fields of a resource, by key, for messages about them. */
export function fieldInfo(resource: Resource, key: string): FieldInfo | undefined {
  const fields: Readonly<Record<string, FieldSpec<unknown>>> = RECORD_FIELDS[resource];
  const spec = Object.hasOwn(fields, key) ? fields[key] : undefined;
  return spec && { key, wire: spec.wire, label: spec.label, optional: spec.optional === true };
}

/** What a list's gaps mean for the page that shows it. */
export interface GapReport {
  /** Fields no record has: a property of the service's representation, not an error. */
  readonly absent: readonly FieldInfo[];
  /** Fields some records lack or sent in a form that cannot be read. */
  readonly partial: readonly (FieldGap & { readonly field: FieldInfo })[];
}

/** Sorts a list's gaps into fields absent from every record and fields unknown in some. */
export function reportGaps(resource: Resource, gaps: FieldGaps, records: number): GapReport {
  const absent: FieldInfo[] = [];
  const partial: (FieldGap & { field: FieldInfo })[] = [];
  if (records === 0) return { absent, partial };
  // In the order the fields are defined, so notices read the same on every load.
  for (const key of Object.keys(RECORD_FIELDS[resource])) {
    const gap = Object.hasOwn(gaps, key) ? gaps[key] : undefined;
    const field = fieldInfo(resource, key);
    if (!gap || !field) continue;
    if (gap.missing === records) absent.push(field);
    else if (gap.unreadable > 0 || !field.optional) partial.push({ ...gap, field });
  }
  return { absent, partial };
}

/** The list shapes the service has been seen to send: a bare array, or a paginated envelope. */
export type ListBody =
  | { kind: 'array'; items: unknown[] }
  | { kind: 'envelope'; items: unknown[]; count: number | null }
  | { kind: 'invalid'; reason: string };

export function readListBody(body: unknown): ListBody {
  if (Array.isArray(body)) return { kind: 'array', items: body };
  if (body !== null && typeof body === 'object' && 'results' in body) {
    const { results, count } = body as { results: unknown; count?: unknown };
    if (!Array.isArray(results)) return { kind: 'invalid', reason: '"results" is not a list' };
    return {
      kind: 'envelope',
      items: results,
      count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null,
    };
  }
  if (body !== null && typeof body === 'object' && 'detail' in body) {
    const { detail } = body;
    return { kind: 'invalid', reason: typeof detail === 'string' ? detail : 'an error object' };
  }
  return { kind: 'invalid', reason: `expected a list of records, got ${describeJson(body)}` };
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
