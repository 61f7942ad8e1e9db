/**
 * The sample catalogue's history: who added and changed its records, and when, in the rhythm of
 * a real team. Each account has a few very active people and some occasional ones; seeds are added
 * in bursts, often in the days before a collection's scheduled crawl and rarely at weekends; some
 * are described or corrected later (by people, or by `system` for automatic changes), a few are
 * removed; and a share of all of it falls in the last weeks before today, so that recent activity
 * has something to show.
 *
 * Every instant is drawn relative to `now` (the start of the day the server started, UTC), so the
 * catalogue is the same on every run and day after day only its dates move. A `cutoff` earlier
 * than `now` gives the catalogue as it stood then: the same random draws, so the same records,
 * with what came later left out (see `generateCatalogue`'s `asOf`).
 */
import type { Random } from './random';

export const DAY = 86_400_000;
const HOUR = 3_600_000;
/** What counts as "recent" when part of the work is drawn close to today. */
const RECENT_DAYS = 42;

export interface Timeline {
  /** The start of today (UTC): every event is before it. */
  readonly now: number;
  /** The first collection's creation. */
  readonly first: number;
  /** What is shown: events before this instant (`now`, or the end of the `--as-of` day). */
  readonly cutoff: number;
}

/** People weighted by how much they do: a few very active, some occasional. */
export class Rhythm {
  private readonly cumulative: Float64Array;

  constructor(
    readonly people: readonly string[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(people.length);
    let sum = 0;
    people.forEach((_, i) => {
      sum += weights[i] ?? 0;
      this.cumulative[i] = sum;
    });
  }

  pick(rng: Random): string {
    return this.people[pickWeighted(rng, this.cumulative)] ?? 'system';
  }
}

/** How much each of an account's people does, in the order the account lists them. */
const SHARES = [1, 0.45, 0.14, 0.06, 0.03];

/** Who adds seeds (the first listed most), and who changes them (the second most, then `system`). */
export function rhythmsOf(users: readonly string[]): { adds: Rhythm; changes: Rhythm } {
  const adds = new Rhythm(users, SHARES);
  const [first, second, ...rest] = SHARES;
  const changeShares = users.length > 1 ? [second ?? 0, first ?? 0, ...rest] : SHARES;
  // Automatic changes (a crawl's outcome, a bulk edit) are a fifth of all.
  const total = changeShares.slice(0, users.length).reduce((a, b) => a + b, 0);
  return {
    adds,
    changes: new Rhythm([...users, 'system'], [...changeShares.slice(0, users.length), total / 4]),
  };
}

/** Index of a pick weighted by the running sums `cumulative`. */
function pickWeighted(rng: Random, cumulative: Float64Array): number {
  const target = rng.next() * (cumulative[cumulative.length - 1] ?? 0);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cumulative[mid] ?? 0) > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** A collection's crawls: every `period` days from `phase`, until `until` (when they stopped). */
export interface Crawls {
  readonly period: number;
  readonly phase: number;
  readonly until: number;
}

export function crawlsOf(rng: Random, created: number, now: number): Crawls {
  const period = rng.pick([7, 30, 30, 91]) * DAY;
  const phase = created + rng.int(1, Math.round(period / DAY)) * DAY + 3 * HOUR;
  // Many collections stop being crawled (a finished event, a paused project), most of them long ago.
  const stops = rng.next() < 0.45;
  const stopped = phase + Math.floor(Math.pow(rng.next(), 2) * Math.max(0, now - phase));
  return { period, phase, until: stops ? stopped : Infinity };
}

/** The last crawl before `before`, or null when the first is later. */
export function lastCrawl(crawls: Crawls, before: number): number | null {
  const end = Math.min(before, crawls.until + 1);
  if (end <= crawls.phase) return null;
  return crawls.phase + Math.floor((end - 1 - crawls.phase) / crawls.period) * crawls.period;
}

/** An instant in [start, end), `recentShare` of the time within the last weeks before `now`. */
function someDay(rng: Random, start: number, end: number, now: number, recentShare: number) {
  const recent = rng.next() < recentShare;
  const span = Math.max(0, end - start);
  const offset = rng.next();
  if (recent) return Math.max(start, now - Math.floor(offset * RECENT_DAYS * DAY));
  return start + Math.floor(offset * span);
}

/** A working moment of the day of `ms`: a weekday (mostly), in the account's office hours. */
function workingMoment(rng: Random, ms: number): number {
  let day = Math.floor(ms / DAY) * DAY;
  const weekday = new Date(day).getUTCDay();
  const keepsWeekend = rng.chance(0.1);
  if (!keepsWeekend && weekday === 6) day -= DAY;
  if (!keepsWeekend && weekday === 0) day += DAY;
  // The accounts are on the Pacific coast: 08:00–16:59 there is 16:00–00:59 UTC.
  return day + (16 + rng.int(0, 8)) * HOUR + rng.int(0, 59) * 60_000;
}

/** A stretch of work: when it began, who did it, and its share of the collection's work. */
interface Burst {
  readonly at: number;
  readonly by: string;
}

export class Bursts {
  private readonly cumulative: Float64Array;

