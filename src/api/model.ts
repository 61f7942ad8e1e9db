/**
 * The explorer's domain model: the service's records after parsing, derived from their field
 * definitions in schema.ts. Everything the pages show has this shape; nothing reads the wire
 * format directly. A field the service did not send, or sent in a form that cannot be read, is
 * null (an empty list or map for lists and maps) and named in the record's `unknown`. Secrets
 * (login fields, access tokens) have no place here: they are dropped when a response is parsed.
 */
import type {
  RecordOf,
  Unknown,
  UnknownFields,
  collectionFields,
  pressItemFields,
  seedFields,
  seedGroupFields,
} from './schema';

export type {
  Instant,
  Metadata,
  MetadataEntry,
  RecordProblem,
  SeedGroupRef,
  Unknown,
  UnknownFields,
} from './schema';

export type Seed = RecordOf<typeof seedFields>;
export type Collection = RecordOf<typeof collectionFields>;
export type SeedGroup = RecordOf<typeof seedGroupFields>;
export type PressItem = RecordOf<typeof pressItemFields>;

export interface ResourceModels {
  seed: Seed;
  collection: Collection;
  seed_group: SeedGroup;
  press_item: PressItem;
}

/** Any record: it may say which of its fields the service did not provide or sent unreadable. */
export interface MaybeUnknown {
  readonly unknown?: UnknownFields;
}

/** Why a record's field has no value, or undefined when the field was read. */
export function unknownOf(record: unknown, field: string | undefined): Unknown | undefined {
  if (field === undefined) return undefined;
  const unknown = (record as MaybeUnknown | null)?.unknown;
  return unknown && Object.hasOwn(unknown, field) ? unknown[field] : undefined;
}
