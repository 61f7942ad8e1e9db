/**
 * The facet engine against the plainest implementation of the same rules, over random seeds and
 * random filters: the engine's indexes, integer ids and single pass must give the same answers as
 * filtering the seeds once per facet.
 */
import { NO_SHARING } from '../../../src/features/seeds/sharing-filters';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unknownOf, type Seed } from '../../../src/api/records';
import { encodeBlock } from '../../../src/api/block-builder';
import { blockRows, metadataKeysOf, toPlain } from '../../../src/api/row-block';
import { compareText } from '../../../src/components/data-table/text-ranks';
import { facetIndex } from '../../../src/features/seeds/facet-index';
import { computeFacets } from '../../../src/features/seeds/facets';
import type { SeedFilterModel, SeedGroupChoice } from '../../../src/features/seeds/seed-filters';
import { NO_ACTIVITY } from '../../../src/lib/activity-filters';
import { periodRange } from '../../../src/lib/periods';
import { STATUS_CLASSES } from '../../../src/lib/seed-status';
import { makeSeed } from './seed-fixtures';

const FIELDS = ['Title', 'Language', 'Subject', 'Notes: old'];
const VALUES = ['English', 'english', ' English', 'Spanish', '', '  ', 'x:y', '<b>b</b>', 'é', 'e'];

const seedArbitrary = fc
  .record({
    meta: fc.dictionary(
      fc.constantFrom(...FIELDS),
      fc.array(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 }),
      { maxKeys: 4 },
    ),
    groups: fc.oneof(
      fc.constant('unknown' as const),
      fc.uniqueArray(fc.constantFrom(1, 2, 3), { maxLength: 2 }),
    ),
    active: fc.constantFrom(true, false, 'unknown' as const),
    publiclyVisible: fc.constantFrom(true, false, 'unknown' as const),
    seedType: fc.constantFrom('normal', 'oneHopOff', null),
    status: fc.constantFrom(200, 299, 302, 404, 500, 199, 600, 99, null, 'unknown' as const),
    created: fc.constantFrom(
      '2024-01-15T00:00:00Z',
      '2024-01-31T23:59:59Z',
      '2024-02-01T00:00:00Z',
      '2024-03-01T02:00:00+05:00',
      null,
    ),
    metadataUnknown: fc.boolean(),
  })
  .map((spec) => makeSeed(spec));

