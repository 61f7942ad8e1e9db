/**
 * Every parser rule and every quirk of the read interface, plus property tests: whatever JSON
 * arrives, parsing returns records and problems and never throws, and no secret survives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockBuilder } from '../../../src/api/block-builder';
import { seedFastRoute } from '../../../src/api/fast-seed';
import { blockRows, toPlain } from '../../../src/api/row-block';
import {
  mergeGaps,
  parseRecord,
  parseRecords,
  parseTopics,
  readListBody,
  reportGaps,
} from '../../../src/api/parse';
import type { Collection, PressItem, Seed } from '../../../src/api/records';
import { RECORD_FIELDS } from '../../../src/api/records';
import { LONGEST_VALUE, MOST_FIELDS } from '../../../src/api/values';
import { RESOURCES, type Resource } from '../../../src/contract/wire';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { mutated, without } from '../mutated-records';

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
      .find((c) => (c.totalWarcBytes ?? 0) > 2 ** 32);
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
    expect(items.every((p) => p.description?.includes('\r\n'))).toBe(true);
    const older = items.find((p) => p.createdBy === null);
    expect(older?.created).toBeNull();
    expect(items.some((p) => p.image === null)).toBe(true);
  });
});

describe('records the service sends in other shapes', () => {
  const good = seedApi.slice(0, 5);

  it.each([
    [{ url: undefined }, 'url', 'url', { reason: 'missing' }],
    [{ active: 'yes' }, 'active', 'active', { reason: 'unreadable', excerpt: '"yes"' }],
    [
      { created_date: 'last week' },
      'created',
      'created',
      { reason: 'unreadable', excerpt: '"last week"' },
    ],
    [{ metadata: 'none' }, 'metadata', 'metadata', { reason: 'unreadable', excerpt: '"none"' }],
    [
      { collection: null },
      'collectionId',
      'collectionId',
      { reason: 'unreadable', excerpt: 'null' },
    ],
  ])('keeps a seed with %j and marks %s unknown', (change, key, _field, why) => {
    const broken: Record<string, unknown> = { ...good[2], ...change };
    const { records, problems, gaps } = parseRecords('seed', [
      ...good.slice(0, 2),
      broken,
      ...good.slice(3),
    ]);
    expect(records).toHaveLength(5);
    expect(problems).toEqual([]);
    const kept = records[2] as Seed;
    expect(kept.id).toBe(good[2]?.id);
    expect(kept.unknown).toEqual({ [key]: why });
    expect((kept as unknown as Record<string, unknown>)[key]).toEqual(
      key === 'metadata' ? {} : null,
    );
    expect(gaps[key]).toMatchObject({
      missing: why.reason === 'missing' ? 1 : 0,
      unreadable: why.reason === 'unreadable' ? 1 : 0,
    });
    // The other records are untouched.
    expect(records.filter((r) => r.unknown !== undefined)).toHaveLength(1);
  });

  it('keeps the readable values of metadata and says what it left out', () => {
    const raw = {
      ...good[0],
      metadata: {
        Title: [{ id: 1, value: 'Kept' }],
        Subject: [
          { id: 2, value: 7 },
          { id: 3, value: 'Also kept' },
        ],
        Language: 'English',
      },
    };
    const seed = one('seed', raw);
    expect(seed.metadata).toEqual({
      Title: [{ id: 1, value: 'Kept' }],
      Subject: [{ id: 3, value: 'Also kept' }],
    });
    expect(seed.unknown?.metadata).toEqual({
      reason: 'unreadable',
      excerpt: 'Subject: {"id":2,"value":7}',
    });
  });

  it('reads ids sent as strings of digits, and drops a record only when its id is unreadable', () => {
    expect(one('seed', { ...good[0], id: '12912', collection: '88' })).toMatchObject({
      id: 12912,
      collectionId: 88,
    });
    const { records, problems } = parseRecords(
      'seed',
      [
        { ...good[0], id: 1.5 },
        { ...good[1], id: undefined },
        { ...good[2], id: '12a' },
        { ...good[3], id: null },
        good[4],
      ],
      40,
    );
    expect(records.map((r) => r.id)).toEqual([good[4]?.id]);
    expect(problems).toEqual([
      { index: 40, field: 'id', message: 'is not a whole number: 1.5' },
      { index: 41, field: 'id', message: 'is missing' },
      { index: 42, field: 'id', message: 'is not a whole number: "12a"' },
      { index: 43, field: 'id', message: 'is not a whole number: null' },
    ]);
  });

  it('marks a count below zero unreadable', () => {
    const collection = one('collection', { ...collections[0], num_active_seeds: -3 });
    expect(collection.numActiveSeeds).toBeNull();
    expect(collection.unknown).toEqual({
      numActiveSeeds: { reason: 'unreadable', excerpt: '-3' },
    });
  });

  it('reports items that are not records at all', () => {
    const { records, problems } = parseRecords('seed_group', [null, 4, 'x', []], 100);
    expect(records).toEqual([]);
    expect(problems).toEqual([
      { index: 100, field: '', message: 'is null, not a record' },
      { index: 101, field: '', message: 'is a number, not a record' },
      { index: 102, field: '', message: 'is a string, not a record' },
      { index: 103, field: '', message: 'is a list, not a record' },
    ]);
  });

  it('reads collections as a visitor without an account sees them', () => {
    const visitor = collections.map((raw) => {
      return without(raw, 'created_by', 'last_updated_by');
    });
    const { records, problems, gaps } = parseRecords('collection', visitor);
    expect(records).toHaveLength(collections.length);
    expect(problems).toEqual([]);
    expect(reportGaps('collection', gaps, records.length)).toEqual({
      absent: [
        { key: 'createdBy', wire: 'created_by', label: 'Created by', optional: false },
        {
          key: 'lastUpdatedBy',
          wire: 'last_updated_by',
          label: 'Last updated by',
          optional: false,
        },
      ],
      partial: [],
    });
  });

  it('reads seed groups with one collection or a list of them', () => {
    const one_ = one('seed_group', { id: 7, name: 'Fix', collection: 12 });
    expect(one_).toEqual({
      id: 7,
      name: 'Fix',
      collectionIds: [12],
      accountId: null,
      visibility: null,
      unknown: { accountId: { reason: 'missing' }, visibility: { reason: 'missing' } },
    });
    const several = one('seed_group', {
      id: 8,
      name: 'QA seeds',
      collections: [12, 13],
      account: 3,
      visibility: 'PUBLIC',
    });
    expect(several).toEqual({
      id: 8,
      name: 'QA seeds',
      collectionIds: [12, 13],
      accountId: 3,
      visibility: 'PUBLIC',
    });
    // Optional fields are not worth a notice when the service leaves them out.
    const { gaps } = parseRecords('seed_group', [{ id: 7, name: 'Fix', collection: 12 }]);
    expect(reportGaps('seed_group', gaps, 1).partial).toEqual([]);
  });

  it('drops any metadata field whose name says it holds a credential', () => {
    const seed = one('seed', {
      ...good[0],
      metadata: {
        Title: [{ id: 1, value: 'Shown' }],
        'FTP password': [{ id: 2, value: 'hunter2' }],
        api_token: [{ id: 3, value: 'tok' }],
        'Client Secret': [{ id: 4, value: 'sss' }],
      },
      seed_groups: [{ id: 5, name: 'G', access_token: 'nested-token' }],
    });
    expect(Object.keys(seed.metadata)).toEqual(['Title']);
    expect(JSON.stringify(seed)).not.toMatch(/hunter2|tok"|sss|nested-token/);
  });
});

describe('the gaps of a list', () => {
  it('sorts fields absent everywhere from fields missing in some records', () => {
    const raws = collections.slice(0, 4).map((raw, i) => {
      const rest = without(raw, 'created_by');
      return i === 0
        ? { ...rest, last_crawl_date: 'soon' }
        : i === 1
          ? { ...rest, name: undefined }
          : rest;
    });
    const { records, gaps } = parseRecords('collection', raws);
    const report = reportGaps('collection', gaps, records.length);
    expect(report.absent.map((f) => f.wire)).toEqual(['created_by']);
    expect(report.partial.map((g) => [g.field.wire, g.missing, g.unreadable])).toEqual([
      ['name', 1, 0],
      ['last_crawl_date', 0, 1],
    ]);
  });

  it('adds up over pages', () => {
    const a = { url: { missing: 1, unreadable: 0, excerpt: null } };
    const b = {
      url: { missing: 0, unreadable: 2, excerpt: '4' },
      created: { missing: 3, unreadable: 0, excerpt: null },
    };
    expect(mergeGaps(a, b)).toEqual({
      url: { missing: 1, unreadable: 2, excerpt: '4' },
      created: { missing: 3, unreadable: 0, excerpt: null },
    });
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

const idReadable = (value: unknown) =>
  Number.isSafeInteger(value) || (typeof value === 'string' && /^\d{1,15}$/.test(value));

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

  const valid: Record<Resource, Record<string, unknown>[]> = {
    seed: [...seedApi.slice(0, 30), ...seedDefault.slice(0, 30)],
    collection: collections,
    seed_group: [
      ...wire('/api/seed_group?limit=20'),
      ...(JSON.parse(
        createCatalogueApi(catalogue, { representation: 'public' }).handle(
          'GET',
          '/api/seed_group?limit=20',
        ).body ?? '[]',
      ) as Record<string, unknown>[]),
    ],
    press_item: pressItems,
  };

  it.each(RESOURCES)(
    'keeps a %s exactly when its id is readable, whatever else it lacks or carries',
    (resource) => {
      fc.assert(
        fc.property(mutated(valid[resource]), (raw) => {
          const result = parseRecord(resource, raw, 0);
          expect(result.ok).toBe(idReadable(raw.id));
          if (!result.ok) return;
          const record = result.record as Record<string, unknown> & {
            unknown?: Record<string, unknown>;
          };
          expect(record.id).toBe(Number(raw.id));
          // Every defined field is there, known or unknown, and nothing else is.
          const defined = Object.keys(RECORD_FIELDS[resource]);
          expect(Object.keys(record).sort()).toEqual(
            ['id', ...defined, ...(record.unknown ? ['unknown'] : [])].sort(),
          );
          for (const key of Object.keys(record.unknown ?? {})) expect(defined).toContain(key);
          for (const key of defined) expect(record[key]).not.toBeUndefined();
        }),
        { numRuns: 300 },
      );
    },
  );

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
              metadata: {
                ...(seed.metadata as object),
                'Login password': [{ id: 1, value: token }],
              },
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
  /** The seed's row as the fast route writes it, or null when it leaves the seed to the schema. */
  const byFastRoute = (raw: unknown) => {
    const builder = new BlockBuilder('seed', 1);
    if (!seedFastRoute(builder)(raw)) return null;
    const [row] = blockRows<'seed'>(builder.done());
    return row ? toPlain(row) : null;
  };
  /** The field definitions' own answer. */
  const bySchema = (raw: unknown) => {
    const result = parseRecord('seed', raw, 0);
    return result.ok ? toPlain(result.record) : null;
  };

  it('gives exactly what the schema gives, for every seed the service sends', () => {
    for (const raw of [...seedDefault, ...seedApi]) {
      const fast = byFastRoute(raw);
      expect(fast).not.toBeNull();
      expect(fast).toStrictEqual(bySchema(raw));
    }
  });

  it('leaves a seed too big to hold whole to the definitions, which keep it cut', () => {
    const [base] = seedApi;
    const long = 'x'.repeat(LONGEST_VALUE + 1);
    const crowded = Object.fromEntries(
      Array.from({ length: MOST_FIELDS + 1 }, (_, i) => [`F${String(i)}`, [{ id: i, value: 'v' }]]),
    );
    for (const raw of [
      { ...base, url: long },
      { ...base, seed_type: long },
      { ...base, metadata: { Description: [{ id: 1, value: long }] } },
      { ...base, metadata: { [long]: [{ id: 1, value: 'v' }] } },
      { ...base, metadata: crowded },
    ]) {
      expect(byFastRoute(raw)).toBeNull();
      const read = bySchema(raw);
      expect(read).not.toBeNull();
      expect(JSON.stringify(read).length).toBeLessThan(2 * LONGEST_VALUE);
    }
    expect(Object.keys(bySchema({ ...base, metadata: crowded })?.metadata ?? {})).toHaveLength(
      MOST_FIELDS,
    );
  });

  it('either gives exactly what the schema gives or leaves the record to it, whatever a field holds', () => {
    const long = 'y'.repeat(LONGEST_VALUE + 1);
    const crowded = Object.fromEntries(
      Array.from({ length: MOST_FIELDS + 1 }, (_, i) => [`F${String(i)}`, [{ id: i, value: 'v' }]]),
    );
    const field = fc.oneof(
      fc.constantFrom(long, crowded, { Title: [{ id: 1, value: long }] }, [{ id: 1, name: long }]),
      fc.jsonValue(),
      fc.constant(undefined),
      fc.constant(null),
      fc.array(fc.oneof(fc.integer(), fc.record({ id: fc.integer(), name: fc.string() }))),
      fc.dictionary(
        fc.oneof(
          fc.string(),
          fc.constantFrom('__proto__', 'constructor', 'toString', 'Title', 'password', '7'),
        ),
        fc.array(fc.record({ id: fc.oneof(fc.integer(), fc.double()), value: fc.string() })),
      ),
      fc.constantFrom(
        '2019-12-04T16:39:28Z',
        '2019-12-04T16:39:28.655117Z',
        '2019-02-31T00:00:00Z',
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
          const fast = byFastRoute(raw);
          const schema = parseRecord('seed', raw, 0);
          if (fast !== null) {
            // The fast route only ever takes whole, readable seeds.
            expect(schema.ok && schema.record.unknown).toBeUndefined();
            expect(fast).toStrictEqual(bySchema(raw));
          }
        },
      ),
      { numRuns: 1_000 },
    );
  }, 30_000);
});
