import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';

/** One sample catalogue and mock service for the page tests of a file. */
export function setupPageCatalogue(seeds = 2_000) {
  return setupCatalogueServer(generateCatalogue({ seeds }));
}
