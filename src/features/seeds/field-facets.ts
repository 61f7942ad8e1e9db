/**
 * The facet engine's report of the metadata fields: for each field any indexed seed uses, its
 * values with the seeds that have each (and the values that differ from one only in case or
 * surrounding spaces), and its coverage, from the tally of the counting pass (facet-count.ts).
 */
import type { FieldCoverage } from '../../lib/metadata-audit';
import type { Job } from '../../scheduling';
import { isWhereField, type SeedFilterModel } from './seed-filters';
import { bump, type Plan, type Tally } from './facet-count';
import { indexedFieldNames, type FacetIndex, type Ranking } from './facet-index';

/** A value that differs from another only in case or surrounding spaces. */
export interface Variant {
  readonly value: string;
  readonly count: number;
}

export interface FacetValue<V> {
  readonly value: V;
  /** Seeds with this value among the facet's seeds (those matching every other filter). */
  readonly count: number;
  readonly selected: boolean;
}

export interface FieldValue extends FacetValue<string> {
  /**
   * The other values of the field, with a count, that equal this one but for case or surrounding
   * spaces, by count. A chosen value no seed has shows them too: they may be what was meant.
   */
  readonly variants: readonly Variant[];
}

export interface FieldFacet {
  readonly field: string;
  /** The seeds this facet counts: those matching every filter but this field's own. */
  readonly total: number;
  /** Of those, the seeds with at least one non-blank value. */
  readonly present: number;
  /** Values with a count, and chosen ones even without, by count then value. */
  readonly values: readonly FieldValue[];
  /** Whether `where` can name the field (its name holds no colon). */
  readonly selectable: boolean;
}

const NO_VARIANTS: readonly Variant[] = [];

/** The fields' facets and coverage: values by count, then in the locale's order. */
export function* fieldFacets(
  index: FacetIndex,
  model: SeedFilterModel,
  plan: Plan,
  tally: Tally,
  { rank, order }: Ranking,
): Job<{ fields: FieldFacet[]; coverage: FieldCoverage[] }> {
  const { c, pairCount, whereFields } = plan;
  const { basePairs, ownPairs, baseFields, ownFields, ownRows, matchCount } = tally;
  const whereDimOfField = new Map<number, number>();
  whereFields.forEach((f, d) => {
    if (f >= 0) whereDimOfField.set(f, d);
  });
  const chosenOf = new Map(model.where.map((choice) => [choice.field, new Set(choice.values)]));
  const count = (p: number) => (basePairs[p] ?? 0) + (ownPairs[p] ?? 0);
  const n = index.size;
  const places = order.length;
  const variantSize = new Int32Array(c.variantCount);
  const chosenKey = new Uint8Array(c.variantCount);

  const facetFields: FieldFacet[] = [];
  const coverage: FieldCoverage[] = [];
  let fieldsDone = 0;
  for (const name of indexedFieldNames(index)) {
    const f = c.fieldIndex.get(name) ?? -1;
    if (f < 0 || f >= baseFields.length) continue;
    const d = whereDimOfField.get(f);
    const chosen = chosenOf.get(name);
    let distinct = 0;
    let shown = 0;
    const fieldPairs = c.fieldPairs[f] as number[];
    // Sort keys: fewer seeds later, then collation order, in one number that sorts natively.
    const keys = new Float64Array(fieldPairs.length);
    for (const p of fieldPairs) {
      if (p >= pairCount) break;
      const k = count(p);
      if ((basePairs[p] ?? 0) > 0) distinct++;
      if (k > 0 || chosen?.has(c.pairValue[p] as string)) {
        keys[shown++] = (n - k) * places + (rank[p] ?? 0);
      }
    }
    const sorted = keys.subarray(0, shown).sort();
    const counted = Array.from(sorted, (key) => order[key % places] ?? 0);
    // Chosen values no seed here has: listed all the same, so the choice can be undone.
    const unheld: { value: string; key: number }[] = [];
    for (const value of chosen ?? []) {
      const p = c.pairOf(f, value);
      if (p >= 0 && p < pairCount) continue;
      const key = c.variantOf(f, value);
      unheld.push({ value, key: key < chosenKey.length ? key : -1 });
    }
    // The values with a count that meet under one variant key, for keys where another value
    // (with a count, or chosen without one) shows them as a hint.
    for (const p of counted) {
      const key = c.pairVariant[p] ?? 0;
      if (count(p) > 0) bump(variantSize, key);
      else chosenKey[key] = 1;
    }
    for (const { key } of unheld) if (key >= 0) chosenKey[key] = 1;
    let byVariant: Map<number, number[]> | undefined;
    for (const p of counted) {
      const key = c.pairVariant[p] ?? 0;
      if (count(p) === 0 || ((variantSize[key] ?? 0) < 2 && chosenKey[key] === 0)) continue;
      byVariant ??= new Map();
      const group = byVariant.get(key);
      if (group) group.push(p);
      else byVariant.set(key, [p]);
    }
    for (const p of counted) {
      const key = c.pairVariant[p] ?? 0;
      variantSize[key] = 0;
      chosenKey[key] = 0;
    }
    for (const { key } of unheld) if (key >= 0) chosenKey[key] = 0;
    const hints = (group: readonly number[] | undefined, except: number) =>
      group
        ? group
            .filter((q) => q !== except)
            .map((q) => ({ value: c.pairValue[q] as string, count: count(q) }))
        : NO_VARIANTS;
    const values: FieldValue[] = [];
    for (const p of counted) {
      const value = c.pairValue[p] as string;
      const variants = hints(byVariant?.get(c.pairVariant[p] ?? -1), p);
      values.push({ value, count: count(p), selected: chosen?.has(value) ?? false, variants });
      // A field of mostly distinct values (titles, notes) can have tens of thousands.
      if ((values.length & 8191) === 0) yield;
    }
    for (const { value, key } of unheld) {
      const variants = hints(key < 0 ? undefined : byVariant?.get(key), -1);
      values.push({ value, count: 0, selected: true, variants });
    }
    facetFields.push({
      field: name,
      total: matchCount + (d === undefined ? 0 : (ownRows[d] ?? 0)),
      present: (baseFields[f] ?? 0) + (ownFields[f] ?? 0),
      values,
      selectable: isWhereField(name),
    });
    const present = baseFields[f] ?? 0;
    coverage.push({
      field: name,
      present,
      share: matchCount === 0 ? 0 : present / matchCount,
      distinct,
    });
    // A big field, or a few hundred small ones (a list can carry thousands of fields).
    if (shown > 1000 || (++fieldsDone & 255) === 0) yield;
  }
  return { fields: facetFields, coverage };
}
