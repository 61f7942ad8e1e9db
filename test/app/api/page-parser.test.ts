/**
 * Where answers are parsed: big ones in the worker, small ones in the page, and every one in the
 * page when the worker cannot start or dies, with the same result each way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseInPage, parsePage, type ParseRequest } from '../../../src/api/page-parser';
import { readPage, transferablesOf } from '../../../src/api/read-page';
import { toPlain, blockRows } from '../../../src/api/row-block';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';

const engine = createCatalogueApi(generateCatalogue({ seeds: 1_200 }));
const answer = (limit: number) =>
  new TextEncoder().encode(
    engine.handle('GET', `/api/seed?format=api&limit=${String(limit)}`).body ?? '',
  ).buffer;

/** A stand-in for the browser's Worker: it runs the worker's code on a copy, or fails to start. */
function fakeWorker(behaviour: 'works' | 'fails') {
  const started: FakeWorker[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    received = 0;
    constructor() {
      started.push(this);
    }
    postMessage(request: ParseRequest) {
      this.received++;
      const copy = structuredClone(request);
      setTimeout(() => {
        if (behaviour === 'fails') {
          this.onerror?.(new Event('error'));
          return;
        }
        const reading = readPage(copy.resource, copy.bytes, copy.firstIndex, copy.contentType);
        transferablesOf(reading); // the worker transfers these; here they are only listed
        this.onmessage?.(
          new MessageEvent('message', { data: structuredClone({ id: copy.id, reading }) }),
        );
      }, 5);
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  parseInPage(false);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  parseInPage(false);
});

const rowsOf = (reading: Awaited<ReturnType<typeof parsePage>>) =>
  reading.ok ? blockRows(reading.block).map(toPlain) : reading.reason;

describe('parsing answers', () => {
  it('sends big answers to the worker and gets the same rows the page would make', async () => {
    const workers = fakeWorker('works');
    const bytes = answer(1_000);
    expect(bytes.byteLength).toBeGreaterThan(256 * 1024);
    const inPage = readPage('seed', bytes.slice(0), 0, 'application/json');
    const viaWorker = await parsePage('seed', bytes, 0, 'application/json');
    expect(workers).toHaveLength(1);
    expect(workers[0]?.received).toBe(1);
    expect(rowsOf(viaWorker)).toEqual(rowsOf(inPage));
  });

  it('reads small answers in the page, without starting a worker', async () => {
    const workers = fakeWorker('works');
    const reading = await parsePage('seed', answer(20), 0, 'application/json');
    expect(reading.ok && reading.block.length).toBe(20);
    expect(workers).toHaveLength(0);
  });

  it('reads in the page when the worker fails, the answers it held included', async () => {
    fakeWorker('fails');
    const [a, b] = await Promise.all([
      parsePage('seed', answer(1_000), 0, 'application/json'),
      parsePage('seed', answer(1_100), 0, 'application/json'),
    ]);
    expect(a.ok && a.block.length).toBe(1_000);
    expect(b.ok && b.block.length).toBe(1_100);
  });

  it('reads in the page where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    parseInPage(false);
    const reading = await parsePage('seed', answer(1_000), 0, 'application/json');
    expect(reading.ok && reading.block.length).toBe(1_000);
  });
});
