import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi, type CatalogueApiOptions } from '../../src/server/catalogue/engine';
import { createFaultInjector, type FaultInjector } from '../../src/server/faults';
import { generateCatalogue, type Catalogue } from '../../src/server/catalogue/generate';

/**
 * Mock handlers that answer with the embedded API's own engine, so browser tests and the local
 * server share one implementation of the service.
 */
export function catalogueHandlers(catalogue: Catalogue, options: CatalogueApiOptions = {}) {
  const api = createCatalogueApi(catalogue, options);
  return [
    http.all('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      const answer = api.handle(request.method, url.pathname + url.search);
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }),
  ];
}

/**
 * A mock service for the tests of one file, answering from `catalogue`. Requests it does not
 * handle fail the test; handlers a test adds are removed after it, and so is stored state.
 */
export function setupCatalogueServer(
  catalogue: Catalogue = generateCatalogue({ seeds: 2_000 }),
  options: CatalogueApiOptions = {},
) {
  const server = setupServer(...catalogueHandlers(catalogue, options));
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => {
    server.close();
  });
  return { catalogue, server };
}

/**
 * The embedded API behind the fault injector, as `npm start -- --faults` serves it, answering the
 * mock service's requests until the test ends; every request it sees is logged.
 */
export function faultyCatalogue(
  server: ReturnType<typeof setupServer>,
  catalogue: Catalogue,
): FaultInjector {
  const faults = createFaultInjector(embeddedApiHandler(createCatalogueApi(catalogue)));
  server.use(http.all('*/api/*', ({ request }) => faults.handler(request)));
  return faults;
}

/**
 * Collections that claim many more seeds than the catalogue serves (20,000 active seeds each), as
 * the collections of a catalogue too big to load whole unasked would.
 */
export function claimManySeeds(server: ReturnType<typeof setupServer>, catalogue: Catalogue) {
  const api = createCatalogueApi(catalogue);
  server.use(
    http.get('*/api/collection', ({ request }) => {
      const url = new URL(request.url);
      const answer = api.handle('GET', url.pathname + url.search);
      const records = JSON.parse(answer.body ?? '[]') as Record<string, unknown>[];
      return HttpResponse.json(
        records.map((r) => ({ ...r, num_active_seeds: 20_000 })),
        { headers: answer.headers },
      );
    }),
  );
}
