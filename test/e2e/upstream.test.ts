/**
 * `npm start -- --upstream` in real Chromium, in front of a service that misbehaves on command:
 * credentials go to the service and nowhere else (not to the browser, not into the server's
 * output); a service that refuses them, cannot be reached or does not answer gets a message that
 * says so, and the 504 comes within the configured timeout. A hostile service cannot run script
 * on the explorer's origin through it.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { startServer, type ServerProcess } from '../support/server-process';
import { listen } from '../server/http-helpers';
import { everythingKept, openWatched } from '../support/watched-page';

const USERNAME = 'curator@example.org';
const PASSWORD = 'upstream-pa55-Kq7!';
const BASIC = Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64');
const TIMEOUT_SECONDS = 2;

let upstream: FaultServer;
let proxy: ServerProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [upstream, browser] = await Promise.all([
    startFaultServer({ seeds: 2_000, app: false }),
    launchChromium(),
  ]);
  proxy = await startServer(
    ['--port', '0', '--upstream', upstream.url, '--upstream-timeout', String(TIMEOUT_SECONDS)],
    { ARCHIVE_IT_USERNAME: USERNAME, ARCHIVE_IT_PASSWORD: PASSWORD },
  );
});

afterAll(async () => {
  await browser.close();
  await proxy.stop();
  await upstream.close();
  // Nothing the server wrote in all these tests names the credentials.
  expect(proxy.output()).not.toContain(PASSWORD);
  expect(proxy.output()).not.toContain(BASIC);
});

afterEach(async () => {
  upstream.faults.clear();
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A page on `base`, recording every API response the browser receives, headers and body. */
async function open(base: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const received: string[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    // A response still arriving when the page is closed, after the test's checks, can no longer
    // be read; that is no failure of the test.
    void response.allHeaders().then(
      (headers) => received.push(JSON.stringify(headers)),
      () => undefined,
    );
    void response.text().then(
      (body) => received.push(body),
      () => undefined,
    );
  });
  await page.goto(base + path);
  return { page, dialogs, received };
}

describe('credentials', () => {
  it('go to the configured service only: never to the browser, its storage or the log', async () => {
    const since = Date.now();
    const { page, received } = await open(proxy.url, '/collections');
    await page.getByRole('grid', { name: 'Collections' }).getByRole('row').nth(5).waitFor();
    await page.goto(`${proxy.url}/seeds`);
    await page.getByText(/^2,000 seeds$/).waitFor();

    const seen = upstream.faults.requests.filter((r) => r.at >= since);
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBe(`Basic ${BASIC}`);
      // The seed list names seed groups in its facets, so it reads them too.
      expect(request.url.pathname).toMatch(/^\/api\/(collection|seed|seed_group)$/);
    }
    const browserSaw = received.join('\n') + (await everythingKept(page));
    expect(browserSaw.includes(PASSWORD)).toBe(false);
    expect(browserSaw.includes(BASIC)).toBe(false);
    expect(proxy.output().includes(PASSWORD)).toBe(false);
  });
});

describe('a service that refuses the credentials', () => {
  it('401: says the service needs credentials and how to give them, with no login prompt', async () => {
    upstream.faults.inject('*', { kind: 'status', status: 401 });
    const { page, dialogs, received } = await open(proxy.url, '/collections');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The catalogue service needs credentials (HTTP 401). If the explorer reads from a real service (--upstream), set ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD before starting it.',
    );
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(dialogs).toEqual([]);
    // The service's challenge stays between the server and the service.
    expect(received.join('\n')).not.toMatch(/www-authenticate/i);
  });

  it('403: says the service needs valid credentials and how to give them', async () => {
    upstream.faults.inject('*', { kind: 'status', status: 403 });
    const { page } = await open(proxy.url, '/press');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The catalogue service refused access (HTTP 403): it needs valid credentials for this catalogue. If the explorer reads from a real service (--upstream), set ARCHIVE_IT_USERNAME and ARCHIVE_IT_PASSWORD before starting it.',
    );
  });
});

describe('a service that does not answer', () => {
  it('a hung service gets a 504 within the timeout, and the page says so', async () => {
    upstream.faults.inject('*', { kind: 'hang' });
    const started = Date.now();
    const response = await fetch(`${proxy.url}/api/seed?limit=1`);
    const elapsed = Date.now() - started;
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      detail: `The catalogue service at ${upstream.url} did not answer within ${String(TIMEOUT_SECONDS)} s.`,
    });
    // Generous: the bound is the configured timeout, not a measure of speed.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
    expect(elapsed).toBeLessThan(TIMEOUT_SECONDS * 1000 + 3_000);

    const { page } = await open(proxy.url, '/press');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain(
      `The catalogue service failed to answer (HTTP 504). It said: “The catalogue service at ${upstream.url} did not answer within ${String(TIMEOUT_SECONDS)} s.”`,
    );
  });

  it('an unreachable service gets a 502, and the page says it could not be reached', async () => {
    const closed = await listen((_req, res) => res.end());
    await closed.close();
    const unreachable = await startServer(['--port', '0', '--upstream', closed.url]);
    try {
      const { page } = await open(unreachable.url, '/press');
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toContain(
        `The catalogue service failed to answer (HTTP 502). It said: “The catalogue service at ${closed.url} could not be reached (ECONNREFUSED).”`,
      );
    } finally {
      await unreachable.stop();
    }
  });
});

describe('a service that sends a page and a script instead of JSON', () => {
  /** The attack: a page whose script is another address of the same proxied API. */
  const PAGE =
    '<!doctype html><title>Seed List</title><script src="/api/seed?js=1"></script>' +
    '<script>window.__pwned = "inline"</script><img src="x" onerror="window.__pwned = \'img\'">';
  const SCRIPT = 'window.__pwned = "script from /api/seed?js=1";';

  it('runs nothing on the explorer’s origin: opened as a page, or loaded as a script', async () => {
    const hostile = await listen((req, res) => {
      const script = (req.url ?? '').includes('js=1');
      res.writeHead(200, {
        'Content-Type': script ? 'application/javascript' : 'text/html; charset=utf-8',
      });
      res.end(script ? SCRIPT : PAGE);
    });
    const hostileProxy = await startServer(['--port', '0', '--upstream', hostile.url]);
    const watched = await openWatched(browser);
    try {
      const response = await watched.page.goto(`${hostileProxy.url}/api/seed?limit=100`);
      // A round trip to the page delivers any report the canary sent.
      await watched.violations().catch(() => []);
      expect(watched.ran).toEqual([]);
      expect(response?.status()).toBe(502);
      const shown = await watched.page.evaluate(() => ({
        type: document.contentType,
        scripts: document.scripts.length,
        text: document.body.innerText,
      }));
      expect(shown.type).toBe('application/json');
      expect(shown.scripts).toBe(0);
      expect(shown.text).toContain(
        'The catalogue service sent text/html; charset=utf-8 instead of JSON',
      );

      // From one of the explorer's own pages, whose policy allows scripts from its origin.
      await watched.page.goto(`${hostileProxy.url}/press`);
      const loaded = await watched.page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const script = document.createElement('script');
            script.src = '/api/seed?js=1';
            script.onload = () => {
              resolve('ran');
            };
            script.onerror = () => {
              resolve('refused');
            };
            document.head.append(script);
          }),
      );
      await watched.violations();
      expect(watched.ran).toEqual([]);
      expect(loaded).toBe('refused');
    } finally {
      await watched.context.close();
      await hostileProxy.stop();
      await hostile.close();
    }
  });
});
