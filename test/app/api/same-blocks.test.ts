/**
 * A refresh counts as unchanged only when every field of every row is the same: two loads of the
 * same answer always are, and rows that differ in any field (whatever shape they came in) never
 * are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import { sameBlocks } from '../../../src/api/same-blocks';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { mutated } from '../mutated-records';
import { workerBlock } from '../worker-block';

const engine = createCatalogueApi(generateCatalogue({ seeds: 200 }));
const seeds = JSON.parse(
  engine.handle('GET', '/api/seed?limit=30&format=api').body ?? '[]',
) as Record<string, unknown>[];

/** A page's block as the list worker reads it (fast route and all), and its records as JSON. */
const blocksOf = (items: readonly unknown[]) => {
  const { records } = parseRecords('seed', items);
  return { blocks: [workerBlock(items)], json: JSON.stringify(records) };
};

describe('an unchanged refresh', () => {
  it('is two loads of the same answer', () => {
    fc.assert(
      fc.property(fc.array(mutated(seeds), { maxLength: 20 }), (items) => {
        const text = JSON.stringify(items);
        const a = blocksOf(JSON.parse(text) as unknown[]);
        const b = blocksOf(JSON.parse(text) as unknown[]);
        expect(sameBlocks(structuredClone(a.blocks), b.blocks)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('is never rows that differ in a field', () => {
    fc.assert(
      fc.property(
        fc.array(mutated(seeds), { maxLength: 8 }),
        fc.array(mutated(seeds), { maxLength: 8 }),
        (x, y) => {
          const a = blocksOf(x);
          const b = blocksOf(y);
          if (sameBlocks(a.blocks, b.blocks)) expect(a.json).toBe(b.json);
        },
      ),
      { numRuns: 200 },
    );
    // One address changed among otherwise equal rows.
    const a = blocksOf(seeds);
    const b = blocksOf(seeds.map((s, i) => (i === 7 ? { ...s, url: `${String(s.url)}/` } : s)));
    expect(sameBlocks(a.blocks, b.blocks)).toBe(false);
  });
});
