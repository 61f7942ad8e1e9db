/**
 * The query engine answers exactly as the plainest implementation of the read interface would:
 * filter every record with a predicate, slice the page, build each record's object with its keys
 * in the response's order, and serialise the lot. Its indexes, its encoded records and its chunks
 * are invisible, prepared or not: same records, same order, same count, same bytes, same key order
 * turning from one response to the next, over random sequences of requests (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_RECORDS, createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue, type Catalogue } from '../../src/server/catalogue/generate';
import { addHostileRecords } from '../../src/server/catalogue/hostile';
import {
  COLLECTION_FIELDS,
  PRESS_ITEM_FIELDS,
  RESOURCES,
  SEED_API_FIELDS,
  SEED_DEFAULT_FIELDS,
  SEED_GROUP_FIELDS,
  TOTAL_ROW_COUNT_HEADER,
  type Resource,
  type WireSeedDefault,
} from '../../src/contract/wire';

const catalogue = generateCatalogue({ seeds: 1_500 });
addHostileRecords(catalogue);
// Keys the contract does not list, one of them a number (which objects put first), and one whose
// value is undefined (which JSON leaves out).
Object.assign(catalogue.seeds[5] as object, { unexpected: { nested: [1, null] }, 7: 'seven' });
Object.assign(catalogue.seeds[6] as object, { missing: undefined, extra: 'x' });
Object.assign(catalogue.collections[2] as object, { 12: 'twelve' });

const FIELDS: Record<Resource, readonly string[]> = {
  press_item: PRESS_ITEM_FIELDS,
  seed: SEED_DEFAULT_FIELDS,
  collection: COLLECTION_FIELDS,
  seed_group: SEED_GROUP_FIELDS,
};

/** The read interface, written as plainly as possible. */
function plainService(data: Catalogue) {
  let responses = 0;
  const lists: Record<Resource, readonly object[]> = {
    press_item: data.pressItems,
    seed: data.seeds,
    collection: data.collections,
    seed_group: data.seedGroups,
  };
  return (resource: Resource, query: URLSearchParams) => {
    const value = (name: string) => query.get(name) || null;
    let records = lists[resource] as Record<string, unknown>[];
    const state = value('state');
    if (resource === 'collection' && state) records = records.filter((c) => c.state === state);
    if (resource === 'seed') {
      const collection = value('collection');
      const name = value('metadata__name');
      const prefix = value('metadata__value__startswith');
      records = records.filter((record) => {
        const seed = record as unknown as WireSeedDefault;
        if (collection !== null && seed.collection !== Number(collection)) return false;
        const fields = name === null ? Object.keys(seed.metadata) : [name];
        if (name === null && prefix === null) return true;
        return fields.some((field) => {
          const entries = Object.hasOwn(seed.metadata, field) ? seed.metadata[field] : undefined;
          if (!entries || entries.length === 0) return false;
          return prefix === null || entries.some((e) => e.value.startsWith(prefix));
        });
      });
    }
    const limit = Number(value('limit') ?? -1);
    const offset = Number(value('offset') ?? 0);
    const page = records.slice(offset, limit === -1 ? undefined : offset + limit);
    let body: unknown[];
    if (query.get('format') === 'api') {
      body = page.map((record) =>
        resource === 'seed'
          ? apiSeed(data, record as unknown as WireSeedDefault)
          : sortedKeys(record),
      );
    } else {
      const fields = FIELDS[resource];
      const k = responses++ % fields.length;
      const order = [...fields.slice(k), ...fields.slice(0, k)];
      body = page.map((record) => {
        const out: Record<string, unknown> = {};
        for (const key of order) if (key in record) out[key] = record[key];
        for (const key in record) if (!order.includes(key)) out[key] = record[key];
        return out;
      });
    }
    return { total: records.length, body: JSON.stringify(body) };
  };
}

function sortedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortedKeys);
  const source = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(source)
      .sort()
      .map((key) => [key, sortedKeys(source[key])]),
  );
}

/** A seed in the api representation: the fields it lists, in alphabetical order. */
function apiSeed(data: Catalogue, seed: WireSeedDefault): unknown {
  const group = seed.seed_group === null ? undefined : data.seedGroupRefs.get(seed.seed_group);
  const source: Record<string, unknown> = { ...seed, seed_groups: group ? [group] : [] };
  return sortedKeys(Object.fromEntries(SEED_API_FIELDS.map((key) => [key, source[key]])));
}

