/**
 * Every parser rule and every quirk of the read interface, plus property tests: whatever JSON
 * arrives, parsing returns records and problems and never throws, and no secret survives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastSeed } from '../../../src/api/fast-seed';
import {
  parseInstant,
  parseRecord,
  parseRecords,
  parseTopics,
  readListBody,
  schemaParse,
} from '../../../src/api/parse';
import type { Collection, PressItem, Seed } from '../../../src/api/model';
import { RESOURCES, type Resource } from '../../../src/model/wire';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';

const catalogue = generateCatalogue({ seeds: 600 });
const engine = createCatalogueApi(catalogue);

/** Records exactly as the embedded service sends them. */
function wire(target: string): Record<string, unknown>[] {
  return JSON.parse(engine.handle('GET', target).body ?? '[]') as Record<string, unknown>[];
}

function one<R extends Resource>(resource: R, raw: unknown) {
  const result = parseRecord(resource, raw, 0);
  if (!result.ok) throw new Error(`${result.problem.field} ${result.problem.message}`);
  return result.record;
}

const seedDefault = wire('/api/seed?limit=-1');
const seedApi = wire('/api/seed?limit=-1&format=api');
const collections = wire('/api/collection?format=api');
const pressItems = wire('/api/press_item');

describe('timestamps', () => {
  it('reads both forms the service sends into one comparable number, keeping the text', () => {
    const whole = parseInstant('2019-12-04T16:39:28Z');
    const fraction = parseInstant('2019-12-04T16:39:28.655117Z');
    expect(whole).toEqual({ text: '2019-12-04T16:39:28Z', ms: Date.UTC(2019, 11, 4, 16, 39, 28) });
    expect(fraction?.text).toBe('2019-12-04T16:39:28.655117Z');
    expect(fraction?.ms).toBeCloseTo(Date.UTC(2019, 11, 4, 16, 39, 28) + 655.117, 3);
  });

  it('orders microseconds correctly', () => {
    const a = parseInstant('2020-01-01T00:00:00Z')?.ms ?? NaN;
    const b = parseInstant('2020-01-01T00:00:00.000001Z')?.ms ?? NaN;
    const c = parseInstant('2020-01-01T00:00:00.000002Z')?.ms ?? NaN;
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
  });

  it('honours an explicit offset', () => {
    expect(parseInstant('2020-01-01T02:00:00+02:00')?.ms).toBe(Date.UTC(2020, 0, 1));
  });

  it.each(['2019-02-31T00:00:00Z', '2019-13-01T00:00:00Z', 'yesterday', '2019-12-04', ''])(
    'rejects %j',
    (text) => {
      expect(parseInstant(text)).toBeNull();
    },
  );
});

describe('topics', () => {
  it.each([
    [null, []],
    ['', []],
    ['government;', ['government']],
    ['government;politicsAndElections;', ['government', 'politicsAndElections']],
    [' government ; ;government-USStates;government', ['government', 'government-USStates']],
    ['unknownCode', ['unknownCode']],
  ])('%j gives %j', (text, codes) => {
    expect(parseTopics(text)).toEqual(codes);
  });

  it('gives no empty code for any collection the service sends', () => {
    for (const raw of collections) {
      const collection = one('collection', raw);
      expect(collection.topics.every((code) => code.trim() !== '')).toBe(true);
    }
  });
});

