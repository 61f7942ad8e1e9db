/**
 * The activity model: weeks from Monday (UTC), the day list of a period, the eight most active
 * people with "others" and no one named, and, over records whose four fields are deleted, nulled
 * or retyped, totals that always equal the additions and updates changes.ts counts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedOf, updateOf, utcDayStart } from '../../../src/api/changes';
import { readItems } from '../../../src/api/parse';
import type { Collection, Seed } from '../../../src/api/records';
import {
  activityOf,
  DAY_MS,
  weekStart,
  WEEKS,
  type Window,
} from '../../../src/features/activity/activity-model';
import { weekChart } from '../../../src/features/activity/activity-chart';
import { lineHref } from '../../../src/features/activity/day-list';
import { resolvePeriod } from '../../../src/features/activity/activity-params';
import { mutated } from '../mutated-records';

const day = (text: string) => utcDayStart(text) ?? Number.NaN;
/** Thursday 26 November 2026, 00:00 UTC. */
const TODAY = day('2026-11-26');
const EVER: Window = { from: -8.64e15, until: null };

let nextId = 1;
/** A seed as the service sends it; last updated when it was added, unless the test says so. */
function wireSeed(fields: Record<string, unknown>): Record<string, unknown> {
  const created = 'created_date' in fields ? fields.created_date : '2026-11-24T10:00:00Z';
  return {
    id: nextId++,
    collection: 12,
    url: 'https://example.org/',
    created_by: 'ahanson',
    created_date: created,
    last_updated_by: 'ahanson',
    last_updated_date: created,
    ...fields,
  };
}

function read<R extends 'seed' | 'collection'>(resource: R, items: readonly unknown[]) {
  const rows: (R extends 'seed' ? Seed : Collection)[] = [];
  readItems(resource, items, 0, (row) => {
    rows.push(row as R extends 'seed' ? Seed : Collection);
  });
  return rows;
}

const seeds = (...fields: Record<string, unknown>[]) => read('seed', fields.map(wireSeed));

describe('weeks', () => {
  it('start on Monday at 00:00 UTC', () => {
    expect(weekStart(day('2026-11-26') + 5 * 3600_000)).toBe(day('2026-11-23'));
    expect(weekStart(day('2026-11-23'))).toBe(day('2026-11-23'));
    // Sunday belongs to the week that began six days before.
    expect(weekStart(day('2026-11-29') + DAY_MS - 1)).toBe(day('2026-11-23'));
    expect(weekStart(day('2026-11-30'))).toBe(day('2026-11-30'));
  });

  it('the chart has 26, this one last, and counts each change in its week', () => {
    const activity = activityOf(
      {
        seeds: seeds(
          { created_date: '2026-11-23T00:00:00Z', last_updated_date: '2026-11-25T08:00:00Z' },
          { created_date: '2026-11-22T23:59:59Z', last_updated_date: '2026-11-22T23:59:59Z' },
          { created_date: '2026-05-31T12:00:00Z', last_updated_date: '2026-12-10T00:00:00Z' },
        ),
        collections: [],
      },
      EVER,
      TODAY,
    );
    expect(activity.weeks).toHaveLength(WEEKS);
    expect(activity.weeks.at(-1)?.start).toBe(day('2026-11-23'));
    expect(activity.weeks[0]?.start).toBe(day('2026-11-23') - 25 * 7 * DAY_MS);
    expect(activity.weeks.at(-1)?.byPerson.get('ahanson')).toBe(2);
    expect(activity.weeks.at(-2)?.byPerson.get('ahanson')).toBe(1);
    // 31 May is before the first week (1 June); 10 December after the last.
    expect(activity.earlier).toBe(1);
    expect(activity.later).toBe(1);
  });
});

