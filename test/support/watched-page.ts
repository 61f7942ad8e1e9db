/**
 * A browser page that reports what must never happen, across page loads: a payload from the data
 * that runs (the `window.__pwned` canary, or a dialog), a Content-Security-Policy violation, an
 * error in the page. Also the long tasks, for bounding a page that freezes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Payloads that ran: the canary's reports and any dialog. */
  ran: string[];
  /** Errors in the page and console errors other than failed loads (which faults cause). */
  problems: string[];
  /** Content-Security-Policy violations in the current document. */
  violations: () => Promise<string[]>;
  /** The longest task in the current document, in ms. */
  longestTask: () => Promise<number>;
  /**
   * The long animation frames of the current document since the last call (each frame in which
   * the page's thread was busy 50 ms or more, scripts, style and layout included), longest first.
   */
  longFrames: () => Promise<LongFrame[]>;
}

/**
 * A long animation frame: when it started (the page's clock), how long, how much of it blocked
 * input (its long tasks past 50 ms each, and its rendering), when its rendering and its style and
 * layout began after its start (ms; 0 for a frame that did not render), and the scripts that ran
 * in it (`invoker`, ms).
 */
export interface LongFrame {
  readonly start: number;
  readonly duration: number;
  readonly blocking: number;
  readonly render: number;
  readonly layout: number;
  readonly scripts: string[];
}

export interface WatchOptions {
  bypassCSP?: boolean;
  colorScheme?: 'light' | 'dark';
  clock?: boolean;
  /** The memory the page's device reports (`navigator.deviceMemory`, GB), as a smaller one would. */
  deviceMemory?: number;
}

export async function openWatched(
  browser: Browser,
  options: WatchOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    bypassCSP: options.bypassCSP ?? false,
  });
  const ran: string[] = [];
  const problems: string[] = [];
  if (options.deviceMemory !== undefined)
    await context.addInitScript((gb) => {
      Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => gb });
    }, options.deviceMemory);
  await context.exposeBinding('__reportPwned', (_source, value: unknown) => {
    ran.push(`canary set to ${String(value)}`);
  });
  await context.addInitScript(() => {
    const w = window as unknown as {
      cspViolations: string[];
      longTasks: number[];
      longFrames: LongFrame[];
      __reportPwned?: (value: unknown) => void;
    };
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => undefined,
      set: (value: unknown) => {
        w.__reportPwned?.(value);
      },
    });
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    w.longFrames = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const frame = entry as unknown as {
          blockingDuration: number;
          renderStart: number;
          styleAndLayoutStart: number;
          scripts: { invoker: string; duration: number }[];
        };
        // Rendering and layout from the frame's start, or 0 for a frame that did not render.
        const start = entry.startTime;
        w.longFrames.push({
          start: Math.round(start),
          duration: Math.round(entry.duration),
          blocking: Math.round(frame.blockingDuration),
          render: frame.renderStart > 0 ? Math.round(frame.renderStart - start) : 0,
          layout: frame.styleAndLayoutStart > 0 ? Math.round(frame.styleAndLayoutStart - start) : 0,
          scripts: frame.scripts.map((s) => `${s.invoker} ${String(Math.round(s.duration))} ms`),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      problems.push(message.text());
    }
  });
  return {
    context,
    page,
    ran,
    problems,
    // A round trip to the page also delivers any canary report sent before it.
    violations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    longestTask: () =>
      page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks)),
    longFrames: () => longFramesOf(page),
  };
}

/** The long animation frames of a watched context's page since the last call, longest first. */
export function longFramesOf(page: Page): Promise<LongFrame[]> {
  return page.evaluate(() => {
    const w = window as unknown as { longFrames: LongFrame[] };
    const frames = w.longFrames.splice(0);
    return frames.sort((a, b) => b.duration - a.duration);
  });
}

/** Everything the page shows or keeps, as one string to search for what must not be there. */
export function everythingKept(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => {
          resolve(r.result);
        };
        r.onerror = () => {
          reject(r.error ?? new Error('IndexedDB request failed'));
        };
      });
    // Every record of every object store, with typed arrays and buffers read as text.
    const text = (value: unknown): unknown => {
      if (ArrayBuffer.isView(value)) return new TextDecoder().decode(value);
      if (value instanceof ArrayBuffer) return new TextDecoder().decode(value);
      return value;
    };
    const databases: Record<string, Record<string, unknown[]>> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      const stores: Record<string, unknown[]> = {};
      for (const store of db.objectStoreNames) {
        const objects = db.transaction(store, 'readonly').objectStore(store);
        const [keys, values] = await Promise.all([
          request(objects.getAllKeys()),
          request(objects.getAll()),
        ]);
        stores[store] = keys.map((key, i): unknown => [key, values[i] as unknown]);
      }
      db.close();
      databases[name] = stores;
    }
    const caches = 'caches' in window ? await window.caches.keys() : [];
    return JSON.stringify(
      {
        html: document.documentElement.outerHTML,
        title: document.title,
        url: location.href,
        local: Object.entries(localStorage),
        session: Object.entries(sessionStorage),
        cookies: document.cookie,
        databases,
        caches,
        history: history.state as unknown,
      },
      (_key, value: unknown) => text(value),
    );
  });
}

/**
 * Opens watched pages for the tests of a file. After each test their contexts close, and a
 * Content-Security-Policy violation, a payload that ran or an error in any of them fails it.
 */
export function watchedPages(browser: () => Browser) {
  const opened: WatchedPage[] = [];
  afterEach(async () => {
    for (const watched of opened.splice(0)) {
      const violations = await watched.violations();
      await watched.context.close();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      expect(watched.ran, 'markup from a response ran').toEqual([]);
      expect(watched.problems, 'errors in the page').toEqual([]);
    }
  });
  return async (url: string, options: WatchOptions = {}): Promise<Page> => {
    const watched = await openWatched(browser(), options);
    opened.push(watched);
    await watched.page.goto(url);
    return watched.page;
  };
}

/** How old the list on screen is, as the line beside its count says. */
export const LIST_AGE = /^Updated (just now|\d+ minutes? ago)$/;

/**
 * The resources of the lists the explorer has saved in this page's IndexedDB (each list has one
 * head entry, written after its rows), e.g. `['collection', 'seed']`.
 */
export function savedResources(page: Page): Promise<string[]> {
  // Polled with evaluate, which awaits the promise it is given (waitForFunction would take the
  // promise itself for a true answer).
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('catalogue-explorer');
        open.onerror = () => {
          resolve([]);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('saved-lists')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('saved-lists').objectStore('saved-lists').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            // A head's key is `head:` and the JSON of [address, catalogue, resource, filters].
            resolve(
              keys.result.flatMap((key) => {
                if (typeof key !== 'string' || !key.startsWith('head:')) return [];
                const parts = JSON.parse(key.slice('head:'.length)) as unknown[];
                return typeof parts[2] === 'string' ? [parts[2]] : [];
              }),
            );
          };
          keys.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
  );
}

/**
 * From the page's next navigation on, its clock reads `ms` later than the machine's (`Date.now`),
 * e.g. so that a list saved a moment ago is old enough to be compared with a fresh one.
 */
export async function moveClockOn(page: Page, ms: number): Promise<void> {
  await page.addInitScript((ahead) => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + ahead;
  }, ms);
}