const sample = <T>(items: readonly T[]) => fc.constantFrom(...items);
const seedIds = catalogue.collections.map((c) => c.id);
const someValues = catalogue.seeds
  .slice(0, 50)
  .flatMap((s) => Object.values(s.metadata).flatMap((entries) => entries.map((e) => e.value)));

const request = fc
  .record({
    resource: sample(RESOURCES),
    format: fc.option(fc.constant('api'), { nil: undefined }),
    limit: fc.option(sample(['-1', '0', '1', '7', '999', '1000', '1001', '1200']), {
      nil: undefined,
    }),
    offset: fc.option(sample(['0', '3', '999', '1000', '1001', '1499', '5000']), {
      nil: undefined,
    }),
    state: fc.option(sample(['ACTIVE', 'INACTIVE']), { nil: undefined }),
    collection: fc.option(sample([...seedIds.slice(0, 8).map(String), '42', '-3']), {
      nil: undefined,
    }),
    name: fc.option(
      sample(['Title', 'Subject', 'Notes', 'Crawl Notes', 'hasOwnProperty', '__proto__', 'Nope']),
      { nil: undefined },
    ),
    prefix: fc.option(
      fc.oneof(
        sample(['A', 'The', 'é', '<', '\u202E', 'Zz', ' ']),
        sample(someValues).map((v) => v.slice(0, 4)),
        sample(someValues),
      ),
      { nil: undefined },
    ),
  })
  .map(({ resource, ...params }) => {
    const query = new URLSearchParams();
    const given = {
      format: params.format,
      limit: params.limit,
      offset: params.offset,
      ...(resource === 'collection' ? { state: params.state } : {}),
      ...(resource === 'seed'
        ? {
            collection: params.collection,
            metadata__name: params.name,
            metadata__value__startswith: params.prefix,
          }
        : {}),
    };
    for (const [key, value] of Object.entries(given))
      if (value !== undefined) query.set(key, value);
    return { resource, query };
  });

describe('the engine against the plainest implementation', () => {
  it('gives the same records, count, key order and bytes, request after request', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(request, { minLength: 1, maxLength: 30 }),
        (ready, requests) => {
          const engine = createCatalogueApi(catalogue);
          // Prepared (as the server starts it) or not (as the browser tests' mock service runs it).
          if (ready) engine.prepare();
          const plain = plainService(catalogue);
          for (const { resource, query } of requests) {
            const target = `/api/${resource}?${query.toString()}`;
            const answer = engine.handle('GET', target);
            const expected = plain(resource, query);
            expect(answer.status, target).toBe(200);
            expect(answer.headers[TOTAL_ROW_COUNT_HEADER], target).toBe(String(expected.total));
            expect(answer.body, target).toBe(expected.body);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it.each([
    ['prepared', true],
    ['not prepared', false],
  ])('%s, writes a list longer than a chunk as chunks that join into the same JSON', (_, ready) => {
    const engine = createCatalogueApi(catalogue);
    if (ready) engine.prepare();
    const { body } = engine.answer('GET', '/api/seed?format=api');
    expect(ArrayBuffer.isView(body)).toBe(false);
    const chunks = [...(body as Iterable<Uint8Array>)];
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(catalogue.seeds.length / CHUNK_RECORDS));
    const text = chunks.map((chunk) => new TextDecoder().decode(chunk)).join('');
    expect(text).toBe(engine.handle('GET', '/api/seed?format=api').body);
    expect((JSON.parse(text) as unknown[]).length).toBe(catalogue.seeds.length);
  });

  it('serves a prepared long list from the bytes it keeps, not from copies made for each answer', () => {
    const engine = createCatalogueApi(catalogue);
    engine.prepare();
    const memory = (target: string) =>
      new Set(
        [...(engine.answer('GET', target).body as Iterable<Uint8Array>)]
          .filter((chunk) => chunk.length > 1)
          .map((chunk) => chunk.buffer),
      );
    const first = memory('/api/seed?format=api');
    const again = memory('/api/seed?format=api&offset=10&limit=1200');
    // About a megabyte of storage each, shared: the second answer allocates none of its own.
    expect(first.size).toBeLessThan(catalogue.seeds.length / 10);
    expect([...again].every((buffer) => first.has(buffer))).toBe(true);
  });
});
