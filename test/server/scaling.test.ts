/**
 * What keeps the embedded API fast as the catalogue grows: a filtered page does not look at every
 * seed. The load test measures the same under load.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import type { WireSeedDefault } from '../../src/model/wire';

describe('a filtered page', () => {
  it('reads the seeds on the page, not every seed in the catalogue', () => {
    const catalogue = generateCatalogue({ seeds: 5_000 });
    // Every read of a seed's collection or metadata is counted.
    let reads = 0;
    catalogue.seeds = catalogue.seeds.map(
      (seed) =>
        new Proxy(seed, {
          get(target, key, receiver) {
            if (key === 'collection' || key === 'metadata') reads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
    );
    const api = createCatalogueApi(catalogue);
    // Building the indexes and encoding the records reads every seed, once.
    api.prepare();
    api.handle('GET', '/api/seed?metadata__value__startswith=A&limit=1');
    api.handle('GET', '/api/seed?metadata__name=Title&metadata__value__startswith=A&limit=1');
    const big = [...new Set(catalogue.seeds.map((s) => s.collection))];

    reads = 0;
    let returned = 0;
    for (const target of [
      ...big.map((id) => `/api/seed?collection=${String(id)}&limit=20&offset=5`),
      '/api/seed?metadata__name=Subject&limit=50&offset=100',
      '/api/seed?metadata__name=Title&metadata__value__startswith=The&limit=50',
      '/api/seed?metadata__name=Title&metadata__value__startswith=S&limit=50&offset=50',
      '/api/seed?metadata__value__startswith=E&limit=50',
      `/api/seed?collection=${String(big[0])}&metadata__name=Title&limit=10`,
      `/api/seed?collection=${String(big[1])}&metadata__value__startswith=W&limit=10`,
    ]) {
      const answer = api.handle('GET', target);
      expect(answer.status, target).toBe(200);
      returned += (JSON.parse(answer.body ?? '[]') as WireSeedDefault[]).length;
    }
    expect(returned).toBeGreaterThan(200);
    // A scan would read each of the 5,000 seeds for each of these requests.
    expect(reads).toBeLessThanOrEqual(returned);
  });
});
