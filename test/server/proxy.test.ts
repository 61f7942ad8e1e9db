/**
 * `--upstream`: the explorer's server forwards reads to a real service, fixed at start, and keeps
 * credentials between itself and that service.
 */
import fc from 'fast-check';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  isForwardablePath,
  parseUpstreamBase,
  upstreamApiHandler,
  type UpstreamOptions,
} from '../../src/server/proxy/upstream';
import { getJson, listen, raw, serveApp, serveCatalogue, type Running } from './http-helpers';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A stand-in upstream that records what reaches it and answers as told. */
async function recordingUpstream(
  answer: (seen: Seen) => Reply = () => ({
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Total-Row-Count': '0' },
    body: '[]',
  }),
) {
  const seen: Seen[] = [];
  const server = await listen((req, res) => {
    const record = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    seen.push(record);
    const reply = answer(record);
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? '');
  });
  return { ...server, seen };
}

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function proxyTo(upstream: string, extra: Partial<UpstreamOptions> = {}) {
  const log: string[] = [];
  const proxy = await serveApp(
    upstreamApiHandler({
      base: parseUpstreamBase(upstream),
      timeoutMs: 5_000,
      log: (line) => log.push(line),
      ...extra,
    }),
  );
  running.push(proxy);
  return { proxy, log };
}

