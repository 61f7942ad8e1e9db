/**
 * `--sign-in`, tried as an attacker would, with raw HTTP requests: the explorer's server in front
 * of a service that asks HTTP Basic credentials of two people who see different catalogues. No
 * request without a session reaches the service; a session is an opaque cookie; guesses are
 * throttled the same whether or not the user exists; sessions end when idle, when too old, at sign
 * out, and when the service stops taking their credentials; the log has one line for each, and
 * never a password, a cookie or a header.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHostCheck } from '../../src/server/host-check';
import { parseUpstreamBase, upstreamApiHandler } from '../../src/server/proxy/upstream';
import { serviceAccounts } from '../../src/server/sign-in/accounts';
import {
  FAILURE_WINDOW_MS,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  createSignIn,
  type SignIn,
} from '../../src/server/sign-in/sign-in';
import {
  ALICE,
  AUTHOR_VALUE,
  BOB,
  SECRET_NAMED,
  SECRET_VALUES,
  startBasicService,
  type BasicService,
  type Person,
} from '../support/basic-service';
import { raw, serveApp, type Running } from './http-helpers';

let service: BasicService;
/** The explorer's server, signed in against the service, with a clock the tests move. */
let explorer: Running;
let signIn: SignIn;
let clock: number;
const logged: string[] = [];

/** A fresh server for each test: throttling and sessions start over. */
async function startExplorer(options: { trustProxy?: boolean; names?: string[] } = {}) {
  signIn = createSignIn({
    accounts: serviceAccounts({ base: parseUpstreamBase(service.url), timeoutMs: 5_000 }),
    idleMs: SESSION_IDLE_MS,
    trustProxy: options.trustProxy ?? false,
    catalogueSource: 'test',
    log: (line) => logged.push(line),
    now: () => clock,
  });
  explorer = await serveApp(
    upstreamApiHandler({ base: parseUpstreamBase(service.url), timeoutMs: 5_000 }),
    null,
    {
      signIn,
      log: (line) => logged.push(line),
      hosts: createHostCheck('127.0.0.1', options.names ?? []),
    },
  );
}

beforeAll(async () => {
  service = await startBasicService();
});

afterAll(async () => {
  await service.close();
});

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 20, 9, 0, 0);
  logged.length = 0;
  await startExplorer();
});

afterEach(async () => {
  signIn.close();
  await explorer.close();
  // Whatever a test did, the log never holds a password, a cookie or credentials.
  const log = logged.join('\n');
  for (const person of [ALICE, BOB]) {
    expect(log).not.toContain(person.password);
    expect(log).not.toContain(basic(person));
  }
  expect(log).not.toMatch(/explorer-session=|Basic [A-Za-z0-9+/]{8}/);
});

const basic = (person: Person) =>
  Buffer.from(`${person.username}:${person.password}`).toString('base64');

