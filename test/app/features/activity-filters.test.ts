/**
 * The activity filters: each parameter's reading and its messages, the chips they make, what they
 * keep, and, over records with their user and date fields deleted, nulled or retyped, the facet
 * engine (seed lists) and the collections' counting against a plain filter written from the rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedOf, updateOf, utcDayStart } from '../../../src/api/changes';
import { parseRecords } from '../../../src/api/parse';
import type { Seed } from '../../../src/api/records';
import { blockRows } from '../../../src/api/row-block';
import { activityChips } from '../../../src/components/activity-chips';
import { facetIndex } from '../../../src/features/seeds/facet-index';
import { computeFacets } from '../../../src/features/seeds/facets';
import { seedFilterModel, seedRowFilterParams } from '../../../src/features/seeds/seed-filters';
import { activityCounts } from '../../../src/lib/activity-counts';
import {
  activityKept,
  activityModel,
  activityParams,
  firstOfLast,
} from '../../../src/lib/activity-filters';
import { decodeAll, encodeInto } from '../../../src/addresses/url-params';
import { mutated } from '../mutated-records';
import { workerBlock } from '../worker-block';

const PARAMS = activityParams('No records match it until it is changed.');
const decode = (query: string) => decodeAll(PARAMS, new URLSearchParams(query));
const modelOf = (query: string) => {
  const problems: string[] = [];
  return { model: activityModel(decode(query).values, problems), problems };
};
const NO_MATCH = ' No records match it until it is changed.';

describe('the activity parameters', () => {
  it.each([
    [
      'updated_since=2026-02-30',
      '“2026-02-30” is not a day of the calendar: updated_since=YYYY-MM-DD.',
    ],
    [
      'created_since=2025-02-29',
      '“2025-02-29” is not a day of the calendar: created_since=YYYY-MM-DD.',
    ],
    ['created_since=yesterday', '“yesterday” is not a day: created_since=YYYY-MM-DD (UTC).'],
    [
      'updated_since=2026-11-24T00:00',
      '“2026-11-24T00:00” is not a day: updated_since=YYYY-MM-DD (UTC).',
    ],
    [
      'updated=2026-13',
      '“2026-13” is not a month, quarter, year or day: updated=YYYY-MM, YYYY-Qn, YYYY or YYYY-MM-DD.',
    ],
    [
      'created=2026-04-31',
      '“2026-04-31” is not a day of the calendar: created=YYYY-MM-DD, YYYY-MM, YYYY-Qn or YYYY.',
    ],
    ['created_by=%20%20', 'created_by= needs a user name; blank matches no one.'],
  ])('says what is wrong with %s, and blocks the list rather than widening it', (query, why) => {
    const { problems: decoded } = decode(query);
    expect(decoded).toEqual([`${why}${NO_MATCH}`]);
    const { problems } = modelOf(query);
    expect(problems).toEqual([`${why}${NO_MATCH}`]);
    // The value stays in the address as written, so nothing rewrites it behind the user's back.
    const again = encodeInto(PARAMS, new URLSearchParams(), decode(query).values);
    expect(again.toString()).toBe(new URLSearchParams(query).toString());
  });

  it.each([
    ['created=2026-11-24', 'created', Date.UTC(2026, 10, 24), Date.UTC(2026, 10, 25)],
    ['updated=2026-11', 'updated', Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)],
    ['updated=2026-Q4', 'updated', Date.UTC(2026, 9, 1), Date.UTC(2027, 0, 1)],
    ['created=2024', 'created', Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)],
  ] as const)('reads %s as a range of UTC instants', (query, key, from, to) => {
    const { model, problems } = modelOf(query);
    expect(problems).toEqual([]);
    expect(model[key]).toMatchObject({ from, to });
  });

  it('reads repeated people as any of them, and days as their first instant', () => {
    const { model } = modelOf(
      'created_by=ahanson&created_by=mlee&created_by=ahanson&updated_by=Ann%20Lee&created_since=2026-11-20&updated_since=2024-02-29',
    );
    expect(model.createdBy).toEqual(['ahanson', 'mlee']);
    expect(model.updatedBy).toEqual(['Ann Lee']);
    expect(model.createdSince).toBe(Date.UTC(2026, 10, 20));
    expect(model.updatedSince).toBe(Date.UTC(2024, 1, 29));
  });

  it('is the seed lists’ own reading too: one definition of each parameter', () => {
    const query = 'created=2026-11-24&updated_since=2026-02-30&created_by=x';
    const seeds = decodeAll(seedRowFilterParams, new URLSearchParams(query));
    expect(seeds.problems).toEqual(
      decode(query).problems.map((p) => p.replace('records', 'seeds')),
    );
    const model = seedFilterModel(seeds.values);
    expect(model.activity.created).toEqual({
      period: '2026-11-24',
      from: Date.UTC(2026, 10, 24),
      to: Date.UTC(2026, 10, 25),
    });
    expect(model.unreadable).toHaveLength(1);
  });

  it('counts the last 7, 30 and 90 days with today', () => {
    const today = Date.UTC(2026, 10, 26);
    expect(firstOfLast(7, today)).toBe('2026-11-20');
    expect(firstOfLast(30, today)).toBe('2026-10-28');
    expect(firstOfLast(90, today)).toBe('2026-08-29');
  });

  it('says each filter as a chip that removes it alone', () => {
    const chips = activityChips(
      decode(
        'created_by=ahanson&created_by=mlee&updated_by=ops&created_since=2026-11-20&updated=2026-11-24&created=2026-03&updated_since=2026-02-30',
      ).values,
    );
    expect(chips.map((chip) => chip.text)).toEqual([
      'added by ahanson or mlee',
      'last updated by ops',
      'added since 20 Nov 2026',
      'created in March 2026',
      'updated_since=2026-02-30',
      'last updated on 24 Nov 2026',
    ]);
    expect(chips[0]?.without).toEqual({ created_by: [] });
    expect(chips[4]?.without).toEqual({ updated_since: undefined });
  });
});

// ---------------------------------------------------------------------------------------------
// What the filters keep

const at = (text: string) => ({ text, ms: Date.parse(text) });
const record = (
  created: string | null,
  by: unknown,
  updated: string | null,
  updatedBy: unknown,
) => ({
  created: created === null ? null : at(created),
  createdBy: by,
  lastUpdated: updated === null ? null : at(updated),
  lastUpdatedBy: updatedBy,
});

describe('what the filters keep', () => {
  const rows = [
    record('2026-11-24T10:00:00Z', 'ahanson', '2026-11-24T10:00:00Z', 'ahanson'), // 0: never updated
    record('2026-11-19T23:59:59Z', 'ahanson', '2026-11-25T08:00:00Z', 'mlee'), // 1
    record('2026-11-20T00:00:00Z', 'mlee', '2026-11-20T00:00:00Z', null), // 2: never updated
    record(null, 'ahanson', '2026-11-26T00:00:00Z', '  '), // 3: no creation, unknown updater
    record('2026-10-01T00:00:00Z', 42, null, null), // 4: retyped creator
  ];
  it.each([
    ['created_by=ahanson', [0, 1]],
    ['created_by=ahanson&created_by=mlee', [0, 1, 2]],
    ['updated_by=mlee', [1]],
    ['updated_by=ahanson', []],
    ['created_since=2026-11-20', [0, 2]],
    ['updated_since=2026-11-25', [1, 3]],
    ['created=2026-11-24', [0]],
    ['updated=2026-11', [1, 3]],
    ['created=2026-11&updated=2026-11-25', [1]],
    ['created_by=ahanson&updated_since=2026-11-01', [1]],
    ['created_since=2026-02-30', []],
  ])('%s keeps %j', (query, kept) => {
    const { model, problems } = modelOf(query);
    const counted = activityCounts(problems.length > 0 ? [] : rows, model);
    expect(counted.rows.map((row) => rows.indexOf(row))).toEqual(kept);
    // The page keeps the same rows without counting the people (the facets count in their panel).
    expect(activityKept(problems.length > 0 ? [] : rows, model)).toEqual(counted.rows);
  });

  it('counts the unknown and the unchanged apart, and each facet without its own filter', () => {
    const { model } = modelOf('created_by=mlee');
    const { addedBy, updatedBy } = activityCounts(rows, model);
    expect(addedBy.values).toEqual([
      { value: 'ahanson', count: 2, selected: false },
      { value: 'mlee', count: 1, selected: true },
    ]);
    expect(addedBy.unknown).toBe(1);
    expect(addedBy.none).toBe(1);
    expect(addedBy.total).toBe(5);
    // Only mlee's addition counts here: it was never updated.
    expect(updatedBy).toEqual({ total: 1, values: [], unknown: 0, none: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// Against a plain filter, over records in shapes nobody designed

const USERS = ['ahanson', 'mlee', 'Ann Lee', '', '  ', null, 7, ['x']];
const DATES = [
  '2026-11-19T23:59:59Z',
  '2026-11-20T00:00:00Z',
  '2026-11-24T12:00:00.5Z',
  '2026-11-24T12:00:00.5Z',
  '2026-03-01T02:00:00+05:00',
  'not a date',
  null,
  12345,
];
const base = {
  id: 1,
  url: 'http://example.org/',
  collection: 1,
  active: true,
  publicly_visible: true,
  seed_type: 'normal',
  seed_groups: [],
  metadata: {},
  created_by: 'ahanson',
  created_date: '2026-11-24T12:00:00.5Z',
  last_updated_by: 'mlee',
  last_updated_date: '2026-11-25T00:00:00Z',
  last_checked_http_response_code: 200,
  account: 1,
};
const rawSeed = fc
  .record({
    id: fc.integer({ min: 1, max: 1e9 }),
    created_by: fc.constantFrom(...USERS),
    last_updated_by: fc.constantFrom(...USERS),
    created_date: fc.constantFrom(...DATES),
    last_updated_date: fc.constantFrom(...DATES),
  })
  .chain((fields) => mutated([{ ...base, ...fields }]));

const queryArbitrary = fc
  .record({
    created_by: fc.subarray(['ahanson', 'mlee', 'Ann Lee', 'nobody']),
    updated_by: fc.subarray(['ahanson', 'mlee', 'Ann Lee']),
    created_since: fc.option(fc.constantFrom('2026-11-20', '2026-11-24', '2026-02-30')),
    updated_since: fc.option(fc.constantFrom('2026-11-20', '2026-11-25')),
    created: fc.option(fc.constantFrom('2026-11-24', '2026-11', '2026-Q1', '2026')),
    updated: fc.option(fc.constantFrom('2026-11-25', '2026-11', '2026')),
  })
  .map((q) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(q)) {
      for (const v of [value].flat()) if (v !== null) search.append(key, v);
    }
    return search.toString();
  });

/** The rule as the contract says it, written out. */
function plainFilter(rows: readonly object[], query: string): object[] {
  const search = new URLSearchParams(query);
  const days = (key: string) => search.getAll(key).map((d) => utcDayStart(d));
  if ([...days('created_since'), ...days('updated_since')].includes(null)) return [];
  const within = (ms: number, text: string) => {
    const day = utcDayStart(text);
    if (day !== null) return ms >= day && ms < day + 86_400_000;
    const date = new Date(ms).toISOString();
    const [year, month] = [date.slice(0, 4), Number(date.slice(5, 7))];
    if (/^\d{4}$/.test(text)) return year === text;
    if (/-Q\d$/.test(text)) return `${year}-Q${String(Math.ceil(month / 3))}` === text;
    return date.slice(0, 7) === text;
  };
  return rows.filter((row) => {
    const added = addedOf(row);
    const update = updateOf(row);
    const by = (key: string, change: typeof added) =>
      search.getAll(key).length === 0 || search.getAll(key).includes(change?.by as string);
    const since = (key: string, change: typeof added) =>
      !search.has(key) ||
      (change !== null && change.ms >= (utcDayStart(search.get(key) ?? '') ?? 0));
    const inPeriod = (key: string, change: typeof added) =>
      !search.has(key) || (change !== null && within(change.ms, search.get(key) ?? ''));
    return (
      by('created_by', added) &&
      by('updated_by', update) &&
      since('created_since', added) &&
      since('updated_since', update) &&
      inPeriod('created', added) &&
      inPeriod('updated', update)
    );
  });
}

