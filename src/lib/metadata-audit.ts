/**
 * The metadata audit shared by seeds and collections: which fields a list of records uses, how
 * many records have each, and which records lack the fields an archive requires.
 *
 * One rule decides whether a record has a field, everywhere (facets, coverage, `missing=`): at
 * least one of its values is not blank, where blank means empty or only whitespace. Values are
 * otherwise compared exactly; `variantKey` is the looser key under which values that differ only
 * in case or surrounding spaces meet, for hints, never for matching.
 *
 * A record whose metadata the service did not send (see `unknownOf`) has an empty map here: it
 * cannot be shown to have a field, so it counts as lacking every one, and `metadataUnknown` says
 * how many such records a figure includes.
 */
import { unknownOf, type Metadata, type UnknownFields } from '../api/records';
import { isBlank, metadataOf, MetadataView, type MetadataTable } from '../api/row-view';
import { DUBLIN_CORE_FIELDS } from '../contract/wire';
import { formatCount, plural } from './format';
import { resume } from './resume';
import { runJob, type Job } from '../scheduling';
import { listParam, quoted, type ListParam } from '../addresses/url-params';

/** Any record with descriptive metadata: seeds and collections. */
export interface WithMetadata {
  readonly metadata: Metadata;
  readonly unknown?: UnknownFields;
}

export { isBlank };

/** The key under which values differing only in case or surrounding spaces meet. */
export function variantKey(value: string): string {
  return value.trim().toLowerCase();
}

/** One view for the calls below, which each read one record and keep nothing of it. */
const view = new MetadataView();

/**
 * Whether a record has at least one non-blank value for a field. Rows of a block answer from its
 * metadata keys, without decoding their metadata.
 */
export function hasField(record: WithMetadata, field: string): boolean {
  return metadataOf(record, view).has(field);
}

/** A record's distinct non-blank values for a field, in the service's order. */
export function fieldValues(record: WithMetadata, field: string): string[] {
  return metadataOf(record, view).values(field);
}

/**
 * Adds to `into` every field name the records from `from` on use, even with blank values only.
 * Rows of a block are read by number, a block's names once per run of its rows.
 */
export function addFieldNames(
  records: readonly WithMetadata[],
  from: number,
  into: Set<string>,
  to = records.length,
): void {
  const row = new MetadataView();
  let table: MetadataTable | undefined;
  let seen = new Uint8Array(0);
  const flush = () => {
    if (!table) return;
    for (let f = 0; f < seen.length; f++) if (seen[f] === 1) into.add(table.fieldName(f));
  };
  for (let i = from; i < to; i++) {
    metadataOf(records[i] as WithMetadata, row);
    if (row.table !== table) {
      flush();
      table = row.table;
      seen = new Uint8Array(table.fieldCount);
    }
    for (let k = 0; k < row.fieldCount; k++) seen[row.field(k)] = 1;
  }
  flush();
}

/** The records that lack a non-blank value for any of `fields` (all records, for no fields: none). */
export function lacksAny(fields: readonly string[]): (record: WithMetadata) => boolean {
  return (record) => fields.some((field) => !hasField(record, field));
}

/** Whether the service left a record's metadata out, or sent it in a form that cannot be read. */
export function metadataUnknown(record: WithMetadata): boolean {
  return unknownOf(record, 'metadata') !== undefined;
}

/** Field names as an archivist reads them: Dublin Core in its order, then the rest, sorted. */
export function orderFieldNames(names: Iterable<string>): string[] {
  const all = new Set(names);
  const core = DUBLIN_CORE_FIELDS.filter((name) => all.has(name));
  const coreSet = new Set<string>(core);
  const others = [...all].filter((name) => !coreSet.has(name)).sort((a, b) => a.localeCompare(b));
  return [...core, ...others];
}

export interface FieldCoverage {
  readonly field: string;
  /** Records with at least one non-blank value. */
  readonly present: number;
  /** `present` as a share of the records audited (0 when there are none). */
  readonly share: number;
  /** Distinct non-blank values among those records, compared exactly. */
  readonly distinct: number;
}

export interface CoverageReport {
  /** Records audited. */
  readonly total: number;
  /** One row per field any record uses (even with blank values only), in `orderFieldNames` order. */
  readonly fields: readonly FieldCoverage[];
  /** Records whose metadata is unknown; they count as lacking every field. */
  readonly metadataUnknown: number;
}

/** Per-field coverage of a list of records. Linear; meant for lists of collections' size. */
export function metadataCoverage(records: readonly WithMetadata[]): CoverageReport {
  const present = new Map<string, number>();
  const distinct = new Map<string, Set<string>>();
  let unknown = 0;
  const row = new MetadataView();
  for (const record of records) {
    if (metadataUnknown(record)) unknown++;
    metadataOf(record, row);
    for (const field of row.names()) {
      let values = distinct.get(field);
      if (!values) {
        values = new Set();
        distinct.set(field, values);
        present.set(field, 0);
      }
      const own = row.values(field);
      for (const value of own) values.add(value);
      if (own.length > 0) present.set(field, (present.get(field) ?? 0) + 1);
    }
  }
  const total = records.length;
  return {
    total,
    metadataUnknown: unknown,
    fields: orderFieldNames(distinct.keys()).map((field) => {
      const count = present.get(field) ?? 0;
      return {
        field,
        present: count,
        share: total === 0 ? 0 : count / total,
        distinct: distinct.get(field)?.size ?? 0,
      };
    }),
  };
}