describe('the day list of a period', () => {
  const records = {
    seeds: seeds(
      { created_by: 'ahanson', created_date: '2026-11-24T09:00:00Z' },
      { created_by: 'ahanson', created_date: '2026-11-24T23:00:00Z' },
      {
        created_by: 'ahanson',
        created_date: '2026-11-20T09:00:00Z',
        last_updated_by: 'mlib',
        last_updated_date: '2026-11-24T10:00:00Z',
      },
      { collection: 7, created_by: 'mlib', created_date: '2026-11-24T11:00:00Z' },
      { created_by: null, created_date: '2026-11-25T11:00:00Z' },
      { created_by: 'ahanson', created_date: '2026-11-10T11:00:00Z' },
    ),
    collections: read('collection', [
      {
        id: 12,
        name: 'Web',
        created_by: 'mlib',
        created_date: '2026-11-24T08:00:00Z',
        last_updated_date: '2026-11-25T08:00:00Z',
      },
    ]),
  };

  it('groups by day (newest first), person and collection, within the period only', () => {
    const activity = activityOf(
      records,
      resolvePeriod({ period: '7d', since: undefined, week: undefined }, TODAY).window,
      TODAY,
    );
    expect(activity.days.map((d) => d.day)).toEqual(['2026-11-25', '2026-11-24', '2026-11-20']);
    const [latest, before] = activity.days;
    expect(latest?.lines).toEqual([
      expect.objectContaining({ by: null, subject: 'collection', added: 0, updated: 1 }),
      expect.objectContaining({ by: null, subject: 'seed', collection: 12, added: 1, updated: 0 }),
    ]);
    expect(before?.changes).toBe(5);
    // The most active first; a person's collections' own changes before their seeds'.
    expect(before?.lines.map((l) => [l.by, l.subject, l.collection, l.added, l.updated])).toEqual([
      ['mlib', 'collection', null, 1, 0],
      ['mlib', 'seed', 7, 1, 0],
      ['mlib', 'seed', 12, 0, 1],
      ['ahanson', 'seed', 12, 2, 0],
    ]);
    // The last 7 days are 20 to 26 November; the 10 November addition is before them.
    expect(activity.totals).toEqual({
      seedsAdded: 5,
      seedsUpdated: 1,
      collectionsAdded: 1,
      collectionsUpdated: 1,
      unnamed: 2,
    });
  });

  it('links each figure to exactly its records, and a line of no one named only when it is alone', () => {
    const activity = activityOf(records, EVER, TODAY);
    const lines = activity.days.flatMap((d) => d.lines.map((line) => ({ line, day: d.day })));
    const find = (by: string | null, subject: string, date: string) =>
      lines.find((l) => l.line.by === by && l.line.subject === subject && l.day === date)?.line;
    const ahanson = find('ahanson', 'seed', '2026-11-24');
    expect(ahanson && lineHref(ahanson, 'added', '2026-11-24')).toBe(
      '/collections/12/seeds?created_by=ahanson&created=2026-11-24',
    );
    const mlib = lines.find((l) => l.line.by === 'mlib' && l.line.updated > 0)?.line;
    expect(mlib && lineHref(mlib, 'updated', '2026-11-24')).toBe(
      '/collections/12/seeds?updated_by=mlib&updated=2026-11-24',
    );
    expect(mlib && lineHref(mlib, 'added', '2026-11-24')).toBeUndefined();
    const collection = find(null, 'collection', '2026-11-25');
    expect(collection && lineHref(collection, 'updated', '2026-11-25')).toBe(
      '/collections?updated=2026-11-25',
    );
    // No one named added a seed on the 25th, and no one else did: the day alone names it.
    const nobody = find(null, 'seed', '2026-11-25');
    expect(nobody && lineHref(nobody, 'added', '2026-11-25')).toBe(
      '/collections/12/seeds?created=2026-11-25',
    );
    const shared = activityOf(
      { seeds: seeds({ created_by: null }, { created_by: 'ahanson' }), collections: [] },
      EVER,
      TODAY,
    ).days[0]?.lines.find((l) => l.by === null);
    expect(shared && lineHref(shared, 'added', '2026-11-24')).toBeUndefined();
  });

  it('of one person counts theirs only, and a week ends', () => {
    const week = resolvePeriod({ period: undefined, since: undefined, week: '2026-11-25' }, TODAY);
    expect(week.window).toEqual({ from: day('2026-11-23'), until: day('2026-11-30') });
    const activity = activityOf(records, week.window, TODAY, 'mlib');
    expect(activity.totals).toMatchObject({ seedsAdded: 1, seedsUpdated: 1, collectionsAdded: 1 });
    expect(activity.days.flatMap((d) => d.lines).every((l) => l.by === 'mlib')).toBe(true);
    expect(activity.people.map((p) => p.name)).toEqual(['ahanson', 'mlib']);
  });
});

