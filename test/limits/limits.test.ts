/**
 * Services that lie about their lists, records too big to hold, and a store that fails, in real
 * Chromium against the fault injector: each list says what it saw (repeated ids counted, a
 * repeated page named, a count that is only a hint, the row cap said in the count itself) and
 * never saves a list that does not add up; records are cut to bounds; an answer that never ends
 * is stopped. Through all of it the page's thread never keeps input waiting 200 ms (a task and
 * its rendering, by the Long Animation Frame API), no frame goes 1 s without a paint, and the tab
 * (page and list workers) stays under 1.5 GB, measured with the DevTools protocol in a browser of
 * its own.
 *
 * These tests time the page, so they run alone, before every other test (the `limits` project),
 * with the page's thread favoured by the system, and each is tried up to three times: on a machine
 * shared with other work a frame can be stretched by the machine rather than the page, while a
 * freeze of the page's own making shows every time.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_STEP } from '../../src/api/saved-parts';
import type { Resource } from '../../src/contract/wire';
import type { Fault } from '../../src/server/faults';
import { launchChromium } from '../support/chromium';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { gridRows, plainSeeds, settledCount } from '../support/seed-list-counts';
import { favourRenderers, GB, rendererPeakBytes } from '../support/renderer-memory';
import {
  LIST_AGE,
  longFramesOf,
  type LongFrame,
  openWatched,
  savedResources,
  type WatchedPage,
  type WatchOptions,
} from '../support/watched-page';

const SEEDS = 20_000;
/**
 * The longest the page's thread may keep input waiting: a task with the rendering after it. A
 * long animation frame's blocking duration counts what each of its tasks took past 50 ms, its
 * rendering included, so a frame kept input waiting at most that plus 50 ms.
 */
const FRAME_MS = 200;
/**
 * The longest a frame may take from its first task to its paint. A frame of short tasks leaves
 * input answered but the screen unchanged; on a busy machine the paint waits for the compositor
 * (frames of 150–320 ms with 0 ms blocking and 10–70 ms of scripts across runs, 2026-11-28), so
 * this bounds a screen that stops changing, not the thread.
 */
const PAINT_MS = 1_000;
/** The most memory the tab may hold, page and workers together. */
const TAB_BYTES = 1.5 * GB;

let server: FaultServer;

beforeAll(async () => {
  server = await startFaultServer({ seeds: SEEDS });
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  server.faults.clear();
});

const count = (n: number) => n.toLocaleString('en-US');

/** A browser of its own for each test, so the memory its renderers held is this test's. */
const browsers: Browser[] = [];
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
});

interface Opened {
  page: Page;
  watched: WatchedPage;
  browser: Browser;
}

/**
 * Opens the explorer on the press page, then goes to `path` within it: the frames measured are the
 * list's doing, not the app's first start (its code compiled and run once, in any page).
 */
async function open(path: string, options: WatchOptions = {}): Promise<Opened> {
  const browser = await launchChromium();
  browsers.push(browser);
  const watched = await openWatched(browser, options);
  await goWithin(watched.page, browser, path);
  return { page: watched.page, watched, browser };
}

/**
 * A later visit: the first page closed, another page of the same browser (its saved catalogue)
 * at `path`. Closed first, since pages of one site share the browser's thread for their scripts:
 * the first one's work after its load (and its heap, which every garbage collection goes over)
 * would be measured as the later visit's.
 */
async function revisit({ watched, browser }: Opened, path: string): Promise<Opened> {
  await watched.page.close();
  const page = await watched.context.newPage();
  await goWithin(page, browser, path);
  return { page, watched: { ...watched, page, longFrames: () => longFramesOf(page) }, browser };
}

