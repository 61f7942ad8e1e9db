/**
 * The seed filters the explorer applies to the loaded rows (the service's own filters, which go
 * into the request, are in filters.ts): metadata values (`where`), missing fields (`missing`),
 * seed groups, the seed's own fields, and who added or last updated it and when (the activity
 * filters of src/lib/activity-filters.ts). Each is a URL parameter, repeatable where the facet
 * panel lets the user choose several values; values of one parameter combine with OR, different
 * parameters with AND.
 *
 * A value that cannot be read is not dropped: the filter would then widen to every seed without
 * the user asking. It stays in the address as written (so nothing rewrites it behind the user's
 * back), is reported, and matches no seed until it is fixed or cleared.
 */
import { isBlank, missingFieldsParam } from '../../lib/metadata-audit';
import {
  activityModel,
  activityParams,
  hasActivityFilters,
  NO_ACTIVITY,
  type ActivityModel,
} from '../../lib/activity-filters';
import { STATUS_CLASSES, type StatusClass } from '../../lib/seed-status';
import { listParam, quoted, type Decoded, type Values } from '../../addresses/url-params';
import {
  decodeBoolean,
  isUnreadable,
  keep,
  NO_MATCH,
  unreadable,
  type Unreadable,
} from './filter-values';
import {
  hasSharing,
  NO_SHARING,
  sharingModel,
  sharingParams,
  type SharingModel,
} from './sharing-filters';

export { isUnreadable, type Unreadable };

/** `where=Field:Value`: the field is what comes before the first colon. */
export interface WhereClause {
  readonly field: string;
  readonly value: string;
}

export type SeedGroupChoice = number | 'none';

/** Whether a field's values can be chosen with `where` (its name must not hold a colon). */
export function isWhereField(field: string): boolean {
  return field !== '' && !field.includes(':');
}

export function decodeWhere(text: string): Decoded<WhereClause | Unreadable> {
  const colon = text.indexOf(':');
  if (colon < 0) return unreadable(text, `${quoted(text)} has no colon: where=Field:Value.`);
  const field = text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (field === '') return unreadable(text, `${quoted(text)} names no field: where=Field:Value.`);
  if (isBlank(value)) {
    return unreadable(text, `${quoted(text)} gives no value: where=Field:Value.`);
  }
  return { value: { field, value } };
}

export function encodeWhere(clause: WhereClause | Unreadable): string {
  return isUnreadable(clause) ? clause.unreadable : `${clause.field}:${clause.value}`;
}

function decodeGroup(text: string): Decoded<SeedGroupChoice | Unreadable> {
  if (text === 'none') return { value: 'none' };
  if (/^\d{1,15}$/.test(text)) return { value: Number(text) };
  return unreadable(text, `${quoted(text)} is not a seed group id or none.`);
}

function decodeStatus(text: string): Decoded<StatusClass | Unreadable> {
  if ((STATUS_CLASSES as readonly string[]).includes(text)) return { value: text as StatusClass };
  return unreadable(
    text,
    `${quoted(text)} is not a status class: status=2xx|3xx|4xx|5xx|other|unchecked.`,
  );
}

/** The URL parameters of the filters the explorer applies to loaded seeds. */
export const seedRowFilterParams = {
  where: listParam(decodeWhere, encodeWhere),
  missing: missingFieldsParam(),
  seed_group: listParam(decodeGroup, (value) => keep(value, String)),
  active: listParam(decodeBoolean('active'), (value) => keep(value, String)),
  public: listParam(decodeBoolean('public'), (value) => keep(value, String)),
  seed_type: listParam<string>(
    (text) => ({ value: text }),
    (value) => value,
  ),
  status: listParam(decodeStatus, (value) => keep(value, (status) => status)),
  ...activityParams(NO_MATCH),
  ...sharingParams,
};

export type SeedRowFilterValues = Values<typeof seedRowFilterParams>;

/** Values chosen for one metadata field; any of them matches. */
export interface FieldChoice {
  readonly field: string;
  readonly values: readonly string[];
}

/**
 * What the filters ask for, as plain data. Every list is a choice of values (any matches); an
 * empty list is no filter. Different filters must all match.
 */
export interface SeedFilterModel {
  /** One entry per field, in the order the address first names it. */
  readonly where: readonly FieldChoice[];
  /** Seeds lacking a non-blank value for any of these fields. */
  readonly missing: readonly string[];
  readonly seedGroups: readonly SeedGroupChoice[];
  readonly active: readonly boolean[];
  readonly publiclyVisible: readonly boolean[];
  readonly seedTypes: readonly string[];
  readonly status: readonly StatusClass[];
  /** Who added or last updated a seed, and when. */
  readonly activity: ActivityModel;
  /** What the account says of a seed: shared, duplicate (sharing-filters.ts). */
  readonly sharing: SharingModel;
  /** Messages for values that cannot be read: while there is one, no seed matches. */
  readonly unreadable: readonly string[];
}

export const NO_SEED_FILTERS: SeedFilterModel = {
  where: [],
  missing: [],
  seedGroups: [],
  active: [],
  publiclyVisible: [],
  seedTypes: [],
  status: [],
  activity: NO_ACTIVITY,
  sharing: NO_SHARING,
  unreadable: [],
};

function readable<T>(values: readonly (T | Unreadable)[], problems: string[]): T[] {
  const out: T[] = [];
  for (const value of values) {
    if (isUnreadable(value)) problems.push(value.problem);
    else out.push(value);
  }
  return out;
}

/** The filter model of decoded parameters. */
export function seedFilterModel(values: Partial<SeedRowFilterValues>): SeedFilterModel {
  const problems: string[] = [];
  const where: { field: string; values: string[] }[] = [];
  for (const clause of readable(values.where ?? [], problems)) {
    let choice = where.find((c) => c.field === clause.field);
    if (!choice) {
      choice = { field: clause.field, values: [] };
      where.push(choice);
    }
    if (!choice.values.includes(clause.value)) choice.values.push(clause.value);
  }
  const activity = activityModel(values, problems);
  return {
    where,
    missing: [...new Set(values.missing ?? [])],
    seedGroups: readable(values.seed_group ?? [], problems),
    active: readable(values.active ?? [], problems),
    publiclyVisible: readable(values.public ?? [], problems),
    seedTypes: [...new Set(values.seed_type ?? [])],
    status: readable(values.status ?? [], problems),
    activity,
    sharing: sharingModel(values, problems),
    unreadable: problems,
  };
}

/** Whether any filter of the model narrows the list. */
export function hasSeedFilters(model: SeedFilterModel): boolean {
  return (
    model.where.length > 0 ||
    model.missing.length > 0 ||
    model.seedGroups.length > 0 ||
    model.active.length > 0 ||
    model.publiclyVisible.length > 0 ||
    model.seedTypes.length > 0 ||
    model.status.length > 0 ||
    hasActivityFilters(model.activity) ||
    hasSharing(model.sharing) ||
    model.unreadable.length > 0
  );
}

/** The `where` list with a value chosen or, if it was chosen, no longer chosen. */
export function toggleWhere(
  where: readonly (WhereClause | Unreadable)[],
  field: string,
  value: string,
): (WhereClause | Unreadable)[] {
  const chosen = where.some((c) => !isUnreadable(c) && c.field === field && c.value === value);
  if (chosen) {
    return where.filter((c) => isUnreadable(c) || c.field !== field || c.value !== value);
  }
  return [...where, { field, value }];
}

/** A repeatable choice with a value chosen or, if it was chosen, no longer chosen. */
export function toggleChoice<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
