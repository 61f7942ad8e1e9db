/**
 * The server as `npm start` runs it, under 200 concurrent clients for 10 s on loopback: every
 * request gets the answer it should (no connection error, no 5xx), and the server's memory stays
 * bounded. Runs after the other test projects, alone, so it neither slows them nor is slowed.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';

const CLIENTS = 200;
const DURATION_MS = 10_000;
const MB = 1024 * 1024;

let server: ServerProcess;
let collectionIds: number[] = [];
let script = '';

beforeAll(async () => {
  server = await startServer(['--port', '0', '--seeds', '20000']);
  const collections = (await (await fetch(`${server.url}/api/collection`)).json()) as {
    id: number;
  }[];
  collectionIds = collections.map((c) => c.id);
  script = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(server.url)).text())?.[1] ?? '';
});

afterAll(() => server.stop());

/** Resident memory of a process and all its descendants (tsx starts node as a child), in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${String(id)}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      const children = readFileSync(`/proc/${String(id)}/task/${String(id)}/children`, 'utf8');
      for (const child of children.split(/\s+/).filter(Boolean)) visit(Number(child));
    } catch {
      // The process ended between listing and reading.
    }
  };
  visit(pid);
  return total;
}

interface Request {
  method: string;
  path: string;
  status: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A mix of what the explorer and its users ask, each with the status it must get. */
function nextRequest(): Request {
  const roll = Math.random();
  if (roll < 0.35) {
    const offset = Math.floor(Math.random() * 19_900);
    return {
      method: 'GET',
      path: `/api/seed?format=api&limit=100&offset=${String(offset)}`,
      status: 200,
    };
  }
  if (roll < 0.5) {
    return {
      method: 'GET',
      path: `/api/seed?format=api&limit=50&collection=${String(pick(collectionIds))}`,
      status: 200,
    };
  }
  if (roll < 0.55) {
    return {
      method: 'GET',
      path: '/api/seed?metadata__name=Subject&metadata__value__startswith=E&limit=20',
      status: 200,
    };
  }
  return pick<Request>([
    { method: 'GET', path: '/api/collection?format=api', status: 200 },
    { method: 'GET', path: '/api/collection?state=ACTIVE&limit=10', status: 200 },
    { method: 'GET', path: '/api/seed_group?format=api', status: 200 },
    { method: 'GET', path: '/api/press_item?format=api', status: 200 },
    { method: 'HEAD', path: '/api/seed?limit=0', status: 200 },
    { method: 'GET', path: '/api/seed?limit=lots', status: 400 },
    { method: 'POST', path: '/api/seed', status: 403 },
    { method: 'GET', path: '/api/nothing', status: 404 },
    { method: 'GET', path: '/seeds?collection=1', status: 200 },
    { method: 'GET', path: script, status: 200 },
  ]);
}

function send(agent: Agent, base: URL, request: Request): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: request.method, path: request.path, agent },
      (res) => {
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('200 concurrent clients for 10 seconds', () => {
  it('get no errors, and the server’s memory stays bounded', async () => {
    const pid = server.child.pid ?? 0;
    expect(treeRss(pid)).toBeGreaterThan(0);
    const base = new URL(server.url);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const failures: string[] = [];
    let completed = 0;
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(treeRss(pid)), 500);
    const until = Date.now() + DURATION_MS;

    const client = async () => {
      while (Date.now() < until) {
        const request = nextRequest();
        try {
          const status = await send(agent, base, request);
          if (status !== request.status) {
            failures.push(`${request.method} ${request.path}: ${String(status)}`);
          }
        } catch (error) {
          failures.push(`${request.method} ${request.path}: ${String(error)}`);
        }
        completed++;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    clearInterval(sampler);
    agent.destroy();

    expect(failures.slice(0, 10), `${String(failures.length)} failed requests`).toEqual([]);
    // Enough requests that the clients really were concurrent and busy the whole time.
    expect(completed).toBeGreaterThan(CLIENTS * 5);
    // Bounded: once warmed up (the second quarter of the run) memory levels off, so the last
    // quarter sits near it; a leak of 20 kB per request climbs about 75 MB over that span here,
    // a healthy server moves by ±15 MB. And the peak stays far below any real limit.
    const quarter = Math.floor(samples.length / 4);
    const mean = (part: number[]) => part.reduce((a, b) => a + b, 0) / part.length;
    const warmedUp = mean(samples.slice(quarter, 2 * quarter));
    const end = mean(samples.slice(3 * quarter));
    const peak = Math.max(...samples);
    expect((end - warmedUp) / MB, 'growth after warming up (MB)').toBeLessThan(50);
    expect(peak / MB, 'peak resident memory (MB)').toBeLessThan(1_024);
    // And it still answers.
    expect((await fetch(`${server.url}/api/seed?limit=1`)).status).toBe(200);
    console.log(
      `load: ${String(completed)} requests from ${String(CLIENTS)} clients in ${String(DURATION_MS / 1000)} s; ` +
        `server memory peak ${String(Math.round(peak / MB))} MB`,
    );
  });
});