async function goWithin(page: Page, browser: Browser, path: string): Promise<void> {
  await page.goto(`${server.url}/press`);
  await page.locator('.press-card').first().waitFor();
  await favourRenderers(browser);
  await longFramesOf(page);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Playwright's network tracking keeps the text of each answer in the page's renderer and decodes
 * it on the page's thread once it has all come (docs/performance.md, "Long tasks with outsized
 * records": a first page of 5.4 MB, 95–105 ms, and up to 200 ms on a slower machine). A frame in
 * which none of the page's scripts ran, starting within this long after an answer of a mebibyte
 * or more ended, is the test's own work; it is held to twice the budget instead.
 */
const TRACKED_BYTES = 1_048_576;
const TRACKED_WITHIN_MS = 250;

/** How long a frame may have kept input waiting, in ms (see FRAME_MS). */
const inputWait = (frame: LongFrame) => frame.blocking + 50;

/**
 * Fails when a frame kept input waiting 200 ms or more or went 1 s without a paint, or the tab
 * held 1.5 GB.
 */
async function staysResponsive({ watched, browser }: Opened): Promise<void> {
  const frames = await watched.longFrames();
  const bigAnswersEnd = await watched.page.evaluate(
    (bytes) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).decodedBodySize >= bytes)
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    TRACKED_BYTES,
  );
  const tracked = (frame: LongFrame) =>
    frame.scripts.length === 0 &&
    bigAnswersEnd.some((end) => frame.start >= end && frame.start - end <= TRACKED_WITHIN_MS);
  const longest = (among: LongFrame[]) =>
    among.reduce<LongFrame | undefined>(
      (most, frame) => (most && inputWait(most) >= inputWait(frame) ? most : frame),
      undefined,
    );
  const blocking = longest(frames.filter((frame) => !tracked(frame)));
  expect(
    blocking ? inputWait(blocking) : 0,
    `the frame that kept input waiting longest: ${JSON.stringify(blocking)}`,
  ).toBeLessThan(FRAME_MS);
  const decoding = longest(frames.filter(tracked));
  expect(
    decoding ? inputWait(decoding) : 0,
    `tracking's frame: ${JSON.stringify(decoding)}`,
  ).toBeLessThan(2 * FRAME_MS);
  expect(frames[0]?.duration ?? 0, `the longest frame: ${JSON.stringify(frames[0])}`).toBeLessThan(
    PAINT_MS,
  );
  expect(await rendererPeakBytes(browser)).toBeLessThan(TAB_BYTES);
  expect(watched.problems).toEqual([]);
}

/** Every count of the rows a seed list shows: the table's, the facets' and the Export menu's. */
async function countsShown(page: Page): Promise<number[]> {
  await page.getByText(/^Counts of [\d,]+ seeds$/).waitFor({ timeout: 60_000 });
  const facets = (await page.getByText(/^Counts of [\d,]+ seeds$/).textContent()) ?? '';
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const label = (await page.locator('.export-menu__count').textContent()) ?? '';
  await page.keyboard.press('Escape');
  const number = (text: string) => Number(/[\d,]+/.exec(text)?.[0].replaceAll(',', '') ?? NaN);
  return [await gridRows(page), number(facets), number(label)];
}

/** Requests the server has seen for a list since `since`. */
const requestsFor = (resource: Resource, since: number) =>
  server.faults.requests.filter((r) => r.resource === resource && r.at >= since);

/** Faults for the seeds, the first outermost. */
function seedFaults(...faults: Fault[]) {
  for (const fault of faults) server.faults.inject('seed', fault);
}

/** Waits past the saved catalogue's idle moments, then says whether a seed list was saved. */
async function seedListSaved(page: Page): Promise<boolean> {
  await page.waitForTimeout(3_000);
  return (await savedResources(page)).includes('seed');
}

