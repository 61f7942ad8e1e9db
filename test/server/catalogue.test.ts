/**
 * The sample catalogue: deterministic, internally consistent, and carrying every quirk the read
 * interface documents, so the explorer is tested against the data it will really meet.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import {
  KNOWN_TOPIC_CODES,
  type Metadata,
  type WireCollection,
  type WirePublicSeedGroup,
  type WireSeedApi,
  type WireSeedDefault,
} from '../../src/contract/wire';

const catalogue = generateCatalogue();
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/;

function allMetadata(): Metadata[] {
  return [
    ...catalogue.seeds.map((s) => s.metadata),
    ...catalogue.collections.map((c) => c.metadata),
  ];
}

describe('size and determinism', () => {
  it('has about 60 collections, 20,000 seeds, a few hundred seed groups and a few dozen press items', () => {
    expect(catalogue.collections.length).toBeGreaterThanOrEqual(55);
    expect(catalogue.collections.length).toBeLessThanOrEqual(65);
    expect(catalogue.seeds).toHaveLength(20_000);
    expect(catalogue.seedGroups.length).toBeGreaterThanOrEqual(200);
    expect(catalogue.seedGroups.length).toBeLessThan(1_000);
    expect(catalogue.pressItems.length).toBeGreaterThanOrEqual(24);
    expect(catalogue.pressItems.length).toBeLessThanOrEqual(60);
  });

  it('is the same catalogue on every run', () => {
    const again = generateCatalogue();
    expect(again.seeds.slice(0, 200)).toEqual(catalogue.seeds.slice(0, 200));
    expect(again.collections).toEqual(catalogue.collections);
    expect(again.pressItems).toEqual(catalogue.pressItems);
  });

  it('takes its size from the seeds option', () => {
    expect(generateCatalogue({ seeds: 1_234 }).seeds).toHaveLength(1_234);
    expect(generateCatalogue({ seeds: 0 }).seeds).toHaveLength(0);
    expect(() => generateCatalogue({ seeds: -1 })).toThrow(/seeds/);
  });

  it('gives unique ids within each resource', () => {
    for (const list of [
      catalogue.seeds,
      catalogue.collections,
      catalogue.seedGroups,
      catalogue.pressItems,
    ]) {
      expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
    }
  });

  it('skews seeds across collections: a few with thousands, many with tens', () => {
    const sizes = catalogue.collections.map((c) => c.num_active_seeds + c.num_inactive_seeds);
    expect(sizes.filter((n) => n >= 1_000).length).toBeGreaterThanOrEqual(3);
    expect(sizes.filter((n) => n >= 10 && n < 100).length).toBeGreaterThanOrEqual(15);
    expect(sizes.filter((n) => n === 0).length).toBeGreaterThanOrEqual(1);
  });
});

describe('consistency', () => {
  it('collection seed counts equal their seeds by the active flag', () => {
    for (const collection of catalogue.collections) {
      const seeds = catalogue.seeds.filter((s) => s.collection === collection.id);
      expect(collection.num_active_seeds).toBe(seeds.filter((s) => s.active).length);
      expect(collection.num_inactive_seeds).toBe(seeds.filter((s) => !s.active).length);
    }
  });

  it('seeds and seed groups refer to existing collections', () => {
    const collectionIds = new Set(catalogue.collections.map((c) => c.id));
    expect(catalogue.seeds.every((s) => collectionIds.has(s.collection))).toBe(true);
    expect(catalogue.seedGroups.every((g) => collectionIds.has(g.collection))).toBe(true);
  });

  it("a seed's group belongs to the seed's own collection, and a share of seeds have one", () => {
    const groups = new Map(catalogue.seedGroups.map((g) => [g.id, g]));
    const grouped = catalogue.seeds.filter((s) => s.seed_group !== null);
    expect(grouped.length).toBeGreaterThan(catalogue.seeds.length * 0.2);
    for (const seed of grouped) {
      expect(groups.get(seed.seed_group ?? -1)?.collection).toBe(seed.collection);
      expect(catalogue.seedGroupRefs.get(seed.seed_group ?? -1)?.collections[0]).toBe(
        seed.collection,
      );
    }
  });

  it('has work queues that span two collections of one account, as the real service shows', () => {
    const byId = new Map(catalogue.collections.map((c) => [c.id, c]));
    const shared = [...catalogue.seedGroupRefs.values()].filter((g) => g.collections.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const group of shared) {
      expect(group.name).toBe('Needs metadata');
      for (const id of group.collections) expect(byId.get(id)?.account).toBe(group.account);
    }
  });

  it('keeps work-queue groups an auditor would recognise', () => {
    const names = new Set(catalogue.seedGroups.map((g) => g.name));
    expect(names.has('Needs metadata')).toBe(true);
    expect(names.has('QA seeds') || names.has('Fix')).toBe(true);
  });

  it('has never-crawled collections with no bytes and no crawl date', () => {
    const never = catalogue.collections.filter((c) => c.last_crawl_date === null);
    expect(never.length).toBeGreaterThan(0);
    expect(never.every((c) => c.total_warc_bytes === 0)).toBe(true);
  });
});

describe('the quirks of the read interface', () => {
  it('writes timestamps ending in Z, with six fractional digits and without', () => {
    const stamps = [
      ...catalogue.seeds.flatMap((s) => [s.created_date, s.last_updated_date]),
      ...catalogue.collections.flatMap((c) => [c.created_date, c.last_crawl_date]),
      ...catalogue.pressItems.map((p) => p.created_date),
    ].filter((t): t is string => t !== null);
    expect(stamps.every((t) => TIMESTAMP.test(t))).toBe(true);
    expect(stamps.some((t) => t.includes('.'))).toBe(true);
    expect(stamps.some((t) => !t.includes('.'))).toBe(true);
  });

  it('writes topics that are null, empty, end in ";" or list known codes', () => {
    const topics = catalogue.collections.map((c) => c.topics);
    expect(topics).toContain(null);
    expect(topics).toContain('');
    expect(topics.some((t) => t?.endsWith(';'))).toBe(true);
    const codes = topics.flatMap((t) => (t ?? '').split(';')).filter((code) => code !== '');
    expect(codes.every((code) => (KNOWN_TOPIC_CODES as readonly string[]).includes(code))).toBe(
      true,
    );
  });

  it('has archive sizes from 0 to beyond 32 bits, all exact integers', () => {
    const bytes = catalogue.collections.map((c) => c.total_warc_bytes);
    expect(bytes).toContain(0);
    expect(bytes.some((b) => b > 2 ** 32)).toBe(true);
    expect(bytes.every((b) => Number.isSafeInteger(b) && b >= 0)).toBe(true);
  });

  it('has canonical URLs that sometimes differ from the URL', () => {
    const differ = catalogue.seeds.filter((s) => s.canonical_url !== s.url).length;
    expect(differ).toBeGreaterThan(catalogue.seeds.length * 0.05);
    expect(differ).toBeLessThan(catalogue.seeds.length * 0.3);
  });

  it('has seed types beyond "normal"', () => {
    const types = new Set(catalogue.seeds.map((s) => s.seed_type));
    expect(types.has('normal')).toBe(true);
    expect(types.size).toBeGreaterThan(1);
  });

  it('has Dublin Core metadata with repeated fields, free-form names, line breaks and markup', () => {
    const metadata = allMetadata();
    expect(metadata.some((m) => Object.keys(m).length === 0)).toBe(true);
    expect(catalogue.collections.some((c) => Object.keys(c.metadata).length === 0)).toBe(true);
    expect(metadata.some((m) => (m.Subject?.length ?? 0) > 1)).toBe(true);
    expect(metadata.some((m) => Object.keys(m).some((name) => name.includes(' ')))).toBe(true);
    const values = metadata.flatMap((m) =>
      Object.values(m)
        .flat()
        .map((e) => e.value),
    );
    expect(values.some((v) => v.includes('\n'))).toBe(true);
    expect(values.some((v) => /<[a-z]+>/.test(v))).toBe(true);
    for (const m of metadata) {
      for (const entries of Object.values(m)) {
        expect(entries.length).toBeGreaterThan(0);
        expect(entries.every((e) => Number.isInteger(e.id) && typeof e.value === 'string')).toBe(
          true,
        );
      }
    }
  });

  it('has press items with \\r\\n and quotes, missing images and older records without a creator', () => {
    const items = catalogue.pressItems;
    expect(items.every((p) => p.description.includes('\r\n'))).toBe(true);
    expect(items.some((p) => p.description.includes('"'))).toBe(true);
    expect(items.some((p) => p.image === null)).toBe(true);
    expect(items.some((p) => p.image !== null)).toBe(true);
    const older = items.filter((p) => p.created_by === null);
    expect(older.length).toBeGreaterThan(0);
    expect(older.every((p) => p.created_date === null)).toBe(true);
    expect(new Set(items.map((p) => p.list_order)).size).toBe(items.length);
  });

  it('has a few records carrying credentials, which the explorer must never show', () => {
    expect(catalogue.seeds.some((s) => s.login_password !== null)).toBe(true);
    expect(catalogue.collections.some((c) => c.private_access_token !== undefined)).toBe(true);
  });
});

describe('the representation a visitor without an account is shown (--public)', () => {
  const visitor = createCatalogueApi(catalogue, { representation: 'public' });
  const get = <T>(target: string) => {
    const answer = visitor.handle('GET', target);
    return {
      body: JSON.parse(answer.body ?? '[]') as T[],
      total: Number(answer.headers['Total-Row-Count']),
    };
  };
  const hidden = catalogue.collections.filter((c) => !c.publicly_visible);
  const hiddenIds = new Set(hidden.map((c) => c.id));

  it('leaves out private collections, and every field only an account sees', () => {
    expect(hidden.length).toBeGreaterThan(0);
    const { body, total } = get<WireCollection & Record<string, unknown>>(
      '/api/collection?limit=-1',
    );
    expect(total).toBe(catalogue.collections.length - hidden.length);
    for (const collection of body) {
      expect(collection.publicly_visible).toBe(true);
      for (const field of ['created_by', 'last_updated_by', 'private_access_token']) {
        expect(collection).not.toHaveProperty(field);
      }
    }
  });

  it('leaves out private seeds and every seed of a private collection, asked for or not', () => {
    const { body, total } = get<WireSeedDefault>('/api/seed?limit=-1');
    const shown = catalogue.seeds.filter((s) => s.publicly_visible && !hiddenIds.has(s.collection));
    expect(total).toBe(shown.length);
    expect(total).toBeLessThan(catalogue.seeds.length);
    expect(body.every((s) => s.publicly_visible && !hiddenIds.has(s.collection))).toBe(true);
    expect(body.some((s) => 'login_password' in s)).toBe(false);
    for (const collection of hidden.slice(0, 5)) {
      expect(get(`/api/seed?collection=${String(collection.id)}&limit=0`).total).toBe(0);
    }
  });

  it('leaves out the seed groups of private collections, and names no private collection', () => {
    const groups = get<WirePublicSeedGroup>('/api/seed_group?limit=-1').body;
    expect(groups.length).toBeGreaterThan(0);
    const named = [
      ...groups,
      ...get<WireSeedApi>('/api/seed?format=api&limit=-1').body.flatMap((s) => s.seed_groups),
    ];
    for (const group of named) {
      expect(group.collections.length).toBeGreaterThan(0);
      expect(group.collections.some((id) => hiddenIds.has(id))).toBe(false);
    }
  });

  it('counts each collection’s seeds as the visitor’s seed list has them', () => {
    const seeds = get<WireSeedDefault>('/api/seed?limit=-1').body;
    for (const collection of get<WireCollection>('/api/collection?limit=-1').body) {
      const own = seeds.filter((s) => s.collection === collection.id);
      expect(collection.num_active_seeds).toBe(own.filter((s) => s.active).length);
      expect(collection.num_inactive_seeds).toBe(own.filter((s) => !s.active).length);
    }
  });
});