describe('forwarding to a second explorer as the upstream', () => {
  let upstream: Running;
  beforeAll(async () => {
    upstream = await serveCatalogue();
  });
  afterAll(() => upstream.close());

  it('passes path, query, status, body and the service headers through unchanged', async () => {
    const { proxy } = await proxyTo(upstream.url);
    const path = '/api/seed?limit=7&metadata__name=Title&format=api';
    const direct = await fetch(upstream.url + path);
    const viaProxy = await fetch(proxy.url + path);
    expect(viaProxy.status).toBe(200);
    for (const header of ['Content-Type', 'Total-Row-Count', 'Allow', 'Vary']) {
      expect(viaProxy.headers.get(header)).toBe(direct.headers.get(header));
    }
    expect(await viaProxy.json()).toEqual(await direct.json());
  });

  it('passes the upstream error statuses and details through', async () => {
    const { proxy } = await proxyTo(upstream.url);
    const { response, body } = await getJson<{ detail: string }>(`${proxy.url}/api/seed?limit=x`);
    expect(response.status).toBe(400);
    expect(body.detail).toMatch(/limit/);
  });

  it('forwards HEAD with the headers and no body', async () => {
    const { proxy } = await proxyTo(upstream.url);
    const response = await fetch(`${proxy.url}/api/collection?state=ACTIVE`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('Total-Row-Count'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });
});

describe('credentials', () => {
  it('sends HTTP Basic credentials to the upstream and never back to the browser or the log', async () => {
    const upstream = await recordingUpstream(() => ({
      status: 401,
      headers: {
        'Content-Type': 'application/json',
        'WWW-Authenticate': 'Basic realm="api"',
        'Set-Cookie': 'sessionid=abc',
      },
      body: '{"detail":"Authentication credentials were not provided."}',
    }));
    running.push(upstream);
    const { proxy, log } = await proxyTo(upstream.url, {
      username: 'curator@example.org',
      password: 's3cret-pa55',
    });
    const response = await raw(proxy.url, '/api/seed?limit=1');
    expect(upstream.seen).toHaveLength(1);
    const sent = upstream.seen[0]?.headers.authorization ?? '';
    expect(Buffer.from(sent.replace(/^Basic /, ''), 'base64').toString()).toBe(
      'curator@example.org:s3cret-pa55',
    );
    expect(response.status).toBe(401);
    // No login prompt in the browser, no upstream cookie, no credential anywhere in the answer.
    expect(response.headers['www-authenticate']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    const everything = JSON.stringify(response) + log.join('\n');
    expect(everything).not.toContain('s3cret-pa55');
    expect(everything).not.toContain(sent);
  });

  it('sends no Authorization without credentials, and never the browser’s own', async () => {
    const upstream = await recordingUpstream();
    running.push(upstream);
    const { proxy } = await proxyTo(upstream.url);
    await raw(proxy.url, '/api/seed', {
      headers: { Authorization: 'Basic bWFsbG9yeTpwdw==', Cookie: 'csrftoken=x' },
    });
    expect(upstream.seen[0]?.headers.authorization).toBeUndefined();
    expect(upstream.seen[0]?.headers.cookie).toBeUndefined();
  });
});

describe('what the service sends is passed on as data, never as a page or a script', () => {
  /** A service that answers every request with `reply`, whatever was asked. */
  async function answering(reply: Reply | ((seen: Seen) => Reply)) {
    const upstream = await recordingUpstream(typeof reply === 'function' ? reply : () => reply);
    running.push(upstream);
    const { proxy, log } = await proxyTo(upstream.url);
    return { upstream, proxy, log };
  }

  it('asks the service for JSON, never with the browser’s Accept', async () => {
    const { upstream, proxy } = await answering({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: '[]',
    });
    await raw(proxy.url, '/api/seed?limit=1', {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    await raw(proxy.url, '/api/seed?limit=1');
    expect(upstream.seen.map((s) => s.headers.accept)).toEqual([
      'application/json',
      'application/json',
    ]);
  });

  it.each([
    ['application/json', 'application/json'],
    ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
    ['Application/JSON;Charset="UTF-8"; profile=x', 'application/json; charset=utf-8'],
    ['application/problem+json', 'application/problem+json'],
    [
      'application/vnd.api+json; charset=utf-8; ext=<script>',
      'application/vnd.api+json; charset=utf-8',
    ],
  ])('passes JSON labelled %j on as %j, with its body', async (sent, passed) => {
    const { proxy } = await answering({
      status: 200,
      headers: { 'Content-Type': sent, 'Total-Row-Count': '1' },
      body: '[{"id":1}]',
    });
    const response = await raw(proxy.url, '/api/seed?limit=1');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(passed);
    expect(response.headers['total-row-count']).toBe('1');
    expect(response.body).toBe('[{"id":1}]');
  });

  it.each([
    ['text/html; charset=utf-8', '<!doctype html><script src="/api/seed?js=1"></script>'],
    ['application/javascript', 'window.__pwned = 1; fetch("/api/seed").then(leak);'],
    ['text/javascript', 'window.__pwned = 1'],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>'],
    ['text/xml', '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>'],
    ['text/plain', '[{"id":1}]'],
    ['application/json, text/html', '<script>window.__pwned = 1</script>'],
    ['text/json', '[]'],
    ['application/jsonp', 'callback([])'],
  ])('a body labelled %j becomes a 502 saying what the service sent', async (sent, body) => {
    const { proxy, log } = await answering({
      status: 200,
      headers: { 'Content-Type': sent },
      body,
    });
    const response = await raw(proxy.url, '/api/seed?limit=1&metadata__value__startswith=Jane');
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toBe('application/json');
    const { detail } = JSON.parse(response.body) as { detail: string };
    expect(detail).toContain(`The catalogue service sent ${sent} instead of JSON (HTTP 200).`);
    expect(detail).toContain(`It began: ${body.slice(0, 40)}`);
    expect(log).toEqual([
      `GET /api/seed: upstream sent ${sent} instead of JSON (HTTP 200); not passed on`,
    ]);
  });

  it('quotes only the first bytes of a long body, on one line', async () => {
    const { proxy } = await answering({
      status: 500,
      headers: { 'Content-Type': 'text/html' },
      body: `<html>\r\n<title>Server Error</title>\n${'x'.repeat(100_000)}`,
    });
    const response = await raw(proxy.url, '/api/collection');
    expect(response.status).toBe(502);
    const { detail } = JSON.parse(response.body) as { detail: string };
    expect(detail).toMatch(
      /^The catalogue service sent text\/html instead of JSON \(HTTP 500\)\. It began: <html> <title>Server Error<\/title> x+…$/,
    );
    expect(detail.length).toBeLessThan(250);
  });

  it('a body with no Content-Type becomes a 502 too', async () => {
    const { proxy } = await answering({ status: 200, body: '<script>window.__pwned = 1</script>' });
    const response = await raw(proxy.url, '/api/seed');
    expect(response.status).toBe(502);
    expect(JSON.parse(response.body)).toEqual({
      detail:
        'The catalogue service sent a body with no Content-Type instead of JSON (HTTP 200). It began: <script>window.__pwned = 1</script>',
    });
  });

  it('an empty answer keeps its status and Retry-After, whatever its label', async () => {
    const { proxy } = await answering({
      status: 503,
      headers: { 'Content-Type': 'text/html', 'Retry-After': '5' },
    });
    const response = await raw(proxy.url, '/api/seed');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['content-type']).toBeUndefined();
    expect(response.body).toBe('');
  });

  it('HEAD passes on a JSON label and turns any other into a 502', async () => {
    const { proxy } = await answering((seen) => ({
      status: 200,
      headers: {
        'Content-Type': seen.url.includes('html') ? 'text/html' : 'application/json',
        'Total-Row-Count': '7',
      },
    }));
    const json = await raw(proxy.url, '/api/seed?limit=0', { method: 'HEAD' });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.headers['total-row-count']).toBe('7');
    const html = await raw(proxy.url, '/api/seed?html=1', { method: 'HEAD' });
    expect(html.status).toBe(502);
    expect(html.headers['content-type']).toBe('application/json');
  });

  it('passes CSV on as text/csv only when it was asked for with format=csv', async () => {
    const { proxy } = await answering({
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      body: 'id,url\r\n1,https://example.org/\r\n',
    });
    const csv = await raw(proxy.url, '/api/seed?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe('id,url\r\n1,https://example.org/\r\n');
    expect((await raw(proxy.url, '/api/seed')).status).toBe(502);
  });

  it('no answer, whatever the service labels it and sends, can run as a script or show as a page', async () => {
    const { proxy } = await answering((seen) => {
      const url = new URL(seen.url, 'http://upstream');
      return {
        status: Number(url.searchParams.get('status')),
        headers: { 'Content-Type': url.searchParams.get('type') ?? '' },
        body: url.searchParams.get('body') ?? '',
      };
    });
    const dangerous = fc.constantFrom(
      'text/html',
      'text/html; charset=utf-8',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'application/xml',
      'text/javascript',
      'application/javascript',
      'application/ecmascript',
      'text/plain',
      'application/octet-stream',
      'multipart/x-mixed-replace; boundary=x',
      'application/json, text/html',
      'text/html, application/json',
      'application/json; a="x,text/html"',
      'text/html; x=application/json',
      'application/json+html',
      'application/x-json',
      ' application/json',
      'application/json ; charset=utf-8',
      'application/#+json',
      'application/<b>+json',
      'text/csv',
    );
    const arbitrary = fc.stringMatching(/^[ -~]{0,40}$/);
    const jsonLike = fc
      .tuple(fc.constantFrom('application/', 'text/', 'image/'), arbitrary)
      .map(([a, b]) => `${a}${b}json`);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(dangerous, arbitrary, jsonLike),
        fc.constantFrom(200, 201, 400, 404, 500, 503),
        fc.constantFrom('<script>window.__pwned = 1</script>', 'window.__pwned = 1', '[]', 'a,b\n'),
        fc.boolean(),
        async (type, status, body, csv) => {
          const query = new URLSearchParams({ type, status: String(status), body });
          if (csv) query.set('format', 'csv');
          const response = await raw(proxy.url, `/api/seed?${query.toString()}`);
          const where = `${type} ${String(status)} ${body}`;
          expect(response.headers['content-security-policy'], where).toBe(
            "default-src 'none'; sandbox",
          );
          expect(response.headers['x-content-type-options'], where).toBe('nosniff');
          // JSON and CSV are neither JavaScript nor a document type: with nosniff a browser
          // refuses to run them as a script, and shows them as text when opened.
          const passed = response.headers['content-type'] ?? '';
          const allowed = csv
            ? /^(application\/([a-z0-9.-]+\+)?json|text\/csv)(; charset=[a-z0-9._-]+)?$/
            : /^application\/([a-z0-9.-]+\+)?json(; charset=[a-z0-9._-]+)?$/;
          expect(passed, where).toMatch(allowed);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('only reads under /api/ reach the upstream', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    '%s answers 403 and is not forwarded',
    async (method) => {
      const upstream = await recordingUpstream();
      running.push(upstream);
      const { proxy } = await proxyTo(upstream.url);
      const response = await raw(proxy.url, '/api/seed', { method });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ detail: expect.stringMatching(/not forwarded/) });
      expect(upstream.seen).toHaveLength(0);
    },
  );

  it.each([
    '/api/..%2f..%2fadmin',
    '/api/%2e%2e/%2e%2e/admin',
    '/api/seed/..%252f..%252fadmin',
    '/api/seed%2f..%2f..%2fadmin',
    '/api/./../admin',
    '/api/seed/%2e%2e%2fadmin',
    '/api/seed\\..\\admin',
    '//evil.example/api/seed',
    'http://evil.example/api/seed',
    'http://evil.example/admin',
    '/api/seed@evil.example',
  ])('%s never reaches another host or a path outside the base', async (path) => {
    const upstream = await recordingUpstream();
    running.push(upstream);
    const { proxy } = await proxyTo(`${upstream.url}/base`);
    const response = await raw(proxy.url, path);
    // 421: an absolute target naming another host is refused like a foreign Host header.
    expect([200, 400, 404, 421]).toContain(response.status);
    for (const seen of upstream.seen) {
      expect(seen.url).toMatch(/^\/base\/api\/[a-z_]+\/?(\?.*)?$/);
      expect(seen.headers.host).toBe(new URL(upstream.url).host);
    }
  });

  it('prefixes the base path and keeps the query string', async () => {
    const upstream = await recordingUpstream();
    running.push(upstream);
    const { proxy } = await proxyTo(`${upstream.url}/base/`);
    await raw(proxy.url, '/api/seed?metadata__name=Title&metadata__value__startswith=A%20B');
    expect(upstream.seen.map((s) => s.url)).toEqual([
      '/base/api/seed?metadata__name=Title&metadata__value__startswith=A%20B',
    ]);
  });

  it('does not follow a redirect to another host', async () => {
    const upstream = await recordingUpstream(() => ({
      status: 302,
      headers: { Location: 'http://evil.example/api/seed' },
    }));
    running.push(upstream);
    const { proxy } = await proxyTo(upstream.url, { username: 'u', password: 'p' });
    const { response, body } = await getJson<{ detail: string }>(`${proxy.url}/api/seed`);
    expect(response.status).toBe(502);
    expect(body.detail).toMatch(/redirected/);
  });

  it('follows a redirect to the same service, such as an added slash', async () => {
    const upstream = await recordingUpstream((seen): Reply =>
      seen.url.startsWith('/api/seed/')
        ? { status: 200, headers: { 'Content-Type': 'application/json' }, body: '[]' }
        : { status: 301, headers: { Location: '/api/seed/?limit=1' } },
    );
    running.push(upstream);
    const { proxy } = await proxyTo(upstream.url);
    const response = await fetch(`${proxy.url}/api/seed?limit=1`);
    expect(response.status).toBe(200);
    expect(upstream.seen.map((s) => s.url)).toEqual(['/api/seed?limit=1', '/api/seed/?limit=1']);
  });
});

describe('an upstream that fails', () => {
  it('answers 502 with a detail when the upstream cannot be reached', async () => {
    const closed = await listen((_req, res) => res.end());
    await closed.close();
    const { proxy, log } = await proxyTo(closed.url);
    const { response, body } = await getJson<{ detail: string }>(`${proxy.url}/api/seed`);
    expect(response.status).toBe(502);
    expect(body.detail).toMatch(/could not be reached/);
    expect(log.join()).toMatch(/ECONNREFUSED/);
  });

  it('answers 504 within the timeout when the upstream hangs', async () => {
    const hung = await listen(() => {
      /* never answers */
    });
    running.push(hung);
    const { proxy } = await proxyTo(hung.url, { timeoutMs: 400 });
    const started = Date.now();
    const { response, body } = await getJson<{ detail: string }>(`${proxy.url}/api/seed`);
    expect(response.status).toBe(504);
    expect(body.detail).toMatch(/did not answer/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('the --upstream value', () => {
  it('accepts an http(s) base address', () => {
    expect(parseUpstreamBase('https://partner.archive-it.org').href).toBe(
      'https://partner.archive-it.org/',
    );
    expect(parseUpstreamBase('http://127.0.0.1:9000/base/').pathname).toBe('/base/');
  });

  it.each([
    ['https://user:pw@partner.archive-it.org', /ARCHIVE_IT_USERNAME/],
    ['ftp://partner.archive-it.org', /http or https/],
    ['partner.archive-it.org', /absolute/],
    ['https://partner.archive-it.org/?x=1', /query/],
  ])('rejects %s with a message saying why', (value, message) => {
    expect(() => parseUpstreamBase(value)).toThrow(message);
  });

  it('forwards only plain paths under /api/', () => {
    expect(isForwardablePath('/api/seed')).toBe(true);
    expect(isForwardablePath('/api/seed/')).toBe(true);
    expect(isForwardablePath('/api/seed/..')).toBe(false);
    expect(isForwardablePath('/api/%2e%2e')).toBe(false);
    expect(isForwardablePath('/admin')).toBe(false);
  });
});
