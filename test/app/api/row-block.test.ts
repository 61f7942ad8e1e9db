/**
 * Rows in columns read back exactly as parsing gave them: every field of every record, for records
 * of every shape (fields missing, null, retyped), after the copy a worker's message makes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import { LIST_WORKER_ROUTES } from '../../../src/api/fast-seed';
import { readPage } from '../../../src/api/read-page';
import { RECORD_FIELDS, type ResourceModels } from '../../../src/api/records';
import { encodeBlock } from '../../../src/api/block-builder';
import { COMPACT_COLUMNS } from '../../../src/api/compact-columns';
import {
  blockRows,
  fieldInstantMs,
  metadataKeysOf,
  toPlain,
  type Column,
  type RowBlock,
} from '../../../src/api/row-block';
import { isWholeBlock, unpackedBlock } from '../../../src/api/stored-block';
import { packedBlock } from '../../../src/api/saved-writes';
import {
  addFieldNames,
  fieldValues,
  hasField,
  type WithMetadata,
} from '../../../src/lib/metadata-audit';
import { RESOURCES, type Resource } from '../../../src/contract/wire';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { mutated } from '../mutated-records';

const engine = createCatalogueApi(generateCatalogue({ seeds: 400 }));
const wire = (target: string) =>
  JSON.parse(engine.handle('GET', target).body ?? '[]') as Record<string, unknown>[];

const samples: Record<Resource, Record<string, unknown>[]> = {
  seed: [...wire('/api/seed?limit=40&format=api'), ...wire('/api/seed?limit=40')],
  collection: wire('/api/collection?format=api'),
  seed_group: wire('/api/seed_group?limit=40'),
  press_item: wire('/api/press_item'),
};

const instantKeys = (resource: Resource) =>
  Object.entries(RECORD_FIELDS[resource] as Record<string, { column: string }>)
    .filter(([, spec]) => spec.column === 'instant')
    .map(([key]) => key);

/** What a record holds, field by field, as the explorer reads it. */
function fieldsOf(resource: Resource, record: object): Record<string, unknown> {
  const read = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ['id', ...Object.keys(RECORD_FIELDS[resource]), 'unknown'])
    out[key] = read[key];
  return out;
}

/**
 * Through columns and a structured clone (what postMessage and IndexedDB do) and back; keeping
 * less text (as the list worker's blocks do) with `compact`; `saved`, as the saved catalogue
 * keeps a block (its numbers packed) and gives it back.
 */
function roundTrip<R extends Resource>(
  resource: R,
  records: readonly ResourceModels[R][],
  compact = false,
  saved = false,
): ResourceModels[R][] {
  const block = encodeBlock(resource, records, compact ? COMPACT_COLUMNS : null);
  const copy = () =>
    saved ? unpackedBlock(structuredClone(packedBlock(block))) : structuredClone(block);
  expect(isWholeBlock(copy(), resource)).toBe(true);
  return blockRows<R>(copy() as RowBlock);
}

/** The items of an answer as the list worker reads them: columns from the JSON, and back. */
function read<R extends Resource>(resource: R, items: readonly unknown[]): ResourceModels[R][] {
  const bytes = new TextEncoder().encode(JSON.stringify(items)).buffer;
  const reading = readPage(resource, bytes, 0, 'application/json', LIST_WORKER_ROUTES);
  if (!reading.ok) throw new Error(reading.reason);
  expect(isWholeBlock(reading.block, resource)).toBe(true);
  return blockRows<R>(structuredClone(reading.block));
}

