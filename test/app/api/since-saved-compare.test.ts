/**
 * What changed between a saved copy of a list and the fresh list: added, changed, gone, and the
 * records whose last update cannot be read, which are said apart; repeated ids count once as a
 * record and once per row in the figures a filter by id shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../../src/api/calendar';
import { compareJob, type ListChanges } from '../../../src/api/since-saved-compare';
import { runJob } from '../../../src/scheduling';
import { sinceChips, sinceFilter } from '../../../src/features/seeds/since-filter';

interface Row {
  id?: unknown;
  url?: unknown;
  collection?: unknown;
  lastUpdated?: unknown;
}

const at = (text: string) => parseInstant(text);
const row = (
  id: number,
  updated: string | null,
  url = `https://example.org/${String(id)}`,
): Row => ({
  id,
  url,
  collection: 7,
  lastUpdated: updated === null ? null : at(updated),
});
const compare = (copy: Row[], fresh: Row[]): ListChanges => runJob(compareJob(copy, fresh));
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe('comparing a saved copy with the fresh list', () => {
  it('says what was added, changed and gone, by id and last update', () => {
    const copy = [
      row(1, '2026-11-01T10:00:00Z'),
      row(2, '2026-11-01T10:00:00Z'),
      row(3, '2026-11-01T10:00:00Z'),
    ];
    const fresh = [
      row(1, '2026-11-01T10:00:00Z'),
      row(2, '2026-11-20T09:12:00.5Z'),
      row(4, '2026-11-21T08:00:00Z'),
      row(5, '2026-11-21T08:00:00Z'),
    ];
    const changes = compare(copy, fresh);
    expect(sorted(changes.added)).toEqual([4, 5]);
    expect(changes.changed).toEqual([2]);
    expect(changes.unknown).toEqual([]);
    expect([changes.addedRows, changes.changedRows, changes.unknownRows]).toEqual([2, 1, 0]);
    expect(changes.gone).toEqual([{ id: 3, url: 'https://example.org/3', collection: 7 }]);
  });

  it('compares instants, not texts: the same moment written two ways is unchanged', () => {
    const changes = compare(
      [row(1, '2026-11-01T10:00:00Z')],
      [row(1, '2026-11-01T10:00:00.000000Z')],
    );
    expect(changes.changed).toEqual([]);
  });

  it('says apart the records whose last update cannot be read in either list', () => {
    const copy = [row(1, null), row(2, '2026-11-01T10:00:00Z'), { id: 3, lastUpdated: 'soon' }];
    const fresh = [row(1, '2026-11-02T10:00:00Z'), row(2, null), row(3, '2026-11-02T10:00:00Z')];
    const changes = compare(copy, fresh);
    expect(sorted(changes.unknown)).toEqual([1, 2, 3]);
    expect(changes.changed).toEqual([]);
    expect(changes.unknownRows).toBe(3);
  });

  it('counts a repeated id once as a record, and each of its rows in the figure', () => {
    const copy = [row(1, '2026-11-01T10:00:00Z'), row(1, '2026-11-01T10:00:00Z'), row(9, null)];
    const fresh = [
      row(1, '2026-11-03T10:00:00Z'),
      row(1, '2026-11-01T10:00:00Z'),
      row(2, '2026-11-03T10:00:00Z'),
      row(2, '2026-11-03T10:00:00Z'),
    ];
    const changes = compare(copy, fresh);
    // The latest readable last update of an id's rows is its own.
    expect(changes.changed).toEqual([1]);
    expect(changes.changedRows).toBe(2);
    expect(changes.added).toEqual([2]);
    expect(changes.addedRows).toBe(2);
    expect(changes.gone).toEqual([{ id: 9, url: 'https://example.org/9', collection: 7 }]);
  });

  it('describes a gone record from the copy, unknown where the copy did not say', () => {
    const changes = compare([{ id: 5, url: 42, collection: 'x', lastUpdated: null }], []);
    expect(changes.gone).toEqual([{ id: 5, url: null, collection: null }]);
  });
});

/** A row with any shape a service might send: ids from a small range (so they repeat). */
const anyRow = fc.record(
  {
    id: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constant(null), fc.string()),
    url: fc.oneof(fc.webUrl(), fc.constant(null), fc.integer()),
    collection: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(undefined)),
    lastUpdated: fc.oneof(
      fc.integer({ min: 0, max: 5 }).map((day) => at(`2026-11-0${String(day + 1)}T10:00:00Z`)),
      fc.constant(null),
      fc.constant('yesterday'),
    ),
  },
  { requiredKeys: [] },
);

