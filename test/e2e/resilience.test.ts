/**
 * The explorer in real Chromium while the catalogue API misbehaves on command: transient faults
 * heal by themselves, persistent ones say what is wrong in an alert with a retry while the
 * navigation, the filters in the address and every row already loaded stay; a hang ends in a
 * timeout, unreadable bodies say so, odd list shapes still load, and records with broken fields
 * are kept with those values shown as unknown; only a record without a readable id is left out.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiConfig } from '../../src/api/config';
import type { Resource } from '../../src/contract/wire';
import { launchChromium } from '../support/chromium';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

/** Seeds enough for a first page and several after it, which is what the faults here need. */
const SEEDS = 6_000;

let server: FaultServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startFaultServer({ seeds: SEEDS }), launchChromium()]);
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

afterEach(() => {
  server.faults.clear();
});

const watch = watchedPages(() => browser);

async function open(path: string, options: { clock?: boolean } = {}): Promise<Page> {
  return watch(server.url + path, options);
}

/** Requests for a list the server has seen since `since`. */
function requestsFor(resource: Resource, since = 0) {
  return server.faults.requests.filter((r) => r.resource === resource && r.at >= since);
}

const offsetOf = (url: URL) => Number(url.searchParams.get('offset') ?? 0);
const laterPages = (url: URL) => offsetOf(url) > 0;
const count = (n: number) => n.toLocaleString('en-US');
/** The rows of a list's first page, which shows before the rest is asked for. */
const FIRST = defaultApiConfig.firstPageSize;

/** Rows a grid holds (all of them, not only the ones in view). */
async function rowsIn(page: Page, name: string): Promise<number> {
  const value = await page.getByRole('grid', { name }).getAttribute('aria-rowcount');
  return value === null ? 0 : Number(value) - 1;
}

const seedsWithTitle = () => server.catalogue.seeds.filter((s) => s.metadata.Title).length;
const collectionCount = () => server.catalogue.collections.length;

