import type { CatalogueApi } from './catalogue/engine';

/** What a handler may do to the browser's connection beyond answering. */
export interface ApiConnection {
  /**
   * Drops the connection at once. For a body that fails half-way: ending it normally would pass a
   * truncated list off as complete, so the browser must see the answer cut off instead.
   */
  drop(): void;
}

/** Answers `/api/*` requests; the embedded catalogue and the upstream proxy both take this shape. */
export type ApiHandler = (request: Request, connection?: ApiConnection) => Promise<Response>;

export function embeddedApiHandler(api: CatalogueApi): ApiHandler {
  return (request) => {
    const url = new URL(request.url);
    const result = api.handle(request.method, url.pathname + url.search);
    return Promise.resolve(
      new Response(result.body, { status: result.status, headers: result.headers }),
    );
  };
}

/** A JSON error in the service's own style: `{"detail": "..."}`. */
export function detailResponse(status: number, detail: string): Response {
  return new Response(JSON.stringify({ detail }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