export interface RequiredAudit {
  readonly total: number;
  /** Records lacking at least one of the required fields. */
  readonly lacking: number;
  /** For each required field in the order given, the records lacking it. */
  readonly byField: readonly { readonly field: string; readonly lacking: number }[];
}

/** An audit of a list so far: its first `length` records. */
interface AuditSoFar {
  length: number;
  readonly byField: number[];
  lacking: number;
}

/**
 * How many records lack a required field: the headline of the coverage audit. A list that grew
 * from one audited before is audited from where that audit stopped.
 */
export function auditRequired(
  records: readonly WithMetadata[],
  required: readonly string[],
): RequiredAudit {
  return runJob(auditRequiredJob(records, required));
}

/** Rows audited between a job's yields: well under a millisecond's work. */
const AUDIT_STEP = 4_096;

/** `auditRequired` as a job, for a list long enough to audit in slices. */
export function* auditRequiredJob(
  records: readonly WithMetadata[],
  required: readonly string[],
): Job<RequiredAudit> {
  const fields = [...new Set(required)];
  const work = {
    key: `required audit\n${fields.join('\n')}`,
    start: (): AuditSoFar => ({ length: 0, byField: fields.map(() => 0), lacking: 0 }),
  };
  const row = new MetadataView();
  // The work kept for the list (or fresh work), taken up where it stopped, a step at a time; a
  // step reads how far the work has come, so two runs over one list share it.
  const so = resume(records, work, (state: AuditSoFar) => state);
  while (so.length < records.length) {
    const end = Math.min(records.length, so.length + AUDIT_STEP);
    for (let i = so.length; i < end; i++) {
      metadataOf(records[i] as WithMetadata, row);
      let lacks = false;
      for (let f = 0; f < fields.length; f++) {
        if (!row.has(fields[f] as string)) {
          so.byField[f] = (so.byField[f] ?? 0) + 1;
          lacks = true;
        }
      }
      if (lacks) so.lacking++;
    }
    so.length = end;
    if (end < records.length) yield;
  }
  return {
    total: records.length,
    lacking: so.lacking,
    byField: fields.map((field, f) => ({ field, lacking: so.byField[f] ?? 0 })),
  };
}

/**
 * What the audited records are, to the table beside them: every record of the list, the records
 * the table shows ("these 31 seeds"), or, while a `missing` filter is in force, the records every
 * other filter keeps (as a facet counts with every filter but its own, so each figure's link, which
 * sets `missing`, lists exactly the records it counts).
 */
export type AuditedRecords = 'all' | 'shown' | 'others';

/** "612 of 8,311 seeds", "12 of these 31 seeds", "12 of the 31 seeds the other filters keep". */
export function lackingOf(
  lacking: number,
  total: number,
  counted: AuditedRecords,
  noun: string,
  nouns: string,
): string {
  const of = plural(total, noun, nouns);
  const base = counted === 'all' ? of : counted === 'shown' ? `these ${of}` : `the ${of}`;
  return `${formatCount(lacking)} of ${base}`;
}

// ---------------------------------------------------------------------------------------------
// The `missing` parameter: the same on every list that audits metadata.

/**
 * Why `missing=` names a field and every record is listed: none has it. A mistyped name must not
 * look like a list where nothing has the field by chance.
 */
export function unusedFieldMessage(field: string, noun: string): string {
  return `No ${noun} in this list has a metadata field ${quoted(field)}, so every ${noun} lacks it. Field names match exactly, capitals included.`;
}

/**
 * The records lacking any of `fields`, in their order, with a message for each field no record
 * uses (`noun` names one record in it, e.g. "collection"). No fields: every record, no message.
 */
export function filterMissing<T extends WithMetadata>(
  records: readonly T[],
  fields: readonly string[],
  noun: string,
): { rows: readonly T[]; messages: string[] } {
  if (fields.length === 0) return { rows: records, messages: [] };
  const used = new Set<string>();
  addFieldNames(records, 0, used);
  const messages =
    records.length === 0
      ? []
      : [...new Set(fields)].filter((f) => !used.has(f)).map((f) => unusedFieldMessage(f, noun));
  return { rows: records.filter(lacksAny(fields)), messages };
}

/**
 * `missing=Title&missing=Date`: the records lacking any of the named fields. Names are kept
 * exactly as written (capitals and spaces matter, as in the service's own field filter).
 */
export function missingFieldsParam(): ListParam<string> {
  return listParam<string>(
    (text) => ({ value: text }),
    (field) => field,
  );
}

/** The query string of the records missing any of `fields`, e.g. `?missing=Title&missing=Date`. */
export function missingSearch(fields: readonly string[], base?: URLSearchParams): string {
  const search = new URLSearchParams(base);
  search.delete('missing');
  for (const field of new Set(fields)) if (field !== '') search.append('missing', field);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