describe('the chart', () => {
  it('names the eight most active, then others, then no one named', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const many = names.flatMap((name, i) =>
      Array.from({ length: 20 - i }, () => ({ created_by: name })),
    );
    const activity = activityOf(
      { seeds: seeds(...many, { created_by: null }, { created_by: '  ' }), collections: [] },
      EVER,
      TODAY,
    );
    expect(activity.top).toEqual(names.slice(0, 8));
    const spec = weekChart(
      activity,
      (week, who) => `/activity?week=${week}&person=${String(who)}`,
      null,
    );
    expect(spec.series.map((s) => s.label)).toEqual([...names.slice(0, 8), 'Others', 'Not named']);
    const last = spec.bars.at(-1);
    expect(last?.segments.map((s) => s.value)).toEqual([
      20,
      19,
      18,
      17,
      16,
      15,
      14,
      13,
      12 + 11,
      2,
    ]);
    expect(last?.segments[0]?.href).toBe('/activity?week=2026-11-23&person=a');
    expect(spec.bars.slice(0, -1).every((b) => b.segments.every((s) => s.value === 0))).toBe(true);
  });
});

describe('records the explorer did not design for', () => {
  const bases = [
    wireSeed({}),
    wireSeed({ last_updated_by: 'mlib', last_updated_date: '2026-11-25T08:00:00Z' }),
    wireSeed({ created_date: '2026-06-01T00:00:00Z', last_updated_date: '2027-01-01T00:00:00Z' }),
    wireSeed({ created_by: null, created_date: null }),
  ];
  // Any field deleted, nulled or retyped, unknown ones added; the id kept readable, so that the
  // record is read and its four fields are what varies.
  const retyped = mutated(bases).map((record) => ({ ...record, id: nextId++ }));

  it('totals equal the additions and updates changes.ts counts, whatever the fields hold', () => {
    fc.assert(
      fc.property(
        fc.array(retyped, { maxLength: 30 }),
        fc.constantFrom<Window>(
          EVER,
          { from: day('2026-11-20'), until: null },
          { from: day('2026-11-23'), until: day('2026-11-30') },
        ),
        (items, window) => {
          const rows = read('seed', items);
          const activity = activityOf({ seeds: rows, collections: [] }, window, TODAY);
          const inWindow = (ms: number) =>
            ms >= window.from && (window.until === null || ms < window.until);
          const added = rows.filter((r) => {
            const a = addedOf(r);
            return a !== null && inWindow(a.ms);
          }).length;
          const updated = rows.filter((r) => {
            const u = updateOf(r);
            return u !== null && inWindow(u.ms);
          }).length;
          expect(activity.totals.seedsAdded).toBe(added);
          expect(activity.totals.seedsUpdated).toBe(updated);
          const lines = activity.days.flatMap((d) => d.lines);
          expect(lines.reduce((n, l) => n + l.added, 0)).toBe(added);
          expect(lines.reduce((n, l) => n + l.updated, 0)).toBe(updated);
          expect(activity.days.reduce((n, d) => n + d.changes, 0)).toBe(added + updated);
          // Every change of any date is in a week of the chart, before it or after it.
          const all =
            rows.filter((r) => addedOf(r)).length + rows.filter((r) => updateOf(r)).length;
          const drawn = activity.weeks.reduce(
            (n, w) => n + [...w.byPerson.values()].reduce((a, b) => a + b, 0),
            0,
          );
          expect(drawn + activity.earlier + activity.later).toBe(all);
          expect(activity.all).toBe(all);
          const spec = weekChart(activity, () => '/activity', null);
          const charted = spec.bars.reduce(
            (n, b) => n + b.segments.reduce((a, s) => a + s.value, 0),
            0,
          );
          expect(charted).toBe(drawn);
        },
      ),
      { numRuns: 300 },
    );
  });
});
