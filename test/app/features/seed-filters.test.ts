import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_SEED_FILTERS,
  decodeWhere,
  hasSeedFilters,
  seedFilterModel,
  seedRowFilterParams,
  toggleWhere,
} from '../../../src/features/seeds/seed-filters';
import { periodRange } from '../../../src/lib/periods';
import type { StatusClass } from '../../../src/lib/seed-status';
import { decodeAll, encodeInto } from '../../../src/addresses/url-params';

const decode = (query: string) => decodeAll(seedRowFilterParams, new URLSearchParams(query));
const modelOf = (query: string) => seedFilterModel(decode(query).values);

describe('the seed row filters in the address', () => {
  it('round-trip every state, unreadable values included: encode then decode gives the same', () => {
    const where = fc.oneof(
      fc.record({
        field: fc.string({ minLength: 1 }).filter((f) => !f.includes(':')),
        value: fc.string().filter((v) => v.trim() !== ''),
      }),
      // What the user wrote that cannot be read stays, as written.
      fc
        .string({ minLength: 1 })
        .filter((text) => !text.includes(':'))
        .map((text) => decodeWhere(text).value),
    );
    fc.assert(
      fc.property(
        fc.record({
          where: fc.uniqueArray(where, {
            maxLength: 4,
            selector: (c) => ('unreadable' in c ? c.unreadable : `${c.field}:${c.value}`),
          }),
          missing: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 3 }),
          seed_group: fc.uniqueArray(
            fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.constant('none' as const)),
            { maxLength: 3 },
          ),
          active: fc.uniqueArray(fc.boolean()),
          public: fc.uniqueArray(fc.boolean()),
          seed_type: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 2 }),
          status: fc.uniqueArray(
            fc.constantFrom<StatusClass>('2xx', '3xx', '4xx', '5xx', 'other', 'unchecked'),
          ),
          created: fc.option(
            fc
              .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }))
              .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
            { nil: undefined },
          ),
          created_by: fc.uniqueArray(
            fc.string({ minLength: 1 }).filter((u) => u.trim() !== ''),
            {
              maxLength: 2,
            },
          ),
          updated_by: fc.constant([]),
          created_since: fc.constant(undefined),
          updated_since: fc.option(fc.constantFrom('2026-11-20', '2024-02-29'), { nil: undefined }),
          updated: fc.option(fc.constantFrom('2026-11-24', '2026-Q4', '2026'), { nil: undefined }),
          shared: fc.uniqueArray(fc.boolean()),
          duplicate: fc.subarray<true>([true]),
          shared_with: fc.uniqueArray(fc.integer({ min: 0, max: 2 ** 40 }), { maxLength: 3 }),
        }),
        (state) => {
          const search = encodeInto(seedRowFilterParams, new URLSearchParams('q=kept'), state);
          const again = new URLSearchParams(search.toString());
          const { values } = decodeAll(seedRowFilterParams, again);
          expect(values).toEqual(state);
          expect(again.get('q')).toBe('kept');
        },
      ),
    );
  });

  it('reads the field as what comes before the first colon, keeping colons in the value', () => {
    expect(modelOf('where=Local Call Number:Local Call Number: ab12').where).toEqual([
      { field: 'Local Call Number', values: ['Local Call Number: ab12'] },
    ]);
  });

  it('groups the values of one field (any matches) and keeps fields apart (all must)', () => {
    const model = modelOf(
      'where=Language:English&where=Subject:Elections&where=Language:Spanish&where=Language:English',
    );
    expect(model.where).toEqual([
      { field: 'Language', values: ['English', 'Spanish'] },
      { field: 'Subject', values: ['Elections'] },
    ]);
  });

  it('keeps values exactly, spaces and capitals included', () => {
    expect(modelOf('where=Language: english ').where).toEqual([
      { field: 'Language', values: [' english '] },
    ]);
  });

  it('reads every seed filter', () => {
    const model = modelOf(
      'missing=Title&missing=Date&seed_group=1204&seed_group=none&active=false&public=true' +
        '&seed_type=oneHopOff&status=4xx&status=unchecked&created=2024-02',
    );
    expect(model).toEqual({
      ...NO_SEED_FILTERS,
      missing: ['Title', 'Date'],
      seedGroups: [1204, 'none'],
      active: [false],
      publiclyVisible: [true],
      seedTypes: ['oneHopOff'],
      status: ['4xx', 'unchecked'],
      activity: {
        ...NO_SEED_FILTERS.activity,
        created: { period: '2024-02', from: Date.UTC(2024, 1, 1), to: Date.UTC(2024, 2, 1) },
      },
    });
    expect(hasSeedFilters(model)).toBe(true);
    expect(hasSeedFilters(modelOf(''))).toBe(false);
  });

  it('takes December into the next year', () => {
    expect(periodRange('2023-12')).toEqual({
      period: '2023-12',
      from: Date.UTC(2023, 11, 1),
      to: Date.UTC(2024, 0, 1),
    });
  });

  it('reads a quarter and a year as their months, the last one to its end', () => {
    expect(periodRange('2023-Q4')).toEqual({
      period: '2023-Q4',
      from: Date.UTC(2023, 9, 1),
      to: Date.UTC(2024, 0, 1),
    });
    expect(periodRange('2024')).toEqual({
      period: '2024',
      from: Date.UTC(2024, 0, 1),
      to: Date.UTC(2025, 0, 1),
    });
  });

  it('reads a year below 100 as that year, not as 19xx', () => {
    expect(periodRange('0050-01')).toEqual({
      period: '0050-01',
      from: Date.parse('0050-01-01T00:00:00Z'),
      to: Date.parse('0050-02-01T00:00:00Z'),
    });
  });

  it.each([
    ['where=Language', '“Language” has no colon: where=Field:Value.'],
    ['where=:English', '“:English” names no field: where=Field:Value.'],
    ['where=Language:%20%20', '“Language:  ” gives no value: where=Field:Value.'],
    ['seed_group=abc', '“abc” is not a seed group id or none.'],
    ['active=yes', '“yes” is not true or false: active=true|false.'],
    ['public=1', '“1” is not true or false: public=true|false.'],
    ['status=6xx', '“6xx” is not a status class: status=2xx|3xx|4xx|5xx|other|unchecked.'],
    [
      'created=2024-13',
      '“2024-13” is not a month, quarter, year or day: created=YYYY-MM, YYYY-Qn, YYYY or YYYY-MM-DD.',
    ],
    [
      'created=2024-3',
      '“2024-3” is not a month, quarter, year or day: created=YYYY-MM, YYYY-Qn, YYYY or YYYY-MM-DD.',
    ],
    [
      'created=2024-Q5',
      '“2024-Q5” is not a month, quarter, year or day: created=YYYY-MM, YYYY-Qn, YYYY or YYYY-MM-DD.',
    ],
  ])('says what is wrong with %s, and matches nothing rather than everything', (query, why) => {
    const { values, problems } = decode(query);
    expect(problems).toEqual([`${why} No seeds match it until it is changed.`]);
    const model = seedFilterModel(values);
    expect(model.unreadable).toEqual(problems);
    expect(hasSeedFilters(model)).toBe(true);
    // The address keeps what the user wrote.
    expect(encodeInto(seedRowFilterParams, new URLSearchParams(), values).toString()).toBe(
      new URLSearchParams(query).toString(),
    );
  });

  it('toggles a value in and out of the where list, leaving unreadable items alone', () => {
    const { values } = decode('where=Language&where=Language:English');
    const added = toggleWhere(values.where, 'Language', 'Spanish');
    expect(seedFilterModel({ where: added }).where).toEqual([
      { field: 'Language', values: ['English', 'Spanish'] },
    ]);
    const removed = toggleWhere(added, 'Language', 'English');
    expect(
      encodeInto(seedRowFilterParams, new URLSearchParams(), { where: removed }).getAll('where'),
    ).toEqual(['Language', 'Language:Spanish']);
  });
});
