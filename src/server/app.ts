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
import { withoutSecrets } from './secrets/strip';
import type { SignIn } from './sign-in/sign-in';
import { firstPagePaths } from '../addresses/first-lists';
import { withFirstRequests, withPageMeta } from './source';

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
  /** With --sign-in: `/session`, and the API only for a signed-in browser, as that person. */
  signIn?: SignIn | undefined;
  /** Name the first pages of the lists a page reads in the page (`--preload-first-pages`). */
  preloadFirstPages?: boolean;
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
/** Answers no cache may keep: the catalogue (it holds what an account sees) and who is signed in. */
const isPrivatePath = (path: string) => isApiPath(path) || path === '/session';

export function createApp(options: AppOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const hosts = options.hosts ?? createHostCheck('127.0.0.1');
  const log = options.log ?? logToStderr;

  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (isPrivatePath(c.req.path)) {
      c.res.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
      c.res.headers.set('Cache-Control', 'no-store');
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
      incoming?.socket.remoteAddress,
    );
    if (refusal !== null) return detailResponse(refusal.status, refusal.detail);
    await next();
    return undefined;
  });

  const { signIn } = options;
  const api = async (c: Context<{ Bindings: HttpBindings }>) => {
    const signedIn = signIn?.guard(c);
    if (signedIn instanceof Response) return signedIn;
    const connection: ApiConnection = {
      drop: () => {
        c.env.outgoing.destroy();
      },
      account: signedIn?.account,
    };
    const response = await options.api(c.req.raw, connection);
    // The service no longer takes this person's credentials (a password changed): the session
    // ends, and the browser, told 401, asks them to sign in again.
    if (signIn?.remote && signedIn && response.status === 401) signIn.refused(signedIn.token, c);
    return withoutSecrets(response, {
      where: `${c.req.method} ${c.req.path}`,
      log,
      connection,
    });
  };
  app.all('/api', api);
  app.all('/api/*', api);
  app.all('/session', (c) =>
    signIn
      ? signIn.session(c)
      : detailResponse(
          404,
          'This server asks no one to sign in: it was started without --sign-in.',
        ),
  );

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
    // names the catalogue it shows (and, if asked, the first requests the page at that address
    // will make); every other file is served as it is.
    let index: string | undefined;
    const page = async (c: Context) => {
      index ??= withPageMeta(await readFile(join(root, 'index.html'), 'utf8'), {
        catalogueSource: options.catalogueSource ?? '',
        signIn: signIn?.name,
      });
      c.header('Cache-Control', 'no-cache');
      // Not for someone who is not signed in: the API would refuse them, and they see the
      // sign-in page first.
      const preload =
        options.preloadFirstPages === true && !(signIn && signIn.guard(c) instanceof Response);
      if (!preload) return c.html(index);
      // The address as the browser sent it, which is what the page reads.
      const url = new URL(c.req.url);
      return c.html(withFirstRequests(index, firstPagePaths(url.pathname, url.searchParams)));
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
