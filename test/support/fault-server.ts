/**
 * The explorer's server built in this process, with fault injection around the embedded API, so a
 * test can change what the API does between steps while a browser looks at the built app.
 */
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue, type Catalogue } from '../../src/server/catalogue/generate';
import { addHostileRecords, type HostileIds } from '../../src/server/catalogue/hostile';
import { createFaultInjector, type FaultInjector } from '../../src/server/faults';
import { serveApp } from '../server/http-helpers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium';
import { projectRoot } from './server-process';

export interface FaultServer {
  url: string;
  faults: FaultInjector;
  catalogue: Catalogue;
  /** Ids of the hostile records, when they were added. */
  hostile: HostileIds | null;
  close: () => Promise<void>;
}

export async function startFaultServer(
  options: {
    seeds?: number;
    hostile?: boolean;
    app?: boolean;
    /** Changes the generated catalogue before it is served (an outlier put in on purpose). */
    edit?: (catalogue: Catalogue) => void;
    /** Serve the page with its first requests named in it (`--preload-first-pages`). */
    preloadFirstPages?: boolean;
  } = {},
): Promise<FaultServer> {
  const catalogue = generateCatalogue({ seeds: options.seeds ?? 20_000 });
  options.edit?.(catalogue);
  const hostile = options.hostile ? addHostileRecords(catalogue) : null;
  const faults = createFaultInjector(embeddedApiHandler(createCatalogueApi(catalogue)));
  const server = await serveApp(
    faults.handler,
    options.app === false ? null : `${projectRoot}dist`,
    { pressImages: true, preloadFirstPages: options.preloadFirstPages ?? false },
  );
  return {
    url: server.url,
    faults,
    catalogue,
    hostile,
    close: async () => {
      faults.clear();
      await server.close();
    },
  };
}

/**
 * A fault server and Chromium for the tests of one file: started before them, closed after.
 * Read them inside the tests (`setup.server`), once they have started.
 */
export function faultServerAndBrowser(options: Parameters<typeof startFaultServer>[0] = {}) {
  const setup = {} as { server: FaultServer; browser: Browser };
  beforeAll(async () => {
    [setup.server, setup.browser] = await Promise.all([
      startFaultServer(options),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await setup.browser.close();
    await setup.server.close();
  });
  return setup;
}