  private constructor(
    private readonly bursts: readonly Burst[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(bursts.length);
    let sum = 0;
    weights.forEach((weight, i) => {
      sum += weight;
      this.cumulative[i] = sum;
    });
  }

  /**
   * `count` bursts between `start` and the timeline's `now`, by `who`; with `crawls`, most fall a
   * few days before a crawl (seeds are added for the next one).
   */
  static make(
    rng: Random,
    timeline: Timeline,
    start: number,
    count: number,
    who: Rhythm,
    recentShare: number,
    crawls: Crawls | null,
  ): Bursts {
    const bursts: Burst[] = [];
    const weights: number[] = [];
    for (let i = 0; i < count; i++) {
      let day = someDay(rng, start, timeline.now - DAY, timeline.now, recentShare);
      if (crawls !== null && rng.chance(0.6)) {
        const next = crawls.phase + Math.ceil((day - crawls.phase) / crawls.period) * crawls.period;
        const before = next - rng.int(1, 3) * DAY;
        if (before >= start && before < timeline.now - DAY) day = before;
      }
      const at = Math.min(Math.max(workingMoment(rng, day), start), timeline.now - 4 * HOUR);
      bursts.push({ at, by: who.pick(rng) });
      weights.push(rng.logUniform(1, 40));
    }
    return new Bursts(bursts, weights);
  }

  pick(rng: Random): Burst {
    return this.bursts[pickWeighted(rng, this.cumulative)] ?? { at: 0, by: 'system' };
  }
}

/** A record's history: added, perhaps changed (twice at most that matters), perhaps removed. */
export interface Past {
  readonly createdAt: number;
  readonly createdBy: string;
  /** The last change, or null when it was never changed after it was added. */
  readonly updatedAt: number | null;
  readonly updatedBy: string;
  /** The change before the last, when there was one. */
  readonly earlierAt: number | null;
  readonly earlierBy: string;
  /** When it left the catalogue, or null. */
  readonly removedAt: number | null;
}

/**
 * A seed's history: added in one of its collection's bursts; changed in one of its change bursts
 * (or soon after it was added, by the person who added it), or never (`unchangedShare`).
 */
export function seedPast(
  rng: Random,
  timeline: Timeline,
  adds: Bursts,
  changes: Bursts,
  removed: boolean,
): Past {
  const burst = adds.pick(rng);
  const createdAt = Math.min(burst.at + rng.int(0, 3 * HOUR), timeline.now - HOUR);
  const unchanged = rng.chance(0.45);
  const change = changes.pick(rng);
  const soon = createdAt + rng.int(60_000, Math.min(3 * DAY, timeline.now - createdAt - 1));
  let updatedAt: number | null = null;
  let updatedBy = burst.by;
  if (!unchanged) {
    if (change.at > createdAt) {
      updatedAt = change.at + rng.int(0, 2 * HOUR);
      updatedBy = change.by;
    } else updatedAt = soon;
    updatedAt = Math.min(updatedAt, timeline.now - 1);
  }
  // A change before the last one, which `--as-of` shows when the last is later than its day.
  // (Every draw here depends on the history alone, never on the cutoff: the same records.)
  let earlierAt: number | null = null;
  let earlierBy = burst.by;
  if (updatedAt !== null && updatedAt - createdAt > 4 * 60_000 && rng.chance(0.3)) {
    earlierAt = createdAt + 60_000 + Math.floor(rng.next() * (updatedAt - createdAt - 120_000));
    earlierBy = changes.pick(rng).by;
  }
  const last = updatedAt ?? createdAt;
  const goneAt = removed ? someDay(rng, last + HOUR, timeline.now - 1, timeline.now, 0.4) : 0;
  return {
    createdAt,
    createdBy: burst.by,
    updatedAt,
    updatedBy,
    earlierAt,
    earlierBy,
    removedAt: removed ? Math.min(Math.max(goneAt, last + HOUR), timeline.now - 1) : null,
  };
}

/** Who last changed a record and when, as of the timeline's cutoff. */
export function changeAsOf(past: Past, cutoff: number): { at: number; by: string } {
  if (past.updatedAt !== null && past.updatedAt < cutoff) {
    return { at: past.updatedAt, by: past.updatedBy };
  }
  if (past.earlierAt !== null && past.earlierAt < cutoff) {
    return { at: past.earlierAt, by: past.earlierBy };
  }
  return { at: past.createdAt, by: past.createdBy };
}

/** Whether the record is in the catalogue as of `cutoff`. */
export const presentAt = (past: Past, cutoff: number): boolean =>
  past.createdAt < cutoff && (past.removedAt === null || past.removedAt >= cutoff);

/** A change instant for a record added at `created`: a third of them in the last weeks. */
export function changedAt(rng: Random, created: number, now: number): number {
  return Math.min(someDay(rng, created + HOUR, now - 1, now, 0.3), now - 1);
}

/** The start of today, UTC, for the server's clock. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY) * DAY;