const idsOf = (rows: Row[]) =>
  new Set(rows.map((r) => r.id).filter((id): id is number => typeof id === 'number'));

describe('the comparison, for any two lists', () => {
  it('puts every record in exactly one place, and every figure counts its rows', () => {
    fc.assert(
      fc.property(
        fc.array(anyRow, { maxLength: 60 }),
        fc.array(anyRow, { maxLength: 60 }),
        (a, b) => {
          const changes = compare(a, b);
          const before = idsOf(a);
          const after = idsOf(b);
          expect(sorted(changes.added)).toEqual(sorted([...after].filter((id) => !before.has(id))));
          expect(sorted(changes.gone.map((g) => g.id))).toEqual(
            sorted([...before].filter((id) => !after.has(id))),
          );
          const both = [...changes.changed, ...changes.unknown];
          expect(new Set(both).size).toBe(both.length);
          for (const id of both) expect(before.has(id) && after.has(id)).toBe(true);
          const rowsWith = (ids: readonly number[]) =>
            b.filter((r) => typeof r.id === 'number' && ids.includes(r.id)).length;
          expect(changes.addedRows).toBe(rowsWith(changes.added));
          expect(changes.changedRows).toBe(rowsWith(changes.changed));
          expect(changes.unknownRows).toBe(rowsWith(changes.unknown));
          // Turned around, what was added is what is gone.
          expect(sorted(compare(b, a).gone.map((g) => g.id))).toEqual(sorted(changes.added));
        },
      ),
    );
  });

  it('finds nothing changed between a list and itself but what cannot be read', () => {
    fc.assert(
      fc.property(fc.array(anyRow, { maxLength: 60 }), (a) => {
        const changes = compare(a, a);
        expect(changes.added).toEqual([]);
        expect(changes.changed).toEqual([]);
        expect(changes.gone).toEqual([]);
        for (const id of changes.unknown) {
          expect(a.some((r) => r.id === id)).toBe(true);
        }
      }),
    );
  });
});

describe('since=saved in the address', () => {
  const changes = {
    ...compare(
      [row(1, '2026-11-01T10:00:00Z'), row(2, '2026-11-01T10:00:00Z'), row(3, null)],
      [row(1, '2026-11-05T10:00:00Z'), row(2, '2026-11-01T10:00:00Z'), row(3, null), row(4, null)],
    ),
    copyAt: Date.UTC(2026, 10, 20, 9, 12),
  };

  it('keeps the seeds of the kinds asked for, all three when none is named', () => {
    expect(sinceFilter({ since: undefined, change: [] }, changes).ids).toBeNull();
    expect([...(sinceFilter({ since: 'saved', change: ['added'] }, changes).ids ?? [])]).toEqual([
      4,
    ]);
    expect([...(sinceFilter({ since: 'saved', change: ['changed'] }, changes).ids ?? [])]).toEqual([
      1,
    ]);
    expect(sorted([...(sinceFilter({ since: 'saved', change: [] }, changes).ids ?? [])])).toEqual([
      1, 3, 4,
    ]);
  });

  it('keeps nothing, and says why, without a comparison or with change= alone', () => {
    const none = sinceFilter({ since: 'saved', change: ['added'] }, null);
    expect(none.ids?.size).toBe(0);
    expect(none.problem).toMatch(/no comparison with a saved copy/);
    const alone = sinceFilter({ since: undefined, change: ['added'] }, changes);
    expect(alone.ids?.size).toBe(0);
    expect(alone.problem).toMatch(/since=saved/);
    const unreadable = sinceFilter({ since: { unreadable: 'yesterday' }, change: [] }, changes);
    expect(unreadable.ids?.size).toBe(0);
  });

  it('names the filter in its chip', () => {
    const [chip] = sinceChips({ since: 'saved', change: ['changed'] }, '20 Nov, 09:12', {});
    expect(chip?.text).toBe('changed since your copy of 20 Nov, 09:12');
    expect(sinceChips({ since: undefined, change: [] }, null, {})).toEqual([]);
  });
});
