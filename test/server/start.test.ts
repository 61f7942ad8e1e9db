/**
 * The server as `npm start` runs it: a child process with the command line a person types, serving
 * the built app and the API, or forwarding to another instance with --upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartOptions } from '../../src/server/options';
import { raw } from './http-helpers';
import { networkInterfaces } from 'node:os';
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

      // A client on another machine (here: one that reaches the server by this machine's
      // network address) is never answered under a loopback name.
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
      if (outside === undefined)
        throw new Error('this machine has no network address to test with');
      const fromOutside = (host: string) =>
        raw(`http://${outside}:${port}`, '/api/seed?limit=1', { headers: { Host: host } });
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
        const response = await fromOutside(host);
        expect(response.status, host).toBe(421);
        expect(JSON.parse(response.body)).toEqual({
          detail: expect.stringContaining('a name that means this machine only to a client on it'),
        });
      }
      expect((await fromOutside('explorer.example.org')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('no open door: credentials in the environment', () => {
  const CREDENTIALS = { ARCHIVE_IT_USERNAME: 'curator', ARCHIVE_IT_PASSWORD: 'door-pa55-9!' };

  it.each([['0.0.0.0'], ['::'], ['192.0.2.2']])(
    'with --host %s stop the server at start, with a message naming --sign-in',
    async (host) => {
      const { code, output } = await run(
        ['--port', '0', '--upstream', 'http://127.0.0.1:9', '--host', host],
        CREDENTIALS,
      );
      expect(code).toBe(2);
      expect(output).toContain(
        `The server holds the credentials in ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD, so it listens only on this machine (127.0.0.1), not on ${host}`,
      );
      expect(output).toContain('start it with --sign-in');
      expect(output).not.toContain('Catalogue explorer:');
      expect(output).not.toContain(CREDENTIALS.ARCHIVE_IT_PASSWORD);
    },
    30_000,
  );

  it('with --shared-account, start all the same and warn, at every start', async () => {
    for (let round = 0; round < 2; round++) {
      const server = await start(
        [
          '--port',
          '0',
          '--upstream',
          'http://127.0.0.1:9',
          '--host',
          '0.0.0.0',
          '--shared-account',
        ],
        CREDENTIALS,
      );
      try {
        expect(server.output()).toContain(
          'Warning (--shared-account): everyone who can reach this server reads the account in ARCHIVE_IT_USERNAME',
        );
      } finally {
        await server.stop();
      }
    }
  }, 30_000);

  it('on loopback, or with --sign-in, start as usual', async () => {
    const plainHttp = 'passwords and session cookies cross the network in clear';
    for (const [args, note] of [
      [['--port', '0', '--upstream', 'http://127.0.0.1:9'], false],
      [['--port', '0', '--upstream', 'http://127.0.0.1:9', '--host', '0.0.0.0', '--sign-in'], true],
      [['--port', '0', '--upstream', 'http://127.0.0.1:9', '--sign-in', '--trust-proxy'], false],
    ] as const) {
      const server = await start([...args], CREDENTIALS);
      await server.stop();
      expect(server.output()).not.toContain('Warning');
      // Signing in over plain HTTP on a network is said once, at start.
      expect(server.output().includes(plainHttp), args.join(' ')).toBe(note);
    }
  }, 30_000);
});

describe('npm start -- --sign-in, with the sample catalogue', () => {
  it('makes a demo account whose password is printed once, and asks everyone to sign in', async () => {
    const server = await start(['--port', '0', '--seeds', '300', '--sign-in']);
    try {
      const password = /user name "demo", password ([A-Za-z0-9_-]{16}) /.exec(server.output())?.[1];
      expect(password).toBeDefined();
      expect(server.output().split(password ?? '').length).toBe(2);
      expect((await fetch(`${server.url}/api/seed?limit=1`)).status).toBe(401);
      const page = await (await fetch(`${server.url}/collections`)).text();
      expect(page).toContain('<meta name="sign-in" content="demo" />');

      const wrong = await fetch(`${server.url}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'guess' }),
      });
      expect(wrong.status).toBe(401);
      const response = await fetch(`${server.url}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password }),
      });
      expect(response.status).toBe(204);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const seeds = await fetch(`${server.url}/api/seed?limit=2`, { headers: { Cookie: cookie } });
      expect(seeds.status).toBe(200);
      expect(await seeds.json()).toHaveLength(2);
      // The password and the cookie appear nowhere else in what the server wrote.
      expect(server.output().split(password ?? '').length).toBe(2);
      expect(server.output()).not.toContain(cookie.split('=')[1] ?? '');
      expect(server.output()).toMatch(/sign-in refused: "demo" from 127\.0\.0\.1\n/);
      expect(server.output()).toMatch(/sign-in accepted: "demo" from 127\.0\.0\.1\n/);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a page without --sign-in names no sign-in, and /session says there is none', async () => {
    const server = await start(['--port', '0', '--seeds', '100']);
    try {
      const page = await (await fetch(server.url)).text();
      expect(page).not.toContain('name="sign-in"');
      const session = await fetch(`${server.url}/session`);
      expect(session.status).toBe(404);
      expect(await session.json()).toEqual({
        detail: 'This server asks no one to sign in: it was started without --sign-in.',
      });
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
      asOf: null,
      upstream: null,
      upstreamTimeoutMs: 30_000,
      public: false,
      faults: null,
      signIn: false,
      sessionIdleMs: 8 * 60 * 60 * 1000,
      trustProxy: false,
      sharedAccount: false,
      preloadFirstPages: false,
      dev: false,
    });
    expect(parseStartOptions(['--public'])).toMatchObject({ public: true });
    expect(parseStartOptions(['--preload-first-pages'])).toMatchObject({
      preloadFirstPages: true,
    });
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

  it('reads the sign-in options', () => {
    expect(
      parseStartOptions(['--sign-in', '--session-idle', '30m', '--trust-proxy']),
    ).toMatchObject({ signIn: true, sessionIdleMs: 30 * 60 * 1000, trustProxy: true });
    expect(parseStartOptions(['--sign-in', '--session-idle', '7d'])).toMatchObject({
      sessionIdleMs: 7 * 24 * 60 * 60 * 1000,
    });
    expect(parseStartOptions(['--shared-account'])).toMatchObject({ sharedAccount: true });
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
    [['--sign-in', '--shared-account'], /do not go together/],
    [['--session-idle', '2h'], /needs --sign-in/],
    [['--sign-in', '--session-idle', '8'], /takes a time from 1s to 7d/],
    [['--sign-in', '--session-idle', '0s'], /takes a time from 1s to 7d/],
    [['--sign-in', '--session-idle', '8d'], /takes a time from 1s to 7d/],
    [['--sign-in', '--session-idle', '1.5h'], /takes a time from 1s to 7d/],
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