describe('seeds', () => {
  it('reads both representations into the same seed', () => {
    const byId = new Map(seedApi.map((raw) => [raw.id, raw]));
    for (const raw of seedDefault.slice(0, 200)) {
      const fromDefault = one('seed', raw);
      const fromApi = one('seed', byId.get(raw.id));
      expect({ ...fromApi, seedGroups: fromApi.seedGroups.map((g) => g.id) }).toEqual({
        ...fromDefault,
        seedGroups: fromDefault.seedGroups.map((g) => g.id),
      });
    }
  });

  it('takes seed group names from the objects the real service embeds', () => {
    const grouped = seedApi.map((raw) => one('seed', raw)).find((s) => s.seedGroups.length > 0);
    expect(grouped?.seedGroups[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it('accepts seed_groups as bare ids', () => {
    const raw = { ...seedApi[0], seed_groups: [12, 13] };
    expect(one('seed', raw).seedGroups).toEqual([
      { id: 12, name: null },
      { id: 13, name: null },
    ]);
  });

  it('keeps an unknown seed_type as text and ignores unknown fields', () => {
    const seed = one('seed', { ...seedApi[0], seed_type: 'standardPlus', brand_new_field: 1 });
    expect(seed.seedType).toBe('standardPlus');
    expect(seed).not.toHaveProperty('brand_new_field');
    expect(seed).not.toHaveProperty('brandNewField');
  });

  it('keeps metadata as field → entries, and drops a field with no entries', () => {
    const raw = {
      ...seedApi[0],
      metadata: {
        Title: [{ id: 1, value: 'A <b>bold</b> title\nwith a line break' }],
        Subject: [
          { id: 2, value: 'One' },
          { id: 3, value: 'Two' },
        ],
        'Local Call Number': [{ id: 4, value: 'X 1' }],
        Empty: [],
      },
    };
    expect(one('seed', raw).metadata).toEqual({
      Title: [{ id: 1, value: 'A <b>bold</b> title\nwith a line break' }],
      Subject: [
        { id: 2, value: 'One' },
        { id: 3, value: 'Two' },
      ],
      'Local Call Number': [{ id: 4, value: 'X 1' }],
    });
  });

  it('drops the login fields at parse time', () => {
    const raw = { ...seedDefault[0], login_username: 'crawler@x.org', login_password: 'pw-123' };
    const seed = one('seed', raw);
    expect(JSON.stringify(seed)).not.toMatch(/crawler@x\.org|pw-123|login/);
  });

  it('does not depend on key order', () => {
    const raw = seedDefault[3] ?? {};
    const reversed = Object.fromEntries(Object.entries(raw).reverse());
    expect(one('seed', reversed)).toEqual(one('seed', raw));
  });
});

describe('collections', () => {
  it('keeps byte counts past 32 bits exact', () => {
    const raw = { ...collections[0], total_warc_bytes: 2 ** 53 - 1 };
    expect(one('collection', raw).totalWarcBytes).toBe(9_007_199_254_740_991);
    const big = collections
      .map((r) => one('collection', r))
      .find((c) => c.totalWarcBytes > 2 ** 32);
    expect(big).toBeDefined();
  });

  it('reads a never-crawled collection and keeps an unknown state as text', () => {
    const collection: Collection = one('collection', {
      ...collections[0],
      last_crawl_date: null,
      state: 'ARCHIVED',
    });
    expect(collection.lastCrawl).toBeNull();
    expect(collection.state).toBe('ARCHIVED');
  });

  it('drops the private access token', () => {
    const collection = one('collection', { ...collections[0], private_access_token: 'pat_SECRET' });
    expect(JSON.stringify(collection)).not.toContain('pat_SECRET');
  });
});

describe('press items', () => {
  it('keeps line breaks and quotation marks, and reads older records without a creator', () => {
    const items: PressItem[] = pressItems.map((raw) => one('press_item', raw));
    expect(items.every((p) => p.description.includes('\r\n'))).toBe(true);
    const older = items.find((p) => p.createdBy === null);
    expect(older?.created).toBeNull();
    expect(items.some((p) => p.image === null)).toBe(true);
  });
});

describe('malformed records', () => {
  const good = seedApi.slice(0, 5);

  it.each([
    [{ url: undefined }, 'url', 'is missing'],
    [{ active: 'yes' }, 'active', 'must be boolean, not "yes"'],
    [{ id: 1.5 }, 'id', ''],
    [{ created_date: 'last week' }, 'created_date', 'is not an ISO 8601 timestamp'],
    [{ metadata: { Title: [{ id: 1, value: 7 }] } }, 'metadata.Title.0.value', 'must be string'],
    [{ metadata: 'none' }, 'metadata', 'must be Object'],
    [{ seed_groups: [{ name: 'no id' }] }, 'seed_groups.0', 'seed group'],
  ])('reports %j as a problem with %s and keeps the rest', (change, field, message) => {
    const broken: Record<string, unknown> = { ...good[2], ...change };
    const { records, problems } = parseRecords('seed', [
      ...good.slice(0, 2),
      broken,
      ...good.slice(3),
    ]);
    expect(records).toHaveLength(4);
    expect(problems).toHaveLength(1);
    const readableId = Number.isInteger(broken.id) ? broken.id : null;
    expect(problems[0]).toMatchObject({ index: 2, id: readableId, field });
    expect(problems[0]?.message).toContain(message);
  });

  it('reports a count below zero', () => {
    const { problems } = parseRecords('collection', [{ ...collections[0], num_active_seeds: -3 }]);
    expect(problems[0]).toMatchObject({
      field: 'num_active_seeds',
      message: 'must not be negative',
    });
  });

  it('reports items that are not records at all', () => {
    const { records, problems } = parseRecords('seed_group', [null, 4, 'x', []], 100);
    expect(records).toEqual([]);
    expect(problems.map((p) => p.index)).toEqual([100, 101, 102, 103]);
  });
});

describe('list bodies', () => {
  it('accepts a bare array and the paginated envelope', () => {
    expect(readListBody([1, 2])).toEqual({ kind: 'array', items: [1, 2] });
    expect(readListBody({ count: 9, next: null, previous: null, results: [1] })).toEqual({
      kind: 'envelope',
      items: [1],
      count: 9,
    });
    expect(readListBody({ results: [], count: 'many' })).toMatchObject({ count: null });
  });

  it.each([
    [{ detail: 'Not found.' }, 'Not found.'],
    [{ results: 'x' }, '"results" is not a list'],
    [null, 'got null'],
    ['text', 'got a string'],
    [{ a: 1 }, 'got an object'],
  ])('says why %j is not a list', (body, reason) => {
    expect(readListBody(body)).toEqual({
      kind: 'invalid',
      reason: expect.stringContaining(reason),
    });
  });
});

describe('properties', () => {
  it('never throws, whatever JSON arrives, and accounts for every item', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...RESOURCES), (value, resource) => {
        const body = readListBody(value);
        if (body.kind === 'invalid') return;
        const { records, problems } = parseRecords(resource, body.items);
        expect(records.length + problems.length).toBe(body.items.length);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on records with fields of any type', () => {
    const field = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.constantFrom(...seedApi.slice(0, 50)),
        fc.dictionary(fc.constantFrom(...Object.keys(seedApi[0] ?? {})), field),
        (base, changes) => {
          const result = parseRecord('seed', { ...base, ...changes }, 0);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never lets a secret or an unknown field through', () => {
    const secret = fc.string({ minLength: 8 }).map((s) => `SECRET:${s}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...seedDefault.slice(0, 100)),
        fc.constantFrom(...collections),
        secret,
        secret,
        secret,
        (seed, collection, user, password, token) => {
          const parsed: [Seed, Collection] = [
            one('seed', {
              ...seed,
              login_username: user,
              login_password: password,
              x_extra: token,
            }),
            one('collection', { ...collection, private_access_token: token }),
          ];
          const text = JSON.stringify(parsed);
          expect(text).not.toContain('SECRET:');
          expect(text).not.toMatch(/login_|private_access_token|x_extra/);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the fast route for seeds', () => {
  /** The schema's own answer, without the fast route. */
  const bySchema = (raw: unknown) => schemaParse('seed', raw);

  it('gives exactly what the schema gives, for every seed the service sends', () => {
    for (const raw of [...seedDefault, ...seedApi]) {
      const fast = fastSeed(raw, parseInstant);
      expect(fast).toBeDefined();
      expect(fast).toEqual(bySchema(raw));
    }
  });

  it('either agrees with the schema or leaves the record to it, whatever a field holds', () => {
    const field = fc.oneof(
      fc.jsonValue(),
      fc.constant(undefined),
      fc.constant(null),
      fc.array(fc.oneof(fc.integer(), fc.record({ id: fc.integer(), name: fc.string() }))),
      fc.dictionary(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'Title')),
        fc.array(fc.record({ id: fc.oneof(fc.integer(), fc.double()), value: fc.string() })),
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...seedApi.slice(0, 50), ...seedDefault.slice(0, 50)),
        fc.dictionary(
          fc.constantFrom(...Object.keys(seedApi[0] ?? {}), 'seed_group', 'valid', 'extra'),
          field,
        ),
        (base, changes) => {
          const raw = { ...base, ...changes };
          const fast = fastSeed(raw, parseInstant);
          const schema = bySchema(raw);
          if (fast !== undefined) expect(fast).toEqual(schema);
          if (schema === null) expect(fast).toBeUndefined();
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