describe('rows in columns', () => {
  it.each(RESOURCES)(
    'read back every field of every %s, whatever shape it came in',
    (resource) => {
      fc.assert(
        fc.property(fc.array(mutated(samples[resource]), { maxLength: 25 }), (generated) => {
          // As the service would send them: what JSON cannot write (-0, NaN) becomes what it writes.
          const items = JSON.parse(JSON.stringify(generated)) as unknown[];
          const { records } = parseRecords(resource, items);
          // Put into columns from records, and read from the answer (seeds the fast way).
          const ways = [false, true].flatMap((saved) => [
            roundTrip(resource, records, false, saved),
            roundTrip(resource, records, true, saved),
          ]);
          for (const rows of [...ways, read(resource, items)]) {
            expect(rows).toHaveLength(records.length);
            rows.forEach((row, i) => {
              const record = records[i] as object;
              expect(fieldsOf(resource, row)).toEqual(fieldsOf(resource, record));
              // A timestamp's number, read straight from its column, is the record's.
              for (const key of instantKeys(resource)) {
                const instant = (record as Record<string, { ms: number } | null>)[key];
                expect(fieldInstantMs(row, key)).toBe(instant?.ms ?? null);
              }
              // What JSON writes (an export, a saved list) is the record's own text.
              expect(JSON.stringify(row)).toBe(JSON.stringify(record));
            });
          }
        }),
        { numRuns: 150 },
      );
    },
    30_000,
  );

  it('keeps nulls, empty text, text outside Latin-1, and byte counts past 32 bits apart', () => {
    const base = samples.collection[0] ?? {};
    const items = [
      { ...base, id: 1, name: '', total_warc_bytes: 2 ** 40 + 3 },
      { ...base, id: 2, name: null, total_warc_bytes: 0 },
      { ...base, id: 3, name: 'Ñandú — 東京 🗂', total_warc_bytes: 5_000_000_000 },
      { ...base, id: 4, name: 'plain' },
    ];
    const { records } = parseRecords('collection', items);
    const rows = roundTrip('collection', records);
    expect(rows.map((r) => r.name)).toEqual(['', null, 'Ñandú — 東京 🗂', 'plain']);
    expect(rows.map((r) => r.totalWarcBytes)).toEqual([
      2 ** 40 + 3,
      0,
      5_000_000_000,
      base.total_warc_bytes,
    ]);
    expect(rows[1]?.unknown).toEqual({ name: { reason: 'unreadable', excerpt: 'null' } });
    expect(rows[0]?.unknown).toBeUndefined();
  });

  it('keep a column of few values as each value once, and give every row its own', () => {
    const base = samples.seed[0] ?? {};
    const types = ['normal', 'oneHopOff', null, 'Ñandú 🗂', ''];
    const items = Array.from({ length: 60 }, (_, i) => ({
      ...base,
      id: i + 1,
      seed_type: types[i % types.length],
      url: `https://example.org/${String(i)}`,
    }));
    const { records } = parseRecords('seed', items);
    const block = encodeBlock('seed', records, COMPACT_COLUMNS);
    const column = block.columns.seedType;
    if (column?.kind !== 'text') throw new Error('the seed type is not a text column');
    expect(column.codes).not.toBeNull();
    // Four distinct texts, each once: 'normal', 'oneHopOff', 'Ñandú 🗂' and ''.
    expect(column.text).toBe('normaloneHopOffÑandú 🗂');
    // An address of every row its own: the texts end to end, as before.
    expect(block.columns.url).toMatchObject({ kind: 'text', codes: null });
    for (const rows of [roundTrip('seed', records, true), read('seed', items)])
      expect(rows.map((row) => row.seedType)).toEqual(records.map((r) => r.seedType));
    // A block the page reads itself keeps every text.
    expect(encodeBlock('seed', records).columns.seedType).toMatchObject({ codes: null });
  });

  it('keep a canonical URL that is the URL itself as a mark, and every other as its text', () => {
    const base = samples.seed[0] ?? {};
    const items = Array.from({ length: 40 }, (_, i) => {
      const url = `https://example.org/${String(i)}`;
      const canonical = [url, `${url}/`, null, 'http://other.example/'][i % 4];
      return { ...base, id: i + 1, url, canonical_url: canonical };
    });
    const { records } = parseRecords('seed', items);
    const block = encodeBlock('seed', records, COMPACT_COLUMNS);
    const column = block.columns.canonicalUrl;
    if (column?.kind !== 'text') throw new Error('the canonical URL is not a text column');
    expect(column.like).toBe('url');
    // Only the texts that differ from the URL are kept.
    expect(column.text).not.toContain('https://example.org/0');
    expect(column.text).toContain('https://example.org/1/');
    for (const rows of [roundTrip('seed', records, true), read('seed', items)])
      expect(rows.map((row) => row.canonicalUrl)).toEqual(records.map((r) => r.canonicalUrl));
    expect(isWholeBlock(structuredClone(block), 'seed')).toBe(true);
    // A mark without a column to take the text from, or one naming what is no text column.
    const spoil = (change: object) => ({
      ...block,
      columns: { ...block.columns, canonicalUrl: { ...column, ...change } },
    });
    for (const change of [
      { like: null },
      { like: 'nothing' },
      { like: 'active' },
      { like: 'canonicalUrl' },
      { like: 7 },
    ])
      expect(isWholeBlock(structuredClone(spoil(change)), 'seed'), JSON.stringify(change)).toBe(
        false,
      );
  });

  it('list their fields to for…in and JSON, as plain records do', () => {
    const { records } = parseRecords('seed', samples.seed.slice(0, 3));
    const [row] = roundTrip('seed', records);
    const keys: string[] = [];
    for (const key in row) keys.push(key);
    expect(keys.filter((key) => key !== 'unknown')).toEqual(Object.keys(records[0] ?? {}));
    expect(toPlain(row ?? {})).toEqual(JSON.parse(JSON.stringify(records[0])));
  });
});

describe('reading an answer', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;

  it('reads either list shape, and counts the items it could not keep', () => {
    const items = [...samples.seed.slice(0, 3), { id: 'x' }];
    const array = readPage('seed', bytes(JSON.stringify(items)), 10, 'application/json');
    const envelope = readPage(
      'seed',
      bytes(JSON.stringify({ count: 99, results: items })),
      10,
      'application/json',
    );
    for (const reading of [array, envelope]) {
      if (!reading.ok) throw new Error(reading.reason);
      expect(reading.block.length).toBe(3);
      expect(reading.received).toBe(4);
      expect(reading.problems).toEqual([expect.objectContaining({ index: 13, field: 'id' })]);
    }
    expect(array.ok && array.count).toBeNull();
    expect(envelope.ok && envelope.count).toBe(99);
  });

  it('says what was wrong with an answer that is no list of records', () => {
    expect(readPage('seed', bytes('<html>'), 0, 'text/html; charset=utf-8')).toEqual({
      ok: false,
      failure: 'json',
      reason: 'it sent text/html instead of JSON',
    });
    expect(readPage('seed', bytes('[{"id": 1'), 0, 'application/json')).toMatchObject({
      ok: false,
      failure: 'json',
      reason: expect.stringContaining('cut off'),
    });
    expect(readPage('seed', bytes('{"detail": "No."}'), 0, 'application/json')).toEqual({
      ok: false,
      failure: 'shape',
      reason: 'No.',
    });
  });
});

