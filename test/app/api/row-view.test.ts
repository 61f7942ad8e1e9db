/**
 * A row's metadata read through `metadataOf`: a row of a block (as the list worker and the saved
 * catalogue give them) and the plain record reading gives answer alike, for metadata as the
 * service sends it and as it should not (fields null, empty, retyped; entries without an id or
 * with a value that is not text; blank and repeated values).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBlock } from '../../../src/api/block-builder';
import { parseRecords } from '../../../src/api/parse';
import type { Seed } from '../../../src/api/records';
import { blockRows } from '../../../src/api/row-block';
import { metadataOf, MetadataView } from '../../../src/api/row-view';

const NAMES = ['Title', 'Language', 'Subject', 'toString', 'Notes: old'];
const VALUES = ['English', 'english', ' English', '', '  ', '\t', 'é', 'x:y'];

/** An entry as the service should send it, or as it should not. */
const entryArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.record({ id: fc.nat(50), value: fc.constantFrom(...VALUES) }) },
  fc.constantFrom(null, 5, 'English', [], {}),
  fc.record({ id: fc.constantFrom('7', null), value: fc.constantFrom(...VALUES) }),
  fc.record({ id: fc.nat(50), value: fc.constantFrom(3, null, true, ['English']) }),
);

/** A field's entries, or something else where they belong. */
const fieldArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.array(entryArbitrary, { maxLength: 4 }) },
  fc.constantFrom(null, 'English', 12, {}, []),
);

const metadataArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...NAMES), fieldArbitrary) },
  fc.constantFrom(null, undefined, 'Title', 42, []),
);

/** What a view says of a row, in every form it says it. */
function answers(view: MetadataView) {
  const { table } = view;
  const byNumber: Record<string, { present: boolean; values: string[] }> = {};
  for (let k = 0; k < view.fieldCount; k++) {
    byNumber[table.fieldName(view.field(k))] = { present: view.fieldPresent(k), values: [] };
  }
  for (let k = 0; k < view.pairCount; k++) {
    const p = view.pair(k);
    byNumber[table.fieldName(table.pairField(p))]?.values.push(table.pairValue(p));
  }
  return {
    names: view.names(),
    has: NAMES.map((name) => view.has(name)),
    values: NAMES.map((name) => view.values(name)),
    byNumber,
  };
}

/** The rule, written plainly over metadata as reading gives it. */
function expected(metadata: Readonly<Record<string, readonly { value: string }[]>>) {
  const valuesOf = (name: string) =>
    Object.hasOwn(metadata, name)
      ? [...new Set((metadata[name] ?? []).map((e) => e.value).filter((v) => v.trim() !== ''))]
      : [];
  const names = Object.keys(metadata);
  return {
    names,
    has: NAMES.map((name) => valuesOf(name).length > 0),
    values: NAMES.map(valuesOf),
    byNumber: Object.fromEntries(
      names.map((name) => [name, { present: valuesOf(name).length > 0, values: valuesOf(name) }]),
    ),
  };
}

const raw = (metadata: unknown, id: number) => ({ id, url: `https://example.org/${id}`, metadata });

describe('a row’s metadata', () => {
  it('reads the same from a block’s row and from the plain record', () => {
    fc.assert(
      fc.property(fc.array(metadataArbitrary, { minLength: 1, maxLength: 6 }), (metadatas) => {
        const sent = metadatas.map((metadata, i) => raw(metadata, i + 1));
        const plain = parseRecords('seed', sent).records;
        expect(plain).toHaveLength(sent.length);
        const inBlock = blockRows<'seed'>(structuredClone(encodeBlock('seed', plain)));
        const view = new MetadataView();
        plain.forEach((record, i) => {
          const want = expected(record.metadata);
          // One view pointed at row after row, as the loops over a list use it, and a fresh one.
          expect(answers(metadataOf(record, view))).toEqual(want);
          expect(answers(metadataOf(inBlock[i] as Seed, view))).toEqual(want);
          expect(answers(metadataOf(inBlock[i] as Seed))).toEqual(want);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives a record built by hand, however its metadata is typed, an answer and no error', () => {
    fc.assert(
      fc.property(metadataArbitrary, (metadata) => {
        const view = metadataOf({ id: 1, metadata });
        const names = view.names();
        for (const name of NAMES) {
          const values = view.values(name);
          expect(view.has(name)).toBe(values.length > 0);
          expect(values.every((v) => v.trim() !== '')).toBe(true);
          if (values.length > 0) expect(names).toContain(name);
        }
      }),
      { numRuns: 300 },
    );
    expect(metadataOf({ id: 1 }).names()).toEqual([]);
    expect(metadataOf({ id: 1, metadata: { Title: null, Subject: [] } }).names()).toEqual([]);
  });

  it('numbers a block’s fields and values once for all its rows', () => {
    const plain = parseRecords('seed', [
      raw({ Language: [{ id: 1, value: 'English' }] }, 1),
      raw({ Title: [{ id: 2, value: ' ' }], Language: [{ id: 3, value: 'English' }] }, 2),
    ]).records;
    const [a, b] = blockRows<'seed'>(encodeBlock('seed', plain)) as [Seed, Seed];
    const first = metadataOf(a);
    const second = metadataOf(b);
    expect(second.table).toBe(first.table);
    expect(second.pair(0)).toBe(first.pair(0));
    expect(second.names()).toEqual(['Title', 'Language']);
    expect(second.has('Title')).toBe(false);
    // Two plain records are numbered each on its own.
    expect(metadataOf(plain[0] as Seed).table).not.toBe(metadataOf(plain[1] as Seed).table);
  });
});