/** A filter is left out more often than not, so that some seeds match most models. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, none: T): fc.Arbitrary<T> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 2, arbitrary });
}

const modelArbitrary: fc.Arbitrary<SeedFilterModel> = fc.record({
  where: sometimes(
    fc.uniqueArray(
      fc.record({
        field: fc.constantFrom(...FIELDS, 'Nope'),
        values: fc.uniqueArray(
          fc.constantFrom(...VALUES.filter((v) => v.trim() !== ''), 'Klingon'),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      { selector: (choice) => choice.field, minLength: 1, maxLength: 3 },
    ),
    [],
  ),
  missing: sometimes(
    fc.uniqueArray(fc.constantFrom(...FIELDS, 'Nope'), { minLength: 1, maxLength: 3 }),
    [],
  ),
  seedGroups: sometimes(
    fc.uniqueArray(fc.constantFrom<SeedGroupChoice>(1, 2, 3, 9, 'none'), {
      minLength: 1,
      maxLength: 2,
    }),
    [],
  ),
  active: sometimes(fc.uniqueArray(fc.boolean(), { minLength: 1 }), []),
  publiclyVisible: sometimes(fc.uniqueArray(fc.boolean(), { minLength: 1 }), []),
  seedTypes: sometimes(
    fc.uniqueArray(fc.constantFrom('normal', 'oneHopOff', 'other'), { minLength: 1, maxLength: 2 }),
    [],
  ),
  status: sometimes(
    fc.uniqueArray(fc.constantFrom(...STATUS_CLASSES), { minLength: 1, maxLength: 3 }),
    [],
  ),
  activity: sometimes(
    fc.constantFrom('2024-01', '2024-02', '2024-03').map((month) => periodRange(month)),
    null,
  ).map((created) => ({ ...NO_ACTIVITY, created })),
  sharing: fc.constant(NO_SHARING),
  unreadable: fc.oneof(
    { weight: 9, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.constant(['“x” cannot be read.']) },
  ),
});

// ---------------------------------------------------------------------------------------------
// The reference: every rule written out, every facet a filter of all the seeds.

function valuesOf(seed: Seed, field: string): string[] {
  const entries = Object.hasOwn(seed.metadata, field) ? (seed.metadata[field] ?? []) : [];
  return [...new Set(entries.map((e) => e.value).filter((v) => v.trim() !== ''))];
}

function statusOf(seed: Seed): string {
  if (unknownOf(seed, 'lastCheckedHttpResponseCode')) return 'unknown';
  const code = seed.lastCheckedHttpResponseCode;
  if (code === null) return 'unchecked';
  if (code >= 200 && code <= 299) return '2xx';
  if (code >= 300 && code <= 399) return '3xx';
  if (code >= 400 && code <= 499) return '4xx';
  if (code >= 500 && code <= 599) return '5xx';
  return 'other';
}

function yesNo(seed: Seed, field: 'active' | 'publiclyVisible'): boolean | 'unknown' {
  return unknownOf(seed, field) ? 'unknown' : (seed[field] as boolean);
}

function groupsOf(seed: Seed): SeedGroupChoice[] | 'unknown' {
  if (unknownOf(seed, 'seedGroups')) return 'unknown';
  return seed.seedGroups.length === 0 ? ['none'] : seed.seedGroups.map((g) => g.id);
}

function reference(rows: readonly Seed[], model: SeedFilterModel, quick?: (s: Seed) => boolean) {
  const passesUnfaceted = (seed: Seed, missingToo = true) => {
    if (model.unreadable.length > 0) return false;
    const { created } = model.activity;
    if (created) {
      const ms = seed.created?.ms;
      if (ms === undefined || ms < created.from || ms >= created.to) return false;
    }
    if (
      missingToo &&
      model.missing.length > 0 &&
      model.missing.every((f) => valuesOf(seed, f).length > 0)
    ) {
      return false;
    }
    return !quick || quick(seed);
  };
  const facetTests = new Map<string, (seed: Seed) => boolean>();
  for (const choice of model.where) {
    facetTests.set(`where:${choice.field}`, (seed) =>
      valuesOf(seed, choice.field).some((v) => choice.values.includes(v)),
    );
  }
  if (model.seedGroups.length > 0) {
    facetTests.set('group', (seed) => {
      const groups = groupsOf(seed);
      return groups !== 'unknown' && groups.some((g) => model.seedGroups.includes(g));
    });
  }
  if (model.active.length > 0) {
    facetTests.set('active', (seed) => model.active.some((v) => v === yesNo(seed, 'active')));
  }
  if (model.publiclyVisible.length > 0) {
    facetTests.set('public', (seed) =>
      model.publiclyVisible.some((v) => v === yesNo(seed, 'publiclyVisible')),
    );
  }
  if (model.seedTypes.length > 0) {
    facetTests.set(
      'type',
      (seed) => seed.seedType !== null && model.seedTypes.includes(seed.seedType),
    );
  }
  if (model.status.length > 0) {
    facetTests.set('status', (seed) => model.status.some((s) => s === statusOf(seed)));
  }
  const matching = (except?: string, missingToo = true) =>
    rows.filter(
      (seed) =>
        passesUnfaceted(seed, missingToo) &&
        [...facetTests].every(([key, test]) => key === except || test(seed)),
    );
  const tally = <K>(seeds: readonly Seed[], keys: (seed: Seed) => readonly K[]) => {
    const counts = new Map<K, number>();
    for (const seed of seeds) for (const k of keys(seed)) counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  };

  const matched = matching();
  const used = [...new Set(rows.flatMap((seed) => Object.keys(seed.metadata)))];
  const fields = used.map((field) => {
    const base = matching(`where:${field}`);
    const counts = tally(base, (seed) => valuesOf(seed, field));
    const chosen = model.where.find((c) => c.field === field)?.values ?? [];
    for (const value of chosen) if (!counts.has(value)) counts.set(value, 0);
    return {
      field,
      total: base.length,
      present: base.filter((seed) => valuesOf(seed, field).length > 0).length,
      counts,
      chosen,
      coverage: {
        field,
        present: matched.filter((seed) => valuesOf(seed, field).length > 0).length,
        distinct: new Set(matched.flatMap((seed) => valuesOf(seed, field))).size,
      },
    };
  });
  const yesNoFacet = (key: string, field: 'active' | 'publiclyVisible') => {
    const base = matching(key);
    const counts = tally(base, (seed) => [yesNo(seed, field)]);
    return { total: base.length, counts };
  };
  const groupBase = matching('group');
  const typeBase = matching('type');
  const statusBase = matching('status');
  return {
    ids: matched.map((seed) => seed.id),
    lackingBase: matching(undefined, false).map((seed) => seed.id),
    metadataUnknown: matched.filter((seed) => unknownOf(seed, 'metadata')).length,
    fields,
    active: yesNoFacet('active', 'active'),
    publiclyVisible: yesNoFacet('public', 'publiclyVisible'),
    group: {
      total: groupBase.length,
      counts: tally<SeedGroupChoice | 'unknown'>(groupBase, (seed) => {
        const groups = groupsOf(seed);
        return groups === 'unknown' ? ['unknown'] : groups;
      }),
    },
    type: {
      total: typeBase.length,
      counts: tally(typeBase, (seed) => [seed.seedType ?? 'unknown']),
    },
    status: { total: statusBase.length, counts: tally(statusBase, (seed) => [statusOf(seed)]) },
  };
}

const variantKey = (value: string) => value.trim().toLowerCase();

describe('the facet engine', () => {
  it('counts what filtering the seeds once per facet counts, for any seeds and filters', () => {
    fc.assert(
      fc.property(
        fc.array(seedArbitrary, { maxLength: 60 }),
        modelArbitrary,
        fc.option(fc.integer({ min: 2, max: 3 }), { nil: undefined }),
        (rows, model, every) => {
          const quick = every === undefined ? undefined : (seed: Seed) => seed.id % every !== 0;
          const result = computeFacets(facetIndex(rows), model, { quick });
          const expected = reference(rows, model, quick);

          expect(result.rows.map((seed) => seed.id)).toEqual(expected.ids);
          expect(result.lackingBase.map((seed) => seed.id)).toEqual(expected.lackingBase);
          expect(result.total).toBe(rows.length);
          expect(result.metadataUnknown).toBe(expected.metadataUnknown);
          expect(result.fields.map((f) => f.field).sort()).toEqual(
            expected.fields.map((f) => f.field).sort(),
          );
          for (const want of expected.fields) {
            const got = result.fields.find((f) => f.field === want.field);
            expect(got?.total, want.field).toBe(want.total);
            expect(got?.present, want.field).toBe(want.present);
            const shown = [...want.counts].filter(
              ([value, count]) => count > 0 || want.chosen.includes(value),
            );
            expect(new Map(got?.values.map((v) => [v.value, v.count]))).toEqual(new Map(shown));
            for (const value of got?.values ?? []) {
              expect(value.selected).toBe(want.chosen.includes(value.value));
              const variants = shown
                .filter(([other, count]) => {
                  if (other === value.value || count === 0) return false;
                  return variantKey(other) === variantKey(value.value);
                })
                .map(([other, count]) => ({ value: other, count }));
              const byValue = (a: { value: string }, b: { value: string }) =>
                a.value < b.value ? -1 : 1;
              expect([...value.variants].sort(byValue)).toEqual(variants.sort(byValue));
            }
            // Most frequent first; equal counts in the locale's order.
            const values = got?.values ?? [];
            for (let k = 1; k < values.length; k++) {
              const a = values[k - 1];
              const b = values[k];
              if (!a || !b) continue;
              expect(a.count).toBeGreaterThanOrEqual(b.count);
              if (a.count === b.count && a.count > 0) {
                expect(compareText(a.value, b.value)).toBeLessThanOrEqual(0);
              }
            }
            const coverage = result.coverage.find((c) => c.field === want.field);
            expect(coverage).toMatchObject(want.coverage);
          }

          for (const [facet, want] of [
            [result.active, expected.active],
            [result.publiclyVisible, expected.publiclyVisible],
          ] as const) {
            expect(facet.total).toBe(want.total);
            expect(facet.unknown).toBe(want.counts.get('unknown') ?? 0);
            for (const value of facet.values) {
              expect(value.count).toBe(want.counts.get(value.value) ?? 0);
            }
          }
          expect(result.seedGroup.total).toBe(expected.group.total);
          expect(result.seedGroup.unknown).toBe(expected.group.counts.get('unknown') ?? 0);
          const groups = new Map<SeedGroupChoice | 'unknown', number>(
            result.seedGroup.values.map((v) => [v.value, v.count]),
          );
          for (const [group, count] of expected.group.counts) {
            if (group !== 'unknown') expect(groups.get(group)).toBe(count);
          }
          for (const [group, count] of groups) {
            if (count > 0) expect(expected.group.counts.get(group)).toBe(count);
            else expect(model.seedGroups).toContain(group);
          }
          expect(result.seedType.total).toBe(expected.type.total);
          expect(result.seedType.unknown).toBe(expected.type.counts.get('unknown') ?? 0);
          for (const value of result.seedType.values) {
            expect(value.count).toBe(expected.type.counts.get(value.value) ?? 0);
          }
          expect(result.status.total).toBe(expected.status.total);
          expect(result.status.unknown).toBe(expected.status.counts.get('unknown') ?? 0);
          for (const value of result.status.values) {
            expect(value.count).toBe(expected.status.counts.get(value.value) ?? 0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** A result with its rows as ids, to compare results over different row objects. */