describe('metadata keys', () => {
  const NAMES = ['Title', 'Language', 'title', '0', '10', '__proto__', 'constructor', ' ', 'a:b'];
  const VALUES = ['English', 'english', ' English', '', '  ', '\u00a0', '\t\n', 'x', 'Ñandú', '0'];
  const entry = fc.oneof(
    { weight: 6, arbitrary: fc.record({ id: fc.nat(), value: fc.constantFrom(...VALUES) }) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
  const metadata = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.dictionary(fc.constantFrom(...NAMES), fc.array(entry), { maxKeys: 5 }),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
  const record = (resource: 'seed' | 'collection') =>
    fc
      .tuple(mutated(samples[resource]), metadata)
      .map(([item, meta]) => ({ ...item, metadata: meta }));
  const asked = [...NAMES, 'Nope', 'toString', 'hasOwnProperty'];

  /** What every metadata question gives for a row, asked of the row and of a plain copy. */
  function answers(row: WithMetadata) {
    const plain = toPlain(row);
    for (const field of asked) {
      expect(hasField(row, field), field).toBe(hasField(plain, field));
      expect(fieldValues(row, field), field).toEqual(fieldValues(plain, field));
    }
  }

  it.each(['seed', 'collection'] as const)(
    'answer for %s rows exactly as their metadata does, whatever it holds',
    (resource) => {
      fc.assert(
        fc.property(
          fc.array(fc.array(record(resource), { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
          (pages) => {
            const blocks = pages.map((items) =>
              structuredClone(encodeBlock(resource, parseRecords(resource, items).records)),
            );
            const rows = blocks.flatMap((block) => blockRows<typeof resource>(block));
            // The rows answer from their keys, not their metadata.
            for (const row of rows) expect(metadataKeysOf(row)).toBeDefined();
            rows.forEach(answers);
            const names = new Set<string>();
            addFieldNames(rows, 0, names);
            const plainNames = new Set<string>();
            addFieldNames(rows.map(toPlain), 0, plainNames);
            expect([...names].sort()).toEqual([...plainNames].sort());
          },
        ),
        { numRuns: 150 },
      );
    },
    30_000,
  );

  it('and every column are checked when a block comes back from storage: a spoilt one is refused', () => {
    const items = samples.seed.slice(0, 12);
    const block = encodeBlock('seed', parseRecords('seed', items).records);
    expect(isWholeBlock(structuredClone(block), 'seed')).toBe(true);
    const metadata = block.columns.metadata;
    const url = block.columns.url;
    if (metadata?.kind !== 'metadata' || url?.kind !== 'text') throw new Error('unexpected kinds');
    const { keys } = metadata;
    const spoil = (key: string, column: unknown): RowBlock => ({
      ...block,
      columns: { ...block.columns, [key]: column as Column },
    });
    const spoilt: unknown[] = [
      spoil('metadata', {
        kind: 'metadata',
        keys: { ...keys, nameStart: keys.nameStart.slice(1) },
      }),
      spoil('metadata', {
        kind: 'metadata',
        keys: { ...keys, rowPairs: keys.rowPairs.map(() => 1e6) },
      }),
      spoil('metadata', { kind: 'metadata', keys: { ...keys, pairText: `${keys.pairText}x` } }),
      spoil('metadata', {
        kind: 'metadata',
        keys: { ...keys, entryPair: keys.entryPair.map(() => 1e6) },
      }),
      spoil('metadata', { kind: 'metadata', keys: { ...keys, names: [] } }),
      spoil('metadata', 'nonsense'),
      spoil('url', { ...url, ends: url.ends.slice(1) }),
      // Codes that name no value, or not one a row.
      spoil('url', { ...url, ends: url.ends.slice(0, 2), codes: new Uint8Array(12).fill(2) }),
      spoil('url', { ...url, codes: new Uint8Array(11) }),
      spoil('url', { ...url, codes: new Uint32Array(12) }),
      spoil('url', { ...url, text: `${url.text}x` }),
      spoil('id', { kind: 'json', text: '[1, 2' }),
      spoil('created', { kind: 'number', values: new Float64Array(12) }),
      { ...block, length: 13 },
      { ...block, resource: 'collection' },
      { ...block, columns: { ...block.columns, active: undefined } },
      'nonsense',
      null,
    ];
    for (const variant of spoilt)
      expect(isWholeBlock(structuredClone(variant), 'seed')).toBe(false);
  });
});
