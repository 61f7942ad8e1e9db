/**
 * The facet engine's report of the seed's own fields: active, public, seed type, status and seed
 * group, each with its values' counts and the seeds whose value the service did not give, from the
 * tally of the counting pass (facet-count.ts).
 */
import { compareText } from '../../components/data-table/text-ranks';
import { STATUS_CLASSES, type StatusClass } from '../../lib/seed-status';
import type { SeedFilterModel, SeedGroupChoice } from './seed-filters';
import {
  ACTIVE_DIM,
  GROUP_DIM,
  PUBLIC_DIM,
  STATUS_DIM,
  TYPE_DIM,
  type FacetOptions,
  type Plan,
  type Tally,
} from './facet-count';
import type { FacetValue } from './field-facets';
import { NO, UNKNOWN_STATE, UNKNOWN_STATUS, YES } from './seed-states';

export interface ChoiceFacet<V> {
  /** The seeds this facet counts: those matching every filter but this facet's own. */
  readonly total: number;
  readonly values: readonly FacetValue<V>[];
  /** Of those, seeds whose value the service did not give (or gave in a form not understood). */
  readonly unknown: number;
}

export interface GroupValue extends FacetValue<SeedGroupChoice> {
  /** The group's name, from the known groups or the seeds; null for `none` or when not known. */
  readonly name: string | null;
}

export interface GroupFacet extends ChoiceFacet<SeedGroupChoice> {
  readonly values: readonly GroupValue[];
}

export interface SeedFacets {
  readonly active: ChoiceFacet<boolean>;
  readonly publiclyVisible: ChoiceFacet<boolean>;
  readonly seedType: ChoiceFacet<string>;
  readonly status: ChoiceFacet<StatusClass>;
  readonly seedGroup: GroupFacet;
}

/** The seed fields' facets: values by count, then by label. */
export function seedFacets(
  model: SeedFilterModel,
  options: FacetOptions,
  { c, whereFields }: Plan,
  tally: Tally,
): SeedFacets {
  const { ownRows, matchCount } = tally;
  const W = whereFields.length;
  const both = (base: Int32Array, own: Int32Array, k: number) => (base[k] ?? 0) + (own[k] ?? 0);
  const facetTotal = (dim: number) => matchCount + (ownRows[W + dim] ?? 0);
  const yesNoFacet = (
    base: Int32Array,
    own: Int32Array,
    dim: number,
    chosen: readonly boolean[],
  ): ChoiceFacet<boolean> => ({
    total: facetTotal(dim),
    values: [true, false].map((value) => ({
      value,
      count: both(base, own, value ? YES : NO),
      selected: chosen.includes(value),
    })),
    unknown: both(base, own, UNKNOWN_STATE),
  });

  const typeCount = tally.baseType.length - 1;
  const typeValues = c.typeNames.slice(0, typeCount).map((value, t) => ({
    value,
    count: both(tally.baseType, tally.ownType, t + 1),
    selected: model.seedTypes.includes(value),
  }));
  for (const value of model.seedTypes) {
    const t = c.typeIndex.get(value);
    if (t === undefined || t >= typeCount) typeValues.push({ value, count: 0, selected: true });
  }

  const groupCount = tally.baseGroup.length - 2;
  const groupValues: GroupValue[] = c.groupIds.slice(0, groupCount).map((id, g) => ({
    value: id,
    name: options.groups?.get(id) ?? c.groupNames[g] ?? null,
    count: both(tally.baseGroup, tally.ownGroup, g + 1),
    selected: model.seedGroups.includes(id),
  }));
  for (const choice of model.seedGroups) {
    const g = choice === 'none' ? undefined : c.groupIndex.get(choice);
    if (choice !== 'none' && (g === undefined || g >= groupCount)) {
      groupValues.push({
        value: choice,
        name: options.groups?.get(choice) ?? null,
        count: 0,
        selected: true,
      });
    }
  }
  groupValues.push({
    value: 'none',
    name: null,
    count: both(tally.baseGroup, tally.ownGroup, groupCount + 1),
    selected: model.seedGroups.includes('none'),
  });
  return {
    active: yesNoFacet(tally.baseActive, tally.ownActive, ACTIVE_DIM, model.active),
    publiclyVisible: yesNoFacet(
      tally.basePublic,
      tally.ownPublic,
      PUBLIC_DIM,
      model.publiclyVisible,
    ),
    seedType: {
      total: facetTotal(TYPE_DIM),
      values: byCount(
        typeValues.filter((value) => value.count > 0 || value.selected),
        (value) => value.value,
      ),
      unknown: both(tally.baseType, tally.ownType, 0),
    },
    status: {
      total: facetTotal(STATUS_DIM),
      values: STATUS_CLASSES.map((value, k) => ({
        value,
        count: both(tally.baseStatus, tally.ownStatus, k),
        selected: model.status.includes(value),
      })),
      unknown: both(tally.baseStatus, tally.ownStatus, UNKNOWN_STATUS),
    },
    seedGroup: {
      total: facetTotal(GROUP_DIM),
      values: byCount(
        groupValues.filter((value) => value.count > 0 || value.selected),
        // "In no group" after the groups it ties with; groups by name, unnamed ones by id.
        (value) => (value.value === 'none' ? '\uffff' : (value.name ?? `\uffee${value.value}`)),
      ),
      unknown: both(tally.baseGroup, tally.ownGroup, 0),
    },
  };
}

/** Values by count, most first, then by label in the locale's order. */
function byCount<T extends { readonly count: number }>(
  values: T[],
  label: (value: T) => string,
): T[] {
  return values.sort((a, b) => b.count - a.count || compareText(label(a), label(b)));
}