function byIds(result: ReturnType<typeof computeFacets>) {
  const id = (seed: Seed) => seed.id;
  return { ...result, rows: result.rows.map(id), lackingBase: result.lackingBase.map(id) };
}

describe('the facet engine over rows in blocks', () => {
  it('gives what it gives over plain records, from rows in blocks or plain records mixed', () => {
    fc.assert(
      fc.property(
        fc.array(seedArbitrary, { maxLength: 60 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        fc.nat(60),
        modelArbitrary,
        (seeds, inBlocks, grownAt, model) => {
          // The seeds in pages, some as rows of a block, some as plain records.
          const size = Math.ceil(seeds.length / inBlocks.length) || 1;
          const rows = inBlocks.flatMap((block, k) => {
            const page = seeds.slice(k * size, (k + 1) * size);
            return block ? blockRows<'seed'>(structuredClone(encodeBlock('seed', page))) : page;
          });
          const plain = rows.map((row) => toPlain(row));
          expect(rows.some((row) => metadataKeysOf(row) !== undefined)).toBe(
            inBlocks.some((block, k) => block && seeds.length > k * size),
          );
          // A list indexed as it grows gives what it gives indexed whole.
          facetIndex(rows.slice(0, grownAt));
          const got = computeFacets(facetIndex(rows), model);
          expect(byIds(got)).toEqual(byIds(computeFacets(facetIndex(plain), model)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
