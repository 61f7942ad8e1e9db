/**
 * What a seed list keeps in its address (the service's filters, the seed filters, the comparison
 * with a saved copy, the open seed), and how much of a list's fields it offers.
 */
import { idParam, type Values } from '../../addresses/url-params';
import { seedFilterParams } from '../../addresses/first-lists';
import { seedRowFilterParams } from './seed-filters';
import { sinceParams } from './since-filter';

export const seedsParams = {
  ...seedFilterParams,
  ...seedRowFilterParams,
  ...sinceParams,
  seed: idParam('seed'),
};
export type SeedsValues = Values<typeof seedsParams>;

/**
 * Field names the field box suggests, and metadata fields offered as columns (Dublin Core first):
 * a list whose records carry thousands of fields stays quick. The facets count every field.
 */
export const MOST_SUGGESTED_FIELDS = 500;
export const MOST_FIELD_COLUMNS = 1_000;
