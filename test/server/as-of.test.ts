/**
 * The sample catalogue's history and `--as-of`: people with the rhythms of a real team, recent
 * work before today, and the catalogue as it stood on an earlier day, whose every count agrees
 * with its lists and whose every date is no later than that day.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { OptionsError, parseStartOptions } from '../../src/server/options';
import type {
  WireCollection,
  WirePressItem,
  WireSeedDefault,
  WireSeedGroup,
} from '../../src/contract/wire';

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 26, 15, 30);
const AS_OF = Date.UTC(2026, 9, 29);
const END_OF_AS_OF = AS_OF + DAY;
const SEEDS = 6_000;
const today = generateCatalogue({ seeds: SEEDS, today: TODAY });
const then = generateCatalogue({ seeds: SEEDS, today: TODAY, asOf: AS_OF });

const ms = (text: string | null) => (text === null ? null : Date.parse(text));

function api(catalogue: typeof today, representation: 'account' | 'public' = 'account') {
  const engine = createCatalogueApi(catalogue, { representation });
  return <T>(target: string) => {
    const answer = engine.handle('GET', target);
    return {
      body: JSON.parse(answer.body ?? '[]') as T[],
      total: Number(answer.headers['Total-Row-Count']),
    };
  };
}

describe('the history of the sample catalogue', () => {
  it('is the same on every run for a given day', () => {
    const again = generateCatalogue({ seeds: SEEDS, today: TODAY });
    expect(again.seeds.slice(0, 300)).toEqual(today.seeds.slice(0, 300));
    expect(again.collections).toEqual(today.collections);
  });

  it('has a few very active people and some occasional ones in each account', () => {
    const added = new Map<string, number>();
    for (const seed of today.seeds)
      added.set(seed.created_by, (added.get(seed.created_by) ?? 0) + 1);
    const counts = [...added.values()].sort((a, b) => b - a);
    expect(added.size).toBeGreaterThanOrEqual(10);
    // The most active person adds many times what the least active adds.
    expect(counts[0] ?? 0).toBeGreaterThan(10 * (counts.at(-1) ?? 0));
    const changers = new Set(today.seeds.map((s) => s.last_updated_by));
    expect(changers.has('system')).toBe(true);
  });

  it('has work in the last weeks before today, mostly on weekdays, and none after it', () => {
    const start = Date.UTC(2026, 10, 26);
    const created = today.seeds.map((s) => ms(s.created_date) ?? 0);
    expect(created.filter((t) => t >= start - 28 * DAY).length).toBeGreaterThan(SEEDS * 0.05);
    expect(Math.max(...created)).toBeLessThan(start);
    const changed = today.seeds.filter(
      (s) =>
        s.last_updated_date !== s.created_date &&
        (ms(s.last_updated_date) ?? 0) >= start - 28 * DAY,
    );
    expect(changed.length).toBeGreaterThan(SEEDS * 0.05);
    // Pacific office hours run past midnight UTC, so Sunday (UTC) is the quiet day.
    const sundays = created.filter((t) => new Date(t).getUTCDay() === 0).length;
    expect(sundays).toBeLessThan(created.length * 0.05);
  });

  it('gives a record never changed since it was added the same date and person twice', () => {
    const unchanged = today.seeds.filter((s) => s.last_updated_date === s.created_date);
    expect(unchanged.length).toBeGreaterThan(SEEDS * 0.3);
    expect(unchanged.every((s) => s.last_updated_by === s.created_by)).toBe(true);
    for (const seed of today.seeds) {
      expect(ms(seed.last_updated_date) ?? 0).toBeGreaterThanOrEqual(ms(seed.created_date) ?? 0);
    }
  });

  it('adds seeds in bursts: a few days hold much of a collection’s additions', () => {
    const biggest = [...today.collections].sort(
      (a, b) => b.num_active_seeds - a.num_active_seeds,
    )[0];
    const days = new Map<string, number>();
    for (const seed of today.seeds) {
      if (seed.collection !== biggest?.id) continue;
      const day = seed.created_date.slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    const sizes = [...days.values()].sort((a, b) => b - a);
    const total = sizes.reduce((a, b) => a + b, 0);
    const busiestTenth = sizes.slice(0, Math.ceil(sizes.length / 10)).reduce((a, b) => a + b, 0);
    expect(busiestTenth).toBeGreaterThan(total * 0.3);
  });
});

describe('--as-of: the catalogue as it stood at the end of a day', () => {
  const now = api(today);
  const past = api(then);

  it('has no record added after the day, and no date of any record after it', () => {
    const seeds = past<WireSeedDefault>('/api/seed?limit=-1').body;
    const collections = past<WireCollection>('/api/collection?limit=-1').body;
    const press = past<WirePressItem>('/api/press_item?limit=-1').body;
    const dates = [
      ...seeds.flatMap((s) => [s.created_date, s.last_updated_date]),
      ...collections.flatMap((c) => [c.created_date, c.last_updated_date, c.last_crawl_date]),
      ...press.flatMap((p) => [p.created_date, p.last_updated_date]),
    ].filter((t): t is string => t !== null);
    expect(dates.length).toBeGreaterThan(seeds.length * 2);
    for (const date of dates) expect(ms(date)).toBeLessThan(END_OF_AS_OF);
    expect(seeds.length).toBeLessThan(SEEDS);
    const shown = new Set(collections.map((c) => c.id));
    for (const collection of today.collections) {
      const added = ms(collection.created_date) ?? 0;
      expect(shown.has(collection.id)).toBe(added < END_OF_AS_OF);
    }
  });

  it('agrees with itself: every count the API gives equals the records it lists', () => {
    for (const get of [past, api(then, 'public')]) {
      const seeds = get<WireSeedDefault>('/api/seed?limit=-1');
      expect(seeds.total).toBe(seeds.body.length);
      const collections = get<WireCollection>('/api/collection?limit=-1');
      expect(collections.total).toBe(collections.body.length);
      const ids = new Set(collections.body.map((c) => c.id));
      for (const collection of collections.body) {
        const own = seeds.body.filter((s) => s.collection === collection.id);
        expect(collection.num_active_seeds).toBe(own.filter((s) => s.active).length);
        expect(collection.num_inactive_seeds).toBe(own.filter((s) => !s.active).length);
        const listed = get<WireSeedDefault>(
          `/api/seed?collection=${String(collection.id)}&limit=0`,
        );
        expect(listed.total).toBe(own.length);
      }
      expect(seeds.body.every((s) => ids.has(s.collection))).toBe(true);
      // The visitor's groups name their collections in a list.
      const groups = get<WireSeedGroup & { collections?: number[] }>('/api/seed_group?limit=-1');
      for (const group of groups.body) {
        for (const id of group.collections ?? [group.collection]) expect(ids.has(id)).toBe(true);
      }
    }
  });

  it('is the same records as today’s, with later additions, changes and removals not yet made', () => {
    const before = new Map(then.seeds.map((s) => [s.id, s]));
    const after = new Map(today.seeds.map((s) => [s.id, s]));
    let added = 0;
    let changed = 0;
    let gone = 0;
    for (const seed of today.seeds) {
      const old = before.get(seed.id);
      if (old === undefined) {
        added++;
        expect(ms(seed.created_date)).toBeGreaterThanOrEqual(END_OF_AS_OF);
        continue;
      }
      expect(old.url).toBe(seed.url);
      expect(old.created_date).toBe(seed.created_date);
      expect(old.created_by).toBe(seed.created_by);
      if (old.last_updated_date !== seed.last_updated_date) {
        changed++;
        expect(ms(seed.last_updated_date)).toBeGreaterThanOrEqual(END_OF_AS_OF);
        expect(ms(old.last_updated_date)).toBeLessThan(END_OF_AS_OF);
      }
      // What a later change added (a description) is not there yet.
      if (old.metadata.Description)
        expect(seed.metadata.Description).toEqual(old.metadata.Description);
    }
    for (const seed of then.seeds) if (!after.has(seed.id)) gone++;
    expect(added).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
    expect(gone).toBeGreaterThan(0);
    // Today's catalogue has exactly the seeds asked for; the removed ones are gone from it.
    expect(today.seeds).toHaveLength(SEEDS);
  });

  it('gives the day as given, or says why not', () => {
    expect(parseStartOptions(['--as-of', '2026-10-29'])).toMatchObject({ asOf: AS_OF });
    for (const text of ['2026-02-30', '29/10/2026', 'yesterday', '2026-10-29T00:00']) {
      expect(() => parseStartOptions(['--as-of', text])).toThrow(/YYYY-MM-DD/);
    }
    expect(() => parseStartOptions(['--as-of', '2999-01-01'])).toThrow(/after today/);
    expect(() =>
      parseStartOptions(['--as-of', '2026-10-29', '--upstream', 'https://partner.example.org']),
    ).toThrow(OptionsError);
  });

  it('leaves the catalogue of today as it is when the day is today', () => {
    const same = generateCatalogue({ seeds: 500, today: TODAY, asOf: TODAY });
    expect(same).toEqual(generateCatalogue({ seeds: 500, today: TODAY }));
    expect(now<WireSeedDefault>('/api/seed?limit=0').total).toBe(SEEDS);
  });
});
