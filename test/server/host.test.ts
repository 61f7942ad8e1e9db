/**
 * The server answers only requests addressed to it by a name that means it, on its port, and from
 * its own pages: a page on another site that points a name of its own at 127.0.0.1 (DNS rebinding)
 * or calls the server from its own origin gets a refusal, and nothing reaches the credentialed
 * upstream.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { createHostCheck, parseAllowedHost } from '../../src/server/host-check';
import { parseUpstreamBase, upstreamApiHandler } from '../../src/server/proxy/upstream';
import { listen, raw, serveApp, type Running } from './http-helpers';

let dir: string;
let upstream: Running;
/** Requests that reached the upstream, with their headers. */
const seen: IncomingHttpHeaders[] = [];
/** The credentialed proxy a rebinding page would be after, serving a built app too. */
let proxy: Running;
let port: string;
/** The embedded API, with two names given as --allowed-host would give them. */
let named: Running;
let namedPort: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'explorer-host-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  upstream = await listen((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Total-Row-Count': '0' });
    res.end('[]');
  });
  proxy = await serveApp(
    upstreamApiHandler({
      base: parseUpstreamBase(upstream.url),
      username: 'curator',
      password: 'rebinding-target-pw',
      timeoutMs: 5_000,
    }),
    dir,
  );
  port = new URL(proxy.url).port;
  named = await serveApp(
    embeddedApiHandler(createCatalogueApi(generateCatalogue({ seeds: 50 }))),
    null,
    { hosts: createHostCheck('127.0.0.1', ['explorer.example.org', 'lan.example:8080']) },
  );
  namedPort = new URL(named.url).port;
});

afterAll(async () => {
  await Promise.all([proxy.close(), named.close(), upstream.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const PATHS = ['/api/collection', '/api/seed?limit=1', '/api/seed', '/', '/collections'];

describe('the Host a request is addressed to', () => {
  it.each([
    ['a name of another site, on the port', () => `attacker.example:${port}`],
    ['a name of another site', () => 'attacker.example'],
    ['a name that starts like a loopback one', () => `127.0.0.1.attacker.example:${port}`],
    ['a name that ends like a loopback one', () => `evil-localhost:${port}`],
    ['a loopback name on another port', () => 'localhost:80'],
    ['a loopback address without the port', () => '127.0.0.1'],
    ['a loopback name with a dot after it', () => `localhost.:${port}`],
  ])('%s gets 421 with a detail, and nothing reaches the upstream', async (_, host) => {
    const before = seen.length;
    for (const path of PATHS) {
      const response = await raw(proxy.url, path, { headers: { Host: host() } });
      expect(response.status, `${host()} ${path}`).toBe(421);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual({
        detail: expect.stringContaining('--allowed-host'),
      });
    }
    expect(seen.length).toBe(before);
  });

  it('a malformed Host is a bad request, and nothing reaches the upstream', async () => {
    const before = seen.length;
    for (const host of [`user@127.0.0.1:${port}`, `127.0.0.1:${port}/x`]) {
      const response = await raw(proxy.url, '/api/seed', { headers: { Host: host } });
      expect([400, 421], host).toContain(response.status);
    }
    expect(seen.length).toBe(before);
  });

  it('an absolute request target naming another host is refused, whatever Host says', async () => {
    const before = seen.length;
    const response = await raw(proxy.url, 'http://attacker.example/api/seed');
    expect(response.status).toBe(421);
    expect(seen.length).toBe(before);
  });

  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST'])(
    '%s on the port it listens on is answered',
    async (name) => {
      const before = seen.length;
      const response = await raw(proxy.url, '/api/seed?limit=1', {
        headers: { Host: `${name}:${port}` },
      });
      expect(response.status).toBe(200);
      expect(seen.length).toBe(before + 1);
      expect((await raw(proxy.url, '/', { headers: { Host: `${name}:${port}` } })).status).toBe(
        200,
      );
    },
  );

  it('names given with --allowed-host are answered: on any port, or on the one given', async () => {
    const status = async (host: string) =>
      (await raw(named.url, '/api/seed?limit=1', { headers: { Host: host } })).status;
    expect(await status('explorer.example.org')).toBe(200);
    expect(await status('Explorer.Example.org:443')).toBe(200);
    expect(await status('lan.example:8080')).toBe(200);
    expect(await status(`localhost:${namedPort}`)).toBe(200);
    expect(await status('lan.example')).toBe(421);
    expect(await status('lan.example:8081')).toBe(421);
    expect(await status('sub.explorer.example.org')).toBe(421);
  });
});

describe('the Origin a request comes from', () => {
  it.each([
    ['another site', () => 'http://attacker.example'],
    ['another site on the same port', () => `http://attacker.example:${port}`],
    ['another port on this machine', () => 'http://localhost:3000'],
    ['an opaque origin (a sandboxed frame, a file)', () => 'null'],
    ['something that is not an origin', () => `http://127.0.0.1:${port}/path`],
  ])('%s gets 403 with a detail, and nothing reaches the upstream', async (_, origin) => {
    const before = seen.length;
    for (const path of PATHS) {
      const response = await raw(proxy.url, path, { headers: { Origin: origin() } });
      expect(response.status, `${origin()} ${path}`).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ detail: expect.stringMatching(/own pages/) });
    }
    expect(seen.length).toBe(before);
  });

  it('the explorer’s own origin, under any of its names, is answered', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const response = await raw(proxy.url, '/api/seed?limit=1', { headers: { Origin: origin } });
      expect(response.status, origin).toBe(200);
    }
    const behindProxy = await raw(named.url, '/api/seed?limit=1', {
      headers: { Host: 'explorer.example.org', Origin: 'https://explorer.example.org' },
    });
    expect(behindProxy.status).toBe(200);
  });
});

describe('a client on another machine', () => {
  const check = createHostCheck('0.0.0.0', ['explorer.example.org']);
  const refusal = (host: string, remote: string, origin?: string) =>
    check.refusal({ host, origin }, '/api/seed', 5173, remote);

  it.each(['192.0.2.7', '::ffff:192.0.2.7', 'fd00::9', '10.0.0.1'])(
    'is never answered under a loopback name (from %s)',
    (remote) => {
      for (const name of ['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST']) {
        expect(refusal(`${name}:5173`, remote)?.status, name).toBe(421);
      }
      // Nor from a page that says it is on this machine.
      expect(refusal('explorer.example.org', remote, 'http://localhost:5173')?.status).toBe(403);
      expect(refusal('explorer.example.org', remote)).toBeNull();
    },
  );

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.9.1'])(
    'on this machine (%s) is answered under a loopback name',
    (remote) => {
      expect(refusal('localhost:5173', remote)).toBeNull();
      expect(refusal('127.0.0.1:5173', remote)).toBeNull();
    },
  );
});

describe('the --allowed-host value', () => {
  it('takes a name or an address, with or without a port', () => {
    expect(parseAllowedHost('Explorer.Example.org')).toBe('explorer.example.org');
    expect(parseAllowedHost('192.168.1.20:5173')).toBe('192.168.1.20:5173');
    expect(parseAllowedHost('[fe80::1]')).toBe('[fe80::1]');
  });

  it.each(['http://explorer.example.org', 'explorer.example.org/path', 'a b', '', 'x:99999'])(
    'rejects %j with a message saying what it takes',
    (value) => {
      expect(() => parseAllowedHost(value)).toThrow(/--allowed-host takes a host name/);
    },
  );
});
