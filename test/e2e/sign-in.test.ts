/**
 * `npm start -- --upstream URL --sign-in` in real Chromium, in front of a service that asks HTTP
 * Basic credentials of two people who see different catalogues (test/support/basic-service.ts):
 * each signs in with their own account and sees only their own catalogue, even both at once in one
 * browser's two contexts; a wrong password, the sixth failure and an ended session each say so;
 * signing out leaves nothing of the person in the browser profile (IndexedDB, storage, the disk
 * cache); and no password, cookie value or credential is ever in the page, its storage, the disk
 * cache or the server's output. Screenshots of the sign-in page and the header, light and dark, at
 * 1440 and 768 px, go to test/e2e/screenshots.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import {
  ALICE,
  BOB,
  SECRET_VALUES,
  startBasicService,
  type BasicService,
  type Person,
} from '../support/basic-service';
import { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../support/chromium';
import { projectRoot, startServer, type ServerProcess } from '../support/server-process';
import { everythingKept, savedResources } from '../support/watched-page';

const SCREENSHOTS = `${projectRoot}test/e2e/screenshots`;
const REFUSED = 'The service did not accept this user name and password.';

let service: BasicService;
/** Sessions as usual; sessions that end after 2 s without use; a server for the guessing test. */
let explorer: ServerProcess;
let brief: ServerProcess;
let guarded: ServerProcess;
let browser: Browser;
/** Every session cookie the browsers were given, to look for anywhere they must not be. */
const cookies = new Set<string>();

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  service = await startBasicService();
  const upstream = ['--port', '0', '--upstream', service.url, '--sign-in'];
  [explorer, brief, guarded, browser] = await Promise.all([
    startServer(upstream),
    startServer([...upstream, '--session-idle', '2s']),
    startServer(upstream),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser.close();
  await Promise.all([explorer.stop(), brief.stop(), guarded.stop()]);
  await service.close();
  // Nothing any server wrote names a password, a cookie or the credentials sent to the service.
  for (const server of [explorer, brief, guarded]) {
    const output = server.output();
    for (const secret of forbidden()) expect(output).not.toContain(secret);
  }
});

/** What must never be found in the page, the browser profile or the server's output. */
function forbidden(): string[] {
  const basic = (p: Person) => Buffer.from(`${p.username}:${p.password}`).toString('base64');
  return [
    ALICE.password,
    BOB.password,
    basic(ALICE),
    basic(BOB),
    ...SECRET_VALUES,
    ...[...cookies].map((pair) => pair.split('=')[1] ?? pair),
  ];
}

async function context(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}) {
  return browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
}

/** Signs in on the sign-in page the page shows. */
async function signIn(page: Page, person: Person, password = person.password) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('User name').fill(person.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function keepCookies(from: BrowserContext) {
  for (const cookie of await from.cookies()) cookies.add(`${cookie.name}=${cookie.value}`);
}

/** The collection names in the grid. */
async function collectionNames(page: Page): Promise<string[]> {
  const grid = page.getByRole('grid', { name: 'Collections' });
  await grid.getByRole('row').nth(3).waitFor();
  return grid.getByRole('link').allTextContents();
}

/** Everything kept in storage (IndexedDB, local and session storage, caches), without the page. */
async function storage(page: Page): Promise<string> {
  const kept = JSON.parse(await everythingKept(page)) as Record<string, unknown>;
  return JSON.stringify([kept.databases, kept.local, kept.session, kept.caches, kept.cookies]);
}

describe('without a session', () => {
  it('the sign-in page shows at any address, and nothing is asked of the API', async () => {
    const before = service.seen.length;
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1440, 768]) {
        const ctx = await context({ colorScheme, width });
        const page = await ctx.newPage();
        const api: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
        });
        await page.goto(`${explorer.url}/seeds?collection=1&q=river`);
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(await page.getByRole('main').textContent()).toContain(
          `Sign in with your own account of the catalogue service at ${new URL(service.url).host}.`,
        );
        // The first field has the focus: a person can type at once.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
          .toBe('username');
        expect(await seriousViolations(page), `${colorScheme} ${String(width)}`).toEqual([]);
        await page.screenshot({
          path: `${SCREENSHOTS}/sign-in-${colorScheme}-${String(width)}.png`,
        });
        expect(api).toEqual([]);
        await ctx.close();
      }
    }
    expect(service.seen.length).toBe(before);
  });

  it('a wrong password gets the message and no session', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${explorer.url}/collections`);
    await signIn(page, ALICE, 'not-her-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(REFUSED);
    // The user name stays for another try; the password goes.
    expect(await page.getByLabel('User name').inputValue()).toBe(ALICE.username);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await ctx.cookies()).toEqual([]);
    expect((await page.request.get(`${explorer.url}/session`)).status()).toBe(401);
    await page.screenshot({ path: `${SCREENSHOTS}/sign-in-refused-light-1440.png` });
    await ctx.close();
  });

  it('the sixth failure gets 429, and says how long to wait', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${guarded.url}/collections`);
    for (let attempt = 1; attempt <= 6; attempt++) {
      await signIn(page, BOB, `guess-${String(attempt)}`);
      const alert = page.getByRole('alert');
      await expect
        .poll(() => alert.textContent())
        .toBe(
          attempt < 6
            ? REFUSED
            : 'Too many failed sign-ins for this user name or from this address. Try again in 15 minutes.',
        );
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
    }
    expect(await ctx.cookies()).toEqual([]);
    await ctx.close();
  });
});

