/** The seed list's service filters as URL parameters; light, so navigation can prefetch with them. */
import type { SeedFilters } from '../../api/queries';
import { idParam, textParam, type Values } from '../../lib/url-state';

export const seedFilterParams = {
  collection: idParam('collection'),
  metadata__name: textParam(),
  metadata__value__startswith: textParam(),
};

/** The list to ask the service for; a collection's own page fixes the collection. */
export function seedFilters(
  values: Values<typeof seedFilterParams>,
  fixedCollection?: number,
): SeedFilters {
  return {
    collection: fixedCollection ?? values.collection,
    metadataName: values.metadata__name || undefined,
    metadataPrefix: values.metadata__value__startswith || undefined,
  };
}
