import { getRequestListener } from '@hono/node-server';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddedApiHandler, type ApiHandler } from '../../src/server/api-handler';
import { createApp, type AppOptions } from '../../src/server/app';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue, type Catalogue } from '../../src/server/catalogue/generate';

export interface Running {
  url: string;
  close: () => Promise<void>;
}

/** Listens on 127.0.0.1 on a free port. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Running> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

export function serveApp(
  api: ApiHandler,
  staticRoot: string | null = null,
  options: Omit<AppOptions, 'api' | 'staticRoot'> = {},
): Promise<Running> {
  const listener = getRequestListener(createApp({ api, staticRoot, ...options }).fetch);
  return listen((req, res) => void listener(req, res));
}

export function serveCatalogue(catalogue: Catalogue = generateCatalogue({ seeds: 3_000 })) {
  return serveApp(embeddedApiHandler(createCatalogueApi(catalogue)));
}

export async function getJson<T = unknown>(
  url: string,
  init?: RequestInit,
): Promise<{ response: Response; body: T }> {
  const response = await fetch(url, init);
  return { response, body: (await response.json()) as T };
}

/** A request exactly as written: no normalisation of dot segments or encoding on the way. */
export function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete)
            reject(new Error('the connection was dropped before the answer ended'));
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
