/** The rules of sharing written out plainly, and random seeds to hold them against. */
import fc from 'fast-check';
import { canonicalSite } from '../../../src/lib/canonical-url';

export interface S {
  id: number;
  collectionId: number | null;
  url: string | null;
  canonicalUrl: string | null;
}

const URLS = [
  'https://www.example.org/',
  'http://example.org',
  'https://EXAMPLE.org/a/',
  'https://example.org/a',
  'https://example.org/A',
  'not a url',
  null,
  'https://other.net/x?y=1#z',
  'http://other.net/x/?y=1',
];

export const seedsArbitrary = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    collectionId: fc.constantFrom(1, 2, 3, null),
    url: fc.constantFrom(...URLS),
    canonicalUrl: fc.constantFrom(...URLS),
  }),
  { maxLength: 40 },
);

/** The rules, written out. */
export function reference(all: readonly S[], seed: S) {
  const site = canonicalSite(seed.url) ?? canonicalSite(seed.canonicalUrl);
  const same =
    site === null
      ? []
      : all.filter(
          (o) =>
            o.id !== seed.id && (canonicalSite(o.url) ?? canonicalSite(o.canonicalUrl)) === site,
        );
  const collections = [
    ...new Set(
      same.map((o) => o.collectionId).filter((c) => c !== null && c !== seed.collectionId),
    ),
  ].sort((a, b) => (a ?? 0) - (b ?? 0));
  const duplicates =
    seed.collectionId === null
      ? 0
      : new Set(same.filter((o) => o.collectionId === seed.collectionId).map((o) => o.id)).size;
  return {
    site,
    collections,
    seeds: same.map((o) => o.id),
    duplicates,
    shared: seed.collectionId === null ? null : collections.length > 0,
  };
}