describe('two people, each with their own account', () => {
  it('signed in at once in two browser contexts, each sees only their own catalogue', async () => {
    const [a, b] = await Promise.all([context(), context({ colorScheme: 'dark' })]);
    const [alice, bob] = await Promise.all([a.newPage(), b.newPage()]);
    await Promise.all([
      alice.goto(`${explorer.url}/collections`),
      bob.goto(`${explorer.url}/collections`),
    ]);
    await Promise.all([signIn(alice, ALICE), signIn(bob, BOB)]);

    const [aliceNames, bobNames] = await Promise.all([
      collectionNames(alice),
      collectionNames(bob),
    ]);
    expect(aliceNames.length).toBeGreaterThan(3);
    expect(aliceNames.every((name) => name.startsWith(ALICE.prefix))).toBe(true);
    expect(bobNames.every((name) => name.startsWith(BOB.prefix))).toBe(true);
    expect(await alice.getByRole('banner').textContent()).toContain(
      `Signed in as ${ALICE.username}`,
    );
    expect(await bob.getByRole('banner').textContent()).toContain(`Signed in as ${BOB.username}`);
    await alice.screenshot({ path: `${SCREENSHOTS}/signed-in-light-1440.png` });
    await bob.setViewportSize({ width: 768, height: 900 });
    await bob.screenshot({ path: `${SCREENSHOTS}/signed-in-dark-768.png` });

    // Their seeds, and a reload, with both still signed in.
    await Promise.all([
      alice.getByRole('link', { name: 'Seeds', exact: true }).click(),
      bob.getByRole('link', { name: 'Seeds', exact: true }).click(),
    ]);
    await alice.getByText('1,200 seeds', { exact: true }).waitFor();
    await bob.getByText('800 seeds', { exact: true }).waitFor();
    await alice.reload();
    await alice.getByText('1,200 seeds', { exact: true }).waitFor();
    expect(await alice.content()).not.toContain(BOB.prefix);
    expect(await bob.content()).not.toContain(ALICE.prefix);

    // Each one's saved lists are filed apart, under a digest rather than their name.
    await expect.poll(() => savedResources(alice)).toContain('seed');
    const [aliceKept, bobKept] = await Promise.all([storage(alice), storage(bob)]);
    expect(aliceKept).not.toContain('alice');
    expect(bobKept).not.toContain('bob');
    const digest = (kept: string) => /"head:\[\\"[^"\\]*\\",\\"([0-9a-f]{32})\\"/.exec(kept)?.[1];
    expect(digest(aliceKept)).toBeDefined();
    expect(digest(aliceKept)).not.toBe(digest(bobKept));

    for (const [ctx, page] of [
      [a, alice],
      [b, bob],
    ] as const) {
      await keepCookies(ctx);
      const everything = await everythingKept(page);
      for (const secret of forbidden()) expect(everything).not.toContain(secret);
    }
    expect(cookies.size).toBeGreaterThanOrEqual(2);
    // One line each in the server's log.
    expect(explorer.output()).toMatch(/sign-in accepted: "alice@example\.org" from 127\.0\.0\.1\n/);
    expect(explorer.output()).toMatch(/sign-in accepted: "bob@example\.org" from 127\.0\.0\.1\n/);
    await Promise.all([a.close(), b.close()]);
  });

  it('an ended session returns to the sign-in page, and its saved lists go', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${brief.url}/collections`);
    await signIn(page, BOB);
    await collectionNames(page);
    await expect.poll(() => savedResources(page)).toContain('collection');
    await keepCookies(ctx);
    // Longer than the session lasts without a request (--session-idle 2s).
    await page.waitForTimeout(2_500);
    await page.getByRole('link', { name: 'Seed groups', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain(
      'Your session has ended',
    );
    expect(await savedResources(page)).toEqual([]);
    expect(await page.content()).not.toContain(BOB.prefix);
    expect(brief.output()).toMatch(
      /session of "bob@example\.org" expired: 2 seconds without a request\n/,
    );
    // Signing in again goes on where the person was.
    await signIn(page, BOB);
    await page.getByRole('grid', { name: 'Seed groups' }).getByRole('row').nth(2).waitFor();
    expect(new URL(page.url()).pathname).toBe('/seed-groups');
    await keepCookies(ctx);
    await ctx.close();
  });
});

describe('signing out', () => {
  /** Every file under `dir`, as bytes read as Latin-1 (so any text in them can be searched). */
  function files(dir: string): { path: string; text: string }[] {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
      const path = join(dir, name);
      try {
        if (!statSync(path).isFile()) return [];
        return [{ path, text: readFileSync(path).toString('latin1') }];
      } catch {
        return []; // gone meanwhile (Chromium writes as it goes)
      }
    });
  }
  const cacheOf = (profile: string) => files(join(profile, 'Default', 'Cache'));

  it('leaves no IndexedDB data, no cached /api/ answer and nothing of the person in the profile', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'explorer-profile-'));
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
    });
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.goto(`${explorer.url}/collections`);
      await signIn(page, ALICE);
      await collectionNames(page);
      await page.getByRole('link', { name: 'Seeds', exact: true }).click();
      await page.getByText('1,200 seeds', { exact: true }).waitFor();
      await expect.poll(() => savedResources(page), { timeout: 30_000 }).toContain('seed');
      await keepCookies(ctx);

      // The disk cache works (the app's scripts are in it), and holds no answer of the API.
      await expect
        .poll(() => cacheOf(profile).some((file) => file.text.includes('/assets/')), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(cacheOf(profile).filter((file) => file.text.includes('/api/'))).toEqual([]);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await savedResources(page)).toEqual([]);
      const kept = JSON.parse(await everythingKept(page)) as {
        databases: Record<string, Record<string, unknown[]>>;
        local: unknown[];
        session: unknown[];
      };
      expect(Object.values(kept.databases).flatMap((db) => Object.values(db).flat())).toEqual([]);
      expect(kept.local).toEqual([]);
      expect(kept.session).toEqual([]);
      expect(await ctx.cookies()).toEqual([]);
      // Signed out for real: the API refuses the browser now.
      expect((await page.request.get(`${explorer.url}/api/collection`)).status()).toBe(401);
      expect(explorer.output()).toMatch(/sign-out: "alice@example\.org" from 127\.0\.0\.1\n/);
    } finally {
      await ctx.close();
    }
    // With the browser closed (its files written), nothing of the person is anywhere in its
    // profile: not the password, the cookie, the credentials or any secret the service sent.
    const everything = files(profile);
    expect(everything.length).toBeGreaterThan(10);
    for (const secret of forbidden()) {
      expect(
        everything.filter((file) => file.text.includes(secret)).map((file) => file.path),
        secret,
      ).toEqual([]);
    }
    expect(cacheOf(profile).filter((file) => file.text.includes('/api/'))).toEqual([]);
    rmSync(profile, { recursive: true, force: true });
  });
});
