/**
 * The catalogue's recent work, counted from the one reading of who changed what and when
 * (`addedOf` and `updateOf` in src/api/changes.ts), so that every figure equals the list it opens:
 * changes per week (the last 26, weeks from Monday, UTC) by the most active people, and the
 * changes of a period day by day, by person and collection. Pure: the page draws what this says.
 */
import { addedOf, updateOf, utcDay, type Change } from '../../api/changes';
import type { Collection, Seed } from '../../api/records';

export const DAY_MS = 86_400_000;
/** Weeks the chart shows, this one included. */
export const WEEKS = 26;
/** People the chart names; everyone else is one "others" series. */
export const TOP_PEOPLE = 8;

export type ChangeKind = 'added' | 'updated';
/** What changed: a seed, or a collection itself. */
export type Subject = 'seed' | 'collection';

/** The first instant (00:00 UTC) of the Monday of the week holding `ms`. */
export function weekStart(ms: number): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
}

/** The changes counted: from `from` (inclusive), until `until` (exclusive; none: no end). */
export interface Window {
  readonly from: number;
  readonly until: number | null;
}

/** The records whose changes count: a collection's seeds only, or the catalogue's too. */
export interface ActivityInput {
  readonly seeds: readonly Seed[];
  /** The collections, whose own additions and updates count too; empty on a collection's tab. */
  readonly collections: readonly Collection[];
}

/** One person's changes to one collection's seeds (or to collections) on one day. */
export interface DayLine {
  /** Who; null when the service did not say. */
  readonly by: string | null;
  readonly subject: Subject;
  /** The seeds' collection; for collections, null. Null too for seeds of no readable collection. */
  readonly collection: number | null;
  added: number;
  updated: number;
  /**
   * For a line of no one named: whether everyone's changes of its kind that day (to that
   * collection's seeds, or to collections) are its own, so that a list by the day alone shows
   * exactly them.
   */
  unnamedAlone: { added: boolean; updated: boolean };
}

export interface ActivityDay {
  /** `YYYY-MM-DD`, UTC. */
  readonly day: string;
  changes: number;
  readonly lines: DayLine[];
}

export interface ActivityTotals {
  seedsAdded: number;
  seedsUpdated: number;
  collectionsAdded: number;
  collectionsUpdated: number;
  /** Of all these, the changes of no one named. */
  unnamed: number;
}

export interface WeekCounts {
  /** Monday, 00:00 UTC. */
  readonly start: number;
  /** Changes by person (null: no one named). */
  readonly byPerson: Map<string | null, number>;
}

export interface Activity {
  /** The window's days with changes, newest first. */
  readonly days: ActivityDay[];
  readonly totals: ActivityTotals;
  /** The last WEEKS weeks, oldest first, the current one last. */
  readonly weeks: WeekCounts[];
  /** The people the chart names, most active in its weeks first. */
  readonly top: string[];
  /** Changes before the chart's first week, and after its last (dates in the future). */
  readonly earlier: number;
  readonly later: number;
  /** Everyone named in any change, most changes first (then by name), for choosing one. */
  readonly people: { name: string; changes: number }[];
  /** Changes of any date, and how many of them name no one. */
  readonly all: number;
  readonly allUnnamed: number;
}

/** Calls `visit` with each change the records carry, as changes.ts reads them. */
export function eachChange(
  input: ActivityInput,
  visit: (kind: ChangeKind, subject: Subject, change: Change, collection: number | null) => void,
): void {
  for (const seed of input.seeds) {
    const collection = typeof seed.collectionId === 'number' ? seed.collectionId : null;
    const added = addedOf(seed);
    if (added) visit('added', 'seed', added, collection);
    const update = updateOf(seed);
    if (update) visit('updated', 'seed', update, collection);
  }
  for (const record of input.collections) {
    const added = addedOf(record);
    if (added) visit('added', 'collection', added, null);
    const update = updateOf(record);
    if (update) visit('updated', 'collection', update, null);
  }
}

const byCount = <T extends { changes: number; name: string }>(a: T, b: T) =>
  b.changes - a.changes || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The activity of `input` in `window` (the day list and its totals) and over the WEEKS weeks up
 * to `today`'s (the chart), of one person or of everyone.
 */