describe('services that lie about their lists', () => {
  it('ids repeated within pages show once, with a notice that counts them; every count agrees', async () => {
    seedFaults({ kind: 'repeat-ids' });
    const opened = await open('/seeds');
    const { page } = opened;
    expect(await settledCount(page)).toBe(`${count(SEEDS)} seeds`);
    await page
      .getByText(`${count(SEEDS)} records repeat an id already listed; the first of each is shown.`)
      .waitFor();
    expect(await countsShown(page)).toEqual([SEEDS, SEEDS, SEEDS]);
    expect(await seedListSaved(page)).toBe(false);
    await staysResponsive(opened);
  });

  it.each<[string, Fault]>([
    ['with a count of 10,000,000', { kind: 'count', count: '10000000' }],
    ['without a count', { kind: 'no-count' }],
  ])(
    'a service that ignores offset is caught at its first repeat, %s, and asked no more',
    async (_name, count) => {
      const since = Date.now();
      seedFaults(count, { kind: 'ignore-offset' });
      const opened = await open('/seeds');
      const { page } = opened;
      const first = 500;
      expect(await settledCount(page)).toBe(`${String(first)} seeds`);
      await page
        .getByText(
          /^The catalogue service sent the same seeds again from row 501 on, as if it ignored paging, so the explorer stopped there: the 500 seeds before it are shown/,
        )
        .waitFor();
      // The first page and those asked for at once (one per core), and not one more.
      const asked = requestsFor('seed', since).length;
      expect(asked).toBeLessThanOrEqual(3);
      await page.waitForTimeout(1_000);
      expect(requestsFor('seed', since)).toHaveLength(asked);
      expect(await gridRows(page)).toBe(first);
      expect(await seedListSaved(page)).toBe(false);
      await staysResponsive(opened);
    },
  );

  it.each([2_000, 10])(
    'a count of %i over 3,000 rows is a hint: every row is loaded and the difference said',
    async (claimed) => {
      seedFaults({ kind: 'count', count: String(claimed) }, ...plainSeeds(3_000));
      const opened = await open('/seeds');
      const { page } = opened;
      expect(await settledCount(page)).toBe('3,000 seeds');
      await page
        .getByText(
          `The catalogue service said there are ${count(claimed)} seeds, but sent 3,000; the explorer shows the 3,000 it received.`,
        )
        .waitFor();
      expect(await countsShown(page)).toEqual([3_000, 3_000, 3_000]);
      expect(await seedListSaved(page)).toBe(false);
      await staysResponsive(opened);
    },
  );

  // A device that reports 4 GB loads up to 500,000 rows (one of 8 GB, a million).
  const FOUR_GB = { deviceMemory: 4 };

  it('without a count and with more rows than the cap, the count says it is the first 500,000', async () => {
    seedFaults({ kind: 'no-count' }, ...plainSeeds(600_000));
    const opened = await open('/seeds', FOUR_GB);
    const { page } = opened;
    expect(await settledCount(page)).toBe(
      'The first 500,000 seeds; the service did not say how many',
    );
    await page
      .getByText(
        'The explorer stops at 500,000 rows to stay responsive; the catalogue service did not say how many there are, so there may be more. Narrow the filters to see them.',
      )
      .waitFor();
    expect(await countsShown(page)).toEqual([500_000, 500_000, 500_000]);
    expect(await seedListSaved(page)).toBe(false);
    await staysResponsive(opened);
  });

  it('with a count of 1,000,000 on a device of 4 GB, the count reads "500,000 of 1,000,000 seeds loaded"', async () => {
    seedFaults(...plainSeeds(1_000_000));
    const opened = await open('/seeds', FOUR_GB);
    const { page } = opened;
    expect(await settledCount(page)).toBe('500,000 of 1,000,000 seeds loaded');
    await page
      .getByText(
        '500,000 seeds are not loaded: the explorer stops at 500,000 rows to stay responsive. Narrow the filters to see them.',
      )
      .waitFor();
    expect(await countsShown(page)).toEqual([500_000, 500_000, 500_000]);
    expect(await seedListSaved(page)).toBe(false);
    await staysResponsive(opened);
  });
});

