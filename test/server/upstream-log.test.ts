/**
 * What `npm start -- --upstream` writes when the service fails: one line per failure, with the
 * time, the path (no query string, whose values can be personal) and what happened; never an error
 * object with its stack, never the credentials. A body that breaks off half-way reaches the browser
 * as a dropped connection, not as a shorter list that looks complete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';
import { listen, raw, type Running } from './http-helpers';

const PASSWORD = 'log-test-pa55-Qz9!';
const BASIC = Buffer.from(`curator:${PASSWORD}`).toString('base64');
/** A value someone searched for: it must not reach the log. */
const PERSONAL = 'Jane%20Doe%20private';

let upstream: Running;
let proxy: ServerProcess;

beforeAll(async () => {
  upstream = await listen((req, res) => {
    const path = new URL(req.url ?? '', 'http://upstream').pathname;
    if (path === '/api/seed') {
      // Half a list, then silence.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[{"id":1},');
    } else if (path === '/api/collection') {
      // Half a list, then the connection breaks.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[{"id":1},', () => {
        setTimeout(() => res.socket?.destroy(), 50);
      });
    } else if (path === '/api/press_item') {
      // The connection breaks before any answer.
      req.socket.destroy();
    }
    // /api/seed_group: no answer at all.
  });
  proxy = await startServer(
    ['--port', '0', '--upstream', upstream.url, '--upstream-timeout', '1'],
    {
      ARCHIVE_IT_USERNAME: 'curator',
      ARCHIVE_IT_PASSWORD: PASSWORD,
    },
  );
});

afterAll(async () => {
  await proxy.stop();
  await upstream.close();
});

/** What the server wrote after starting: its failure log. */
function logLines(): string[] {
  return proxy
    .output()
    .split('\n')
    .filter((line) => line !== '' && !/^(Reading from|Catalogue explorer)/.test(line));
}

describe('an upstream that fails', () => {
  it('writes one line per failure: time, path, what happened', async () => {
    const query = `?limit=5&metadata__value__startswith=${PERSONAL}`;
    // A body that stops or breaks half-way: the browser sees the connection dropped.
    await expect(raw(proxy.url, `/api/seed${query}`)).rejects.toThrow();
    await expect(raw(proxy.url, `/api/collection${query}`)).rejects.toThrow();
    expect((await raw(proxy.url, `/api/seed_group${query}`)).status).toBe(504);
    expect((await raw(proxy.url, `/api/press_item${query}`)).status).toBe(502);
    // The server writes its lines as things happen; give the last a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const lines = logLines();
    expect(lines.map((line) => line.replace(/^\S+ /, '')).sort()).toEqual([
      'GET /api/collection: upstream broke off (UND_ERR_SOCKET) after 10 bytes of the body; the connection was dropped',
      'GET /api/press_item: upstream could not be reached (UND_ERR_SOCKET)',
      'GET /api/seed: upstream stopped sending for 1 s after 10 bytes of the body; the connection was dropped',
      'GET /api/seed_group: upstream did not answer within 1 s',
    ]);
    for (const line of lines) {
      const time = Date.parse(line.split(' ')[0] ?? '');
      expect(Math.abs(Date.now() - time), line).toBeLessThan(60_000);
    }
    const everything = proxy.output();
    expect(everything).not.toMatch(/^\s+at /m);
    expect(everything).not.toContain('Jane');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(BASIC);
  });
});