export function activityOf(
  input: ActivityInput,
  window: Window,
  today: number,
  person: string | null = null,
): Activity {
  const lastWeek = weekStart(today);
  const firstWeek = lastWeek - (WEEKS - 1) * 7 * DAY_MS;
  const weeks: WeekCounts[] = Array.from({ length: WEEKS }, (_, i) => ({
    start: firstWeek + i * 7 * DAY_MS,
    byPerson: new Map<string | null, number>(),
  }));
  const totals: ActivityTotals = {
    seedsAdded: 0,
    seedsUpdated: 0,
    collectionsAdded: 0,
    collectionsUpdated: 0,
    unnamed: 0,
  };
  const people = new Map<string, number>();
  const inWeeks = new Map<string, number>();
  const lines = new Map<string, DayLine>();
  /** Everyone's changes per day, subject, collection and kind: "unnamed alone" compares them. */
  const everyone = new Map<string, number>();
  let earlier = 0;
  let later = 0;
  let all = 0;
  let allUnnamed = 0;

  eachChange(input, (kind, subject, change, collection) => {
    const { by, ms } = change;
    all++;
    if (by === null) allUnnamed++;
    else people.set(by, (people.get(by) ?? 0) + 1);
    const inWindow = ms >= window.from && (window.until === null || ms < window.until);
    const day = inWindow ? utcDay(ms) : '';
    const place = `${day}|${subject}|${String(collection)}|${kind}`;
    if (inWindow) everyone.set(place, (everyone.get(place) ?? 0) + 1);
    if (person !== null && by !== person) return;
    if (ms < firstWeek) earlier++;
    else if (ms >= lastWeek + 7 * DAY_MS) later++;
    else {
      const week = weeks[Math.floor((ms - firstWeek) / (7 * DAY_MS))];
      if (week) week.byPerson.set(by, (week.byPerson.get(by) ?? 0) + 1);
      if (by !== null) inWeeks.set(by, (inWeeks.get(by) ?? 0) + 1);
    }
    if (!inWindow) return;
    if (subject === 'seed') totals[kind === 'added' ? 'seedsAdded' : 'seedsUpdated']++;
    else totals[kind === 'added' ? 'collectionsAdded' : 'collectionsUpdated']++;
    if (by === null) totals.unnamed++;
    const key = `${day}|${by === null ? '' : `=${by}`}|${subject}|${String(collection)}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        by,
        subject,
        collection,
        added: 0,
        updated: 0,
        unnamedAlone: { added: false, updated: false },
      };
      lines.set(key, line);
    }
    line[kind]++;
  });

  const days = new Map<string, ActivityDay>();
  const personOnDay = new Map<string, number>();
  for (const [key, line] of lines) {
    const day = key.slice(0, key.indexOf('|'));
    if (line.by === null) {
      for (const kind of ['added', 'updated'] as const) {
        const place = `${day}|${line.subject}|${String(line.collection)}|${kind}`;
        line.unnamedAlone[kind] = line[kind] > 0 && everyone.get(place) === line[kind];
      }
    }
    let entry = days.get(day);
    if (!entry) {
      entry = { day, changes: 0, lines: [] };
      days.set(day, entry);
    }
    entry.changes += line.added + line.updated;
    entry.lines.push(line);
    const who = `${day}|${line.by ?? ''}`;
    personOnDay.set(who, (personOnDay.get(who) ?? 0) + line.added + line.updated);
  }
  const sortedDays = [...days.values()].sort((a, b) => (a.day < b.day ? 1 : -1));
  for (const entry of sortedDays) {
    const dayTotal = (line: DayLine) => personOnDay.get(`${entry.day}|${line.by ?? ''}`) ?? 0;
    entry.lines.sort(
      (a, b) =>
        Number(a.by === null) - Number(b.by === null) ||
        dayTotal(b) - dayTotal(a) ||
        (a.by ?? '').localeCompare(b.by ?? '') ||
        Number(a.subject === 'seed') - Number(b.subject === 'seed') ||
        b.added + b.updated - (a.added + a.updated) ||
        (a.collection ?? 0) - (b.collection ?? 0),
    );
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts].map(([name, changes]) => ({ name, changes })).sort(byCount);
  return {
    days: sortedDays,
    totals,
    weeks,
    top: ranked(inWeeks)
      .slice(0, TOP_PEOPLE)
      .map((p) => p.name),
    earlier,
    later,
    people: ranked(people),
    all,
    allUnnamed,
  };
}