describe('records too big to hold', () => {
  it('one seed with 100,000 metadata fields in the first page keeps 10,000, and the page stays quick', async () => {
    seedFaults({ kind: 'many-fields', fields: 100_000 });
    const opened = await open('/seeds');
    const { page } = opened;
    expect(await settledCount(page)).toBe(`${count(SEEDS)} seeds`);
    await page
      .getByText('1 seed has 100,000 metadata fields; the first 10,000 are kept.')
      .waitFor();
    // The facets list the first fields, and search the rest.
    await page.getByRole('button', { name: /^Show all [\d,]+ metadata fields$/ }).click();
    await page.getByRole('searchbox', { name: 'Search the metadata fields' }).fill('Field 9999');
    await page.locator('.facet--field').filter({ hasText: 'Field 9999' }).first().waitFor();
    // The seed's details: the first fields, and more on request.
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(1).click();
    const details = page.locator('.detail-panel');
    await details.getByText('100 of 10,000 fields shown.').waitFor();
    await details.getByRole('button', { name: 'Show 500 more fields' }).click();
    await details.getByText('600 of 10,000 fields shown.').waitFor();
    expect(await seedListSaved(page)).toBe(false);
    await staysResponsive(opened);
  });

  it('a 50 MB description and a 5 MB address are kept cut, their lengths named', async () => {
    seedFaults({ kind: 'huge-values', descriptionChars: 50 * 1_048_576, urlChars: 5 * 1_048_576 });
    const opened = await open('/seeds');
    const { page } = opened;
    expect(await settledCount(page)).toBe(`${count(SEEDS)} seeds`);
    await page
      .getByText(
        '1 seed holds a value longer than 1,048,576 characters (the longest: 52,428,800); each such value is kept cut at that length and ends “[cut: …]” with its full length.',
      )
      .waitFor();
    await page.getByRole('grid', { name: 'Seeds' }).getByRole('row').nth(1).click();
    const details = page.locator('.detail-panel');
    // Found by their names alone: a filter by the text they hold would have the browser read the
    // opened mebibyte at every look (Playwright's matching runs on the page's thread, 130 ms a
    // time on a slower machine, and would be measured as the page's).
    const named = (name: string) => page.locator('dt', { hasText: name });
    const description = details.locator('.metadata-field').filter({ has: named('Description') });
    await description.getByRole('button', { name: /^Show more/ }).click();
    await description.getByRole('button', { name: /^Show less/ }).waitFor();
    expect((await description.textContent())?.length).toBeGreaterThan(1_048_576);
    const address = details
      .locator('.field-row')
      .filter({ has: named('URL') })
      .first();
    await address.getByRole('button', { name: /^Show more/ }).click();
    expect(await seedListSaved(page)).toBe(false);
    await staysResponsive(opened);

    // Not saved, so a later visit while the service does not answer waits for it, without freezing.
    server.faults.clear();
    seedFaults({ kind: 'hang' });
    const later = await revisit(opened, '/seeds');
    await later.page.getByText('Loading seeds…', { exact: true }).waitFor();
    await later.page.waitForTimeout(2_000);
    // No list from anywhere: the age beside the count shows only once a list is on screen.
    expect(await later.page.getByText(LIST_AGE).count()).toBe(0);
    await staysResponsive(later);
    server.faults.release();
  });

  it('a body that never ends is stopped at 256 MB, with a message', async () => {
    seedFaults({ kind: 'endless' });
    const opened = await open('/seeds');
    const { page } = opened;
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toContain(
      'The catalogue service sent more than 256 MB in one answer, so the explorer stopped reading it there: an answer that large, or one that never ends, cannot be shown.',
    );
    await staysResponsive(opened);
  });
});

