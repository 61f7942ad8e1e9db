/**
 * A saved block's numbers in fewer bytes (saved-writes.ts packs them, stored-block.ts makes them
 * again): every number comes back exactly and of its own array type, whatever the numbers; the
 * list worker's block of the sample's seeds takes less room in the store; and what comes back
 * from a store that was tampered with never throws, and is never read as a block.
 */
import { serialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../../src/api/read-page';
import { LIST_WORKER_ROUTES } from '../../../src/api/fast-seed';
import type { RowBlock } from '../../../src/api/row-block';
import { packedBlock } from '../../../src/api/saved-writes';
import { isWholeBlock, unpackedBlock } from '../../../src/api/stored-block';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';

/** A block (not a whole one of any resource) holding the given arrays as its columns' parts. */
const blockOf = (arrays: Record<string, Float64Array | Uint32Array>): RowBlock =>
  ({ resource: 'seed', length: 0, columns: { numbers: { kind: 'number', ...arrays } } }) as never;

/** As the saved catalogue writes a block and reads it back. */
const savedAndBack = (block: RowBlock) => unpackedBlock(structuredClone(packedBlock(block)));

const shown = (n: number | undefined) => (Object.is(n, -0) ? '-0' : String(n));

/** Every item the same number (-0 and NaN told apart), and the same array type. */
function expectSame(back: unknown, sent: Float64Array | Uint32Array) {
  expect(Object.prototype.toString.call(back)).toBe(Object.prototype.toString.call(sent));
  const items = back as Float64Array | Uint32Array;
  expect(items.length).toBe(sent.length);
  for (let i = 0; i < sent.length; i++)
    if (!Object.is(items[i], sent[i]))
      expect.fail(`item ${String(i)} came back ${shown(items[i])}, sent ${shown(sent[i])}`);
}

/**
 * A block with each array as its type's name and items (the copy's arrays that were not packed
 * are of another realm here, which no equality of objects lets pass).
 */
function plain(value: unknown): unknown {
  if (ArrayBuffer.isView(value))
    return [Object.prototype.toString.call(value), Array.from(value as Uint8Array)];
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(plain);
  return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, plain(part)]));
}

/** Whole numbers, as often as not enough of them to be packed (64). */
const wholeNumbers = (most: number) =>
  fc.array(fc.integer({ min: 0, max: most }), { maxLength: 300 });
/** Numbers that never go down, as where each row's items start. */
const rising = (most: number) =>
  fc
    .array(fc.integer({ min: 0, max: most }), { maxLength: 300 })
    .map((steps) => steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0)))
    .filter((values) => values.every((v) => v <= 0xffff_ffff));

describe('a saved block’s numbers', () => {
  it('come back exactly, of their own type, whatever they are', () => {
    const doubles = fc.oneof(
      fc.float64Array({ maxLength: 300 }),
      wholeNumbers(2 ** 53).map((v) => Float64Array.from(v)),
      wholeNumbers(0xffff_ffff).map((v) => Float64Array.from(v)),
      wholeNumbers(300).map((v) => Float64Array.from(v, (x) => x + 1_000_000)),
      rising(70_000).map((v) => Float64Array.from(v)),
      // Whole numbers but one -0, or one NaN.
      fc
        .tuple(
          fc.array(fc.constantFrom(0, 1, 255, 70_000), { minLength: 64, maxLength: 200 }),
          fc.nat(),
          fc.constantFrom(-0, NaN),
        )
        .map(([v, k, odd]) => {
          const values = Float64Array.from(v);
          values[k % values.length] = odd;
          return values;
        }),
      fc
        .array(fc.constantFrom(0, 1, 70_000, -0, NaN, 0.5, 2 ** 32, -1), {
          minLength: 64,
          maxLength: 200,
        })
        .map((v) => Float64Array.from(v)),
    );
    const uints = fc.oneof(
      fc.uint32Array({ maxLength: 300 }),
      wholeNumbers(255).map((v) => Uint32Array.from(v)),
      wholeNumbers(65_535).map((v) => Uint32Array.from(v, (x) => x + 4_000_000_000)),
      rising(300).map((v) => Uint32Array.from(v)),
      rising(0xffff_ffff).map((v) => Uint32Array.from(v)),
    );
    fc.assert(
      fc.property(doubles, uints, (values, starts) => {
        const block = blockOf({ values, starts });
        const back = savedAndBack(block) as RowBlock;
        const column = back.columns.numbers as unknown as Record<string, unknown>;
        expectSame(column.values, values);
        expectSame(column.starts, starts);
        // Never more bytes than the arrays as they are.
        expect(serialize(packedBlock(block)).length).toBeLessThanOrEqual(serialize(block).length);
      }),
      { numRuns: 400 },
    );
  });

  it('take less room for the list worker’s block of the sample’s seeds, and read back as it', () => {
    const engine = createCatalogueApi(generateCatalogue({ seeds: 6_000 }));
    const body = engine.handle('GET', '/api/seed?limit=5000&offset=500').body ?? '[]';
    const bytes = new TextEncoder().encode(body).buffer;
    const reading = readPage('seed', bytes, 0, 'application/json', LIST_WORKER_ROUTES);
    if (!reading.ok) throw new Error(reading.reason);
    const { block } = reading;
    const stored = serialize(packedBlock(block)).length;
    // Measured at 0.69 of the bytes for a block of 50,000 of the sample's seeds.
    expect(stored).toBeLessThan(serialize(block).length * 0.75);
    const back = savedAndBack(block);
    expect(isWholeBlock(back, 'seed')).toBe(true);
    expect(plain(back)).toEqual(plain(block));
  });

  it('never throw when the store was tampered with, and are never read as a block when wrong', () => {
    fc.assert(
      fc.property(fc.anything({ withTypedArray: true, withMap: true, withSet: true }), (value) => {
        expect(() => unpackedBlock(structuredClone(value))).not.toThrow();
      }),
      { numRuns: 300 },
    );
    const block = blockOf({ values: Float64Array.from([7, 8, 9]) });
    const packed = packedBlock(block) as { columns: { numbers: { values: object } } };
    const spoilt = [
      { packedAs: 'Int32Array' },
      { packedAs: 'Float64Array', base: '7' },
      { packedAs: 'Float64Array', base: 7, values: [0, 1, 2] },
      { packedAs: 'Float64Array', base: 7, values: new Float32Array(3) },
    ];
    for (const change of spoilt) {
      const values = { ...packed.columns.numbers.values, ...change };
      const back = unpackedBlock(structuredClone({ ...packed, columns: { numbers: { values } } }));
      const read = (back as RowBlock).columns.numbers as unknown as { values: unknown };
      expect(ArrayBuffer.isView(read.values), JSON.stringify(change)).toBe(false);
    }
  });
});
