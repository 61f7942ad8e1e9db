/**
 * The quick filter on the seed lists keeps the same seeds whether or not a seed's canonical URL,
 * held within its URL, is searched again: any query, any addresses (the canonical URL the URL
 * itself, a part of it, another address or none), and the seeds of a block as of plain records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import type { Seed } from '../../../src/api/records';
import { blockRows } from '../../../src/api/row-block';
import { seedSearchText } from '../../../src/features/seeds/seed-columns';
import { fold, quickFilter } from '../../../src/lib/text-match';
import { workerBlock } from '../worker-block';

const part = fc.constantFrom(
  'www.',
  'Exämple',
  'org',
  '/news',
  ':443',
  '#main',
  'q',
  'É',
  'ß',
  '1',
);
const address = fc.array(part, { minLength: 1, maxLength: 5 }).map((p) => `https://${p.join('')}`);

/** A seed's URL and canonical URL: the same, one within the other, unrelated, or missing. */
const addresses = fc.oneof(
  address.map((url) => ({ url, canonical: url })),
  fc.tuple(address, part).map(([canonical, tail]) => ({ url: canonical + tail, canonical })),
  fc.tuple(address, address).map(([url, canonical]) => ({ url, canonical })),
  fc.record({
    url: fc.option(address, { nil: null }),
    canonical: fc.option(address, { nil: null }),
  }),
);

const seedRecords = fc.array(
  fc.record({ addresses, title: fc.option(fc.array(part, { maxLength: 3 }), { nil: null }) }),
  { maxLength: 30 },
);

/** Every address and title, searched in full (what the filter searched before). */
const everything = (s: Seed) =>
  `${s.url ?? ''} ${s.canonicalUrl ?? ''} ${(s.metadata.Title ?? []).map((e) => e.value).join(' ')}`;

describe('the seed lists’ quick filter', () => {
  it('keeps the seeds whose addresses or titles hold every word, as searching all of them does', () => {
    fc.assert(
      fc.property(
        seedRecords,
        fc.array(
          fc.oneof(
            part,
            part.map((p) => p.slice(1, 3)),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
        (specs, words, asBlock) => {
          const items = specs.map(({ addresses: a, title }, k) => ({
            id: k + 1,
            url: a.url,
            canonical_url: a.canonical,
            metadata: title ? { Title: [{ id: k, value: title.join(' ') }] } : {},
          }));
          const seeds = asBlock
            ? blockRows<'seed'>(workerBlock(items))
            : parseRecords('seed', items).records;
          const query = words.join(' ');
          const wanted = seeds.filter((s) =>
            fold(query)
              .split(/\s+/)
              .filter(Boolean)
              .every((w) => fold(everything(s)).includes(w)),
          );
          // A fresh text function, so no folded texts are shared between runs.
          const kept = quickFilter(seeds, query, (s: Seed) => seedSearchText(s));
          expect(kept.map((s) => s.id)).toEqual(wanted.map((s) => s.id));
        },
      ),
      { numRuns: 300 },
    );
  });
});
