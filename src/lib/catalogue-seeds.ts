/** How many seeds the catalogue holds, as its collections count them. */
import type { ListView } from '../api/hooks';
import type { Collection } from '../api/records';

/** Seeds in the catalogue, from its collections' counts; null until every count is known. */
export function catalogueSeeds(collections: ListView<Collection>): number | null {
  if (collections.data?.complete !== true) return null;
  let total = 0;
  for (const c of collections.rows) {
    if (c.numActiveSeeds === null || c.numInactiveSeeds === null) return null;
    total += c.numActiveSeeds + c.numInactiveSeeds;
  }
  return total;
}
