/**
 * The server as `npm start` runs it: a child process with the command line a person types, serving
 * the built app and the API, or forwarding to another instance with --upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartOptions } from '../../src/server/options';
import { raw } from './http-helpers';
import {
  runServer as run,
  startServer as start,
  type ServerProcess,
} from '../support/server-process';

describe('npm start', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await start(['--port', '0', '--seeds', '500']);
  });
  afterAll(() => server.stop());

  it('prints the address and the size of the sample catalogue', () => {
    expect(server.output()).toMatch(/500 seeds/);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the app at / and at every page address, with the security headers', async () => {
    for (const path of ['/', '/collections', '/seeds?collection=1']) {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/text\/html/);
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    }
  });

  it('serves the built scripts compressed and cacheable', async () => {
    const html = await (await fetch(server.url)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(server.url + (script ?? ''), {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/javascript/);
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Cache-Control')).toContain('immutable');
  });

  it('answers 404 for a missing asset rather than the app page', async () => {
    const response = await fetch(`${server.url}/assets/missing.js`);
    expect(response.status).toBe(404);
  });

  it('serves the API on the same origin', async () => {
    const response = await fetch(`${server.url}/api/seed?limit=2`);
    expect(response.headers.get('Total-Row-Count')).toBe('500');
    expect(await response.json()).toHaveLength(2);
  });

  it('forwards to another instance given as --upstream, with credentials kept from the browser', async () => {
    const proxy = await start(['--port', '0', '--upstream', server.url], {
      ARCHIVE_IT_USERNAME: 'curator',
      ARCHIVE_IT_PASSWORD: 'hunter2-secret',
    });
    try {
      const response = await fetch(`${proxy.url}/api/seed?limit=3&format=api`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Total-Row-Count')).toBe('500');
      expect(await response.json()).toHaveLength(3);
      expect(proxy.output()).not.toContain('hunter2-secret');
    } finally {
      await proxy.stop();
    }
  });
});

describe('npm start -- --host 0.0.0.0', () => {
  it('says which names it answers to, and answers only those', async () => {
    const server = await start([
      '--port',
      '0',
      '--seeds',
      '100',
      '--host',
      '0.0.0.0',
      '--allowed-host',
      'explorer.example.org',
    ]);
    try {
      const port = new URL(server.url).port;
      expect(server.output()).toContain(
        `Answering only requests addressed to 127.0.0.1:${port}, localhost:${port}, [::1]:${port}, 0.0.0.0:${port}, explorer.example.org.`,
      );
      const status = async (host: string) =>
        (await raw(`http://127.0.0.1:${port}`, '/api/seed?limit=1', { headers: { Host: host } }))
          .status;
      expect(await status('explorer.example.org')).toBe(200);
      expect(await status(`localhost:${port}`)).toBe(200);
      expect(await status(`attacker.example:${port}`)).toBe(421);
    } finally {
      await server.stop();
    }
  });
});

describe('start options', () => {
  it('has sensible defaults', () => {
    expect(parseStartOptions([])).toEqual({
      port: 5173,
      host: '127.0.0.1',
      allowedHosts: [],
      seeds: 20_000,
      upstream: null,
      upstreamTimeoutMs: 30_000,
      public: false,
      faults: null,
      dev: false,
    });
    expect(parseStartOptions(['--public'])).toMatchObject({ public: true });
  });

  it('reads every option', () => {
    const options = parseStartOptions([
      '--port=8080',
      '--host',
      '0.0.0.0',
      '--seeds',
      '200000',
      '--upstream',
      'https://partner.archive-it.org',
      '--upstream-timeout',
      '5',
    ]);
    expect(options).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      seeds: 200_000,
      upstreamTimeoutMs: 5_000,
    });
    expect(options !== 'help' && options.upstream?.href).toBe('https://partner.archive-it.org/');
  });

  it('takes --allowed-host more than once', () => {
    const options = parseStartOptions([
      '--allowed-host',
      'Explorer.Example.org',
      '--allowed-host=192.168.1.20:5173',
    ]);
    expect(options !== 'help' && options.allowedHosts).toEqual([
      'explorer.example.org',
      '192.168.1.20:5173',
    ]);
  });

  it.each([
    [['--allowed-host', 'https://explorer.example.org'], /--allowed-host takes a host name/],
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--port', '70000'], /--port/],
    [['--seeds', '-5'], /--seeds/],
    [['--upstream', 'https://me:pw@example.org'], /ARCHIVE_IT_USERNAME/],
    [['--colour'], /Unknown option/],
    [['--upstream-timeout', '0'], /at least 1 second/],
    [['--public', '--upstream', 'https://partner.archive-it.org'], /the service decides/],
  ])('rejects %j with a message', (args, message) => {
    expect(() => parseStartOptions(args)).toThrow(message);
  });

  it('exits with status 2 and the usage on a bad option', async () => {
    const { code, output } = await run(['--seeds', 'many']);
    expect(code).toBe(2);
    expect(output).toMatch(/--seeds must be a whole number/);
    expect(output).toMatch(/Usage: npm start/);
  });
});