function post(body: unknown, headers: Record<string, string> = {}) {
  return raw(explorer.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The session cookie a sign-in set, as a Cookie header. */
function cookieOf(headers: IncomingHttpHeaders): string {
  const set = headers['set-cookie']?.[0] ?? '';
  return set.split(';')[0] ?? '';
}

async function signedIn(person: Person, headers: Record<string, string> = {}): Promise<string> {
  const response = await post({ username: person.username, password: person.password }, headers);
  expect(response.status, response.body).toBe(204);
  return cookieOf(response.headers);
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  raw(explorer.url, path, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });

describe('without a session', () => {
  it.each([
    '/api/collection',
    '/api/seed?limit=-1',
    '/api/seed_group',
    '/api/press_item',
    '/api/account',
    '/api/',
  ])('%s is 401 with a JSON detail, and nothing reaches the service', async (path) => {
    const before = service.seen.length;
    for (const cookie of [
      undefined,
      'explorer-session=made-up-but-well-formed-token-aaaaaaaaaaaaaa',
      'explorer-session=',
      '__Host-explorer-session=x',
    ]) {
      const response = await get(path, cookie);
      expect(response.status, `${path} ${String(cookie)}`).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual({ detail: expect.stringMatching(/[Ss]ign in/) });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
    expect(service.seen.length).toBe(before);
  });

  it('GET /session is 401', async () => {
    const response = await get('/session');
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ detail: 'Not signed in.' });
  });
});

describe('signing in', () => {
  it('checks the credentials with one request to the service, then gives an opaque cookie', async () => {
    const before = service.seen.length;
    const response = await post({ username: ALICE.username, password: ALICE.password });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(service.seen.slice(before)).toEqual([
      { path: '/api/collection', username: ALICE.username, accepted: true },
    ]);
    const set = response.headers['set-cookie'] ?? [];
    expect(set).toHaveLength(1);
    const [pair = '', ...attributes] = (set[0] ?? '').split('; ');
    expect(pair).toMatch(/^explorer-session=[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    // Nothing of the credentials is in it, and each sign-in gets a new one.
    const value = pair.slice('explorer-session='.length);
    expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain('alice');
    expect(value).not.toContain(basic(ALICE).slice(0, 12));
    expect(await signedIn(ALICE)).not.toBe(pair);
    expect(logged).toContainEqual(`sign-in accepted: "${ALICE.username}" from 127.0.0.1`);
  });

  it('says who is signed in, and reads the catalogue with that person’s own credentials', async () => {
    const cookie = await signedIn(ALICE);
    const who = await get('/session', cookie);
    expect(who.status).toBe(200);
    expect(who.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(who.body) as { username: string; catalogue: string };
    expect(body.username).toBe(ALICE.username);
    // What the browser files the person's saved lists under: a digest, not the name.
    expect(body.catalogue).toMatch(/^[0-9a-f]{32}$/);
    expect(body.catalogue).not.toContain('alice');

    const before = service.seen.length;
    const collections = await get('/api/collection', cookie);
    expect(collections.status).toBe(200);
    expect(service.seen.slice(before)).toEqual([
      { path: '/api/collection', username: ALICE.username, accepted: true },
    ]);
  });

  it('two people signed in at once each read only their own catalogue', async () => {
    const alice = await signedIn(ALICE);
    const bob = await signedIn(BOB);
    const names = async (cookie: string) =>
      (JSON.parse((await get('/api/collection', cookie)).body) as { name: string }[]).map(
        (c) => c.name,
      );
    const [aliceNames, bobNames] = await Promise.all([names(alice), names(bob)]);
    expect(aliceNames.length).toBeGreaterThan(0);
    expect(aliceNames.every((name) => name.startsWith(ALICE.prefix))).toBe(true);
    expect(bobNames.every((name) => name.startsWith(BOB.prefix))).toBe(true);
    const count = async (cookie: string) =>
      (await get('/api/seed?limit=0', cookie)).headers['total-row-count'];
    expect(await count(alice)).toBe(String(ALICE.seeds));
    expect(await count(bob)).toBe(String(BOB.seeds));
    const catalogue = async (cookie: string) =>
      (JSON.parse((await get('/session', cookie)).body) as { catalogue: string }).catalogue;
    expect(await catalogue(alice)).not.toBe(await catalogue(bob));
  });

  it('takes a form’s fields as well as JSON', async () => {
    const response = await post(
      new URLSearchParams({ username: BOB.username, password: BOB.password }).toString(),
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(response.status).toBe(204);
    expect(cookieOf(response.headers)).toMatch(/^explorer-session=/);
  });

  it('refuses a wrong password with the message, and gives no session', async () => {
    const response = await post({ username: ALICE.username, password: 'not-her-password' });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'The service did not accept this user name and password.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(logged).toContainEqual(`sign-in refused: "${ALICE.username}" from 127.0.0.1`);
  });

  it.each([
    ['no body', ''],
    ['not JSON', '{"username": '],
    ['no password', '{"username": "alice@example.org"}'],
    ['an empty user name', '{"username": " ", "password": "x"}'],
    ['numbers', '{"username": 1, "password": 2}'],
    ['a list', '[]'],
  ])('answers %s with 400 and a detail, asking nothing of the service', async (_, body) => {
    const before = service.seen.length;
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: expect.any(String) });
    expect(service.seen.length).toBe(before);
  });

  it('refuses a body too long to be a user name and password, and other types', async () => {
    const long = await post({ username: 'a', password: 'x'.repeat(20_000) });
    expect(long.status).toBe(413);
    const text = await post('username=a&password=b', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(400);
  });

  it('says so when the service cannot be reached, without counting it as a failure', async () => {
    const closed = await serveApp(() => Promise.resolve(new Response(null)));
    await closed.close();
    const unreachable = createSignIn({
      accounts: serviceAccounts({ base: parseUpstreamBase(closed.url), timeoutMs: 5_000 }),
      idleMs: SESSION_IDLE_MS,
      catalogueSource: 'test',
      log: (line) => logged.push(line),
    });
    const server = await serveApp(() => Promise.resolve(new Response(null)), null, {
      signIn: unreachable,
    });
    try {
      for (let i = 0; i < 7; i++) {
        const response = await raw(server.url, '/session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: ALICE.username, password: ALICE.password }),
        });
        expect(response.status).toBe(502);
        expect(JSON.parse(response.body)).toEqual({
          detail: expect.stringContaining(
            'could not be reached (ECONNREFUSED), so the user name and password could not be checked',
          ),
        });
      }
    } finally {
      unreachable.close();
      await server.close();
    }
  });
});

describe('no guessing', () => {
  const wrong = (username: string, headers: Record<string, string> = {}) =>
    post({ username, password: 'guess' }, headers);

  it('the sixth failure for a user name gets 429 with Retry-After, and never reaches the service', async () => {
    const before = service.seen.length;
    for (let i = 0; i < 5; i++) expect((await wrong(ALICE.username)).status).toBe(401);
    expect(service.seen.length).toBe(before + 5);
    const sixth = await wrong(ALICE.username);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBe(FAILURE_WINDOW_MS / 1000);
    expect(JSON.parse(sixth.body)).toEqual({
      detail:
        'Too many failed sign-ins for this user name or from this address. Try again in 15 minutes.',
    });
    // Not even the right password is checked until the window has passed.
    expect((await post({ username: ALICE.username, password: ALICE.password })).status).toBe(429);
    expect(service.seen.length).toBe(before + 5);
    expect(logged.filter((line) => line.startsWith('sign-in throttled'))).toHaveLength(2);
    // The user name is no key in another case.
    expect((await wrong(ALICE.username.toUpperCase())).status).toBe(429);

    clock += FAILURE_WINDOW_MS;
    await signedIn(ALICE);
  });

  it('the answer is the same whether or not the user exists', async () => {
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) {
        const r = await wrong(username, { 'X-Forwarded-For': '10.0.0.9' });
        seen.push({ status: r.status, body: r.body, retry: r.headers['retry-after'] });
      }
      return seen;
    };
    await startExplorer({ trustProxy: true });
    const known = await answers(ALICE.username);
    await startExplorer({ trustProxy: true });
    const unknown = await answers('nobody@example.org');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('at most 5 failures from one client address, whatever the user names', async () => {
    for (let i = 0; i < 5; i++)
      expect((await wrong(`user${String(i)}@example.org`)).status).toBe(401);
    expect((await wrong('user6@example.org')).status).toBe(429);
    // Another person elsewhere is not held back by it (their address is their own).
    await startExplorer({ trustProxy: true });
    for (let i = 0; i < 5; i++) {
      await wrong(`user${String(i)}@example.org`, { 'X-Forwarded-For': '203.0.113.5' });
    }
    await signedIn(BOB, { 'X-Forwarded-For': '198.51.100.7' });
  });

  it('guesses sent all at once are held to the limit too', async () => {
    const before = service.seen.length;
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => wrong(BOB.username).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(service.seen.length).toBe(before + 5);
  });
});

describe('signing out and the end of a session', () => {
  it('DELETE /session ends it and asks the browser to clear its cache and storage', async () => {
    const cookie = await signedIn(ALICE);
    const response = await raw(explorer.url, '/session', {
      method: 'DELETE',
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(204);
    expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(response.headers['set-cookie']?.[0]).toMatch(/^explorer-session=; Max-Age=0; Path=\//);
    const before = service.seen.length;
    expect((await get('/api/collection', cookie)).status).toBe(401);
    expect((await get('/session', cookie)).status).toBe(401);
    expect(service.seen.length).toBe(before);
    expect(logged).toContainEqual(`sign-out: "${ALICE.username}" from 127.0.0.1`);
  });

  it('ends after 8 hours without a request, and is logged once', async () => {
    const cookie = await signedIn(ALICE);
    clock += SESSION_IDLE_MS - 1000;
    expect((await get('/api/press_item', cookie)).status).toBe(200);
    // Each request starts the idle time again.
    clock += SESSION_IDLE_MS - 1000;
    expect((await get('/api/press_item', cookie)).status).toBe(200);
    clock += SESSION_IDLE_MS;
    const before = service.seen.length;
    const expired = await get('/api/press_item', cookie);
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.body)).toEqual({ detail: 'The session has ended: sign in again.' });
    expect(service.seen.length).toBe(before);
    expect((await get('/session', cookie)).status).toBe(401);
    expect(logged.filter((line) => line.startsWith('session of'))).toEqual([
      `session of "${ALICE.username}" expired: 8 hours without a request`,
    ]);
  });

  it('ends 7 days after signing in, however much it is used', async () => {
    const began = clock;
    const cookie = await signedIn(BOB);
    // A request every 4 hours, for a week.
    while (clock + 4 * 60 * 60 * 1000 < began + SESSION_MAX_AGE_MS) {
      clock += 4 * 60 * 60 * 1000;
      expect((await get('/session', cookie)).status, new Date(clock).toISOString()).toBe(200);
    }
    clock = began + SESSION_MAX_AGE_MS;
    expect((await get('/session', cookie)).status).toBe(401);
    expect(logged).toContainEqual(`session of "${BOB.username}" expired: 7 days since signing in`);
    expect(SESSION_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('ends when the service stops taking the credentials (a password changed)', async () => {
    const cookie = await signedIn(BOB);
    expect((await get('/api/seed_group', cookie)).status).toBe(200);
    service.refuse(BOB);
    expect((await get('/api/seed_group', cookie)).status).toBe(401);
    expect((await get('/session', cookie)).status).toBe(401);
    expect(logged).toContainEqual(
      `session of "${BOB.username}" from 127.0.0.1 ended: the service no longer accepts its credentials`,
    );
  });
});

describe('behind an HTTPS reverse proxy (--trust-proxy)', () => {
  const proxied = { Host: 'explorer.example.org', 'X-Forwarded-Proto': 'https' };

  it('the cookie is Secure with the __Host- prefix, and only that one is read', async () => {
    await startExplorer({ trustProxy: true, names: ['explorer.example.org'] });
    const response = await post(
      { username: ALICE.username, password: ALICE.password },
      { ...proxied, Origin: 'https://explorer.example.org', 'X-Forwarded-For': '198.51.100.23' },
    );
    expect(response.status).toBe(204);
    const set = response.headers['set-cookie']?.[0] ?? '';
    expect(set).toMatch(/^__Host-explorer-session=[A-Za-z0-9_-]{43}; /);
    expect(set.split('; ').slice(1).sort()).toEqual([
      'HttpOnly',
      'Path=/',
      'SameSite=Strict',
      'Secure',
    ]);
    const cookie = cookieOf(response.headers);
    expect((await get('/session', cookie, proxied)).status).toBe(200);
    // The same token under the plain name, or over plain HTTP, is no session.
    const plain = cookie.replace('__Host-', '');
    expect((await get('/session', plain, proxied)).status).toBe(401);
    expect((await get('/session', cookie, { Host: 'explorer.example.org' })).status).toBe(401);
    // The log names the client the proxy saw.
    expect(logged).toContainEqual(`sign-in accepted: "${ALICE.username}" from 198.51.100.23`);
  });

  it('without --trust-proxy, what a client says about HTTPS and its address is ignored', async () => {
    const response = await post(
      { username: ALICE.username, password: ALICE.password },
      { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.23' },
    );
    expect(response.headers['set-cookie']?.[0]).toMatch(/^explorer-session=/);
    expect(logged).toContainEqual(`sign-in accepted: "${ALICE.username}" from 127.0.0.1`);
  });
});

describe('the Host and Origin check', () => {
  it('covers /session: a page on another site can neither sign anyone in nor out', async () => {
    const cookie = await signedIn(ALICE);
    const before = service.seen.length;
    const credentials = { username: ALICE.username, password: ALICE.password };
    const elsewhere = await post(credentials, { Origin: 'http://attacker.example' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    const rebound = await post(credentials, { Host: 'attacker.example' });
    expect(rebound.status).toBe(421);
    const out = await raw(explorer.url, '/session', {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: 'http://attacker.example' },
    });
    expect(out.status).toBe(403);
    expect(out.headers['clear-site-data']).toBeUndefined();
    expect(service.seen.length).toBe(before);
    expect((await get('/session', cookie)).status).toBe(200);
  });
});

describe('what a signed-in person receives', () => {
  it.each([
    '/api/collection',
    '/api/seed?limit=-1',
    '/api/seed?format=api',
    '/api/seed_group',
    '/api/account',
  ])('%s holds no credential field, under any of its names, and keeps Author', async (path) => {
    const cookie = await signedIn(ALICE);
    const response = await get(path, cookie);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const value of [...SECRET_VALUES, ALICE.password, 'service-secret-user']) {
      expect(response.body, value).not.toContain(value);
    }
    for (const name of Object.keys(SECRET_NAMED)) {
      expect(response.body, name).not.toContain(JSON.stringify(name));
    }
    expect(response.body).not.toMatch(/"(password|token)"/);
    const parsed: unknown = JSON.parse(response.body);
    if (path !== '/api/account') expect(response.body).toContain(AUTHOR_VALUE);
    expect(parsed).toBeTruthy();
  });
});