describe('transient faults recover by themselves', () => {
  it.each([500, 502, 503])('a %i once is retried quietly', async (status) => {
    const since = Date.now();
    server.faults.inject('collection', { kind: 'status', status }, { times: 1 });
    const page = await open('/collections');
    await page.getByText(`${String(collectionCount())} collections`, { exact: true }).waitFor();
    expect(await rowsIn(page, 'Collections')).toBe(collectionCount());
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(requestsFor('collection', since).map((r) => r.faults)).toEqual([['status'], []]);
  });

  it('a 429 waits as long as Retry-After asks, then loads without a word', async () => {
    const since = Date.now();
    server.faults.inject(
      'collection',
      { kind: 'status', status: 429, retryAfterSeconds: 2 },
      { times: 1 },
    );
    const page = await open('/collections');
    await page.getByText(`${String(collectionCount())} collections`, { exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    const [limited, retried] = requestsFor('collection', since);
    expect(limited?.faults).toEqual(['status']);
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
  });

  it('a body cut off once is fetched again', async () => {
    const since = Date.now();
    server.faults.inject('press_item', { kind: 'cut-off' }, { times: 1 });
    const page = await open('/press');
    await page.getByText(/^\d+ press mentions$/).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(requestsFor('press_item', since)).toHaveLength(2);
  });

  it('a slow answer shows the list loading, then the list', async () => {
    server.faults.inject('collection', { kind: 'delay', ms: 1_500 }, { times: 1 });
    const page = await open('/collections');
    await page.getByText('Loading collections…', { exact: true }).waitFor();
    expect(await page.getByRole('grid', { name: 'Collections' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    await page.getByText(`${String(collectionCount())} collections`, { exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

describe('persistent faults say what is wrong and keep the user’s place', () => {
  const cases: [string, number, number | undefined, RegExp][] = [
    ['500', 500, undefined, /The catalogue service failed to answer \(HTTP 500\)/],
    ['502', 502, undefined, /The catalogue service failed to answer \(HTTP 502\)/],
    ['503', 503, undefined, /The catalogue service failed to answer \(HTTP 503\)/],
    [
      '429',
      429,
      999_999,
      /limiting requests \(HTTP 429\) and asks us to wait 11 days and 13 hours\./,
    ],
    ['403', 403, undefined, /refused access \(HTTP 403\).*valid credentials.*ARCHIVE_IT_USERNAME/],
    ['404', 404, undefined, /has no such list \(HTTP 404\)/],
  ];

  it.each(cases)(
    'a %s on the later pages: the message, a retry, the filters and the first rows stay',
    async (_name, status, retryAfterSeconds, message) => {
      server.faults.inject(
        'seed',
        retryAfterSeconds === undefined
          ? { kind: 'status', status }
          : { kind: 'status', status, retryAfterSeconds },
        { when: laterPages },
      );
      const path = '/seeds?metadata__name=Title&sort=-created';
      const page = await open(path);
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.textContent()).toMatch(message);
      expect(await alert.textContent()).toContain(
        `The ${count(FIRST)} seeds already loaded stay on screen.`,
      );
      expect(await alert.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
      // The page is still the page the user was on, with everything they had.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      expect(await page.getByRole('combobox', { name: 'Metadata field' }).inputValue()).toBe(
        'Title',
      );
      expect(await rowsIn(page, 'Seeds')).toBe(FIRST);
      await expect
        .poll(() => page.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort'))
        .toBe('descending');
      const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
      expect(await sections.allTextContents()).toEqual([
        'Overview',
        'Collections',
        'Seeds',
        'Seed groups',
        'Press',
        'Activity',
      ]);
    },
  );

  it('“Try again” continues from the rows already loaded and completes the list', async () => {
    server.faults.inject('seed', { kind: 'status', status: 503 }, { when: laterPages });
    const page = await open('/seeds?metadata__name=Title');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    server.faults.clear();
    const since = Date.now();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText(`${count(seedsWithTitle())} seeds matching these filters`).waitFor();
    await expect.poll(() => rowsIn(page, 'Seeds')).toBe(seedsWithTitle());
    expect(await page.getByRole('alert').count()).toBe(0);
    // Resumed: the first page was not fetched again.
    const offsets = requestsFor('seed', since).map((r) => offsetOf(r.url));
    expect(offsets.length).toBeGreaterThan(0);
    expect(offsets).not.toContain(0);
  });

  it('a first page that keeps failing says so instead of showing an empty catalogue', async () => {
    server.faults.inject('collection', { kind: 'status', status: 503 });
    const page = await open('/collections?state=ACTIVE');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toMatch(/HTTP 503/);
    await page.getByText('The collections could not be loaded').waitFor();
    await page.getByText('No collections to show: the list could not be loaded.').waitFor();
    expect(await page.getByText(/^0 collections$/).count()).toBe(0);
    expect(await page.getByText(/has no collections yet|match these filters/).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('ACTIVE');

    server.faults.clear();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => rowsIn(page, 'Collections')).toBeGreaterThan(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('state')).toBe('ACTIVE');
  });

  it('the other pages keep working while one list fails', async () => {
    server.faults.inject('seed', { kind: 'status', status: 500 });
    const page = await open('/seeds');
    await page.getByRole('alert').waitFor({ timeout: 20_000 });
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Press' })
      .click();
    await page.getByRole('heading', { name: 'Press', level: 1 }).waitFor();
    await page.getByText(/^\d+ press mentions$/).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

describe('a wait the service asks for', () => {
  it('longer than the client waits: said at once, and nothing asks again until “Try again”', async () => {
    server.faults.inject('collection', { kind: 'status', status: 429, retryAfterSeconds: 999_999 });
    const since = Date.now();
    const page = await open('/collections');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const shownAfter = Date.now() - since;
    expect(await alert.textContent()).toContain(
      'The catalogue service is limiting requests (HTTP 429) and asks us to wait 11 days and 13 hours.',
    );
    // The client used to sit through 30 s twice before saying anything.
    expect(shownAfter).toBeLessThan(15_000);
    expect(requestsFor('collection', since)).toHaveLength(1);

    // Away and back (the seed groups page and the prefetcher read the collections too), and the
    // window losing and regaining focus: none of it asks the service.
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Seed groups' }).click();
    await page.getByRole('heading', { name: 'Seed groups', level: 1 }).waitFor();
    await sections.getByRole('link', { name: 'Collections' }).click();
    await alert.waitFor();
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(500);
    expect(await alert.textContent()).toContain('asks us to wait 11 days and 13 hours.');
    expect(requestsFor('collection', since)).toHaveLength(1);

    server.faults.clear();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText(`${String(collectionCount())} collections`, { exact: true }).waitFor();
    expect(requestsFor('collection', since)).toHaveLength(2);
  });

  it('a short one, once the retries are spent, counts down and is not asked again', async () => {
    server.faults.inject('collection', { kind: 'status', status: 429, retryAfterSeconds: 20 });
    const since = Date.now();
    const page = await open('/collections', { clock: true });
    // The client waits out the 20 s the service asks for, twice, then gives up.
    for (const attempt of [1, 2, 3]) {
      await expect.poll(() => requestsFor('collection', since).length).toBe(attempt);
      // The server has the request; the page must also have had the refusal and begun its wait,
      // or the clock moves on before the wait is set and the wait never ends.
      if (attempt < 3) await page.waitForTimeout(500);
      if (attempt < 3) await page.clock.fastForward('00:21');
    }
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const secondsLeft = async () => {
      const text = (await alert.textContent()) ?? '';
      const match = /Try again in (\d+) seconds?\./.exec(text);
      return match ? Number(match[1]) : null;
    };
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(10);
    await page.clock.fastForward('00:05');
    await expect.poll(secondsLeft).toBeLessThanOrEqual((first ?? 0) - 5);
    expect(await secondsLeft()).toBeGreaterThan(0);
    await page.clock.fastForward('00:20');
    await expect
      .poll(() => alert.textContent())
      .toContain(
        'The catalogue service is limiting requests (HTTP 429). The wait it asked for is over: try again.',
      );
    expect(requestsFor('collection', since)).toHaveLength(3);
  });
});

describe('a count the rows do not bear out', () => {
  it('shows the rows that came, with a notice naming the service’s figure', async () => {
    server.faults.inject('collection', { kind: 'count', count: '9007199254740991' });
    const page = await open('/collections');
    const total = collectionCount();
    await page.getByText(`${String(total)} collections`, { exact: true }).waitFor();
    expect(await rowsIn(page, 'Collections')).toBe(total);
    const notice = page.getByText(/^The catalogue service said there are/);
    expect(await notice.textContent()).toBe(
      `The catalogue service said there are 9,007,199,254,740,991 collections, but sent ${String(total)}; the explorer shows the ${String(total)} it received.`,
    );
    expect(await page.getByText(/9,007,199,254,740,991/).count()).toBe(1);
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });
});

describe('a service that does not answer', () => {
  it('ends in a timeout message, not an endless spinner', async () => {
    server.faults.inject('collection', { kind: 'hang' });
    const since = Date.now();
    const page = await open('/collections', { clock: true });
    await page.getByText('Loading collections…', { exact: true }).waitFor();
    // The client gives a request 30 s and tries once more after a timeout.
    for (const attempt of [1, 2]) {
      await expect.poll(() => requestsFor('collection', since).length).toBe(attempt);
      await page.clock.fastForward('00:31');
    }
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The catalogue service did not answer within 30 seconds.',
    );
    expect(await page.getByText('Loading collections…', { exact: true }).count()).toBe(0);
    expect(
      await page.getByRole('grid', { name: 'Collections' }).getAttribute('aria-busy'),
    ).not.toBe('true');

    server.faults.clear();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText(`${String(collectionCount())} collections`, { exact: true }).waitFor();
  });
});

describe('answers that cannot be read', () => {
  it('a body cut off every time says the service sent something unreadable', async () => {
    server.faults.inject('press_item', { kind: 'cut-off' });
    const page = await open('/press');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain(
      'The catalogue service sent something unreadable: the answer was cut off before it ended.',
    );
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(1);
  });

  it('an HTML error page with status 200 is unreadable, and its script never runs', async () => {
    server.faults.inject('press_item', { kind: 'html-page' });
    const page = await open('/press');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain(
      'The catalogue service sent something unreadable: it sent text/html instead of JSON.',
    );
    expect(await page.getByText('down for maintenance').count()).toBe(0);
  });

  it('JSON under another Content-Type is still read', async () => {
    server.faults.inject('collection', { kind: 'content-type', contentType: 'text/plain' });
    const page = await open('/collections');
    await page.getByText(`${String(collectionCount())} collections`, { exact: true }).waitFor();
    expect(await rowsIn(page, 'Collections')).toBe(collectionCount());
  });
});

describe('other list shapes', () => {
  it('without Total-Row-Count, says how many have arrived so far and never claims a total', async () => {
    server.faults.inject('seed', { kind: 'no-count' });
    // The later pages are asked for several at once, from more than one worker, so they may reach
    // the server in any order: the hang is put on the page right after the first, by its offset.
    server.faults.inject(
      'seed',
      { kind: 'hang' },
      {
        when: (url) => offsetOf(url) === FIRST,
        times: 1,
      },
    );
    const page = await open('/seeds');
    await page.getByText(`${count(FIRST)} seeds so far`, { exact: true }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Loading seeds' });
    expect(await progress.getAttribute('aria-valuetext')).toBe(
      `Loaded ${count(FIRST)} seeds so far; the catalogue service did not say how many there are`,
    );
    expect(await progress.getAttribute('aria-valuemax')).toBeNull();
    expect(await page.getByText(/Loaded [\d,]+ of/).count()).toBe(0);

    server.faults.release();
    await page.getByText(`${count(SEEDS)} seeds`, { exact: true }).waitFor();
    await expect.poll(() => rowsIn(page, 'Seeds')).toBe(SEEDS);
  });

  it('the {count, next, previous, results} envelope loads the whole list with its count', async () => {
    server.faults.inject('seed', { kind: 'envelope' });
    const page = await open('/seeds');
    await page.getByText(`${count(SEEDS)} seeds`, { exact: true }).waitFor();
    // The count is known from the first page; the rows follow page by page.
    await expect.poll(() => rowsIn(page, 'Seeds'), { timeout: 30_000 }).toBe(SEEDS);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

describe('records that break the contract', () => {
  it('are kept with their unreadable values shown as unknown; only an unreadable id is left out', async () => {
    server.faults.inject('seed', { kind: 'invalid-records' }, { times: 1 });
    const page = await open('/seeds');
    const notice = page.getByText('1 seed has no readable id and is left out.');
    await notice.waitFor();
    await page.getByText(`${count(SEEDS - 1)} seeds`, { exact: true }).waitFor();
    await expect.poll(() => rowsIn(page, 'Seeds')).toBe(SEEDS - 1);
    expect(
      await page.getByRole('status').filter({ hasText: 'Some values are unknown' }).textContent(),
    ).toBe(
      'Some values are unknown and show as “—”: URL unknown for 1 seed; Active unknown for 1 seed (unreadable); Last updated unknown for 1 seed (unreadable).',
    );
    const details = page.getByRole('button', { name: 'Show details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    const items = await page.locator('.problem-list li').allTextContents();
    expect(items).toEqual(['Record 6 of the list: id is not a whole number: "not a number".']);
    // The unknown values show as a dash that says why, in the rows of the records that sent them.
    const grid = page.getByRole('grid', { name: 'Seeds' });
    const unreadable = grid.locator('.unknown-value[title*="yesterday afternoon"]');
    await unreadable.waitFor();
    expect(await unreadable.getAttribute('title')).toBe(
      'The catalogue service sent something unreadable: "yesterday afternoon"',
    );
    expect(
      await grid
        .locator('.unknown-value[title="The catalogue service did not provide this value."]')
        .count(),
    ).toBeGreaterThan(0);
    // Extra fields are ignored and an unknown seed type is shown as the service wrote it.
    await grid.getByRole('gridcell', { name: 'twoHopsOff', exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