describe('the saved catalogue', () => {
  it('reads a saved list back in steps of less than 50 ms', async () => {
    const opened = await open('/seeds');
    const { page } = opened;
    expect(await settledCount(page)).toBe(`${count(SEEDS)} seeds`);
    await expect.poll(() => savedResources(page), { timeout: 30_000 }).toContain('seed');
    seedFaults({ kind: 'hang' });
    const later = await revisit(opened, '/seeds');
    // The service does not answer: the rows and their age can only come from the saved list.
    await expect.poll(() => gridRows(later.page), { timeout: 30_000 }).toBe(SEEDS);
    expect(await later.page.getByText(LIST_AGE).count()).toBe(1);
    const steps = await later.page.evaluate(
      (name) => performance.getEntriesByName(name).map((entry) => entry.duration),
      RESTORE_STEP,
    );
    expect(steps.length).toBeGreaterThan(0);
    expect(Math.max(...steps)).toBeLessThan(50);
    await staysResponsive(later);
    server.faults.release();
  });

  it('after the store fails once, "Clear saved data" is still there and clears everything', async () => {
    const opened = await open('/seed-groups');
    const { page } = opened;
    await page.getByRole('grid', { name: 'Seed groups' }).getByRole('row').nth(2).waitFor();
    await expect.poll(() => savedResources(page), { timeout: 30_000 }).toContain('seed_group');
    // The next write fails for want of room, once.
    await page.evaluate(() => {
      const store = IDBObjectStore.prototype;
      const original = Object.getOwnPropertyDescriptor(store, 'put');
      if (!original) throw new Error('IndexedDB has no put');
      Object.defineProperty(store, 'put', {
        configurable: true,
        writable: true,
        value: () => {
          Object.defineProperty(store, 'put', original);
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        },
      });
    });
    // A refresh writes the list again (the seeds this page counts may already be saved).
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await page
      .getByText('Lists are not kept for faster reloads: the browser has no room left for them.', {
        exact: false,
      })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Clear saved data' }).click();
    await page.getByText('Saved data cleared.').waitFor();
    expect(await savedResources(page)).toEqual([]);
    // Nothing comes back on a reload: the saved list is gone, not hidden. While the service does
    // not answer, the page can only wait for it.
    server.faults.inject('seed_group', { kind: 'hang' });
    await page.goto(`${server.url}/seed-groups`);
    await page.waitForTimeout(2_000);
    expect(await page.getByText(LIST_AGE).count()).toBe(0);
    server.faults.clear();
  });
});

describe('the check of the page’s frames', () => {
  /** The long frames the page has reported, left for the check to take. */
  const reported = (page: Page) =>
    page.evaluate(() => [...(window as unknown as { longFrames: LongFrame[] }).longFrames]);

  /**
   * Freezes the page in a task of its own (a 250 ms loop, or 20,000 elements added at once), then
   * waits until a frame ending after the task's start is reported.
   */
  async function frozen(page: Page, freeze: 'loop' | 'elements'): Promise<LongFrame[]> {
    const start = await page.evaluate(
      (how) =>
        new Promise<number>((done) => {
          setTimeout(() => {
            const at = performance.now();
            if (how === 'loop') while (performance.now() - at < 250);
            else
              for (let i = 0; i < 20_000; i++) {
                const row = document.createElement('div');
                row.textContent = `row ${String(i)}`;
                document.body.append(row);
              }
            done(at);
          }, 0);
        }),
      freeze,
    );
    await expect
      .poll(async () =>
        (await reported(page)).some((frame) => frame.start + frame.duration > start),
      )
      .toBe(true);
    return reported(page);
  }

  it('fails on a freeze of the page’s own making: a task of 250 ms, or 20,000 elements added at once', async () => {
    const opened = await open('/press');
    for (const freeze of ['loop', 'elements'] as const) {
      const frames = await frozen(opened.page, freeze);
      await expect(staysResponsive(opened), JSON.stringify(frames)).rejects.toThrow(
        /kept input waiting longest/,
      );
    }
  });
});