function plainCounts(rows: readonly object[], pick: (row: object) => string | null | undefined) {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const user = pick(row);
    if (typeof user === 'string') counts.set(user, (counts.get(user) ?? 0) + 1);
  }
  return counts;
}

describe('the filtered rows and the facets', () => {
  it('equal a plain filter over records with deleted, null and retyped user and date fields', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rawSeed, { maxLength: 30, selector: (s) => (s as { id?: unknown }).id }),
        queryArbitrary,
        fc.boolean(),
        (items, query, asBlocks) => {
          const seeds = asBlocks
            ? blockRows<'seed'>(workerBlock(items))
            : parseRecords('seed', items).records;
          const expected = plainFilter(seeds, query);
          const model = seedFilterModel(
            decodeAll(seedRowFilterParams, new URLSearchParams(query)).values,
          );
          const result = computeFacets(facetIndex(seeds), model);
          expect(result.rows.map((s) => s.id)).toEqual(expected.map((s) => (s as Seed).id));

          // Each people facet counts what every filter but its own keeps.
          const search = new URLSearchParams(query);
          search.delete('created_by');
          const addedBase = plainFilter(seeds, search.toString());
          const added = plainCounts(addedBase, (row) => addedOf(row)?.by);
          expect(
            new Map(
              result.addedBy.values.filter((v) => v.count > 0).map((v) => [v.value, v.count]),
            ),
          ).toEqual(added);
          expect(result.addedBy.total).toBe(model.unreadable.length > 0 ? 0 : addedBase.length);
          expect(result.addedBy.unknown).toBe(
            addedBase.filter((row) => addedOf(row)?.by === null).length,
          );
          expect(result.addedBy.none).toBe(addedBase.filter((row) => addedOf(row) === null).length);
          const search2 = new URLSearchParams(query);
          search2.delete('updated_by');
          const updatedBase = plainFilter(seeds, search2.toString());
          expect(
            new Map(
              result.updatedBy.values.filter((v) => v.count > 0).map((v) => [v.value, v.count]),
            ),
          ).toEqual(plainCounts(updatedBase, (row) => updateOf(row)?.by));

          // The collections' counting gives the same rows and people.
          const problems: string[] = [];
          const activity = activityModel(decode(query).values, problems);
          const counted = activityCounts(problems.length > 0 ? [] : seeds, activity);
          expect(counted.rows.map((s) => s.id)).toEqual(expected.map((s) => (s as Seed).id));
          const kept = activityKept(problems.length > 0 ? [] : seeds, activity);
          expect(kept.map((s) => s.id)).toEqual(counted.rows.map((s) => s.id));
          // Nothing filtered out: the same array, so what is cached per rows array stays valid.
          if (problems.length === 0 && kept.length === seeds.length) expect(kept).toBe(seeds);
          expect(counted.addedBy.values.filter((v) => v.count > 0)).toEqual(
            result.addedBy.values.filter((v) => v.count > 0),
          );
          expect(counted.updatedBy.none).toBe(result.updatedBy.none);
        },
      ),
      { numRuns: 300 },
    );
  });
});
