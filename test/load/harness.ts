/**
 * Load on a running server from this process: keep-alive clients that each send their next request
 * as soon as the last answer has been read, the time each answer took, and the server's memory.
 * The load test (load.test.ts) and its full-scale mode (npm run load:full) share it.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';

export const MB = 1024 * 1024;

export interface LoadRequest {
  method: string;
  path: string;
  /** The status it must get. */
  status: number;
}

export interface Answer {
  status: number;
  /** From sending the request to the last byte of the answer, in ms. */
  ms: number;
  /** From sending the request to the first byte of the body, in ms (the whole time when empty). */
  firstByteMs: number;
  bytes: number;
  /** How many pieces the body arrived in. */
  pieces: number;
  /** Whether the body was sent in chunks without a length announced first. */
  chunked: boolean;
}

/**
 * The sum of `of(id)` over a process and all its descendants (tsx starts node as a child), read
 * from /proc; a process that ends between listing and reading counts nothing.
 */
function overTree(pid: number, of: (id: string) => number): number {
  let total = 0;
  const visit = (id: string) => {
    try {
      total += of(id);
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8');
      for (const child of children.split(/\s+/).filter(Boolean)) visit(child);
    } catch {
      // The process ended between listing and reading.
    }
  };
  visit(String(pid));
  return total;
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeRss(pid: number): number {
  return overTree(pid, (id) => {
    const status = readFileSync(`/proc/${id}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  });
}

/** Linux's clock ticks per second for /proc's times (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) used so far by a process and all its descendants, in ms. */
export function treeCpuMs(pid: number): number {
  return overTree(pid, (id) => {
    const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
    // After the command's name, in parentheses: state, parent, …, utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  });
}

/** Samples `treeRss(pid)` every `everyMs` until stopped. */
export function sampleMemory(pid: number, everyMs = 250) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(treeRss(pid)), everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      samples.push(treeRss(pid));
      return samples;
    },
  };
}

/** Sends one request and reads the whole answer without keeping it. */
export function send(agent: Agent, base: URL, request: LoadRequest): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: request.method, path: request.path, agent },
      (res) => {
        let bytes = 0;
        let pieces = 0;
        let firstByteMs: number | null = null;
        res.on('data', (chunk: Buffer) => {
          firstByteMs ??= performance.now() - started;
          bytes += chunk.length;
          pieces++;
        });
        res.on('end', () => {
          const ms = performance.now() - started;
          resolve({
            status: res.statusCode ?? 0,
            ms,
            firstByteMs: firstByteMs ?? ms,
            bytes,
            pieces,
            chunked: res.headers['transfer-encoding'] === 'chunked',
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export interface LoadResult {
  completed: number;
  failures: string[];
  /** Time of every answer, in ms, in the order they came. */
  times: number[];
  seconds: number;
}

/**
 * `clients` concurrent clients, each sending the request `next()` gives it as soon as its last
 * answer has been read, until `durationMs` has passed.
 */
export async function runClients(
  base: URL,
  clients: number,
  durationMs: number,
  next: () => LoadRequest,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const failures: string[] = [];
  const times: number[] = [];
  const started = performance.now();
  const until = Date.now() + durationMs;
  const client = async () => {
    while (Date.now() < until) {
      const request = next();
      try {
        const answer = await send(agent, base, request);
        times.push(answer.ms);
        if (answer.status !== request.status) {
          failures.push(`${request.method} ${request.path}: ${String(answer.status)}`);
        }
      } catch (error) {
        failures.push(`${request.method} ${request.path}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  return {
    completed: times.length,
    failures,
    times,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The value below which `share` (0 to 1) of `values` fall. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, at)] as number;
}
