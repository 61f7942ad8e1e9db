/**
 * What keeps the embedded API fast and its memory small as the catalogue grows: a filtered page
 * does not look at every seed, and whole lists are written a few at a time, chunk by chunk, while
 * the others wait their turn (and still complete). The load test measures the same under load.
 */
import { describe, expect, it } from 'vitest';
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import type { WireSeedDefault } from '../../src/contract/wire';
import { serveApp } from './http-helpers';

describe('a filtered page', () => {
  it('reads the seeds on the page, not every seed in the catalogue', () => {
    const catalogue = generateCatalogue({ seeds: 5_000 });
    // Every read of a seed's collection or metadata is counted.
    let reads = 0;
    catalogue.seeds = catalogue.seeds.map(
      (seed) =>
        new Proxy(seed, {
          get(target, key, receiver) {
            if (key === 'collection' || key === 'metadata') reads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
    );
    const api = createCatalogueApi(catalogue);
    // Building the indexes and encoding the records reads every seed, once.
    api.prepare();
    api.handle('GET', '/api/seed?metadata__value__startswith=A&limit=1');
    api.handle('GET', '/api/seed?metadata__name=Title&metadata__value__startswith=A&limit=1');
    const big = [...new Set(catalogue.seeds.map((s) => s.collection))];

    reads = 0;
    let returned = 0;
    for (const target of [
      ...big.map((id) => `/api/seed?collection=${String(id)}&limit=20&offset=5`),
      '/api/seed?metadata__name=Subject&limit=50&offset=100',
      '/api/seed?metadata__name=Title&metadata__value__startswith=The&limit=50',
      '/api/seed?metadata__name=Title&metadata__value__startswith=S&limit=50&offset=50',
      '/api/seed?metadata__value__startswith=E&limit=50',
      `/api/seed?collection=${String(big[0])}&metadata__name=Title&limit=10`,
      `/api/seed?collection=${String(big[1])}&metadata__value__startswith=W&limit=10`,
    ]) {
      const answer = api.handle('GET', target);
      expect(answer.status, target).toBe(200);
      returned += (JSON.parse(answer.body ?? '[]') as WireSeedDefault[]).length;
    }
    expect(returned).toBeGreaterThan(200);
    // A scan would read each of the 5,000 seeds for each of these requests.
    expect(reads).toBeLessThanOrEqual(returned);
  });
});

describe('whole lists', () => {
  type Reader = ReadableStreamDefaultReader<Uint8Array>;

  /** Starts reading a body: whether a chunk comes within `ms`, and the read itself. */
  async function start(reader: Reader, ms = 100) {
    const read = reader.read();
    const timeout = new Promise<'waiting'>((resolve) =>
      setTimeout(() => {
        resolve('waiting');
      }, ms),
    );
    const first = await Promise.race([read.then((r) => (r.done ? 'ended' : 'chunk')), timeout]);
    return { read, first };
  }

  /** Reads a started body to its end: the list it holds. */
  async function finish(
    reader: Reader,
    started: { read: Promise<ReadableStreamReadResult<Uint8Array>> },
  ) {
    const chunks: Uint8Array[] = [];
    for (let next = await started.read; !next.done; next = await reader.read()) {
      chunks.push(next.value);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
  }

  it('are written a few at a time, chunk by chunk; the others wait their turn and complete', async () => {
    const catalogue = generateCatalogue({ seeds: 3_000 });
    const handler = embeddedApiHandler(createCatalogueApi(catalogue), {
      queueAbove: 1_000,
      atOnce: 2,
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => handler(new Request('http://127.0.0.1/api/seed?limit=-1'))),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const readers = responses.map((r) => (r.body as ReadableStream<Uint8Array>).getReader());
    const started = await Promise.all(readers.map((reader) => start(reader)));
    expect(started.map((s) => s.first)).toEqual([
      'chunk',
      'chunk',
      'waiting',
      'waiting',
      'waiting',
    ]);

    // The first list done, the third starts; the fourth gives up while it waits, so when the
    // second is done its turn passes to the fifth.
    const done = (i: number) =>
      finish(readers[i] as Reader, started[i] as (typeof started)[number]);
    const chunkCame = async (i: number) => !(await started[i]?.read)?.done;
    expect(await done(0)).toHaveLength(3_000);
    expect(await chunkCame(2)).toBe(true);
    await readers[3]?.cancel();
    expect(await done(1)).toHaveLength(3_000);
    expect(await chunkCame(4)).toBe(true);
    expect(await done(2)).toHaveLength(3_000);
    expect(await done(4)).toHaveLength(3_000);
  });

  it('pages no longer than the explorer’s never wait behind whole lists', async () => {
    const catalogue = generateCatalogue({ seeds: 3_000 });
    const handler = embeddedApiHandler(createCatalogueApi(catalogue), {
      queueAbove: 2_000,
      atOnce: 1,
    });
    const whole = await handler(new Request('http://127.0.0.1/api/seed'));
    const waiting = await handler(new Request('http://127.0.0.1/api/seed?limit=-1'));
    const page = await handler(new Request('http://127.0.0.1/api/seed?limit=1500'));
    const [w, q, p] = [whole, waiting, page].map((r) =>
      (r.body as ReadableStream<Uint8Array>).getReader(),
    ) as [Reader, Reader, Reader];
    expect((await start(w)).first).toBe('chunk');
    expect((await start(q)).first).toBe('waiting');
    expect((await start(p)).first).toBe('chunk');
    await Promise.all([w.cancel(), q.cancel(), p.cancel()]);
  });
});

describe('a prepared catalogue served through the removal of credentials', () => {
  it('answers from its kept bytes without the removal ever writing into them', async () => {
    const catalogue = generateCatalogue({ seeds: 3_000 });
    // Fields the removal takes out of every answer, spread over the list's chunks.
    catalogue.seeds.forEach((seed, i) => {
      if (i % 97 === 0) Object.assign(seed.metadata, { Password: [{ id: i, value: 'hunter2' }] });
    });
    const api = createCatalogueApi(catalogue);
    api.prepare();
    const kept = api.handle('GET', '/api/seed?format=api').body;
    // Without `clean`, every answer goes through the streaming removal.
    const app = await serveApp(embeddedApiHandler(api));
    try {
      const answers = [];
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${app.url}/api/seed?format=api&limit=-1`);
        answers.push(await response.text());
      }
      const [first, second] = answers as [string, string];
      expect(second).toBe(first);
      expect(first).not.toContain('hunter2');
      const seeds = JSON.parse(first) as { metadata: Record<string, unknown> }[];
      expect(seeds).toHaveLength(3_000);
      expect(seeds.some((seed) => 'Title' in seed.metadata)).toBe(true);
      // The engine's own bytes still hold what they held.
      expect(api.handle('GET', '/api/seed?format=api').body).toBe(kept);
      expect(kept).toContain('hunter2');
    } finally {
      await app.close();
    }
  });
});
