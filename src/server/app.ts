/**
 * The local server: the explorer's built files and the catalogue API on one origin, with security
 * headers on every response.
 */
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detailResponse, type ApiConnection, type ApiHandler } from './api-handler';
import { createHostCheck, type HostCheck } from './host-check';
import { logToStderr, type FailureLog } from './log';
import { pressImageSvg } from './press-images';
import { withCatalogueSource } from './source';

export interface AppOptions {
  api: ApiHandler;
  /** The built app (Vite's `dist`); null serves the API alone. */
  staticRoot: string | null;
  /** Serve generated stand-ins for press images (the embedded sample catalogue has none). */
  pressImages?: boolean;
  /** Which Host and Origin headers are answered; by default the loopback names on the port. */
  hosts?: HostCheck;
  log?: FailureLog;
  /** Which catalogue is served, named in the page so saved lists stay with it (see source.ts). */
  catalogueSource?: string;
}

/** Scripts and styles only from this origin: no inline code, no eval. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * For everything under /api/: data, never a document or a script. Whatever a response holds (an
 * upstream's HTML, a record with markup), a browser that opens it runs nothing and, sandboxed,
 * gives it no access to the explorer's origin or storage.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const isApiPath = (path: string) => /^\/api(\/|$)/.test(path);

export function createApp(options: AppOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const hosts = options.hosts ?? createHostCheck('127.0.0.1');
  const log = options.log ?? logToStderr;

  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (isApiPath(c.req.path)) {
      c.res.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    }
  });

  // Before anything else, so a refused request reaches neither the files nor the upstream.
  app.use(async (c, next) => {
    // Without Node's request (the app called directly), nothing says where it was addressed.
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const refusal = hosts.refusal(
      { host: incoming?.headers.host, origin: incoming?.headers.origin },
      incoming?.url ?? '',
      incoming?.socket.localPort ?? Number.NaN,
    );
    if (refusal !== null) return detailResponse(refusal.status, refusal.detail);
    await next();
    return undefined;
  });

  const api = (c: { req: { raw: Request }; env: HttpBindings }) => {
    const connection: ApiConnection = {
      drop: () => {
        c.env.outgoing.destroy();
      },
    };
    return options.api(c.req.raw, connection);
  };
  app.all('/api', api);
  app.all('/api/*', api);

  if (options.pressImages) {
    app.get('/press-images/:file', (c) => {
      const svg = pressImageSvg(c.req.param('file'));
      if (svg === null) return c.text('Not found.', 404);
      return c.body(svg, 200, {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=86400',
      });
    });
  }

  const root = options.staticRoot;
  if (root !== null) {
    app.use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          // File names carry a content hash, so they never change.
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // The page itself, at every address the single-page app's router owns (and at /index.html),
    // names the catalogue it shows; every other file is served as it is.
    let index: string | undefined;
    const page = async (c: Context) => {
      index ??= withCatalogueSource(
        await readFile(join(root, 'index.html'), 'utf8'),
        options.catalogueSource ?? '',
      );
      c.header('Cache-Control', 'no-cache');
      return c.html(index);
    };
    app.get('/', page);
    app.get('/index.html', page);
    app.use('*', serveStatic({ root, precompressed: true }));
    app.get('*', async (c) => {
      if (c.req.path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(c.req.path)) {
        return c.text('Not found.', 404);
      }
      return page(c);
    });
  }

  app.notFound((c) =>
    c.req.path.startsWith('/api') ? detailResponse(404, 'Not found.') : c.text('Not found.', 404),
  );
  app.onError((error, c) => {
    log(`${c.req.method} ${c.req.path}: failed to answer: ${error.message}`);
    return detailResponse(500, 'The explorer’s server failed to answer this request.');
  });
  return app;
}
